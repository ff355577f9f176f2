"""Every figure of issue 26 ("Figures") in one run, printed side by side at the end:

- the light static site (`make site`, built into a temporary folder: reading_site.py):
  the bytes of a first visit to 02 (English and Swedish) and of the whole site (both
  languages), served plain and compressed, and for a class of 25; the time from the
  navigation to the first "next" answered, unthrottled, at 4x CPU and at 4x with a
  20 Mbit/s, 40 ms link;
- a stepper click in JupyterLab, Voila, the lab site (JupyterLite) and the apps (Voici):
  the milliseconds from the mouse-down on next or back to the narration's change
  (tests/stepping.py), median and max of ``--clicks`` clicks, unthrottled and at 4x CPU
  (the first click after the throttle call apart), and the kernel messages sent
  meanwhile. JupyterLab and Voila: the websocket frames the page sent, and those that
  carry a widget message (``comm_msg``). The lab site and the apps, whose kernel is
  Pyodide in a web worker: every message the page posted to a worker, and the widget
  messages among them - ``stepping.WATCH_WORKERS`` wraps ``Worker.prototype.postMessage``
  before the page's scripts run, and the pyodide kernel's page side hands each message to
  its worker that way (a widget message as a call of the worker's ``commMsg``); the
  messages posted while the page loaded and ran show that the watch sees the kernel;
- the time to a live stepper in the lab site (02, its stored outputs cleared, then Run
  All: the lab site drew no stored stepper) and in the apps (02), a first visit in
  a fresh profile at 1x and 4x, and the bytes of that visit, for a class of 25
  (lite_stepper.py);
- ``--first``: where the first stepper click after the CPU throttle call goes, in
  JupyterLab (issue 26's slow first click): that click with no warm-up, after two animation frames,
  a plain button's click (no code of ours) right after the throttle call, a click while
  another cell is the active one, and a click to a frame not shown before (the first use
  of its pieces).

Needs `make lite` (``--lite``, build/lite); builds the static site itself. Run it niced
on a quiet machine: ``nice python -m benchmarks.bench_browser``.

Usage: python -m benchmarks.bench_browser [--only site,lab,voila,lite,apps] [--first]
       [--clicks 10] [--runs 3] [--lite build/lite]
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path

from benchmarks import lite_stepper, reading_site
from tests.browsing import (
    CHROMIUM,
    ROOT,
    RefusingProxy,
    StaticSite,
    offline_args,
    start_lab,
    start_present,
    throttle,
)
from tests.stepping import (
    CLICK_TO_NARRATION,
    LIVE_NEXT,
    click_times,
    comm_messages,
    open_in_lab,
    quiet,
    run_all_in_lab,
    worker_messages,
)

SECTIONS = ("site", "lab", "voila", "lite", "apps")
CLASS = reading_site.CLASS
FRONT_ENDS = {"lab": "JupyterLab", "voila": "Voila", "lite": "lab site (JupyterLite)",
              "apps": "apps (Voici)"}


def clicks(tab, messages: Callable[[], list], count: int) -> dict:
    """The first stepper's clicks, unthrottled and at 4x, and what was sent meanwhile."""
    stepper = tab.locator(".sg-stepper").first
    quiet(messages)
    before = len(messages())
    fast = click_times(tab, stepper, count)
    throttle(tab, 4)
    slow = click_times(tab, stepper, count + 1)
    throttle(tab, 1)
    sent = [m if isinstance(m, str) else m.decode("latin-1") for m in messages()[before:]]
    return {"1x": fast, "first 4x": slow[0], "4x": slow[1:], "loading": before,
            "sent": sent, "comm": len(comm_messages(sent))}


def gist(message: str) -> str:
    """What a message is: a comlink call's type and path (``APPLY commMsg``), a kernel
    message's type (``comm_msg``), else its first characters."""
    call = re.search(r'"type":"([A-Z]+)","path":\[([^\]]*)\]', message)
    if call:
        return f"{call[1]} {call[2].replace(chr(34), '')}".strip()
    kind = re.search(r'"msg_type":"(\w+)"', message)
    return kind[1] if kind else message[:40]


def watched_page(browser) -> tuple:
    """A page in a context of its own, and the list of the websocket frames it sends."""
    tab = browser.new_context(viewport={"width": 1300, "height": 1400}).new_page()
    tab.set_default_timeout(300_000)
    sent: list = []
    tab.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(frame)))
    return tab, sent


