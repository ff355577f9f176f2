"""The code-free static Voici site (`make lite` builds it into build/lite/apps with
lite/voici.py) in headless chromium with no internet: a notebook opens as an app - its text
and live widgets, no code -, the stepper answers a click (frame and narration change), in
English and Swedish, not one request leaves the loopback, and the lab site on the same
host still runs a notebook after a visit to the apps."""

from __future__ import annotations

import gzip
import json
import os
import re
import time
from pathlib import Path

import pytest
from accessibility import violations
from browsing import StaticSite, build_lite, offline_chromium, require_chromium

sync_api = require_chromium()
pytest.importorskip("jupyterlite_core")

ROOT = Path(__file__).resolve().parent.parent
SHOTS = Path(os.environ.get("SKITGUBBE_SHOTS", "/tmp/skitgubbe-shots"))
SHOTS.mkdir(parents=True, exist_ok=True)
#: the stepper's narration: the polite live region of the frame on show
NARRATION = '[role="status"][aria-live="polite"]'
#: its "next" button, in English or Swedish
NEXT = re.compile(r"^\s*(next|nästa)\s*$")


@pytest.fixture(scope="module")
def site(lite_build):
    """Both sites as `make lite` builds them - the lab site (built once per session:
    ``lite_build`` in tests/conftest.py), and the apps in its ``apps`` folder -, served on
    127.0.0.1 by a host that serves their gzipped copies."""
    apps = lite_build / "apps"
    if not apps.exists():
        build_lite("voici.py", apps)
    server = StaticSite(lite_build, precompressed=True)
    yield apps, f"{server.url}/apps"
    server.close()


@pytest.fixture(scope="module")
def browser():
    with offline_chromium(sync_api) as chromium_and_proxy:
        yield chromium_and_proxy


def page_config(page: Path) -> dict:
    found = re.search(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})'
                      r'\s*</script>', page.read_text(encoding="utf-8"), re.S)
    assert found, page
    return json.loads(found[1])


def code_lines(notebook: Path) -> list[str]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [line.strip() for c in cells if c["cell_type"] == "code"
            for line in "".join(c["source"]).splitlines()
            if len(line.strip()) > 12 and not line.strip().startswith("#")]


def open_app(context, url: str):
    """Open a page of the apps and wait until its first stepper is live (the notebook
    has run in the browser); return the tab and the seconds it took."""
    tab = context.new_page()
    tab.set_default_timeout(240_000)
    started = time.monotonic()
    tab.goto(url)
    tab.locator(".jupyter-widgets button", has_text=NEXT).first.wait_for()
    return tab, time.monotonic() - started


def closure(lock: dict, roots: list[str]) -> set[str]:
    """The lock's packages ``roots`` bring, following ``depends``."""
    seen: set[str] = set()
    while roots:
        name = roots.pop()
        if name not in seen:
            seen.add(name)
            roots.extend(lock[name]["depends"])
    return seen


def outside(requests: list[str]) -> list[str]:
    return [u for u in requests if not u.startswith(("http://127.0.0.1:", "data:", "blob:"))]


