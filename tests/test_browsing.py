"""The browser tests' shared chromium (tests/browsing.py): one per session, each test
with contexts of its own, and a test that asks Playwright for a driver of its own while
the session's runs still works."""

import subprocess
import sys
from pathlib import Path

from tests.browsing import CHROMIUM, offline_chromium, require_chromium

ROOT = Path(__file__).resolve().parent.parent

sync_api = require_chromium()


def test_one_chromium_serves_the_session_and_each_block_closes_its_own_pages(chromium):
    browser, proxy = chromium
    with offline_chromium(sync_api) as (first, first_proxy):
        page = first.new_page()
        page.set_content("<p>stunsa</p>")
        assert page.locator("p").inner_text() == "stunsa"
    assert page.is_closed() and page.context not in browser.contexts
    with offline_chromium(sync_api) as (second, second_proxy):
        assert second is first is browser and second_proxy is first_proxy is proxy


def test_a_page_of_its_own_is_closed_after_the_test(chromium, chromium_page):
    browser, _ = chromium
    assert chromium_page.context in browser.contexts and len(chromium_page.context.pages) == 1


def test_a_driver_asked_for_while_the_sessions_runs_launches_a_browser_of_its_own(chromium):
    with sync_api.sync_playwright() as p:  # Playwright itself refuses a second driver
        own = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        assert own is not chromium[0]
        own.close()
    assert chromium[0].is_connected()


def test_the_browser_files_run_last_so_no_other_test_meets_the_drivers_event_loop():
    """Given first, test_browsing.py still runs after widgets/offline.py's doctest, whose
    asyncio.run() fails while the session's Playwright driver runs."""
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:nbval",
         "--doctest-modules", "tests/test_browsing.py::test_a_page_of_its_own_is_closed_after_the_test",
         "widgets/offline.py"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert "2 passed" in result.stdout, result.stdout[-3000:]
