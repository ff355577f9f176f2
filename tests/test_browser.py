"""A real JupyterLab in Debian's Chromium (driven by Playwright): the stored notebooks
show their cards and whole examples as strips of frames without a kernel (JupyterLab's
sanitizer keeps them), and after running, the live widgets respond to clicks (no
widget version drift), quickly, show keyboard focus, and stay usable at 800 px with the file
browser open. The steppers and quizzes answer in the browser (skitgubbe_widgets.frontend):
no kernel message on a click, by mouse and keyboard, in English and Swedish, and from
a notebook stored with its widget state, opened with its kernel shut down."""

import json
import shutil
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from skitgubbe_core import examples, scenario
from skitgubbe_core.frames import frames, key_frames
from tests.accessibility import violations
from tests.browsing import jupyter_env, offline_chromium, require_chromium, start_lab, throttle
from tests.quizzing import answer_by_mouse_and_keyboard
from tests.stepping import (
    ENGLISH,
    SWEDISH,
    click_times,
    comm_frames,
    open_in_lab,
    run_all_in_lab,
    step_by_mouse_and_keyboard,
)

ROOT = Path(__file__).resolve().parent.parent
sync_api = require_chromium()
expect = sync_api.expect


@pytest.fixture(scope="module")
def lab_home(tmp_path_factory):
    home = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", home / "notebooks")
    return home


@pytest.fixture(scope="module")
def lab(lab_home):
    """JupyterLab on 127.0.0.1, serving a copy of the notebooks (nothing it saves
    touches the real ones)."""
    server, url, token = start_lab(lab_home / "notebooks", lab_home)
    try:
        yield url, token
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.fixture
def page(lab):
    """A page of its own in the session's chromium (tests/browsing.py)."""
    url, token = lab
    with offline_chromium(sync_api) as (browser, _):
        tab = browser.new_page(viewport={"width": 1300, "height": 1400})
        tab.set_default_timeout(60000)
        yield tab, url, token


def _open(tab, url, token, notebook, workspace):
    open_in_lab(tab, url, token, notebook, workspace)


def _run_all(tab):
    """Run every cell and wait for the first stepper (stepping.run_all_in_lab)."""
    try:
        return run_all_in_lab(tab)
    except sync_api.TimeoutError:
        tab.screenshot(path=str(ROOT / ".pytest-browser-failure.png"))
        pytest.fail("the notebook did not run (screenshot: .pytest-browser-failure.png)")


def test_stored_notebook_shows_labelled_html_cards_without_a_kernel(page):
    tab, url, token = page
    _open(tab, url, token, "02-stunsa.ipynb", "static")
    card = tab.locator('.jp-OutputArea [title="seven of diamonds"]').first
    card.wait_for(state="visible")
    assert "7" in card.inner_text()
    assert tab.locator(".jp-OutputArea .sg-position svg").count() == 0


def test_stored_stepper_shows_the_whole_example_as_frames_without_a_kernel(page):
    tab, url, token = page
    _open(tab, url, token, "04-koira-tie.ipynb", "strip")
    first = tab.locator(".jp-OutputArea").first
    first.locator("section.sg-frame").first.wait_for(state="visible")
    output = tab.locator(".jp-OutputArea-output:has(section.sg-frame)").first
    game = scenario.run(examples.load("koira-tie-redistribution")).game
    assert output.locator("section.sg-frame").count() == len(key_frames(frames(game)))
    seven = output.locator("section.sg-frame:has-text('tie with')").first
    assert seven.locator('.sg-table [title^="jack of clubs"]').count() == 1
    assert seven.locator('.sg-table .sg-card').count() == 7
    assert output.locator("section.sg-frame:has-text('F gets 8♥')").count() >= 1
    rules = output.locator("details.sg-rules-list")
    assert rules.count() == 1 and "sorted tie redistribution" not in rules.inner_text()
    rules.locator("summary").click()
    expect(rules).to_contain_text("sorted tie redistribution", use_inner_text=True)


