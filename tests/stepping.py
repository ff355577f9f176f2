"""What the browser tests and ``benchmarks/bench_browser.py`` share about a stepper's
clicks, in every front end (JupyterLab, Voila, the lab site, the apps): the time from a
mouse-down on next or back to the narration's change, the kernel messages sent meanwhile,
and stepping the first stepper of 02 by mouse and keyboard.

Kernel messages: JupyterLab and Voila talk to their kernel over a websocket, whose frames
Playwright sees (:func:`comm_frames`). In the lab site (JupyterLite) and the apps (Voici)
the kernel is Pyodide in a web worker, and every message to it is a ``postMessage`` to
that worker: the pyodide kernel's page side calls the worker's ``commMsg`` (through
comlink) for each widget message. :data:`WATCH_WORKERS`, run in the page before its own
scripts, wraps ``Worker.prototype.postMessage`` (and ``MessagePort``'s) and keeps a short
text of each message, after the kind of its receiver (``Worker: {...}``; a page's own
task scheduling posts ``MessagePort: null``); :func:`worker_messages` reads them,
:func:`comm_messages` picks the widget messages (``commMsg``, ``comm_msg``)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

#: the stepper's next button, in English or Swedish, once the front end has drawn it
LIVE_NEXT = ".sg-stepper button.sg-next"



def open_in_lab(tab, url: str, token: str, notebook: str, workspace: str) -> None:
    """Open ``notebook`` in JupyterLab at ``url``, in a fresh ``workspace``."""
    tab.goto(f"{url}/lab/workspaces/{workspace}/tree/{notebook}?token={token}&reset")
    tab.wait_for_selector(".jp-NotebookPanel .jp-Cell")


def run_all_in_lab(tab):
    """Run every cell and wait for the first stepper's next button (returned); on a busy
    machine JupyterLab may first ask which kernel to start (its kernel list arrived late):
    answer it. Each wait ends on what shows first, the awaited element or that dialog.
    Playwright's TimeoutError if the notebook does not run."""
    from playwright.sync_api import TimeoutError as Late

    idle = tab.get_by_text("Python 3 (ipykernel) | Idle").first
    select = tab.locator(".jp-Dialog button:has-text('Select')")
    next_button = tab.locator(LIVE_NEXT).first

    def run_all() -> None:
        tab.click("li.lm-MenuBar-item:has-text('Run')")
        tab.click("li.lm-Menu-item:has-text('Run All Cells')")

    try:  # the kernel idle (or not within 120 s: Run All then waits its turn)
        idle.or_(select).first.wait_for(timeout=120_000)
        if select.is_visible():
            select.click()
            idle.wait_for(timeout=120_000)
    except Late:
        pass
    run_all()
    next_button.or_(select).first.wait_for(timeout=180_000)
    if select.is_visible():
        select.click()
        run_all()
        next_button.wait_for(timeout=180_000)
    return next_button


CLICK_TO_NARRATION = """([root]) => {
    const live = root.querySelector('.sg-live');
    window.sgClick = new Promise(resolve => {
        let start = null;
        root.addEventListener('mousedown', () => { start = performance.now(); },
                              {capture: true, once: true});
        const watch = new MutationObserver(() => {
            if (start !== null) { watch.disconnect(); resolve(performance.now() - start); }
        });
        watch.observe(live, {childList: true, subtree: true, characterData: true});
    });
}"""


def click_times(tab, stepper, clicks: int = 6) -> list[float]:
    """Milliseconds from the mouse-down on next or back (in turn) to the narration's
    change, for each of ``clicks`` clicks."""
    times = []
    for i in range(clicks):
        tab.evaluate(CLICK_TO_NARRATION, [stepper.element_handle()])
        stepper.locator("button.sg-back" if i % 2 else "button.sg-next").click()
        times.append(tab.evaluate("window.sgClick"))
    return times


def comm_frames(sent: list) -> list:
    """The websocket frames sent to the kernel that carry a widget message."""
    return [f for f in sent if (b"comm_msg" if isinstance(f, bytes) else "comm_msg") in f]


def quiet(read: Callable[[], list], seconds: float = 2.0) -> None:
    """Wait until ``read()`` (what the page has sent so far) has not grown for
    ``seconds``: the kernel's last replies are over."""
    count, since = len(read()), time.monotonic()
    while time.monotonic() - since < seconds:
        time.sleep(0.25)
        if len(read()) != count:
            count, since = len(read()), time.monotonic()


WATCH_WORKERS = """(() => {
  const seen = [];
  Object.defineProperty(window, 'sgWorkerMessages', {value: seen});
  for (const kind of [Worker, MessagePort]) {
    const post = kind.prototype.postMessage;
    kind.prototype.postMessage = function (message, ...rest) {
      let text;
      try { text = JSON.stringify(message); } catch (error) { text = String(message); }
      seen.push(`${kind.name}: ${String(text).slice(0, 400)}`);
      return post.call(this, message, ...rest);
    };
  }
})();"""

COMM = re.compile(r"commMsg|comm_msg")


def worker_messages(tab) -> list[str]:
    """What the page has posted to its workers so far (needs :data:`WATCH_WORKERS`)."""
    return tab.evaluate("window.sgWorkerMessages || null") or []


def comm_messages(messages: list[str]) -> list[str]:
    """The widget messages among ``messages`` (websocket frames or worker messages)."""
    return [m for m in messages if COMM.search(m)]


def step_by_mouse_and_keyboard(tab, stepper, words: dict[str, str]) -> None:
    """Step the first stepper of 02 by mouse, then by the arrow keys, Home and End, and
    the frame box's own arrows; check the narration, the place and the focus ring."""
    from playwright.sync_api import expect

    from tests.accessibility import FOCUS_RING, focus_ring

    where = stepper.locator(".sg-where")
    stepper.locator("button.sg-next").focus()
    tab.keyboard.press("Home")
    expect(where).to_contain_text(words["first"])
    stepper.locator("button.sg-next").click()
    expect(stepper.locator(".sg-live")).to_contain_text(words["lead"])
    expect(stepper.locator(".sg-live")).to_have_attribute("aria-live", "polite")
    tab.keyboard.press("ArrowRight")  # the focus is on next: the stepper takes its keys
    expect(where).to_contain_text(words["third"])
    tab.keyboard.press("ArrowLeft")
    expect(where).to_contain_text(words["second"])
    tab.keyboard.press("ArrowRight")
    tab.keyboard.press("Tab")
    tab.keyboard.press("Shift+Tab")
    assert focus_ring(tab) == FOCUS_RING
    tab.keyboard.press("End")
    expect(where).to_contain_text(words["last"])
    assert stepper.locator("button.sg-next").is_disabled()
    tab.keyboard.press("Home")
    expect(where).to_contain_text(words["first"])
    box = stepper.get_by_role("spinbutton", name=words["frame"])
    box.focus()
    tab.keyboard.press("ArrowUp")  # the number box's own arrows step too
    expect(where).to_contain_text(words["second"])
    for size in stepper.locator("button.sg-size").all():
        size.click()
        assert size.get_attribute("aria-pressed") == "true"
    assert stepper.evaluate("e => e.hasAttribute('data-lm-suppress-shortcuts')")


ENGLISH = {"first": "frame 1 of 6", "second": "frame 2 of 6", "third": "frame 3 of 6",
           "last": "frame 6 of 6", "lead": "A leads 7", "frame": "frame"}
SWEDISH = {"first": "bild 1 av 6", "second": "bild 2 av 6", "third": "bild 3 av 6",
           "last": "bild 6 av 6", "lead": "A spelar ut 7", "frame": "bild"}
