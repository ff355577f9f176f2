"""What the light static site (`make site`) weighs and how soon its first stepper answers:
the site built from the notebooks into a temporary folder, served on 127.0.0.1 plainly
(``python3 -m http.server``) and as a host that compresses (``.gz`` copies, nginx's
``gzip_static``), each page opened in a fresh Chromium context (an empty cache, a
student's first visit):

    02-stunsa.html, gzip: first visit N kB (a class of 25: N MB)
    02-stunsa.html: first 'next' answered, 4x CPU: N s (median of 5; N-N)

The time runs, by the page's own clock, from the navigation's start to the narration's
change after a click on the first stepper's "next" (``.sg-next``, the widgets' front end),
clicked as soon as it is there; a page whose notebook stores no widget state has no live
stepper, and says so.

Usage: python -m benchmarks.reading_site [--notebooks notebooks] [--pages 02-stunsa.html ...]
"""

from __future__ import annotations

import argparse
import gzip
import shutil
import statistics
import tempfile
from pathlib import Path

from tests.browsing import CHROMIUM, RefusingProxy, StaticSite, offline_args
from tools.static_site.__main__ import build

ROOT = Path(__file__).resolve().parent.parent

NEXT, TOLD = ".sg-next", ".sg-live"
CLASS = 25
#: a school's link: 20 Mbit/s down, 40 ms (Chromium's network emulation)
NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 20e6 / 8,
           "uploadThroughput": 5e6 / 8}
CONDITIONS = {"unthrottled": (1, None), "4x CPU": (4, None), "4x CPU, 20 Mbit/s 40 ms": (4, NETWORK)}


def precompress(site: Path) -> None:
    """A ``.gz`` copy beside every page, script and stylesheet (as a compressing host)."""
    for path in [p for p in site.rglob("*") if p.suffix in (".html", ".js", ".css")]:
        path.with_name(path.name + ".gz").write_bytes(gzip.compress(path.read_bytes(), 9))


def weight(site: Path, compressed: bool) -> int:
    files = [p for p in site.rglob("*") if p.is_file()]
    if compressed:
        return sum(p.stat().st_size for p in files if p.suffix == ".gz"
                   or not p.with_name(p.name + ".gz").exists())
    return sum(p.stat().st_size for p in files if p.suffix != ".gz")


#: run in the page before its own scripts: as soon as a stepper's "next" is there, click
#: it, and keep the page's clock (ms from the navigation's start) when the narration changes
CLICK_FIRST = """
(() => {
  const look = () => {
    const next = document.querySelector("@NEXT@");
    const told = next && next.closest(".widget-live").querySelector("@TOLD@");
    if (!next || !told || next.disabled) return requestAnimationFrame(look);
    const before = told.innerText;
    new MutationObserver((_, watch) => {
      if (told.innerText !== before) { window.__answered = performance.now(); watch.disconnect(); }
    }).observe(told, {childList: true, subtree: true, characterData: true});
    next.click();
  };
  requestAnimationFrame(look);
})();
""".replace("@NEXT@", NEXT).replace("@TOLD@", TOLD)


def first_click(browser, url: str, cpu: int, network: dict | None) -> float | None:
    """Seconds from navigation to the first "next" answered, by the page's own clock
    (None: no live stepper)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(CLICK_FIRST)
    tab = context.new_page()
    cdp = context.new_cdp_session(tab)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    if network:
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", network)
    try:
        tab.goto(url)
        try:
            tab.wait_for_function("window.__answered", timeout=15_000)
        except Exception:  # noqa: BLE001 - Playwright's timeout: a page without a live stepper
            return None
        return tab.evaluate("window.__answered") / 1000
    finally:
        context.close()


def measure(browser, notebooks: Path, pages: list[str], runs: int) -> dict:
    """The site built from ``notebooks`` and served plain and compressed: ``whole`` (its
    bytes, by serving), ``visit`` (a first visit's bytes, by page and serving) and
    ``first`` (seconds to the first "next" answered, by page and condition, compressed;
    None where no live stepper)."""
    found: dict = {"whole": {}, "visit": {}, "first": {}}
    with tempfile.TemporaryDirectory() as folder:
        plain, packed = Path(folder) / "plain", Path(folder) / "gzip"
        build(plain, notebooks)
        shutil.copytree(plain, packed)
        precompress(packed)
        for name, site_folder in (("plain", plain), ("gzip", packed)):
            found["whole"][name] = weight(site_folder, name == "gzip")
            site = StaticSite(site_folder, precompressed=name == "gzip")
            for page in pages:
                sent = site.sent
                first_click(browser, f"{site.url}/{page}", 1, None)
                found["visit"][page, name] = site.sent - sent
                if name != "gzip":
                    continue
                for label, (cpu, network) in CONDITIONS.items():
                    found["first"][page, label] = [
                        first_click(browser, f"{site.url}/{page}", cpu, network)
                        for _ in range(runs)]
            site.close()
    return found


def seconds(times: list[float | None]) -> str:
    """Median and range of ``times``, or why there are none."""
    found = [t for t in times if t is not None]
    if not found:
        return "no live stepper (the notebook stores no widget state)"
    return (f"{statistics.median(found):.2f} s (median of {len(found)}; "
            f"{min(found):.2f}-{max(found):.2f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks")
    parser.add_argument("--pages", nargs="+", default=["02-stunsa.html", "sv/02-stunsa.html"])
    parser.add_argument("--runs", type=int, default=3, help="timings per condition (median)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    proxy = RefusingProxy()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=offline_args(proxy))
        found = measure(browser, args.notebooks, args.pages, args.runs)
        browser.close()
    proxy.close()
    print("\n".join(report(found)))


def report(found: dict) -> list[str]:
    """The lines that say what :func:`measure` found."""
    return ([f"whole site, both languages ({name}): {size / 1e6:.2f} MB"
             for name, size in found["whole"].items()]
            + [f"{page}, {name}: first visit {visit / 1e3:.0f} kB "
               f"(a class of {CLASS}: {CLASS * visit / 1e6:.1f} MB)"
               for (page, name), visit in found["visit"].items()]
            + [f"{page}: first 'next' answered, {label}: {seconds(times)}"
               for (page, label), times in found["first"].items()])


if __name__ == "__main__":
    main()