def _command_keys_leave_the_notebook_alone(tab, control) -> None:
    """JupyterLab's command-mode keys pressed on a focused control of ours: "m" would turn
    the cell into Markdown, "x" and "d d" delete it, "a" and "b" insert cells, "j" and
    "k" move the focus away. None of them may act."""
    cells = tab.locator(".jp-NotebookPanel:visible .jp-Cell")
    markdown = tab.locator(".jp-NotebookPanel:visible .jp-MarkdownCell")
    before = (cells.count(), markdown.count())
    control.focus()
    for key in ("m", "x", "a", "b", "d", "d", "j", "k"):
        tab.keyboard.press(key)
    tab.wait_for_timeout(300)
    assert (cells.count(), markdown.count()) == before
    assert control.evaluate("e => e === document.activeElement")


def test_running_the_notebook_gives_live_widgets_that_step(page):
    tab, url, token = page
    sent: list = []
    tab.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(frame)))
    _open(tab, url, token, "02-stunsa.ipynb", "live")
    next_button = _run_all(tab)
    stepper = tab.locator(".sg-stepper").first
    tab.wait_for_timeout(2000)  # the kernel's last replies
    before = len(sent)
    next_button.click()
    stepper.locator(".sg-live:has-text('A leads 7')").first.wait_for(state="visible")
    step_by_mouse_and_keyboard(tab, stepper, ENGLISH)
    _command_keys_leave_the_notebook_alone(tab, stepper.locator("button.sg-back"))
    times = click_times(tab, stepper)
    throttle(tab, 4)
    slow = click_times(tab, stepper)
    throttle(tab, 1)
    print(f"click to narration in JupyterLab: {', '.join(f'{t:.1f}' for t in times)} ms; "
          f"at 4x: {', '.join(f'{t:.1f}' for t in slow)} ms; "
          f"{len(sent) - before} websocket frames sent meanwhile")
    assert comm_frames(sent[before:]) == [], "a stepper click sent a widget message"
    assert sorted(times)[len(times) // 2] < 50, times
    narration = stepper.locator("details.sg-event").first
    narration.locator("summary").click()
    expect(narration).to_contain_text("Sources:", use_inner_text=True)
    assert violations(tab, ".sg-widget") == []


@pytest.fixture(scope="module")
def stored(lab_home):
    """Notebook 02, English and Swedish, executed with its widget state stored (as
    `make notebooks` stores it) and trusted (JupyterLab draws the widgets of a trusted
    notebook only; an untrusted one shows the static pictures)."""
    names = []
    for folder in (lab_home / "notebooks", lab_home / "notebooks" / "sv"):
        path = folder / "02-stored.ipynb"
        shutil.copy(folder / "02-stunsa.ipynb", path)
        subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook",
                        "--execute", "--inplace", "--ExecutePreprocessor.store_widget_state=True",
                        str(path)], cwd=folder, check=True, capture_output=True, timeout=600)
        subprocess.run([sys.executable, "-m", "jupyter", "trust", str(path)],
                       env=jupyter_env(lab_home), check=True, capture_output=True)
        names.append(str(path.relative_to(lab_home / "notebooks")))
    return names


def _shut_down_kernels(url: str, token: str) -> None:
    for kernel in json.load(urllib.request.urlopen(f"{url}/api/kernels?token={token}")):
        request = urllib.request.Request(f"{url}/api/kernels/{kernel['id']}?token={token}",
                                         method="DELETE")
        urllib.request.urlopen(request)
    assert json.load(urllib.request.urlopen(f"{url}/api/kernels?token={token}")) == []


@pytest.mark.parametrize("language", [0, 1], ids=["en", "sv"])
def test_a_stored_notebook_steps_and_answers_with_no_kernel(page, stored, language):
    tab, url, token = page
    _open(tab, url, token, stored[language], f"stored{language}")
    stepper = tab.locator(".sg-stepper").first
    stepper.wait_for()  # drawn from the stored state, before any cell runs
    _shut_down_kernels(url, token)
    expect(tab.locator(".jp-Notebook-ExecutionIndicator, .jp-KernelStatus").first).to_be_visible()
    step_by_mouse_and_keyboard(tab, stepper, [ENGLISH, SWEDISH][language])
    _command_keys_leave_the_notebook_alone(tab, stepper.locator("button.sg-back"))
    quiz = tab.locator(".sg-quiz").first
    quiz.scroll_into_view_if_needed()
    quiz.locator("button.sg-choice").first.click()
    expect(quiz.locator(".sg-feedback")).to_be_focused()
    quiz.locator("button.sg-next-question").click()
    expect(quiz.locator("button.sg-choice").first).to_be_focused()
    assert json.load(urllib.request.urlopen(f"{url}/api/kernels?token={token}")) == []
    assert violations(tab, ".sg-widget") == []


