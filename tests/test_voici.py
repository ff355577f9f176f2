"""The code-free static Voici site (`make lite` builds it into build/lite/apps with
lite/voici.py) in headless chromium with no internet: a notebook opens as an app - its text
and live widgets, no code -, the stepper answers a click (frame and narration change), in
English and Swedish, by mouse and keys, with no widget message to the kernel's worker
(tests/stepping.py), not one request leaves the loopback, and the lab site on the same
host still runs a notebook after a visit to the apps."""

from __future__ import annotations

import gzip
import json
import os
import re
import time
from pathlib import Path

import pytest

from tests.accessibility import violations
from tests.browsing import StaticSite, build_lite, offline_chromium, require_chromium
from tests.quizzing import answer_in_any_language
from tests.stepping import (
    ENGLISH,
    SWEDISH,
    WATCH_WORKERS,
    click_times,
    comm_messages,
    quiet,
    step_by_mouse_and_keyboard,
    worker_messages,
)

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
        build_lite("voici", apps)
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
    tab.locator(".sg-stepper button.sg-next", has_text=NEXT).first.wait_for()
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
    # one runtime for both sites: the apps use the lab site's (make lite puts them inside it)
    assert not (output / "static" / "pyodide").exists()
    runtime = output.parent / "static" / "pyodide"
    lock = json.loads((runtime / "pyodide-lock.json").read_text())["packages"]
    local = {name for name, entry in lock.items() if "://" not in entry["file_name"]}
    assert {"skitgubbe", "ipywidgets", "comm", "fastjsonschema", "ipython", "micropip"} <= local
    assert set(lock["skitgubbe"]["depends"]) <= local
    assert set(lock["ipython"]["depends"]) <= local  # IPython 9: no sqlite3 from the CDN
    # no completion packages as the kernel starts: not in its worker's list, nor in what
    # the lock's packages it loads depend on
    assert not {"jedi", "parso"} & closure(lock, ["micropip", "ipython", "skitgubbe"])
    workers = [p.read_text(encoding="utf-8") for p in (output / "extensions").rglob("*.js")]
    starts = [s for w in workers for s in re.findall(r'\[[^\[\]]*"pyodide_kernel"[^\[\]]*\]', w)]
    assert starts and not [s for s in starts if '"jedi"' in s or '"sqlite3"' in s], starts
    # the same stack as the lab site (one environment builds both): its JupyterLite and
    # its kernel, whose extension the apps load, and anywidget's
    lab = json.loads((output.parent / "jupyter-lite.json").read_text())["jupyter-config-data"]
    apps = page_config(output / "voici" / "render" / "02-stunsa.html")
    assert apps["appVersion"] == lab["appVersion"]
    extensions = {e["name"]: e["load"] for e in apps["federated_extensions"]}
    assert {"@jupyterlite/pyodide-kernel-extension", "anywidget"} <= set(extensions)
    assert extensions["@jupyterlite/pyodide-kernel-extension"] in {
        e["load"] for e in lab["federated_extensions"]}
    wasm = runtime / "pyodide.asm.wasm"
    assert gzip.decompress(wasm.with_name(wasm.name + ".gz").read_bytes()) == wasm.read_bytes()


