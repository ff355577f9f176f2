"""What a visit to the static sites (`make lite`'s build/lite) downloads, and how soon it
is ready: three visits to each page in one Chromium with a profile of its own (a disk
cache, as a student's browser has), the site served as ``python3 -m http.server`` serves it
(``plain``) and as a host that serves `make lite`'s ``.gz`` copies (``gzip``, nginx's
``gzip_static``). The bytes are those the server sent (file bodies; a revalidated file
costs none):
    app 02, gzip, visit 1: N MB, ready in N s

The pages: an app (``apps/voici/render/02-stunsa.html``, ready when its stepper shows)
and the lab site's 02 (``lab/index.html?path=02-stunsa.ipynb``, ready when the notebook
shows; its kernel loads on after that, and its bytes count until the server has been quiet
for five seconds); and a student who opens the lab site's 02, then the app (the apps use
the lab site's Pyodide runtime: the second visit downloads only what is the app's own).

Usage: python -m benchmarks.site_visits [--site build/lite] [--serving plain gzip]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from tests.browsing import CHROMIUM, ROOT, RefusingProxy, StaticSite, offline_args
from tests.stepping import LIVE_NEXT

PAGES = {"app 02": ("apps/voici/render/02-stunsa.html", LIVE_NEXT),
         "lab 02": ("lab/index.html?path=02-stunsa.ipynb", ".jp-NotebookPanel .jp-Cell")}
VISITS = 3
#: the visits measured, each in a profile of its own: one page three times, or one after another
SEQUENCES = {**{name: [name] * VISITS for name in PAGES}, "lab 02, then app 02": ["lab 02", "app 02"]}



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument("--serving", nargs="+", choices=("plain", "gzip"),
                        default=["plain", "gzip"])
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    proxy = RefusingProxy()
    with sync_playwright() as p:
        for serving in args.serving:
            site = StaticSite(args.site, precompressed=serving == "gzip")
            for sequence, names in SEQUENCES.items():
                with tempfile.TemporaryDirectory() as profile:
                    browser = p.chromium.launch_persistent_context(
                        profile, executable_path=CHROMIUM, args=offline_args(proxy))
                    for visit, name in enumerate(names, 1):
                        page, ready = PAGES[name]
                        tab = browser.new_page()
                        tab.set_default_timeout(300_000)
                        site.sent = 0
                        started = time.monotonic()
                        tab.goto(f"{site.url}/{page}")
                        tab.locator(ready).first.wait_for()
                        seconds = time.monotonic() - started
                        site.quiet()
                        print(f"{sequence}, {serving}, visit {visit} ({name}): {site.sent / 1e6:.1f} MB, "
                              f"ready in {seconds:.1f} s", flush=True)
                        tab.close()
                    browser.close()
            site.close()
    proxy.close()


if __name__ == "__main__":
    main()
