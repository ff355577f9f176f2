"""Numbers a Swedish reader sees are written the Swedish way (decimal comma, a space
before the per cent sign, digit groups in long numbers), in tables, sentences, charts and
the command line's lines for people; English and the data files keep Python's notation."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from skitgubbe_core import i18n
from skitgubbe_core.i18n import column, number, numeral, percent
from skitgubbe_core.ladder import Rating
from skitgubbe_core.studies import SUMMARY_COLUMNS, progress_line, translated
from tests.test_notebook_text import outputs_text

ROOT = Path(__file__).resolve().parents[1]
STUDY = ROOT / "notebooks" / "studies" / "variants-heuristic.csv"
DECIMAL_POINT = re.compile(r"\d\.\d|\d%")
"""A number written the English way: ``0.113``, ``29%``."""


def test_english_numbers_are_written_as_python_writes_them():
    assert (number(0.113), number(10.367, 1), number(12500), percent(0.293, 1)) == \
        ("0.113", "10.4", "12500", "29.3%")
    assert column([0.34, 0.337, 275.0]) == ["0.340", "0.337", "275.000"]


def test_swedish_numbers_have_a_decimal_comma_groups_and_a_spaced_per_cent_sign():
    with i18n.language("sv"):
        assert number(0.113) == "0,113" and number(10.367, 1) == "10,4"
        assert number(1234567.5, 1) == "1\u202f234\u202f567,5" and number(-12500) == "-12\u202f500"
        assert number(5000) == "5000" and number(float("nan")) == "nan"
        assert percent(0.293, 1) == "29,3\u00a0%" and percent(1) == "100\u00a0%"
        assert column([0.1, 0.25, float("nan")]) == ["0,10", "0,25", "NaN"]
        assert numeral("pagat.com") == "pagat.com" and numeral("25%") == "25\u00a0%"


def test_a_language_without_its_own_numerals_writes_them_as_english_does(monkeypatch):
    monkeypatch.setattr(i18n, "current", lambda: "fi")
    assert numeral("0.5") == "0.5"


def test_every_study_column_has_a_swedish_header_and_swedish_numbers():
    pd = pytest.importorskip("pandas")
    study = pd.read_csv(STUDY)
    shown = translated(study.set_index("variant"), lang="sv")
    headers = [shown.index.name, *shown.columns]
    assert len(headers) == len(SUMMARY_COLUMNS)
    assert [h for h in headers if "_" in h] == []
    assert len(set(headers)) == len(headers)
    assert headers[headers.index("drag, median"):][:3] == \
        ["drag, median", "drag, undre gräns", "drag, övre gräns"]
    for text in (shown.to_string(), shown.to_html()):
        assert DECIMAL_POINT.findall(re.sub(r"<[^>]+>", " ", text)) == []
        assert "0,49" in text or "0,4" in text
    assert translated(study).equals(study)


def test_a_swedish_study_table_on_show_has_swedish_headers_and_numbers():
    pd = pytest.importorskip("pandas")
    from skitgubbe_widgets import tables

    study = pd.read_csv(STUDY).set_index("variant")
    swedish = tables.show(study, "studie", lang="sv")._repr_html_()
    heads = re.findall(r"<th [^>]*>([^<]*)</th>", swedish)
    cells = re.findall(r"<td [^>]*>([^<]*)</td>", swedish)
    assert "drag, median" in heads and "platsskillnad, övre gräns" in heads
    assert [h for h in heads if "_" in h] == []
    assert [c for c in cells if DECIMAL_POINT.search(c)] == []
    assert any("," in c for c in cells)
    assert repr(tables.show(study, "studie", lang="sv")) == "studie (21 rader)"
    assert repr(tables.show(study, "study")) == "study (21 rows)"
    english = tables.show(study, "study")._repr_html_()
    assert "<th" in english and "moves_median" in english
    assert re.findall(r"<td [^>]*>(\d+\.\d+)</td>", english)


def test_swedish_chart_ticks_have_a_decimal_comma_and_english_ones_a_point():
    pd = pytest.importorskip("pandas")
    pytest.importorskip("matplotlib")
    from skitgubbe_widgets import charts

    study = pd.read_csv(STUDY)
    for lang, mark, other in (("sv", ",", "."), (None, ".", ",")):
        fig = charts.metric_by_variant({"tumregler": study}, "decisiveness", "Hur avgörande",
                                       "andel", lang=lang)
        fig.canvas.draw()
        ticks = [t.get_text() for t in fig.axes[0].get_xticklabels()]
        numeric = [t for t in ticks if re.search(r"\d", t)]
        assert numeric and all(mark in t and other not in t for t in numeric[1:]), ticks
        bars = charts.loss_rate_bars(pd.DataFrame({"rate": [0.3], "low": [0.2], "high": [0.4]},
                                                  index=pd.Index(["A"], name="seat")),
                                     "t", fair=1 / 3, lang=lang)
        bars.canvas.draw()
        legend = bars.axes[0].get_legend().get_texts()[0].get_text()
        assert legend.endswith(f"0{mark}33"), legend
        assert [t.get_text() for t in bars.axes[0].get_xticklabels()] == ["A"]


def test_the_computer_players_have_swedish_names_in_swedish_tables_and_charts():
    pd = pytest.importorskip("pandas")
    pytest.importorskip("matplotlib")
    from skitgubbe_widgets import charts

    ladder = pd.DataFrame({"bot": ["memory", "search", "heuristic", "random"], "mu": [1.5] * 4})
    rates = pd.DataFrame({"rate": [0.1, 0.5], "low": [0.0, 0.4], "high": [0.2, 0.6]},
                         index=pd.Index(["heuristic", "random"], name="bot"))
    for lang, names in (("sv", ["minne", "sökning", "tumregler", "slump"]),
                        (None, ["memory", "search", "heuristic", "random"])):
        assert list(translated(ladder, lang=lang).iloc[:, 0]) == names
        assert list(translated(rates, lang=lang).index) == names[2:]
        bars = charts.loss_rate_bars(rates, "t", lang=lang)
        bars.canvas.draw()
        assert [t.get_text() for t in bars.axes[0].get_xticklabels()] == names[2:]


def test_the_command_lines_for_people_speak_swedish_numbers():
    row = {"variant": "mas", "players": 3, "games": 20000, "moves_median": 120.5,
           "unfinished": 0.085}
    with i18n.language("sv"):
        assert progress_line(row) == ("mas (3 spelare, 20\u202f000 partier): median 120,5 drag, "
                                      "8\u00a0% inte färdigspelade")
        assert "mu 31,58  sigma 3,53" in Rating("search", 31.579, 3.53, 90, 11, 2).line()
    assert progress_line(row) == "mas (3 players, 20000 games): median 120.5 moves, 8% unfinished"
    assert "mu 31.58  sigma 3.53" in Rating("search", 31.579, 3.53, 90, 11, 2).line()


def test_compare_files_keep_decimal_points_in_swedish(tmp_path):
    pytest.importorskip("pandas")
    from skitgubbe_core.cli import main

    out = tmp_path / "c.csv"
    assert main(["--lang", "sv", "compare", "--variants", "mas", "--games", "2", "--seed", "2",
                 "--out", str(out)]) == 0
    head, row = out.read_text(encoding="utf-8").splitlines()
    assert head.split(",") == SUMMARY_COLUMNS
    assert re.search(r"\d\.\d", row) and "\u00a0" not in row


@pytest.mark.parametrize("name", ["08-what-the-numbers-say", "09-how-the-variants-play"])
def test_the_swedish_numbers_notebooks_show_no_decimal_point(name):
    """Every table, sentence and caption a Swedish study notebook shows writes its
    numbers the Swedish way (its code cells may still use Python's notation)."""
    cells = json.loads((ROOT / "notebooks" / "sv" / f"{name}.ipynb").read_text("utf-8"))["cells"]
    shown = [outputs_text(c) for c in cells if c["cell_type"] == "code"]
    found = {text[:80]: DECIMAL_POINT.findall(text) for text in shown
             if DECIMAL_POINT.search(text.replace("<Figure size", ""))}
    assert found == {}
    assert any(re.search(r"\d,\d", text) for text in shown)
    assert not any(re.search(r"[a-z]_[a-z]", text) for text in shown)


@pytest.mark.parametrize("name", ["08-what-the-numbers-say", "09-how-the-variants-play"])
def test_the_swedish_study_notebooks_name_the_computer_players_in_swedish(name):
    """Their tables say ``tumregler``, ``sökning``..., as their sentences do (the code
    cells keep the names ``--bots`` takes)."""
    cells = json.loads((ROOT / "notebooks" / "sv" / f"{name}.ipynb").read_text("utf-8"))["cells"]
    shown = " ".join(outputs_text(c) for c in cells if c["cell_type"] == "code")
    assert re.findall(r"\b(?:random|heuristic|search|memory)\b", shown) == []
    assert "tumregler" in shown


@pytest.mark.parametrize("name", sorted(p.name for p in (ROOT / "notebooks" / "sv").glob("0*.ipynb")))
def test_each_notebook_links_to_its_other_language(name):
    def footer(path: Path) -> str:
        return "".join(json.loads(path.read_text("utf-8"))["cells"][-1]["source"])

    english = (ROOT / "notebooks" / name).read_text("utf-8")
    assert f"](sv/{name})" in (footer(ROOT / "notebooks" / name) if name[:2] != "00" else english)
    assert f"[In English](../{name})" in footer(ROOT / "notebooks" / "sv" / name)
