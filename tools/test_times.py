"""Where the tests spend their time: run pytest (any arguments, e.g. test files) with a
JUnit XML report, then print the wall time per test file (set-up, call and tear-down of
its tests; module fixtures such as a server or a site build count in the file's first
test), the slowest tests, and the machine's load.

    python -m tools.test_times tests/test_voila.py tests/test_lite.py
    python -m tools.test_times --top 15 -m "not slow" tests
    python -m tools.test_times --report a.xml --report b.xml  # only read earlier reports

Everything after the options goes to pytest; the report is written to a temporary file
unless ``--xml`` names one.  Exits with pytest's status.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path


def read_report(path: Path) -> list[tuple[str, str, float, str]]:
    """(file, test name, seconds, outcome) of every test case in a JUnit XML report."""
    cases = []
    for case in ET.parse(path).getroot().iter("testcase"):
        module = case.get("classname", "")
        # pytest writes "tests.test_x" or "tests.test_x.TestClass" as the class name
        parts = module.split(".")
        while parts and not parts[-1].startswith("test_"):
            parts.pop()
        file = "/".join(parts) + ".py" if parts else case.get("file", module)
        outcome = next((child.tag for child in case
                        if child.tag in ("failure", "error", "skipped")), "passed")
        cases.append((file, case.get("name", ""), float(case.get("time", 0)), outcome))
    return cases


def table(cases: list[tuple[str, str, float, str]], top: int, files: int = 0) -> str:
    """Per-file totals, slowest first (the ``files`` slowest, the others added up, when
    ``files`` is not 0), then the ``top`` slowest tests (Markdown)."""
    per_file: dict[str, list[float]] = defaultdict(list)
    for file, _, seconds, _ in cases:
        per_file[file].append(seconds)
    total = sum(seconds for _, _, seconds, _ in cases)
    lines = ["| file | tests | seconds | share |", "| --- | ---: | ---: | ---: |"]
    ranked = sorted(per_file.items(), key=lambda item: -sum(item[1]))
    shown, rest = (ranked[:files], ranked[files:]) if files else (ranked, [])
    for file, times in shown:
        share = sum(times) / total if total else 0.0
        lines.append(f"| `{file}` | {len(times)} | {sum(times):.1f} | {share:.0%} |")
    if rest:
        times = [s for _, file_times in rest for s in file_times]
        share = sum(times) / total if total else 0.0
        lines.append(f"| {len(rest)} other files | {len(times)} | {sum(times):.1f} | {share:.0%} |")
    lines.append(f"| all | {len(cases)} | {total:.1f} | |")
    lines += ["", f"The {top} slowest tests:", "", "| seconds | test |", "| ---: | --- |"]
    for file, name, seconds, outcome in sorted(cases, key=lambda c: -c[2])[:top]:
        note = "" if outcome == "passed" else f" ({outcome})"
        lines.append(f"| {seconds:.1f} | `{file}::{name}`{note} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=15, help="how many slowest tests to list")
    parser.add_argument("--files", type=int, default=0,
                        help="list only the slowest files, the others added up")
    parser.add_argument("--xml", type=Path, help="where to keep the JUnit XML report")
    parser.add_argument("--report", type=Path, action="append",
                        help="read this report instead of running (repeat to add up several)")
    args, pytest_args = parser.parse_known_args(argv)
    status = 0
    if args.report:
        reports = args.report
    else:
        report = args.xml or Path(tempfile.mkdtemp()) / "junit.xml"
        reports = [report]
        load = os.getloadavg()[0]
        started = time.monotonic()
        status = subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                                  f"--junit-xml={report}", *pytest_args])
        wall = time.monotonic() - started
        print(f"\nwall time {wall:.0f} s; load average {load:.1f} before, "
              f"{os.getloadavg()[0]:.1f} after ({os.cpu_count()} cores)\n")
    cases = [case for report in reports for case in read_report(report)]
    print(table(cases, args.top, args.files))
    return status


if __name__ == "__main__":
    sys.exit(main())
