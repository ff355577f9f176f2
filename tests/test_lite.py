"""The static JupyterLite site (`make lite`) in headless chromium with no internet:
every notebook runs unchanged (Run All), no cell errs, its widgets answer a click, and
not one request leaves the loopback - except 08, whose studies need pandas and
matplotlib, which the site loads only when online: offline its first cell says so, each
cell that needs them says so in one sentence (no traceback), and Run All goes on to the
end (the cells' tag ``raises-exception``)."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import time
import zipfile
from pathlib import Path

import pytest

from tests.accessibility import violations
from tests.browsing import StaticSite, build_lite, offline_chromium, require_chromium, throttle
from tests.quizzing import answer_by_mouse_and_keyboard, answer_in_any_language
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
expect = sync_api.expect
pytest.importorskip("jupyterlite_core")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
#: pandas and matplotlib: the simulation studies
NEEDS_ONLINE = ("08-what-the-numbers-say.ipynb", "09-how-the-variants-play.ipynb")
RUN_TIMEOUT_MS = 420_000

#: Run All is over: every cell has run, or one has failed (JupyterLab then marks the rest
#: idle, though a kernel told ``stop_on_error: false`` goes on running them)
ALL_CELLS_DONE = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  if (!panel) return false;
  if (panel.querySelector('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
    return true;
  return EVERY_CELL_RAN();
}"""
EVERY_CELL_RAN = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const prompts = [...panel.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
  return prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim()));
}"""
ALL_CELLS_DONE = ALL_CELLS_DONE.replace("EVERY_CELL_RAN()", f"({EVERY_CELL_RAN})()")
#: every widget output is drawn: ipywidgets' renderer reads "Loading widget..." until its
#: view is attached (the children of a box still arrive one by one: wait on the element)
WIDGETS_DRAWN = """() => ![...document.querySelectorAll(
  '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output')]
  .some(o => o.textContent === 'Loading widget...')"""


def build_site(output: Path, contents: Path) -> None:
    build_lite("build", output, "--contents", str(contents))


@pytest.fixture(scope="module")
def site(lite_build):
    """The site as `make lite` builds it (once per session: ``lite_build`` in
    tests/conftest.py), served over HTTP on 127.0.0.1."""
    server = StaticSite(lite_build)
    yield lite_build, server.url
    server.close()


@pytest.fixture(scope="module")
def browser():
    with offline_chromium(sync_api) as chromium_and_proxy:
        yield chromium_and_proxy


def run_all(browser, url: str, notebook: str):
    """Open ``notebook`` in the site, clear its stored outputs, Run All; return the tab
    (left open), the seconds it took and where its requests start in ``proxy.refused``.
    What the page posts to its workers is kept (stepping.WATCH_WORKERS)."""
    chromium, proxy = browser
    mark = len(proxy.refused)
    started = time.monotonic()
    context = chromium.new_context(viewport={"width": 1300, "height": 1400})
    context.requests = []
    context.on("request", lambda request: context.requests.append(request.url))
    context.add_init_script(WATCH_WORKERS)
    tab = context.new_page()
    tab.set_default_timeout(120_000)
    tab.goto(f"{url}/lab/index.html?path={notebook}")
    tab.wait_for_selector(".jp-NotebookPanel .jp-CodeCell")
    for menu, item in (("Edit", "Clear Outputs of All Cells"), ("Run", "Run All Cells")):
        tab.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{menu}$")).click()
        tab.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{item}$")).click()
    tab.wait_for_function(ALL_CELLS_DONE, timeout=RUN_TIMEOUT_MS, polling=500)
    tab.wait_for_function(WIDGETS_DRAWN, polling=200)
    return tab, time.monotonic() - started, mark


def outside(tab) -> list[str]:
    """Requests the site made (its pages, kernel worker and service worker) that were not
    to the loopback. (The proxy also refuses Chromium's own update and sign-in calls.)"""
    return [url for url in tab.context.requests
            if not url.startswith(("http://127.0.0.1:", "data:", "blob:"))]


def errors(tab) -> list[str]:
    return tab.locator('.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'
                       ).evaluate_all("els => els.map(e => e.textContent.trim())")


def click_changes_the_board(tab) -> None:
    """Press a stepper's next (or step a rule switcher with its step box's arrow key, or at
    the play table press a move) and see the board change."""
    steppers = tab.locator(".jp-OutputArea .sg-widget button.sg-next")
    switchers = tab.locator(".jp-OutputArea .sg-widget .sg-step-box")
    if steppers.count():
        control = steppers.first
        press = control.click
    elif switchers.count():
        control = switchers.first

        def press() -> None:
            control.focus()
            tab.keyboard.press("ArrowUp")
    else:  # the play table: a playable card
        control = tab.locator(".jp-OutputArea .sg-table-view button.sg-card-button.sg-playable").first
        press = control.click
    output = control.locator("xpath=ancestor::div[contains(@class,'jp-OutputArea-output')][1]")
    before = output.locator(BOARDS).evaluate_all("els => els.map(e => e.innerHTML).join('')")
    press()
    tab.wait_for_function(
        "([out, before, boards]) => [...out.querySelectorAll(boards)]"
        ".map(e => e.innerHTML).join('') !== before",
        arg=[output.element_handle(), before, BOARDS], timeout=60_000)


BOARDS = ".sg-board-area, .widget-html-content"
"""Where a front-end widget (``.sg-board-area``, the play table's too) or an ipywidgets
HTML draws its board."""


def test_site_holds_the_notebooks_and_serves_pyodide_itself(site):
    output, _ = site
    contents = json.loads((output / "api" / "contents" / "all.json").read_text())
    assert sorted(c["name"] for c in contents["content"] if c["type"] == "notebook") == NOTEBOOKS
    swedish = json.loads((output / "api" / "contents" / "sv" / "all.json").read_text())
    assert sorted(c["name"] for c in swedish["content"]) == sorted(
        p.name for p in (ROOT / "notebooks" / "sv").glob("*.ipynb"))
    config = json.loads((output / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.js"
    assert kernel["loadPyodideOptions"]["packages"] == ["skitgubbe"]
    # one notebook's kernel at a time: no layout kept from visit to visit, and a kernel
    # shut down with its notebook's tab
    assert config["workspacesStorageDrivers"] == ["memoryStorageDriver"]
    assert config["enableMemoryStorage"] is True
    assert config["settingsOverrides"]["@jupyterlab/notebook-extension:tracker"] == {
        "kernelShutdown": True}
    # anywidget: its JupyterLab extension in the site, its wheel in the kernel's lock
    assert "anywidget" in {e["name"] for e in config["federated_extensions"]}
    assert list((output / "extensions" / "anywidget" / "static").glob("remoteEntry.*.js"))
    lock = json.loads((output / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    local = {name for name, entry in lock.items() if "://" not in entry["file_name"]}
    assert {"skitgubbe", "ipywidgets", "comm", "jupyterlab-widgets", "fastjsonschema", "micropip",
            "ipython", "anywidget", "psygnal", "typing-extensions"} <= local
    assert set(lock["anywidget"]["depends"]) <= local
    assert set(lock["ipython"]["depends"]) <= local  # no sqlite3 from the CDN
    assert not {"pandas", "matplotlib", "numpy"} & local
    # the kernel's worker installs nothing from the CDN as it starts (no sqlite3)
    workers = [p.read_text(encoding="utf-8") for p in (output / "extensions").rglob("*.js")]
    starts = [s for w in workers for s in re.findall(r'\[[^\[\]]*"pyodide_kernel"[^\[\]]*\]', w)]
    assert starts and not [s for s in starts if '"sqlite3"' in s], starts
    assert "ipywidgets" in lock["skitgubbe"]["depends"]
    assert set(lock["skitgubbe"]["depends"]) <= local  # never jupyterlab, pandas, matplotlib
    for name in local:
        assert (output / "static" / "pyodide" / lock[name]["file_name"]).is_file(), name
    wheel = zipfile.ZipFile(output / "static" / "pyodide" / lock["skitgubbe"]["file_name"])
    assert "skitgubbe_core/locale/sv/LC_MESSAGES/skitgubbe.mo" in wheel.namelist()
    # gzipped copies for a host to serve: the runtime, the pages as patched last, and every
    # copy the same bytes as its file
    copies = list(output.rglob("*.gz"))
    for path in (output / "static" / "pyodide" / "pyodide.asm.wasm", output / "fresh-notebooks.js",
                 output / "lab" / "index.html"):
        assert path.with_name(path.name + ".gz") in copies
    for copy in copies:
        assert gzip.decompress(copy.read_bytes()) == copy.with_suffix("").read_bytes(), copy


@pytest.mark.parametrize("notebook", [n for n in NOTEBOOKS if n not in NEEDS_ONLINE
                                      and n not in ("02-stunsa.ipynb", "05-family-and-sources.ipynb")])
def test_notebook_runs_offline_in_the_site(site, browser, notebook):
    _, url = site
    tab, seconds, mark = run_all(browser, url, notebook)
    print(f"\n{notebook}: Run All in {seconds:.1f} s")
    assert errors(tab) == []
    if tab.locator(".jp-OutputArea .sg-widget").count():
        click_changes_the_board(tab)
    if notebook == "03-pick-up-cases.ipynb":
        times = answer_by_mouse_and_keyboard(tab)
        print(f"quiz in the site: answers {', '.join(f'{t:.0f}' for t in times['answer'])} ms; "
              f"questions {', '.join(f'{t:.0f}' for t in times['question'])} ms")
    # WCAG 2.1 AA in JupyterLab too
    found = violations(tab, ".jp-OutputArea-output")
    assert found == [], found
    assert outside(tab) == [], browser[1].refused[mark:]
    assert any(url.endswith(".whl") for url in tab.context.requests)  # the kernel's worker is seen
    tab.context.close()


@pytest.mark.parametrize(("notebook", "words"), [("02-stunsa.ipynb", ENGLISH),
                                                ("sv/02-stunsa.ipynb", SWEDISH)])
def test_the_stepper_steps_by_mouse_and_keyboard_with_no_kernel_message(
        site, browser, notebook, words):
    """02 runs offline (Run All), its stepper steps by mouse and keys in English and
    Swedish, and not one of its clicks posts a widget message to the kernel's worker
    (stepping.WATCH_WORKERS: every message to Pyodide's worker is seen, as the notebook's
    execute requests were)."""
    _, url = site
    tab, seconds, mark = run_all(browser, url, notebook)
    print(f"\n{notebook}: Run All in {seconds:.1f} s")
    assert errors(tab) == []
    assert [m for m in worker_messages(tab) if '"execute"' in m]  # the kernel's worker is watched
    quiet(lambda: worker_messages(tab))
    before = len(worker_messages(tab))
    stepper = tab.locator(".jp-OutputArea .sg-stepper").first
    step_by_mouse_and_keyboard(tab, stepper, words)
    times = click_times(tab, stepper)
    answer_in_any_language(tab, tab.locator(".jp-OutputArea .sg-quiz").first)
    sent = worker_messages(tab)[before:]
    print(f"click to narration in the lab site: {', '.join(f'{t:.1f}' for t in times)} ms; "
          f"{len(sent)} messages posted to workers meanwhile")
    assert comm_messages(sent) == [], "a stepper click or a quiz's answer sent a widget message"
    assert violations(tab, ".jp-OutputArea-output") == []
    assert outside(tab) == [], browser[1].refused[mark:]
    tab.context.close()


def test_family_notebook_shows_its_tables_tree_and_switchers_offline(site, browser):
    """05 needs neither pandas nor matplotlib: tables and tree are HTML of our own."""
    _, url = site
    tab, _, _ = run_all(browser, url, "05-family-and-sources.ipynb")
    assert errors(tab) == []
    outputs = tab.locator(".jp-OutputArea-output")
    expect(outputs.filter(has_text="History (")).to_have_count(1)
    expect(outputs.filter(has_text="The Skitgubbe family as the sources relate it")).to_have_count(1)
    expect(outputs.filter(has_text="Glossary (")).to_have_count(1)
    tab.get_by_role("spinbutton", name="step").nth(6).wait_for()  # at least 7 switchers
    click_changes_the_board(tab)
    assert outside(tab) == []
    tab.context.close()


def test_three_notebooks_in_sequence_in_one_tab_each_open_alone_and_run(site, browser):
    """A student opens 02 and runs it, then 03, then 05, in one tab (as the index's links or
    the address lead), on a slow machine (4x CPU throttling): each opens alone - the
    earlier one is not restored beside it, so no second kernel (a Pyodide of its own)
    starts with it, and no restored layout detaches it - and runs to a drawn widget."""
    _, url = site
    chromium, proxy = browser
    context = chromium.new_context(viewport={"width": 1300, "height": 1000})
    context.requests = []
    context.on("request", lambda request: context.requests.append(request.url))
    tab = context.new_page()
    tab.set_default_timeout(240_000)
    throttle(tab)
    for notebook in ("02-stunsa.ipynb", "03-pick-up-cases.ipynb", "05-family-and-sources.ipynb"):
        started = time.monotonic()
        _open(tab, url, notebook)
        idle = tab.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"\| Idle$"))
        idle.wait_for()  # its kernel has started: one Pyodide, not one per notebook opened
        _menu(tab, "Run", "Run All Cells")
        tab.wait_for_function(ALL_CELLS_DONE, timeout=RUN_TIMEOUT_MS, polling=500)
        tab.wait_for_function(WIDGETS_DRAWN, polling=200)
        print(f"\n{notebook}: opened and Run All in {time.monotonic() - started:.1f} s at 4x")
        assert errors(tab) == []
        labels = tab.locator(".lm-DockPanel-tabBar .lm-TabBar-tabLabel").all_inner_texts()
        assert labels == [notebook], labels
        assert tab.locator(".jp-NotebookPanel").count() == 1
        expect(tab.locator(".jp-OutputArea .sg-widget").first).to_be_visible()
    assert outside(tab) == [], proxy.refused
    context.close()


@pytest.mark.parametrize("notebook", NEEDS_ONLINE)
def test_notebook_that_needs_pandas_says_so_offline_cell_by_cell(site, browser, notebook):
    _, url = site
    started = time.monotonic()
    tab, seconds, _ = run_all(browser, url, notebook)
    print(f"\n{notebook}: first cell that needs pandas after {seconds:.1f} s")
    tab.wait_for_function(EVERY_CELL_RAN, timeout=240_000, polling=500)  # none was stopped
    print(f"every cell done in {time.monotonic() - started:.1f} s")
    cells = tab.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell")
    first = cells.first.locator(".jp-OutputArea-output").text_content()
    assert first.startswith("Offline: this notebook needs pandas and matplotlib")
    messages = errors(tab)
    assert len(messages) == cells.count() - 1
    for message in messages:
        assert message.startswith("This cell needs pandas and matplotlib")
        assert message.count(".") == 1 and "Traceback" not in message and "Error" not in message
    tab.context.close()


def _open(tab, url: str, notebook: str) -> None:
    tab.goto(f"{url}/lab/index.html?path={notebook}")
    tab.wait_for_selector(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell")


def _menu(tab, menu: str, item: str) -> None:
    tab.locator(".lm-MenuBar-itemLabel", has_text=re.compile(f"^{menu}$")).click()
    tab.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{item}")).click()


def test_a_visit_shows_the_sites_new_version_and_keeps_a_copy_saved_under_own_name(
        tmp_path, browser):
    """The storage policy (lite/fresh-notebooks.js): a student changes a notebook and saves
    it, and saves a copy under their own name; the site is rebuilt with a new version of
    that notebook; on the next visit (4x CPU throttling: no restored layout detaches the
    notebook the address opens) the new version shows, and the own copy is still there
    with the change."""
    chromium, _ = browser
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    shutil.copy2(ROOT / "notebooks" / "00-index.ipynb", notebooks)
    served = tmp_path / "served"
    build_site(served / "lite", notebooks)
    server = StaticSite(served)
    url = f"{server.url}/lite"
    context = chromium.new_context(viewport={"width": 1300, "height": 1000})
    tab = context.new_page()
    tab.set_default_timeout(120_000)
    _open(tab, url, "00-index.ipynb")
    tab.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell").first.click()
    tab.keyboard.press("Escape")
    tab.keyboard.press("a")  # a new cell above: the student's change
    tab.keyboard.press("Enter")
    tab.keyboard.type("student_change = 1")
    tab.keyboard.press("Escape")
    tab.keyboard.press("Control+s")
    tab.wait_for_function("() => !document.title.startsWith('*') && "
                          "!document.querySelector('.jp-mod-dirty')")
    _menu(tab, "File", "Save Notebook As")
    field = tab.locator(".jp-Dialog input")
    field.fill("my-index.ipynb")
    tab.locator(".jp-Dialog .jp-mod-accept").click()
    # saved: the notebook's tab now bears the new name (the file browser may be folded)
    tab.locator(".lm-DockPanel-tabBar .lm-TabBar-tabLabel", has_text="my-index.ipynb").wait_for()
    tab.wait_for_function("() => !document.querySelector('.jp-mod-dirty')")
    tab.close()  # the visit ends
    nb = json.loads((notebooks / "00-index.ipynb").read_text(encoding="utf-8"))
    nb["cells"][0]["source"] = ["# The new version of the index\n"]
    (notebooks / "00-index.ipynb").write_text(json.dumps(nb), encoding="utf-8")
    build_site(served / "lite", notebooks)

    tab = context.new_page()  # the next visit, in the same browser, on a slow machine
    tab.set_default_timeout(120_000)
    throttle(tab)
    _open(tab, url, "00-index.ipynb")
    new = tab.locator(".jp-NotebookPanel", has_text="The new version of the index")
    new.wait_for(state="attached")
    assert "student_change" not in new.text_content()
    _open(tab, url, "my-index.ipynb")
    own = tab.locator(".jp-NotebookPanel", has_text="student_change")
    own.wait_for(state="attached")
    assert "The new version of the index" not in own.text_content()
    context.close()
    server.close()
