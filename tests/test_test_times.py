"""tools/test_times.py: per-file totals and the slowest tests from JUnit XML reports."""

from tools import test_times as tool

REPORT = """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">
<testcase classname="tests.test_voila" name="test_a[02-stunsa.ipynb]" time="30.5" />
<testcase classname="tests.test_voila" name="test_b" time="9.5"><skipped /></testcase>
<testcase classname="tests.test_cards.TestParse" name="test_c" time="0.25" />
<testcase classname="tests.test_cards" name="test_d" time="0.75"><failure /></testcase>
</testsuite></testsuites>"""


def test_files_are_added_up_slowest_first_and_the_slowest_tests_listed(tmp_path, capsys):
    (tmp_path / "a.xml").write_text(REPORT, encoding="utf-8")
    cases = tool.read_report(tmp_path / "a.xml")
    assert cases[2] == ("tests/test_cards.py", "test_c", 0.25, "passed")
    assert [c[3] for c in cases] == ["passed", "skipped", "passed", "failure"]
    lines = tool.table(cases, 2).splitlines()
    assert lines[2:5] == ["| `tests/test_voila.py` | 2 | 40.0 | 98% |",
                          "| `tests/test_cards.py` | 2 | 1.0 | 2% |", "| all | 4 | 41.0 | |"]
    assert lines[-2:] == ["| 30.5 | `tests/test_voila.py::test_a[02-stunsa.ipynb]` |",
                          "| 9.5 | `tests/test_voila.py::test_b` (skipped) |"]
    assert tool.table(cases, 1, files=1).splitlines()[3] == "| 1 other files | 2 | 1.0 | 2% |"
    assert tool.main(["--report", str(tmp_path / "a.xml"), "--report",
                      str(tmp_path / "a.xml"), "--top", "1"]) == 0
    assert "| all | 8 | 82.0 | |" in capsys.readouterr().out
