import functools
import sys
from pathlib import Path

import pytest

#: What `make quick` (``pytest -m "not slow"``) leaves out, as test files or tests by
#: node id; `make test` runs them all.  A test in a file of its own can also say
#: ``@pytest.mark.slow``.
NOT_QUICK = (
    # browsers, servers and fresh environments
    "tests/test_browser.py", "tests/test_lite.py", "tests/test_voila.py",
    "tests/test_voici.py", "tests/test_binder.py", "tests/test_browsing.py",
    "tests/test_front_module.py",
    "tests/test_handout.py::test_printed_handouts_fit_their_pages",
    "tests/test_worksheet.py::test_every_built_in_worksheet_prints_on_two_pages_koiras_on_three",
    "tests/test_site_bytes.py",
    # the static site in Chromium, and the toy notebooks it executes (tests/site_toy.py)
    "tests/test_site.py::test_a_", "tests/test_site.py::test_axe",
    "tests/test_site.py::test_without_scripts", "tests/test_site.py::test_the_notebooks_own",
    # long property and fuzz runs, and the same game in every preset at every count
    "tests/test_fuzz_files.py", "tests/test_properties.py", "tests/test_probes.py",
    "tests/test_rulesets.py::test_every_preset_at_every_player_count",
    "tests/test_bots.py::test_every_bot_plays_only_legal_moves_in_every_preset",
    "tests/test_bots.py::test_a_bots_choice_does_not_depend_on_cards_it_cannot_see",
    # a process or a Dask cluster per test: hostile input, Ctrl-C, packaging, studies
    "tests/test_hardening.py", "tests/test_hostile_files.py", "tests/test_interrupt.py",
    "tests/test_packaging.py", "tests/test_ladder.py", "tests/test_studies.py",
    "tests/test_benchmarks.py", "tests/test_simulate.py::test_cli_runs_dask",
    "tests/test_simulate.py::test_dask_gives_the_same_rows_as_serial",
    "tests/test_swedish.py::test_the_command_line_speaks_swedish",
    "tests/test_swedish.py::test_the_swedish_command_line_help_and_argument_errors_are_swedish",
    "tests/test_signals.py",
    # the widgets, the README's commands, the API reference (pdoc)
    "tests/test_widgets.py", "tests/test_quiz_widget.py", "tests/test_readme.py",
    "tests/test_docs.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.nodeid.startswith(NOT_QUICK):
            item.add_marker(pytest.mark.slow)
    # The test files that use tests/browsing.py run last, together: the session's one
    # chromium lives from the first browser test to the session's end, and while its
    # Playwright driver runs, the main thread has a running asyncio loop, in which
    # asyncio.run() (widgets/offline.py's doctest, nbval's kernels) would fail.
    items.sort(key=_uses_browsing)


@functools.cache
def _file_uses_browsing(path: Path) -> bool:
    return path.suffix == ".py" and "from tests.browsing import" in path.read_text(encoding="utf-8")


def _uses_browsing(item: pytest.Item) -> bool:
    return _file_uses_browsing(item.path)


# One chromium and one JupyterLite build per session, for every browser test file
# (tests/browsing.py). The test files' own fixtures (``browser``, ``site``) use these.

@pytest.fixture(scope="session")
def chromium():
    """The session's offline chromium and its refusing proxy (``browsing.offline_chromium``):
    open a context or page of your own in it, as ``chromium_page`` does."""
    from tests.browsing import require_chromium, shared_chromium
    return shared_chromium(require_chromium())


@pytest.fixture
def chromium_page(chromium):
    """A page in a context of its own in the session's chromium, closed after the test."""
    from tests.browsing import own_contexts
    browser, _ = chromium
    with own_contexts(browser):
        yield browser.new_context().new_page()


@pytest.fixture(scope="session")
def lite_build(tmp_path_factory) -> Path:
    """The JupyterLite site of the notebooks as `make lite` builds it (lite/build.py), built
    once per session into a folder tests/test_lite.py and tests/test_voici.py read and
    serve, never change (test_voici adds the apps beside it, as `make lite` does)."""
    from tests.browsing import build_lite
    output = tmp_path_factory.mktemp("lite") / "site"
    build_lite("build", output)
    return output


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Close the session's chromium, if a browser test started it."""
    browsing = sys.modules.get("tests.browsing")
    if browsing is not None:
        browsing.close_shared()
