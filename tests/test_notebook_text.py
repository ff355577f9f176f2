"""What students read in the notebooks: rules numbered as the narration cites them, no
programming words in the outputs, and every figure a sentence of 08 states tied to an
output (or, for the study too long to run here, to its stated counts)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import mistune
import pytest

from skitgubbe_core.studies import wilson

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))
IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_]+ ?= ?[\w-]+|\bTrue\b|\bFalse\b|\bNone\b|\bdtype\b")
"""``tie_cards_to = pile``, Python's True/False/None, pandas' dtype lines."""


def cells(name: str) -> list[dict]:
    path = next(p for p in NOTEBOOKS if p.name.startswith(name))
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def outputs_text(cell: dict) -> str:
    """What a code cell shows, as text (HTML without its tags and style sheets)."""
    parts = []
    for out in cell.get("outputs", []):
        data = out.get("data", {})
        parts += ["".join(data[k]) for k in ("text/plain", "text/html") if k in data]
        parts.append("".join(out.get("text", "")))
    text = re.sub(r"<style.*?</style>|<[^>]+>", " ", " ".join(parts), flags=re.S)
    return html.unescape(text)


def test_how_to_play_numbers_its_rules_as_the_narration_cites_them():
    shown = "".join(mistune.html("".join(c["source"])) for c in cells("01")
                    if c["cell_type"] == "markdown")
    assert "<ol" not in shown
    numbers = re.findall(r"<strong>Rule (\w+)\.</strong>", shown)
    assert numbers == [str(n) for n in range(11)] + ["11a", "11b", "12", "13"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_programming_words_in_what_a_notebook_shows(path):
    found = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        found += IDENTIFIER.findall(outputs_text(cell))
    assert found == []


def test_every_figure_of_the_numbers_notebook_comes_from_an_output():
    notebook = cells("08")
    shown = " ".join(outputs_text(c) for c in notebook if c["cell_type"] == "code")
    told = " ".join("".join(c["source"]) for c in notebook if c["cell_type"] == "markdown")
    study = "it lost 33 of its 150 seats, 22% (95% interval 16-29%)"
    assert study in told.replace("\n", " ")
    low, high = wilson(33, 150)
    assert (round(33 / 150 * 100), round(low * 100), round(high * 100)) == (22, 16, 29)
    rest = told.replace("\n", " ").replace(study, "")
    for figure in set(re.findall(r"\d+%", rest)) - {"95%"}:
        assert figure in shown, figure


@pytest.mark.parametrize("folder, seat, computer", [("", "seat 1", "computer player"),
                                                    ("sv", "plats 1", "datorspelare")])
def test_the_numbers_notebook_names_seats_and_players_as_a_teacher_would(folder, seat, computer):
    path = NOTEBOOKS[0].parent / folder / "08-what-the-numbers-say.ipynb"
    shown = [outputs_text(c) for c in json.loads(path.read_text(encoding="utf-8"))["cells"]
             if "loss_rates(" in "".join(c["source"]) and "charts" not in "".join(c["source"])]
    assert len(shown) == 2
    assert seat in shown[0] and not re.search(r"^[0-2] ", shown[0], flags=re.M)
    assert computer in shown[1] and not re.search(r"^bot\b", shown[1], flags=re.M)
