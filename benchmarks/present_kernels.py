"""What a class costs `make present`: the kernels a Voila server keeps after many visits.

Starts Voila as `make present` does (with etc/jupyter/voila.py, or with Voila's defaults
under ``--defaults``), opens ``--visits`` pages of 02 in Chromium one after another (each in
a browser context of its own, closed once the page has run, as a student closes a tab),
then prints the kernels still alive and the memory they hold (resident set of the kernel
processes), right after the last page closed and each 5 s for ``--wait`` seconds:
    after N visits, T s after the last closed: K kernels alive, M MB (X MB each)

Usage: python -m benchmarks.present_kernels [--visits 25] [--wait 40] [--defaults]
"""

from __future__ import annotations

import argparse
import contextlib
import tempfile
import time
from pathlib import Path

import psutil

from tests.browsing import ROOT, offline_chromium, start_present

NOTEBOOK = "02-stunsa.ipynb"


def kernels(server: psutil.Process) -> list[psutil.Process]:
    """The kernel processes of the Voila server."""
    found = []
    for child in server.children(recursive=True):
        with contextlib.suppress(psutil.NoSuchProcess):
            if "ipykernel_launcher" in " ".join(child.cmdline()):
                found.append(child)
    return found


def held(processes: list[psutil.Process]) -> float:
    """Their resident memory, in MB."""
    total = 0
    for process in processes:
        with contextlib.suppress(psutil.NoSuchProcess):
            total += process.memory_info().rss
    return total / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=25)
    parser.add_argument("--wait", type=float, default=40)
    parser.add_argument("--defaults", action="store_true",
                        help="Voila's own settings, not etc/jupyter/voila.py")
    args = parser.parse_args()
    from playwright import sync_api

    with tempfile.TemporaryDirectory() as home:
        server, url = start_present(ROOT / "notebooks", Path(home), not args.defaults)
        process = psutil.Process(server.pid)
        try:
            with offline_chromium(sync_api) as (chromium, _):
                started = time.monotonic()
                for _ in range(args.visits):
                    context = chromium.new_context()
                    tab = context.new_page()
                    tab.set_default_timeout(300_000)
                    tab.goto(f"{url}/voila/render/{NOTEBOOK}", timeout=300_000)
                    tab.wait_for_selector("body[data-voila='voila-loaded'], #rendered_cells .jp-Cell",
                                          state="attached")
                    tab.wait_for_load_state("networkidle")
                    context.close()
            closed = time.monotonic()
            print(f"{args.visits} visits of {NOTEBOOK} in {closed - started:.0f} s "
                  f"({'Voila defaults' if args.defaults else 'etc/jupyter/voila.py'})")
            while True:
                alive = kernels(process)
                mb = held(alive)
                each = f" ({mb / len(alive):.0f} MB each)" if alive else ""
                print(f"after {args.visits} visits, {time.monotonic() - closed:.0f} s after the "
                      f"last closed: {len(alive)} kernels alive, {mb:.0f} MB{each}", flush=True)
                if time.monotonic() - closed >= args.wait:
                    break
                time.sleep(5)
        finally:
            server.terminate()
            server.wait(timeout=60)


if __name__ == "__main__":
    main()