def test_the_swedish_notebook_steps_and_answers_by_mouse_and_keyboard(page):
    tab, url, token = page
    _open(tab, url, token, "sv/02-stunsa.ipynb", "svenska")
    _run_all(tab)
    stepper = tab.locator(".sg-stepper").first
    step_by_mouse_and_keyboard(tab, stepper, SWEDISH)
    _command_keys_leave_the_notebook_alone(tab, stepper.locator("button.sg-back"))
    quiz = tab.locator(".sg-quiz").first
    quiz.scroll_into_view_if_needed()
    choice = quiz.locator("button.sg-choice").first
    choice.focus()
    tab.keyboard.press("Enter")
    feedback = quiz.locator(".sg-feedback")
    expect(feedback).to_be_focused()
    expect(quiz.locator(".sg-score")).to_contain_text("poäng")
    quiz.locator("button.sg-next-question").focus()
    tab.keyboard.press("Enter")
    expect(quiz.locator("button.sg-choice").first).to_be_focused()
    assert violations(tab, ".sg-widget") == []


def test_800_px_with_the_file_browser_open_keeps_labels_and_frame_box(lab):
    url, token = lab
    with offline_chromium(sync_api) as (browser, _):
        tab = browser.new_page(viewport={"width": 800, "height": 1000})
        tab.set_default_timeout(60000)
        _open(tab, url, token, "02-stunsa.ipynb", "narrow")
        if not tab.locator(".jp-FileBrowser").first.is_visible():
            tab.locator(".lm-TabBar-tab[data-id='filebrowser']").first.click()
        tab.locator(".jp-FileBrowser").first.wait_for(state="visible")
        _run_all(tab)
        stepper = tab.locator(".sg-stepper").first
        box = stepper.get_by_role("spinbutton", name="frame")
        box.wait_for()  # the stepper drawn (its frame box comes after its buttons)
        for button in stepper.locator("button").all():
            assert button.evaluate("b => b.scrollWidth <= b.clientWidth + 1"), button.inner_text()
            assert "…" not in button.inner_text()
        assert box.bounding_box()["width"] > 40
        assert box.bounding_box()["x"] + box.bounding_box()["width"] <= 800


def test_the_quiz_answers_by_mouse_and_keyboard_in_time(page):
    tab, url, token = page
    _open(tab, url, token, "03-pick-up-cases.ipynb", "quiz")
    stored = tab.locator(".jp-OutputArea-output:has(section.sg-question)").first
    stored.wait_for(state="visible")
    assert stored.locator("section.sg-question").count() == 9
    answer = stored.locator("details.sg-answer").nth(7)
    assert "lead passes to C" not in answer.inner_text()
    answer.locator("summary").click()
    expect(answer).to_contain_text("B has gone out, so the lead passes to C", use_inner_text=True)
    _run_all(tab)
    times = answer_by_mouse_and_keyboard(tab)
    print(f"quiz in JupyterLab: answers {', '.join(f'{t:.0f}' for t in times['answer'])} ms; "
          f"questions {', '.join(f'{t:.0f}' for t in times['question'])} ms")
    assert min(times["answer"]) < 100 and min(times["question"]) < 100, times


def test_a_stored_play_table_says_that_it_needs_python_when_none_answers(page, lab_home):
    """The play table's moves need the engine: opened stored, with no kernel, a click
    gets no answer and the table says why, instead of doing nothing."""
    tab, url, token = page
    subprocess.run([sys.executable, "-m", "jupyter", "trust",
                    str(lab_home / "notebooks" / "06-play.ipynb")],
                   env=jupyter_env(lab_home), check=True, capture_output=True)
    _open(tab, url, token, "06-play.ipynb", "stored-table")
    table = tab.locator(".sg-table-view").first
    table.wait_for()  # drawn from the stored state
    _shut_down_kernels(url, token)
    table.locator("button.sg-do-new").click()
    expect(table.locator(".sg-message")).to_contain_text("No answer from Python", timeout=20_000)