@pytest.mark.parametrize("page", ["02-stunsa", "sv/02-stunsa"])
def test_an_app_shows_no_code_and_its_stepper_answers_offline(site, browser, page):
    _, url = site
    chromium, proxy = browser
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(WATCH_WORKERS)
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

    assert [m for m in worker_messages(tab) if '"execute"' in m]  # the kernel's worker is watched
    quiet(lambda: worker_messages(tab))
    posted = len(worker_messages(tab))
    stepper = tab.locator(".sg-stepper").first
    narration = stepper.locator(NARRATION).first
    label = stepper.locator(".sg-where").first
    before = (narration.inner_text(), label.inner_text())
    stepper.locator("button", has_text=NEXT).first.click()
    tab.wait_for_function("([n, before]) => n.innerText !== before", timeout=60_000,
                          arg=[narration.element_handle(), before[0]])
    after = (narration.inner_text(), label.inner_text())
    assert after[0] != before[0] and after[1] != before[1], (before, after)
    step_by_mouse_and_keyboard(tab, stepper, SWEDISH if page.startswith("sv/") else ENGLISH)
    times = click_times(tab, stepper)
    answer_in_any_language(tab, tab.locator(".sg-quiz").first)
    sent = worker_messages(tab)[posted:]
    print(f"click to narration in the app: {', '.join(f'{t:.1f}' for t in times)} ms; "
          f"{len(sent)} messages posted to workers meanwhile")
    assert comm_messages(sent) == [], "a stepper click or a quiz's answer sent a widget message"
    tab.screenshot(path=str(SHOTS / f"voici-{page.replace('/', '-')}-1280.png"))
    tab.set_viewport_size({"width": 800, "height": 900})
    tab.screenshot(path=str(SHOTS / f"voici-{page.replace('/', '-')}-800.png"))

    found = violations(tab, ".jp-OutputArea-output")
    assert found == [], found
    assert outside(requests) == [], proxy.refused
    assert any("/static/pyodide/skitgubbe-" in u for u in requests)  # the kernel is the site's
    assert not [u for u in requests if re.search(r"/(jedi|parso)-[^/]*\.whl", u)]
    context.close()


#: the spinner's lines in Swedish (lite/voici.py's messages, as the catalogue has them)
SWEDISH_SPINNER = re.compile(r"^(Appen laddas…|Startar Python i din webbläsare…|Kör del \d+ av \d+…)$")
#: every line the spinner shows, kept by the page as it changes
WATCH_SPINNER = """window.spinnerLines = [];
document.addEventListener('DOMContentLoaded', () => {
  const line = document.getElementById('loading_text');
  if (!line) return;
  window.spinnerLines.push(line.textContent);
  new MutationObserver(() => window.spinnerLines.push(line.textContent))
    .observe(line, {childList: true, characterData: true, subtree: true});
});"""


def test_the_swedish_list_shows_the_swedish_apps_and_they_speak_swedish(site, browser):
    """``apps/voici/tree/sv/`` lists the Swedish notebooks (not the top folder's), in
    Swedish, and a Swedish app's spinner speaks Swedish until its stepper is live."""
    _, url = site
    chromium, proxy = browser
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(WATCH_SPINNER)
    tab = context.new_page()
    tab.set_default_timeout(240_000)
    tab.goto(f"{url}/voici/tree/sv/")
    assert tab.evaluate("document.documentElement.lang") == "sv"
    assert tab.get_by_text("Välj en notebook för att öppna den som app.").is_visible()
    swedish = sorted(p.name for p in (ROOT / "notebooks" / "sv").glob("*.ipynb"))
    listed = tab.locator(".voila-notebooks a").all_inner_texts()
    assert sorted(n.strip() for n in listed if n.strip() != "..") == swedish
    with context.expect_page() as opened:  # in a tab of its own
        tab.locator(".voila-notebooks a", has_text="02-stunsa.ipynb").click()
    app = opened.value
    app.set_default_timeout(240_000)
    app.locator(".sg-stepper button.sg-next", has_text=NEXT).first.wait_for()
    assert "/voici/render/sv/02-stunsa.html" in app.url
    assert app.evaluate("document.documentElement.lang") == "sv"
    lines = app.evaluate("window.spinnerLines")
    assert lines and all(SWEDISH_SPINNER.match(line) for line in lines), lines
    assert any(line.startswith("Kör del") for line in lines), lines
    english = context.new_page()
    english.goto(f"{url}/voici/tree/index.html")
    assert english.evaluate("document.documentElement.lang") == "en"
    assert english.get_by_text("Choose a notebook to open it as an app.").is_visible()
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
    tab.locator(".jp-OutputArea .sg-stepper button.sg-next", has_text=NEXT).first.wait_for()
    assert tab.locator('[data-mime-type="application/vnd.jupyter.stderr"]').count() == 0
    tab.close()
    open_app(context, f"{url}/voici/render/sv/02-stunsa.html")[0].close()
    assert outside(requests) == []
    context.close()
