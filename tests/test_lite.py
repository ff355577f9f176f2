"""The static JupyterLite site (`make lite`) in headless chromium with no internet:
every notebook runs unchanged (Run All), no cell errs, its widgets answer a click, and
not one request leaves the loopback - except the notebooks that need pandas and
matplotlib, which the site loads only when online: offline they say so in one sentence
(the cell ``await offline.needs("pandas", "matplotlib")``), not with a traceback."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from browsing import RefusingProxy, StaticSite, launch_offline, require_chromium

sync_api = require_chromium()
pytest.importorskip("jupyterlite_core")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
#: pandas and matplotlib: the family tables and tree, the simulation studies
NEEDS_ONLINE = ("05-family-and-sources.ipynb", "08-what-the-numbers-say.ipynb",
                "09-how-the-variants-play.ipynb")
RUN_TIMEOUT_MS = 420_000

ALL_CELLS_DONE = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  if (!panel) return false;
  if (panel.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
    return true;
  const prompts = [...panel.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
  return prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim()));
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site as `make lite` builds it, served over HTTP on 127.0.0.1."""
    output = tmp_path_factory.mktemp("site") / "lite"
    started = time.monotonic()
    build = subprocess.run([sys.executable, str(ROOT / "lite" / "build.py"), "--output", str(output)],
                           cwd=ROOT, capture_output=True, text=True, timeout=1800)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    print(f"\nlite build: {time.monotonic() - started:.1f} s; {build.stdout.splitlines()[-1]}")
    server = StaticSite(output)
    yield output, server.url
    server.close()


@pytest.fixture(scope="module")
def browser():
    proxy = RefusingProxy()
    with sync_api.sync_playwright() as p:
        chromium = launch_offline(p, proxy)
        yield chromium, proxy
        chromium.close()
    proxy.close()


def run_all(browser, url: str, notebook: str):
    """Open ``notebook`` in the site, clear its stored outputs, Run All; return the tab
    (left open), the seconds it took and where its requests start in ``proxy.refused``."""
    chromium, proxy = browser
    mark = len(proxy.refused)
    started = time.monotonic()
    context = chromium.new_context(viewport={"width": 1300, "height": 1400})
    context.requests = []
    context.on("request", lambda request: context.requests.append(request.url))
    tab = context.new_page()
    tab.set_default_timeout(120_000)
    tab.goto(f"{url}/lab/index.html?path={notebook}")
    tab.wait_for_selector(".jp-NotebookPanel .jp-CodeCell")
    for menu, item in (("Edit", "Clear Outputs of All Cells"), ("Run", "Run All Cells")):
        tab.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{menu}$")).click()
        tab.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{item}$")).click()
    tab.wait_for_function(ALL_CELLS_DONE, timeout=RUN_TIMEOUT_MS, polling=500)
    return tab, time.monotonic() - started, mark


def outside(tab) -> list[str]:
    """Requests the site made (its pages, kernel worker and service worker) that were not
    to the loopback. (The proxy also refuses Chromium's own update and sign-in calls.)"""
    return [url for url in tab.context.requests
            if not url.startswith(("http://127.0.0.1:", "data:", "blob:"))]


def errors(tab) -> list[str]:
    return tab.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
                       ).all_inner_texts()


def click_changes_the_board(tab) -> None:
    """Press a stepper's next (or, at the play table, a move) and see the board change."""
    button = tab.locator(".jp-OutputArea .jupyter-widgets button", has_text=re.compile(r"^\s*next\s*$"))
    if button.count() == 0:
        button = tab.locator(".jp-OutputArea .jupyter-widgets button:not([disabled])",
                             has_text=re.compile(r"^\s*(10|[2-9JQKA])[♠♥♦♣]"))
    button = button.first
    output = button.locator("xpath=ancestor::div[contains(@class,'jp-OutputArea-output')][1]")
    board = output.locator(".widget-html-content")
    before = board.evaluate_all("els => els.map(e => e.innerHTML).join('')")
    button.click()
    tab.wait_for_function(
        "([out, before]) => [...out.querySelectorAll('.widget-html-content')]"
        ".map(e => e.innerHTML).join('') !== before",
        arg=[output.element_handle(), before], timeout=60_000)


def test_site_holds_the_notebooks_and_serves_pyodide_itself(site):
    output, _ = site
    contents = json.loads((output / "api" / "contents" / "all.json").read_text())
    assert sorted(c["name"] for c in contents["content"] if c["type"] == "notebook") == NOTEBOOKS
    config = json.loads((output / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["loadPyodideOptions"]["packages"] == ["skitgubbe"]
    lock = json.loads((output / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    local = {name for name, entry in lock.items() if "://" not in entry["file_name"]}
    assert {"skitgubbe", "ipywidgets", "comm", "jupyterlab-widgets", "fastjsonschema", "micropip",
            "ipython"} <= local
    assert not {"pandas", "matplotlib", "numpy"} & local
    assert "ipywidgets" in lock["skitgubbe"]["depends"]
    assert set(lock["skitgubbe"]["depends"]) <= local  # never jupyterlab, pandas, matplotlib
    for name in local:
        assert (output / "static" / "pyodide" / lock[name]["file_name"]).is_file(), name


@pytest.mark.parametrize("notebook", [n for n in NOTEBOOKS if n not in NEEDS_ONLINE])
def test_notebook_runs_offline_in_the_site(site, browser, notebook):
    _, url = site
    tab, seconds, mark = run_all(browser, url, notebook)
    print(f"\n{notebook}: Run All in {seconds:.1f} s")
    assert errors(tab) == []
    if tab.locator(".jp-OutputArea .jupyter-widgets button").count():
        click_changes_the_board(tab)
    assert outside(tab) == [], browser[1].refused[mark:]
    assert any(url.endswith(".whl") for url in tab.context.requests)  # the kernel's worker is seen
    tab.context.close()


def _says_what_it_needs(notebook: str):
    """A notebook without the ``offline.needs`` cell is a known gap, not a pass."""
    if "offline.needs(" in (ROOT / "notebooks" / notebook).read_text(encoding="utf-8"):
        return notebook
    return pytest.param(notebook, marks=pytest.mark.xfail(
        strict=True, reason="no offline.needs cell yet: a traceback instead of a sentence"))


@pytest.mark.parametrize("notebook", [_says_what_it_needs(n) for n in NEEDS_ONLINE
                                      if n in NOTEBOOKS])
def test_notebook_that_needs_pandas_says_so_offline(site, browser, notebook):
    _, url = site
    tab, seconds, _ = run_all(browser, url, notebook)
    print(f"\n{notebook}: stopped in {seconds:.1f} s")
    (message,) = errors(tab)
    assert "needs pandas and matplotlib" in message and "offline" in message
    assert "Traceback" not in message and "Error" not in message
    tab.context.close()
