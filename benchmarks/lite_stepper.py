"""Time to a live stepper in the static sites (`make lite`'s build/lite), as a student meets
it on a first visit: the app of 02 (``apps/voici/render/02-stunsa.html``, live when its
"next" button shows) and the lab site's 02 (``lab/index.html?path=02-stunsa.ipynb``, its
stored outputs cleared, then Run All, live when the kernel's "next" button shows), each in
a fresh Chromium profile, unthrottled and with the page's CPU throttled 4x (a school
laptop), served as a host that serves `make lite`'s ``.gz`` copies. Prints the seconds,
the bytes the server sent for that first visit (and for a class of 25), and the built
sites' size:
    app 02, 1x: live stepper in N s, first visit N MB (x25: N MB)

Usage: python -m benchmarks.lite_stepper [--site build/lite] [--throttle 1 4] [--runs 1]
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
from pathlib import Path

from tests.browsing import CHROMIUM, ROOT, RefusingProxy, StaticSite, offline_args
from tests.stepping import LIVE_NEXT, WATCH_WORKERS

CLASS = 25


def run_all(tab) -> None:
    """Clear the notebook's stored outputs and Run All: the stepper that shows next is
    the kernel's. (On a first visit the lab site drew no stepper from the stored widget
    state within a minute.)"""
    tab.wait_for_selector(".jp-NotebookPanel .jp-CodeCell")
    for menu, item in (("Edit", "Clear Outputs of All Cells"), ("Run", "Run All Cells")):
        tab.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{menu}$")).click()
        tab.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{item}$")).click()


PAGES = {"app": "apps/voici/render/02-stunsa.html", "lab": "lab/index.html?path=02-stunsa.ipynb"}


def visit(playwright, proxy: RefusingProxy, site: StaticSite, name: str, throttle: int,
          page: str | None = None, then=None) -> tuple[float, int]:
    """One first visit to ``page`` (by default 02 of the apps or the lab site, ``name``):
    seconds to a live stepper (in the lab site, the kernel's, after Run All) and the
    bytes the server sent. ``then(tab)``, if given,
    runs once the stepper is live and the download is over, before the browser closes;
    the page's workers are watched (stepping.WATCH_WORKERS)."""
    with tempfile.TemporaryDirectory() as profile:
        browser = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=offline_args(proxy),
            viewport={"width": 1280, "height": 900})
        browser.add_init_script(WATCH_WORKERS)
        tab = browser.new_page()
        tab.set_default_timeout(600_000)
        if throttle > 1:
            cdp = browser.new_cdp_session(tab)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        site.quiet()
        site.sent = 0
        started = time.monotonic()
        tab.goto(f"{site.url}/{page or PAGES[name]}")
        if name == "lab":
            run_all(tab)
        tab.locator(LIVE_NEXT).first.wait_for()
        seconds = time.monotonic() - started
        site.quiet()
        sent = site.sent
        if then is not None:
            then(tab)
        browser.close()
    return seconds, sent


def size(folder: Path) -> tuple[int, int]:
    """The bytes of the files of ``folder``, without and with the ``.gz`` copies."""
    files = [p for p in folder.rglob("*") if p.is_file()]
    return (sum(p.stat().st_size for p in files if p.suffix != ".gz"),
            sum(p.stat().st_size for p in files))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--throttle", type=int, nargs="+", default=[1, 4])
    parser.add_argument("--pages", nargs="+", choices=("app", "lab"), default=["app", "lab"])
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    files, with_copies = size(args.site)
    print(f"built sites: {files / 1e6:.1f} MB ({with_copies / 1e6:.1f} MB with the .gz copies)")
    proxy = RefusingProxy()
    site = StaticSite(args.site, precompressed=True)
    with sync_playwright() as p:
        for name in args.pages:
            for throttle in args.throttle:
                for _ in range(args.runs):
                    seconds, sent = visit(p, proxy, site, name, throttle)
                    print(f"{name} 02, {throttle}x: live stepper in {seconds:.1f} s, first visit "
                          f"{sent / 1e6:.1f} MB (x{CLASS}: {CLASS * sent / 1e6:.0f} MB)", flush=True)
    site.close()
    proxy.close()


if __name__ == "__main__":
    main()
