"""Printable handouts: `skitgubbe handout NAME|FILE.json [-o OUT.html]`."""

import json
import re
import subprocess
import sys

from skitgubbe_core import examples, record
from skitgubbe_core.cli import main
from skitgubbe_core.handout import handout_html
from skitgubbe_core.simulate import random_game


def test_handout_of_an_example_is_self_contained_and_printable(tmp_path, capsys):
    out = tmp_path / "koira.html"
    assert main(["handout", "koira-tie-redistribution", "-o", str(out)]) == 0
    assert str(out) in capsys.readouterr().out
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
    assert "<script" not in page and not re.search(r'(src|href)="(https?:)?//', page)
    assert "@import" not in page and "url(" not in page
    assert "@page { size: A4" in page and "break-inside: avoid" in page
    sc = examples.load("koira-tie-redistribution")
    assert f"<h1>{sc.title}</h1>" in page
    assert "Sources:" in page and "Swedish edition" in page
    sections = re.findall(r'<section class="sg-frame".*?</section>', page, re.S)
    assert len(sections) == 15
    assert 'class="sg-grid"' in page
    assert all('data-area="table"' in s for s in sections)
    assert 'title="jack of clubs"' in page
    assert "F gets 2♠\ufe0e, into their pile" in page
    assert "The rules in this example" in page and "V4" in page


def test_handout_default_name_and_records(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["handout", "stunsa-seven"]) == 0
    assert (tmp_path / "stunsa-seven.html").exists()
    game = random_game(["<b>Ann</b>", "Bo", "Cai"], seed=3, max_moves=20)
    record.save(game, tmp_path / "game.json")
    assert main(["handout", str(tmp_path / "game.json")]) == 0
    page = (tmp_path / "game.html").read_text(encoding="utf-8")
    assert "&lt;b&gt;Ann&lt;/b&gt;" in page and "<b>Ann" not in page


def test_handout_escapes_the_title_and_description():
    sc = examples.load("stunsa-seven")
    sc.title, sc.description = "<script>x</script>", "a & b"
    page = handout_html(sc)
    assert "<script>" not in page and "&lt;script&gt;x&lt;/script&gt;" in page
    assert "a &amp; b" in page


def test_handout_errors_are_one_line_without_a_traceback(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{bad", encoding="utf-8")
    cases = [["nope"], [str(tmp_path / "missing.json")], [str(bad)],
             ["stunsa-seven", "-o", str(tmp_path / "no" / "dir.html")]]
    for args in cases:
        done = subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", "handout", *args],
                              capture_output=True, text=True, encoding="utf-8")
        assert done.returncode == 2, args
        assert done.stderr.startswith("skitgubbe: ") and "Traceback" not in done.stderr
        assert done.stderr.count("\n") == 1
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": "skitgubbe-scenario/1"}), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", "handout", str(wrong)],
                          capture_output=True, text=True, encoding="utf-8")
    assert done.returncode == 2 and "wrong.json" in done.stderr


def test_handout_rules_come_in_their_own_order_and_the_header_reads_like_a_teachers():
    page = handout_html(examples.load("stunsa-seven"))
    numbers = re.findall(r"<dt><b>Rule ([0-9A-Za-z]+):", page)
    assert numbers == ["1", "2", "3", "4"]
    assert "Skitgubbe (basic game), three players: A, B and C; A starts." in page
    assert "players: A, B, C" not in page


def test_handout_marks_every_key_card():
    kinds = {name: set(re.findall(r"sg-mark-([a-z-]+)", handout_html(examples.load(name))))
             for name in ["stunsa-seven", "koira-tie-redistribution", "pickup-case-2"]}
    assert {"stunsa", "wins"} <= kinds["stunsa-seven"]
    assert {"tie", "dealt"} <= kinds["koira-tie-redistribution"]
    assert {"picked-up", "beats", "set-aside"} <= kinds["pickup-case-2"]
    assert "wins" not in kinds["pickup-case-2"] and "word" in kinds["pickup-case-2"]


def printed_pages(tmp_path, name):
    """The number of A4 pages chromium prints the handout of ``name`` on."""
    from tests.browsing import CHROMIUM, require_chromium
    require_chromium()
    page, pdf = tmp_path / f"{name}.html", tmp_path / f"{name}.pdf"
    page.write_text(handout_html(examples.load(name)), encoding="utf-8")
    subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                    "--no-pdf-header-footer", f"--print-to-pdf={pdf}", page.as_uri()],
                   capture_output=True, timeout=120, check=True)
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))


def test_printed_handouts_fit_their_pages(tmp_path):
    for name in ["stunsa-seven", *(f"pickup-case-{i}" for i in range(1, 7))]:
        assert printed_pages(tmp_path, name) == 1, name
    assert printed_pages(tmp_path, "koira-tie-redistribution") <= 2


def test_koira_handout_names_the_rule_choice_in_the_games_words():
    for lang, words in (("en", "Where redistributed tie cards go: the hand"),
                        ("sv", "Vart de utdelade korten går: handen")):
        page = handout_html(examples.load("koira-tie-redistribution"), lang=lang)
        assert "tie_cards_to" not in page and words in page.replace("&quot;", '"')
