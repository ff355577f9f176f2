"""Voila (`make present`) in headless chromium: every notebook as an app with no code
shown and no error, and its live widgets answer: the stepper of 02, the rule switcher
of 04, the play table of 06. Voila runs with our template (share/jupyter/voila/templates/
skitgubbe), which drops the Font Awesome stylesheets Voila's lab template links from a CDN
(our widgets draw no icons), so not one request leaves 127.0.0.1."""

from __future__ import annotations

import json
import os
import re
import shutil
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from traitlets.config.loader import PyFileConfigLoader

from tests.accessibility import FOCUS_RING, focus_ring, violations
from tests.browsing import PRESENT_CONFIG, offline_chromium, require_chromium, start_present
from tests.quizzing import answer_by_mouse_and_keyboard, answer_in_any_language, timed
from tests.stepping import (
    ENGLISH,
    SWEDISH,
    click_times,
    comm_frames,
    quiet,
    step_by_mouse_and_keyboard,
)

sync_api = require_chromium()
expect = sync_api.expect
pytest.importorskip("voila")

ROOT = Path(__file__).resolve().parent.parent
#: screenshots the tests take, to look at (kept after the run)
SHOTS = Path(os.environ.get("SKITGUBBE_SHOTS", "/tmp/skitgubbe-shots"))
SHOTS.mkdir(parents=True, exist_ok=True)
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
#: how much later than etc/jupyter/voila.py says a busy machine may free a kernel (the
#: culler's timer and the shutdown wait their turn)
GRACE_S = 10


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    """Voila on 127.0.0.1 serving a copy of the notebooks, as `make present` starts it."""
    home = tmp_path_factory.mktemp("voila")
    shutil.copytree(ROOT / "notebooks", home / "notebooks")
    server, url = start_present(home / "notebooks", home)
    try:
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.fixture(scope="module")
def browser():
    """The session's offline chromium (tests/browsing.py); each test opens its own
    contexts."""
    with offline_chromium(sync_api) as (chromium, _):
        yield chromium


def open_app(browser, url: str, notebook: str):
    """The notebook as a Voila app, once every cell has run; the page's requests are
    kept in ``tab.context.requests``, the websocket frames it sends in
    ``tab.context.sent``."""
    context = browser.new_context(viewport={"width": 1300, "height": 1400})
    context.requests = []
    context.on("request", lambda request: context.requests.append(request.url))
    context.sent = []
    tab = context.new_page()
    tab.on("websocket", lambda ws: ws.on("framesent", lambda frame: context.sent.append(frame)))
    tab.set_default_timeout(120_000)
    tab.goto(f"{url}/voila/render/{notebook}", timeout=300_000)
    wait_until_rendered(tab)
    return tab


#: Voila (0.5, lab template) has run every cell and drawn every output: ``voila_finish``
#: (the page's last script, once the theme is loaded) removes the spinner ``#loading``
#: and shows ``#rendered_cells``; its render-outputs plugin replaces each cell-output
#: script with a renderer; a widget's renderer reads "Loading widget..." until its view
#: is attached. (The children of a box still arrive one by one: wait on the element.)
RENDERED = """() => {
  const cells = document.getElementById('rendered_cells');
  return !!cells && !document.getElementById('loading') && cells.style.display !== 'none'
    && !document.querySelector('script[type="application/vnd.voila.cell-output+json"]')
    && ![...cells.querySelectorAll('.jp-OutputArea-output')]
         .some(o => o.textContent === 'Loading widget...');
}"""


def wait_until_rendered(tab) -> None:
    """Wait for Voila's own end of rendering (``RENDERED``), then for the network to rest."""
    tab.wait_for_function(RENDERED, polling=200)
    tab.wait_for_load_state("networkidle")


def kernel_of(tab) -> str:
    """The id of the kernel that runs the page (Voila writes it in its page config)."""
    return tab.evaluate("JSON.parse(document.getElementById('jupyter-config-data')"
                        ".textContent).kernelId")