def test_every_notebook_is_an_app_served_by_the_site_itself(site):
    output, _ = site
    for notebook in [*(ROOT / "notebooks").glob("*.ipynb"), *(ROOT / "notebooks" / "sv").glob("*.ipynb")]:
        relative = notebook.relative_to(ROOT / "notebooks").with_suffix(".html")
        page = output / "voici" / "render" / relative
        config = page_config(page)
        kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
        assert kernel["loadPyodideOptions"]["packages"] == ["skitgubbe"]
        assert kernel["disablePyPIFallback"] is True
        for url in (kernel["pyodideUrl"], *kernel["pipliteUrls"]):  # from the page, at any depth
            assert (page.parent / url.split("?")[0]).resolve().is_file(), (page, url)
        text = page.read_text(encoding="utf-8")
        assert "cdn.jsdelivr.net/npm/@fortawesome" not in text  # our template
        for link in re.findall(r'href="(?![a-z]+:|#)([^"#?]+)', text):  # to other apps
            assert (page.parent / link).is_file(), (page, link)
    lock = json.loads((output / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    local = {name for name, entry in lock.items() if "://" not in entry["file_name"]}
    assert {"skitgubbe", "ipywidgets", "comm", "fastjsonschema", "ipython", "micropip"} <= local
    assert set(lock["skitgubbe"]["depends"]) <= local
    assert set(lock["ipython"]["depends"]) <= local  # IPython 9: no sqlite3 from the CDN
    # no completion packages as the kernel starts: not in its worker's list, nor in what
    # the lock's packages it loads depend on
    assert not {"jedi", "parso"} & closure(lock, ["micropip", "ipython", "skitgubbe"])
    workers = [p.read_text(encoding="utf-8") for p in (output / "extensions").rglob("*.js")]
    starts = [re.search(r'\[("ipykernel"[^\]]*)\]', w) for w in workers if '"pyodide_kernel"' in w]
    assert starts and all(s and '"jedi"' not in s[1] for s in starts), [s and s[1] for s in starts]
    wasm = output / "static" / "pyodide" / "pyodide.asm.wasm"
    assert gzip.decompress(wasm.with_name(wasm.name + ".gz").read_bytes()) == wasm.read_bytes()


@pytest.mark.parametrize("page", ["02-stunsa", "sv/02-stunsa"])
def test_an_app_shows_no_code_and_its_stepper_answers_offline(site, browser, page):
    _, url = site
    chromium, proxy = browser
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    tab, cold = open_app(context, f"{url}/voici/render/{page}.html")
    tab.close()
    tab, warm = open_app(context, f"{url}/voici/render/{page}.html")  # the browser's cache
    print(f"\n{page}: live stepper after {cold:.1f} s (cold), {warm:.1f} s (warm)")
    text = tab.locator("body").inner_text()
    lines = code_lines(ROOT / "notebooks" / f"{page}.ipynb")
    assert lines and not [line for line in lines if line in text]
    assert tab.locator(".cm-editor, .CodeMirror, .jp-InputArea-editor").count() == 0
    assert tab.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count() == 0
    assert "Traceback" not in text

    stepper = tab.locator(".jupyter-widgets.widget-vbox", has=tab.locator(NARRATION)).first
    narration = stepper.locator(".widget-html-content", has=tab.locator(NARRATION)).first
    label = stepper.locator(".widget-html-content", has_text=re.compile(r"\d+ \w+ \d+")).first
    before = (narration.inner_text(), label.inner_text())
    stepper.locator("button", has_text=NEXT).first.click()
    tab.wait_for_function("([n, before]) => n.innerText !== before", timeout=60_000,
                          arg=[narration.element_handle(), before[0]])
    after = (narration.inner_text(), label.inner_text())
    assert after[0] != before[0] and after[1] != before[1], (before, after)
    tab.screenshot(path=str(SHOTS / f"voici-{page.replace('/', '-')}-1280.png"))
    tab.set_viewport_size({"width": 800, "height": 900})
    tab.screenshot(path=str(SHOTS / f"voici-{page.replace('/', '-')}-800.png"))

    found = violations(tab, ".jp-OutputArea-output")
    assert found == [], found
    assert outside(requests) == [], proxy.refused
    assert any("/static/pyodide/skitgubbe-" in u for u in requests)  # the kernel is the site's
    assert not [u for u in requests if re.search(r"/(jedi|parso)-[^/]*\.whl", u)]
    context.close()


def test_the_sites_address_opens_the_list_of_apps_offline(site, browser):
    """``apps/`` is what a teacher hands out: it lands on the list of the notebooks."""
    _, url = site
    chromium, proxy = browser
    context = chromium.new_context()
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    tab = context.new_page()
    tab.goto(f"{url}/")
    tab.get_by_text("02-stunsa.ipynb", exact=True).wait_for()
    assert tab.url.endswith("/apps/voici/tree/index.html")
    tab.wait_for_load_state("networkidle")
    assert outside(requests) == [], proxy.refused  # no Font Awesome 4 from a CDN (page.html)
    context.close()


def test_the_lab_site_beside_the_apps_still_runs_a_notebook(site, browser):
    """One host, two sites: a visit to the apps (whose service worker replaces the lab
    site's) leaves the lab site able to run a notebook, and the apps still open after it."""
    _, url = site
    chromium, _ = browser
    lab = url.removesuffix("/apps")
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    open_app(context, f"{url}/voici/render/02-stunsa.html")[0].close()
    tab = context.new_page()
    tab.set_default_timeout(240_000)
    tab.goto(f"{lab}/lab/index.html?path=02-stunsa.ipynb")
    tab.wait_for_selector(".jp-NotebookPanel .jp-CodeCell")
    tab.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Run$")).click()
    tab.locator(".lm-Menu-itemLabel", has_text=re.compile("^Run All Cells$")).click()
    tab.locator(".jp-OutputArea .jupyter-widgets button", has_text=NEXT).first.wait_for()
    assert tab.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count() == 0
    tab.close()
    open_app(context, f"{url}/voici/render/sv/02-stunsa.html")[0].close()
    assert outside(requests) == []
    context.close()
