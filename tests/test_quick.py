"""`make quick` leaves out what ``NOT_QUICK`` in ``tests/conftest.py`` names: each entry
must still name a test file or a test, or a renamed slow test would silently join the
quick loop."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import NOT_QUICK

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("entry", NOT_QUICK)
def test_each_slow_entry_names_a_test_file_or_test(entry):
    file, _, test = entry.partition("::")
    assert (ROOT / file).is_file(), entry
    if test:
        source = (ROOT / file).read_text(encoding="utf-8")
        assert re.search(rf"^def {re.escape(test)}\w*\(", source, re.M), entry