def kernel_alive(url: str, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/api/kernels/{kernel_id}", timeout=10):
            return True
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise


def code_cells(notebook: str) -> list[str]:
    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code" and c["source"]]


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_notebook_is_an_app_without_code_or_errors(voila, browser, notebook):
    started = time.monotonic()
    tab = open_app(browser, voila, notebook)
    print(f"\n{notebook}: {time.monotonic() - started:.1f} s in Voila")
    text = tab.locator("body").inner_text()
    lines = [line.strip() for cell in code_cells(notebook) for line in cell.splitlines()
             if len(line.strip()) > 12 and not line.strip().startswith("#")]
    assert lines and not [line for line in lines if line in text]
    assert tab.locator(".cm-editor, .CodeMirror, .jp-InputArea-editor").count() == 0
    assert tab.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count() == 0
    assert "Traceback" not in text and "There was an error" not in text
    assert outside(tab) == []
    tab.context.close()


def outside(tab) -> list[str]:
    # blob: addresses are made in the page (the front end imports its module from one)
    return [u for u in tab.context.requests
            if not u.startswith(("http://127.0.0.1:", "data:", "blob:http://127.0.0.1:"))]


def board_after(tab, action) -> bool:
    """Whether ``action`` changes the HTML of the widgets on the page."""
    read = ("() => [...document.querySelectorAll('.widget-html-content, .sg-widget')]"
            ".map(e => e.innerHTML).join('')")
    before = tab.evaluate(read)
    action()
    tab.wait_for_function(f"before => ({read})() !== before", arg=before, timeout=60_000)
    return True


@pytest.mark.parametrize(("notebook", "words"), [("02-stunsa.ipynb", ENGLISH),
                                                ("sv/02-stunsa.ipynb", SWEDISH)])
def test_stepper_answers_a_click_by_mouse_and_keyboard_with_no_kernel_message(
        voila, browser, notebook, words):
    """The stepper steps in the browser: by mouse and keys, in English and Swedish, and
    not one of its clicks sends a widget message over the kernel's websocket."""
    tab = open_app(browser, voila, notebook)
    button = tab.locator(".sg-stepper button.sg-next").first
    button.wait_for()
    stepper = tab.locator(".sg-stepper").first
    quiet(lambda: tab.context.sent)
    before = len(tab.context.sent)
    assert before > 0  # the page's websocket to its kernel is watched
    assert board_after(tab, button.click)
    stepper.locator(".sg-live").filter(has_text=words["lead"]).wait_for(state="visible")
    step_by_mouse_and_keyboard(tab, stepper, words)
    times = click_times(tab, stepper)
    print(f"\nclick to narration in Voila: {', '.join(f'{t:.1f}' for t in times)} ms; "
          f"{len(tab.context.sent) - before} websocket frames sent meanwhile")
    assert comm_frames(tab.context.sent[before:]) == [], "a stepper click sent a widget message"
    assert outside(tab) == []
    tab.context.close()


def test_the_size_switch_scales_the_buttons(voila, browser):
    tab = open_app(browser, voila, "02-stunsa.ipynb")
    button = tab.locator(".sg-stepper button.sg-next").first
    size = "b => [parseFloat(getComputedStyle(b).fontSize), b.getBoundingClientRect().height]"
    normal = button.evaluate(size)
    tab.locator(".sg-stepper button.sg-size", has_text=re.compile(r"^\s*huge\s*$")).first.click()
    tab.wait_for_function("([b, f]) => parseFloat(getComputedStyle(b).fontSize) > f",
                          arg=[button.element_handle(), normal[0]], timeout=60_000)
    huge = button.evaluate(size)
    tab.screenshot(path=str(SHOTS / "voila-02-huge.png"))
    assert huge[0] >= 1.4 * normal[0] and huge[1] > normal[1]
    # the frame box's label ("frame") grows with its text instead of being cut off
    label = tab.locator(".sg-stepper .sg-scrub label", has_text="frame").first
    assert label.evaluate("l => l.scrollWidth <= l.clientWidth"), label.inner_text()
    tab.context.close()


def test_rule_switcher_answers_its_step_box(voila, browser):
    tab = open_app(browser, voila, "04-koira-tie.ipynb")
    # the switcher's number box is named "step" for a screen reader; it starts at the
    # start (0), as a stepper's does, and its arrow keys step
    box = tab.get_by_role("spinbutton", name="step")
    expect(box).to_have_count(1)
    expect(box).to_have_value("0")
    assert board_after(tab, lambda: (box.focus(), tab.keyboard.press("ArrowUp")))
    expect(box).to_have_value("1")
    tab.context.close()


#: the play table's words in each language: the move box, "skip to my turn", a move typed
#: that phase 1 refuses and the refusal's words, the typed word for playing a card
TABLE_WORDS = {
    "en": ("06-play.ipynb", "your move", "skip to my turn", "pick up",
           "there is nothing to pick up in phase 1", "play", "Moves of this deal"),
    "sv": ("sv/06-play.ipynb", "ditt drag", "hoppa till min tur", "ta upp",
           "i fas 1 finns inget att ta upp", "lägg", "Dragen i den här given"),
}


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_play_table_takes_a_move(voila, browser, lang):
    """The play table, drawn by the front end with its engine in Python: a card clicked is
    played and the focus goes to "next step"; pressed by keyboard until the reader's turn,
    the focus comes to a playable card, and Enter plays it; "skip to my turn" brings the
    reader's move back; a move the rules forbid, typed with Enter, is refused in the
    polite message (the box keeps it); a legal one is played and the box empties; axe
    finds nothing."""
    notebook, your_move, skip, refused, why, play, log = TABLE_WORDS[lang]
    tab = open_app(browser, voila, notebook)
    table = tab.locator(".sg-table-view").first
    card = table.locator("button.sg-card-button.sg-playable").first
    card.wait_for()
    print(f"\nplay table in Voila ({lang}): click to board "
          f"{timed(tab, table, 'board', card.click):.0f} ms")
    next_step = table.locator("button.sg-do-next")
    expect(next_step).to_be_enabled()
    expect(next_step).to_be_focused()
    expect(table.locator(".sg-log summary")).to_contain_text(log)
    for _ in range(20):  # by keyboard: the focus stays on next step, then comes to the hand
        if not next_step.is_enabled():
            break
        tab.keyboard.press("Enter")
        tab.wait_for_timeout(100)
    expect(next_step).to_be_disabled()
    focused = table.locator("button.sg-card-button.sg-playable:focus")
    expect(focused).to_have_count(1)
    assert board_after(tab, lambda: tab.keyboard.press("Enter"))
    expect(next_step).to_be_focused()
    table.get_by_role("button", name=re.compile(f"^{skip}")).click()
    entry = table.get_by_role("textbox", name=your_move)
    expect(entry).to_be_enabled()
    entry.fill(refused)
    entry.press("Enter")
    message = table.locator(".sg-message[role=status].sg-alert")
    expect(message).to_contain_text(why)
    expect(entry).to_have_value(refused)
    moves = table.locator(".sg-log-moves li").count()
    label = table.locator("button.sg-card-button.sg-playable").first.text_content()
    entry.fill(f"{play} {label.replace('✓', '').strip()}")
    entry.press("Enter")
    expect(entry).to_have_value("")
    expect(table.locator(".sg-log-moves li")).not_to_have_count(moves)
    expect(message).to_have_count(0)
    table.screenshot(path=str(SHOTS / f"voila-06-table-{lang}.png"))
    assert violations(tab, ".sg-table-view") == []
    assert outside(tab) == []
    tab.context.close()


def test_the_list_of_notebooks_needs_nothing_but_voila(voila, browser):
    """Voila's tree (the address `make present` prints) through our template's page.html:
    no Font Awesome 4 from a CDN, as Voila's base/page.html links."""
    context = browser.new_context()
    context.requests = []
    context.on("request", lambda request: context.requests.append(request.url))
    tab = context.new_page()
    tab.goto(f"{voila}/")
    tab.get_by_text("02-stunsa.ipynb", exact=True).wait_for()
    tab.wait_for_load_state("networkidle")
    assert outside(tab) == []
    context.close()


def test_the_quiz_answers_by_mouse_and_keyboard_in_time(voila, browser):
    tab = open_app(browser, voila, "03-pick-up-cases.ipynb")
    times = answer_by_mouse_and_keyboard(tab)
    print(f"quiz in Voila: answers {', '.join(f'{t:.0f}' for t in times['answer'])} ms; "
          f"questions {', '.join(f'{t:.0f}' for t in times['question'])} ms")
    assert min(times["answer"]) < 100 and min(times["question"]) < 100, times
    assert outside(tab) == []
    tab.context.close()


def test_the_swedish_quiz_answers_by_mouse_and_keyboard(voila, browser):
    tab = open_app(browser, voila, "sv/03-pick-up-cases.ipynb")
    quiz = tab.locator(".sg-quiz").first
    expect(quiz.locator(".sg-score")).to_contain_text("poäng")
    answer_in_any_language(tab, quiz)
    expect(quiz.locator(".sg-feedback")).to_have_text(re.compile(r"^(Rätt|Inte riktigt|Inte tillåtet): "))
    assert outside(tab) == []
    tab.context.close()


@pytest.mark.parametrize("notebook", ["02-stunsa.ipynb", "03-pick-up-cases.ipynb",
                                      "04-koira-tie.ipynb", "06-play.ipynb"])
def test_our_outputs_pass_axe(voila, browser, notebook):
    """WCAG 2.1 AA (axe-core) over the live widgets and our HTML (stepper, quiz, rule
    switcher, play table): no serious or critical violation."""
    tab = open_app(browser, voila, notebook)
    found = violations(tab, ".jp-OutputArea-output")
    print(f"\n{notebook}: axe: {found}")
    assert found == []
    tab.context.close()


def test_every_control_of_the_stepper_has_an_accessible_name(voila, browser):
    """The frame box replaces ipywidgets' slider, whose handle had no name (axe:
    aria-input-field-name); its label names it, as it does the viewer menu."""
    tab = open_app(browser, voila, "02-stunsa.ipynb")
    stepper = tab.locator(".jp-OutputArea-output", has=tab.locator("button", has_text="next")).first
    # the stepper's controls arrive one widget at a time: wait for each, then see that
    # no slider came with them
    expect(stepper.get_by_role("spinbutton", name="frame")).to_have_count(1)
    expect(stepper.get_by_role("combobox", name="show")).to_have_count(1)
    # named by its word, then what it does ("next, one frame on")
    expect(stepper.get_by_role("button", name=re.compile(r"^next\b"))).to_have_count(1)
    expect(stepper.locator(".noUi-handle, [role='slider']")).to_have_count(0)
    tab.context.close()


def test_the_stepper_works_by_keyboard_alone(voila, browser):
    """Tab reaches the stepper's buttons, Enter and Space press them, the arrow keys move
    its frame box and a number typed in it jumps; the focused controls show our 3 px focus
    ring; cards have names."""
    tab = open_app(browser, voila, "02-stunsa.ipynb")
    stepper = tab.locator(".jp-OutputArea-output", has=tab.locator("button", has_text="next")).first
    label = stepper.locator(".sg-where", has_text="frame 1 of")
    label.wait_for()
    tab.locator("body").click(position={"x": 2, "y": 2})
    for _ in range(60):
        tab.keyboard.press("Tab")
        if tab.evaluate("() => document.activeElement.textContent.trim()") == "next":
            break
    else:
        pytest.fail("Tab never reached the stepper's next button")
    assert focus_ring(tab) == FOCUS_RING
    tab.screenshot(path=str(SHOTS / "stepper-keyboard-focus.png"))
    tab.keyboard.press("Enter")
    stepper.locator(".sg-where", has_text="frame 2 of").wait_for()
    # the narration of the frame on show is a polite live region (read out when it changes)
    stepper.locator('[role="status"][aria-live="polite"]', has_text="A leads 7").wait_for()
    tab.keyboard.press("Space")
    stepper.locator(".sg-where", has_text="frame 3 of").wait_for()
    box = stepper.get_by_role("spinbutton", name="frame")
    for _ in range(10):  # on past "move", "last", "show" and the size switch
        tab.keyboard.press("Tab")
        if box.evaluate("b => b === document.activeElement"):
            break
    else:
        pytest.fail("Tab never reached the stepper's frame box")
    assert focus_ring(tab) == FOCUS_RING
    tab.keyboard.press("ArrowUp")
    stepper.locator(".sg-where", has_text="frame 4 of").wait_for()
    tab.keyboard.press("ArrowDown")
    stepper.locator(".sg-where", has_text="frame 3 of").wait_for()
    tab.keyboard.press("Control+a")  # a frame's number typed jumps to it
    tab.keyboard.type("1")
    tab.keyboard.press("Enter")
    stepper.locator(".sg-where", has_text="frame 1 of").wait_for()
    names = stepper.locator(".sg-card[aria-label]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")
    assert names and all(re.fullmatch(r"(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|"
                                      r"three|two) of (spades|hearts|diamonds|clubs)", n)
                         for n in names), names
    tab.context.close()


@pytest.mark.parametrize(("notebook", "next_word"), [("02-stunsa.ipynb", "next"),
                                                    ("sv/02-stunsa.ipynb", "nästa")])
def test_keyboard_focus_is_a_clear_ring_at_1280_and_800_px(voila, browser, notebook, next_word):
    """WCAG 2.4.7: Tab to the stepper's next button shows our 3 px ring, whole on screen,
    in English and Swedish, wide and narrow (screenshots kept to look at)."""
    tab = open_app(browser, voila, notebook)
    button = tab.locator(".sg-stepper button.sg-next", has_text=next_word).first
    button.wait_for()
    for width in (1280, 800):
        tab.set_viewport_size({"width": width, "height": 900})
        tab.locator("body").click(position={"x": 2, "y": 2})
        for _ in range(60):
            tab.keyboard.press("Tab")
            if button.evaluate("b => b === document.activeElement"):
                break
        else:
            pytest.fail(f"Tab never reached {next_word!r} at {width} px")
        assert focus_ring(tab) == FOCUS_RING
        box = button.bounding_box()
        assert box["x"] >= 5 and box["x"] + box["width"] + 5 <= width  # the ring is not cut off
        name = notebook.replace("/", "-").removesuffix(".ipynb")
        tab.screenshot(path=str(SHOTS / f"focus-{name}-{width}.png"))
    tab.context.close()


def test_a_handout_passes_axe(browser, tmp_path):
    from skitgubbe_core.cli import main

    page = tmp_path / "stunsa.html"
    assert main(["handout", "stunsa-seven", "-o", str(page)]) == 0
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(page.as_uri())
    found = violations(tab, "body")
    print(f"\nhandout: axe: {found}")
    assert found == []
    context.close()


def test_the_kernels_of_closed_pages_are_freed_in_the_documented_time(voila, browser):
    """Three students open 02 and close their browsers (no page unloads): within
    cull_idle_timeout + cull_interval of etc/jupyter/voila.py none of their kernels is
    alive, while a fourth, whose page stays open as long, keeps its kernel and answers."""
    settings = PyFileConfigLoader("voila.py", str(PRESENT_CONFIG)).load_config()
    culling = settings.MappingKernelManager
    lifetime = culling.cull_idle_timeout + culling.cull_interval
    assert lifetime <= 30
    contexts = [browser.new_context() for _ in range(4)]
    tabs = [context.new_page() for context in contexts]
    for tab in tabs:  # the four pages load at once
        tab.set_default_timeout(300_000)
        tab.goto(f"{voila}/voila/render/02-stunsa.ipynb", wait_until="commit", timeout=300_000)
    kernels = []
    for tab in tabs:
        wait_until_rendered(tab)
        kernels.append(kernel_of(tab))
    assert len(set(kernels)) == 4 and all(kernel_alive(voila, k) for k in kernels)
    *closing, staying = kernels
    for context in contexts[:3]:
        context.close()
    closed = time.monotonic()
    while alive := [k for k in closing if kernel_alive(voila, k)]:
        assert time.monotonic() - closed < lifetime + GRACE_S, f"{len(alive)} kernels still alive"
        time.sleep(0.5)
    print(f"\nthe kernels of 3 closed pages freed {time.monotonic() - closed:.1f} s after "
          f"(at most {lifetime} s documented)")
    while time.monotonic() - closed < lifetime + culling.cull_interval:  # the culler's next look
        time.sleep(0.5)
    assert kernel_alive(voila, staying)
    tab = tabs[3]
    button = tab.locator(".sg-stepper button.sg-next").first
    button.wait_for()
    assert board_after(tab, button.click)
    contexts[3].close()


def test_a_server_keeps_at_most_max_kernels_and_spares_a_page_still_loading(tmp_path):
    """Beyond KernelsOfOpenPages.max_kernels (here 1) a page is refused with HTTP 503 and
    a sentence that says why. A kernel whose page has not connected yet (a page that is
    still loading its scripts; here, one fetched without a browser) outlives several rounds
    of a culler told to cull after 1 s, until first_connection_timeout (6 s here) is up."""
    server, url = start_present(ROOT / "notebooks", tmp_path, True,
                                "--KernelsOfOpenPages.max_kernels=1",
                                "--KernelsOfOpenPages.first_connection_timeout=6",
                                "--MappingKernelManager.cull_idle_timeout=1",
                                "--MappingKernelManager.cull_interval=1")
    try:
        with urllib.request.urlopen(f"{url}/voila/render/00-index.ipynb", timeout=300) as page:
            assert page.status == 200
            kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', page.read().decode())[1]
        ran = time.monotonic()
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{url}/voila/render/00-index.ipynb", timeout=300)
        assert refused.value.code == 503
        assert "keeps at most 1 apps open" in refused.value.reason
        while time.monotonic() - ran < 4:  # three rounds of the culler
            time.sleep(0.5)
        assert kernel_alive(url, kernel)
        while kernel_alive(url, kernel):  # then it is freed
            assert time.monotonic() - ran < 6 + 2 + GRACE_S
            time.sleep(0.5)
    finally:
        server.terminate()
        server.wait(timeout=30)