def jupyterlab(browser, count: int, first: bool) -> dict:
    """02 in JupyterLab (a copy of the notebooks), Run All, then its stepper's clicks."""
    with tempfile.TemporaryDirectory() as home:
        shutil.copytree(ROOT / "notebooks", Path(home) / "notebooks")
        server, url, token = start_lab(Path(home) / "notebooks", Path(home))
        try:
            tab, sent = watched_page(browser)
            open_in_lab(tab, url, token, "02-stunsa.ipynb", "bench")
            run_all_in_lab(tab)
            found = clicks(tab, lambda: sent, count)
            if first:
                found["first"] = first_click_after_throttling(tab)
            tab.context.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    return found


def voila(browser, count: int) -> dict:
    """02 as a Voila app (`make present`'s settings), then its stepper's clicks."""
    with tempfile.TemporaryDirectory() as home:
        shutil.copytree(ROOT / "notebooks", Path(home) / "notebooks")
        server, url = start_present(Path(home) / "notebooks", Path(home))
        try:
            tab, sent = watched_page(browser)
            tab.goto(f"{url}/voila/render/02-stunsa.ipynb")
            tab.locator(LIVE_NEXT).first.wait_for()
            found = clicks(tab, lambda: sent, count)
            tab.context.close()
        finally:
            server.terminate()
            server.wait(timeout=30)
    return found


def lite(playwright, proxy, site: StaticSite, name: str, count: int) -> dict:
    """First visits to 02 of the lab site or the apps at 1x (then its stepper's clicks)
    and at 4x: seconds to a live stepper and bytes sent."""
    found: dict = {}

    def then(tab) -> None:
        found.update(clicks(tab, lambda: worker_messages(tab), count))

    for rate in (1, 4):
        found[f"live {rate}x"] = lite_stepper.visit(playwright, proxy, site, name, rate,
                                                    then=then if rate == 1 else None)
    return found


#: a plain button outside our widgets (above JupyterLab's shell) whose click writes a
#: line: what a click costs with no code of ours
PROBE = """() => {
  const probe = document.createElement('div');
  probe.id = 'sg-probe';
  probe.style.cssText = 'position: fixed; top: 40%; left: 40%; z-index: 100000; background: #fff';
  probe.innerHTML = '<button type="button">probe</button><div class="sg-live"></div>';
  let n = 0;
  probe.querySelector('button').addEventListener('click', () => {
    probe.querySelector('.sg-live').textContent = `probe ${++n}`;
  });
  document.body.prepend(probe);
}"""

TWO_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def first_click_after_throttling(tab, rounds: int = 5) -> dict:
    """The first click after each call that throttles the CPU 4x: our stepper's next
    with no warm-up, after two animation frames, and the plain probe's (no code of ours);
    an ordinary (second) stepper click at 4x for comparison; after two frames, the
    stepper's next while another cell of the notebook is the active one (JupyterLab
    activates the stepper's cell on the mouse-down); and once, after two frames, "last" to
    a frame not shown before (the first use of its pieces), then again."""
    stepper = tab.locator(".sg-stepper").first
    tab.evaluate(PROBE)
    probe = tab.locator("#sg-probe")

    def to_start() -> None:
        """The stepper at its first frame (the same click every round), then a rest."""
        if stepper.locator("button.sg-first").is_enabled():
            stepper.locator("button.sg-first").click()
        tab.wait_for_timeout(500)

    kinds = ("stepper, at once", "stepper, after 2 frames", "plain button, at once",
             "stepper, its cell not active")
    found: dict[str, list[float]] = {kind: [] for kind in (*kinds, "stepper, second click")}
    for _ in range(rounds):
        for kind in kinds:
            throttle(tab, 1)
            to_start()
            if kind == "stepper, its cell not active":  # another cell selected
                tab.locator(".jp-Notebook .jp-Cell").first.click()
                tab.wait_for_timeout(500)
            throttle(tab, 4)
            if kind != "stepper, at once" and not kind.startswith("plain"):
                tab.evaluate(TWO_FRAMES)
            target = probe if kind.startswith("plain") else stepper
            tab.evaluate(CLICK_TO_NARRATION, [target.element_handle()])
            target.locator("button.sg-next" if target is stepper else "button").click()
            found[kind].append(tab.evaluate("window.sgClick"))
            if kind == "stepper, at once":
                found["stepper, second click"].append(click_times(tab, stepper, 2)[1])
    for kind in ("last, a frame not shown before", "last, shown before"):
        throttle(tab, 1)
        to_start()
        throttle(tab, 4)
        tab.evaluate(TWO_FRAMES)
        tab.evaluate(CLICK_TO_NARRATION, [stepper.element_handle()])
        stepper.locator("button.sg-last").click()
        found[kind] = [tab.evaluate("window.sgClick")]
    throttle(tab, 1)
    return found


