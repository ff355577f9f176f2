"""Worksheets: `skitgubbe handout NAME|FILE --exercises [-o OUT.html]`."""

import re

from skitgubbe_core import record
from skitgubbe_core.cli import main
from skitgubbe_core.simulate import random_game


def test_worksheet_markup_and_print_css(tmp_path, capsys):
    out = tmp_path / "case5.html"
    assert main(["handout", "pickup-case-5", "--exercises", "-o", str(out)]) == 0
    assert "worksheet written to" in capsys.readouterr().out
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
    assert "<script" not in page and not re.search(r'(src|href)="(https?:)?//', page)
    assert "@import" not in page and "url(" not in page
    assert "@page { size: A4" in page
    assert re.search(r"\.sg-answers \{ break-before: page; page-break-before: always; \}", page)
    assert re.search(r"\.sg-question \{ break-inside: avoid; page-break-inside: avoid;", page)
    questions = re.findall(r'<section class="sg-question">.*?</section>', page, re.S)
    assert len(questions) == 3
    assert all('class="sg-write"' in q and 'class="sg-choices"' in q for q in questions)
    assert "Who leads the next trick?" in questions[2]
    # the question shows the moment without its answer: no turn marker, no lead passing
    assert "sg-turn" not in questions[2] and "lead passes" not in questions[2]
    assert "C to play" not in questions[2]
    # frames up to each question come before it, the answers after every question
    assert page.index('class="sg-frame"') < page.index('class="sg-question"')
    answers = page[page.index('<section class="sg-answers">'):]
    assert page.rindex('class="sg-question"') < page.index('<section class="sg-answers">')
    assert answers.count("<li>") == 3
    assert "B has gone out, so the lead passes to C" in answers and "rule 12, going out" in answers


def test_worksheet_default_name_and_a_record(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["handout", "koira-tie-redistribution", "--exercises"]) == 0
    page = (tmp_path / "koira-tie-redistribution-exercises.html").read_text(encoding="utf-8")
    assert page.count('<section class="sg-question">') == 3
    assert "Which cards does F get?" in page and "2♠\ufe0e and 8♥\ufe0e" in page
    game = random_game(["<b>Ann</b>", "Bo", "Cai"], seed=3, max_moves=40)
    record.save(game, tmp_path / "game.json")
    assert main(["handout", str(tmp_path / "game.json"), "--exercises"]) == 0
    page = (tmp_path / "game-exercises.html").read_text(encoding="utf-8")
    assert "<b>Ann</b>" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page
    assert page.count('<section class="sg-question">') >= 3
