"""A real JupyterLab in Debian's Chromium (driven by Playwright): the stored notebooks
show their cards without a kernel (JupyterLab's sanitizer keeps them), and after
running, the live widgets respond to clicks (no widget version drift)."""

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parent.parent

if not Path(CHROMIUM).exists():
    if os.environ.get("CI"):
        pytest.fail("browser tests need Debian's chromium: .ci/run installs it", pytrace=False)
    pytest.skip("browser tests need Debian's chromium (apt-get install chromium)",
                allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on 127.0.0.1, serving a copy of the notebooks (nothing it saves
    touches the real ones)."""
    home = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", home / "notebooks")
    port, token = _free_port(), "skitgubbe-test"
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces")}
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
         "--ip=127.0.0.1", f"--port={port}", f"--ServerApp.token={token}",
         f"--ServerApp.root_dir={home / 'notebooks'}"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2)
            break
        except OSError:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                pytest.fail("JupyterLab did not start")
            time.sleep(0.5)
    try:
        yield url, token
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.fixture
def page(lab):
    url, token = lab
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        tab = browser.new_page(viewport={"width": 1300, "height": 1400})
        tab.set_default_timeout(60000)
        yield tab, url, token
        browser.close()


def _open(tab, url, token, notebook, workspace):
    tab.goto(f"{url}/lab/workspaces/{workspace}/tree/{notebook}?token={token}&reset")
    tab.wait_for_selector(".jp-NotebookPanel .jp-Cell")


def test_stored_notebook_shows_labelled_html_cards_without_a_kernel(page):
    tab, url, token = page
    _open(tab, url, token, "02-stunsa.ipynb", "static")
    card = tab.locator('.jp-OutputArea [title="seven of diamonds"]').first
    card.wait_for(state="visible")
    assert "7" in card.inner_text()
    assert tab.locator(".jp-OutputArea .sg-position svg").count() == 0


def test_running_the_notebook_gives_live_widgets_that_step(page):
    tab, url, token = page
    _open(tab, url, token, "02-stunsa.ipynb", "live")
    tab.get_by_text("Python 3 (ipykernel) | Idle").first.wait_for(state="visible")
    tab.click("li.lm-MenuBar-item:has-text('Run')")
    tab.click("li.lm-Menu-item:has-text('Run All Cells')")
    next_button = tab.locator(".jupyter-widgets button:has-text('next')").first
    next_button.wait_for(state="visible")
    next_button.click()
    tab.locator(".jupyter-widgets:has-text('A leads 7♦ against B')").first.wait_for(state="visible")
