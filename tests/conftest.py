import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

#: What `make quick` (``pytest -m "not slow"``) leaves out, as test files or tests by
#: node id; `make test` runs them all.  A test in a file of its own can also say
#: ``@pytest.mark.slow``.
NOT_QUICK = (
    # browsers, servers and fresh environments
    "tests/test_browser.py", "tests/test_lite.py", "tests/test_voila.py",
    "tests/test_voici.py", "tests/test_binder.py",
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
