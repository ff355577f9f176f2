"""A real JupyterLab in Debian's Chromium (driven by Playwright): the stored notebooks
show their cards and whole examples as strips of frames without a kernel (JupyterLab's
sanitizer keeps them), and after running, the live widgets respond to clicks (no
widget version drift), quickly, show keyboard focus, and stay usable at 800 px with the file
browser open."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from accessibility import FOCUS_RING, focus_ring
from browsing import free_port, offline_chromium, require_chromium, wait_until_up
from quizzing import answer_by_mouse_and_keyboard

from skitgubbe_core import examples, scenario
from skitgubbe_core.frames import frames, key_frames

ROOT = Path(__file__).resolve().parent.parent
sync_api = require_chromium()
expect = sync_api.expect


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on 127.0.0.1, serving a copy of the notebooks (nothing it saves
    touches the real ones)."""
    home = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", home / "notebooks")
    port, token = free_port(), "skitgubbe-test"
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces")}
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
         "--ip=127.0.0.1", f"--port={port}", f"--ServerApp.token={token}",
         f"--ServerApp.root_dir={home / 'notebooks'}"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    wait_until_up(f"{url}/api/status?token={token}", server, "JupyterLab")
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
    tab.goto(f"{url}/lab/workspaces/{workspace}/tree/{notebook}?token={token}&reset")
    tab.wait_for_selector(".jp-NotebookPanel .jp-Cell")


def _run_all(tab):
    """Run every cell and wait for the first stepper; on a busy machine JupyterLab may
    first ask which kernel to start (its kernel list arrived late): answer it. Each wait
    ends on what shows first, the awaited element or that dialog."""
    idle = tab.get_by_text("Python 3 (ipykernel) | Idle").first
    select = tab.locator(".jp-Dialog button:has-text('Select')")
    next_button = tab.locator(".jupyter-widgets button:has-text('next')").first

    def run_all() -> None:
        tab.click("li.lm-MenuBar-item:has-text('Run')")
        tab.click("li.lm-Menu-item:has-text('Run All Cells')")

    try:  # the kernel idle (or not within 120 s: Run All then waits its turn)
        idle.or_(select).first.wait_for(timeout=120_000)
        if select.is_visible():
            select.click()
            idle.wait_for(timeout=120_000)
    except sync_api.TimeoutError:
        pass
    run_all()
    try:
        next_button.or_(select).first.wait_for(timeout=180_000)
        if select.is_visible():
            select.click()
            run_all()
            next_button.wait_for(timeout=180_000)
    except sync_api.TimeoutError:
        tab.screenshot(path=str(ROOT / ".pytest-browser-failure.png"))
        pytest.fail("the notebook did not run (screenshot: .pytest-browser-failure.png)")
    return next_button


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


CLICK_TO_RENDER = """([button, board]) => new Promise(resolve => {
    const old = board.innerHTML;
    const start = performance.now();
    const watch = new MutationObserver(() => {
        if (board.innerHTML !== old) { watch.disconnect(); resolve(performance.now() - start); }
    });
    watch.observe(board, {childList: true, subtree: true, characterData: true});
    button.click();
})"""


def test_running_the_notebook_gives_live_widgets_that_step(page):
    tab, url, token = page
    _open(tab, url, token, "02-stunsa.ipynb", "live")
    next_button = _run_all(tab)
    stepper = next_button.locator("xpath=ancestor::div[contains(@class, 'widget-vbox')][1]")
    next_button.click()
    stepper.locator(".sg-narration:has-text('A leads 7')").first.wait_for(state="visible")
    board = stepper.locator(".sg-board").first.locator("xpath=..")
    times = [tab.evaluate(CLICK_TO_RENDER, [next_button.element_handle(), board.element_handle()])
             for _ in range(4)]
    print(f"click to render: {', '.join(f'{t:.0f}' for t in times)} ms")
    assert min(times) < 1000, times
    # keyboard focus shows our ring in JupyterLab too (its theme's own is 1 px)
    # the frame box's arrow keys are its own (JupyterLab takes a closed menu's arrow
    # keys to move between cells: ipywidgets issue 3912)
    box = stepper.get_by_role("spinbutton", name="frame")
    box.focus()
    tab.keyboard.press("ArrowDown")  # from the last frame (6 of 6) one back
    stepper.locator(".widget-html-content", has_text="frame 5 of").wait_for()
    tab.keyboard.press("Shift+Tab")
    assert tab.evaluate("() => document.activeElement.tagName") == "BUTTON"
    assert focus_ring(tab) == FOCUS_RING
    narration = stepper.locator("details.sg-event").first
    narration.locator("summary").click()
    expect(narration).to_contain_text("Sources:", use_inner_text=True)


def test_800_px_with_the_file_browser_open_keeps_labels_and_frame_box(lab):
    url, token = lab
    with offline_chromium(sync_api) as (browser, _):
        tab = browser.new_page(viewport={"width": 800, "height": 1000})
        tab.set_default_timeout(60000)
        _open(tab, url, token, "02-stunsa.ipynb", "narrow")
        if not tab.locator(".jp-FileBrowser").first.is_visible():
            tab.locator(".lm-TabBar-tab[data-id='filebrowser']").first.click()
        tab.locator(".jp-FileBrowser").first.wait_for(state="visible")
        next_button = _run_all(tab)
        stepper = next_button.locator("xpath=ancestor::div[contains(@class, 'widget-vbox')][1]")
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