def ms(times: list[float]) -> str:
    return f"{statistics.median(times):6.1f} / {max(times):6.1f}"


def others(sent: list[str]) -> str:
    """What was sent, in short (nothing if nothing)."""
    return f"; sent: {', '.join(sorted(set(map(gist, sent))))}" if sent else ""


def report(found: dict) -> None:
    """Print the figures, side by side."""
    if "site" in found:
        print("\n== Static site (make site) ==")
        print("\n".join(reading_site.report(found["site"])))
    clicked = [k for k in FRONT_ENDS if k in found]
    if clicked:
        print("\n== A stepper click: mouse-down to the narration's change, ms (median / max) ==")
        print(f"{'front end':24} {'1x':>15} {'4x':>15} {'first at 4x':>12}  sent during clicks")
        for key in clicked:
            f = found[key]
            what = "websocket frames" if key in ("lab", "voila") else "worker messages"
            print(f"{FRONT_ENDS[key]:24} {ms(f['1x']):>15} {ms(f['4x']):>15} {f['first 4x']:12.1f}"
                  f"  {len(f['sent'])} {what}, {f['comm']} widget messages"
                  f" (while loading: {f['loading']}){others(f['sent'])}")
    visited = [k for k in ("lite", "apps") if k in found]
    if visited:
        print("\n== Time to a live stepper, a first visit (fresh profile, compressed host) ==")
        for key in visited:
            for rate in (1, 4):
                seconds, sent = found[key][f"live {rate}x"]
                print(f"{FRONT_ENDS[key]:24} {rate}x: {seconds:5.1f} s; first visit "
                      f"{sent / 1e6:.1f} MB (x{CLASS}: {CLASS * sent / 1e6:.0f} MB)")
    if "first" in found.get("lab", {}):
        print("\n== JupyterLab: the first click after the 4x throttle call, ms (median / max) ==")
        for kind, times in found["lab"]["first"].items():
            print(f"{kind:28} {ms(times)}  ({', '.join(f'{t:.0f}' for t in times)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(SECTIONS),
                        help=f"comma-separated, of {', '.join(SECTIONS)}")
    parser.add_argument("--first", action="store_true",
                        help="also the first click after the throttle call (JupyterLab)")
    parser.add_argument("--clicks", type=int, default=10, help="clicks per condition")
    parser.add_argument("--runs", type=int, default=3, help="static site timings (median)")
    parser.add_argument("--lite", type=Path, default=ROOT / "build" / "lite")
    args = parser.parse_args()
    only = args.only.split(",")
    if unknown := set(only) - set(SECTIONS):
        parser.error(f"--only: no section {', '.join(sorted(unknown))}")
    if {"lite", "apps"} & set(only) and not (args.lite / "apps").is_dir():
        parser.error(f"{args.lite} holds no lab site and apps: run `make lite` first")
    from playwright.sync_api import sync_playwright

    found: dict = {}
    proxy = RefusingProxy()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=offline_args(proxy))
        if "site" in only:
            found["site"] = reading_site.measure(
                browser, ROOT / "notebooks", ["02-stunsa.html", "sv/02-stunsa.html"], args.runs)
            print("static site measured", flush=True)
        if "lab" in only:
            found["lab"] = jupyterlab(browser, args.clicks, args.first)
            print("JupyterLab measured", flush=True)
        if "voila" in only:
            found["voila"] = voila(browser, args.clicks)
            print("Voila measured", flush=True)
        browser.close()
        if {"lite", "apps"} & set(only):
            site = StaticSite(args.lite, precompressed=True)
            for name, key in (("lab", "lite"), ("app", "apps")):
                if key in only:
                    found[key] = lite(p, proxy, site, name, args.clicks)
                    print(f"{FRONT_ENDS[key]} measured", flush=True)
            site.close()
    proxy.close()
    report(found)


if __name__ == "__main__":
    main()
