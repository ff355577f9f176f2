"""Worksheets: `skitgubbe handout NAME|FILE --exercises [-o OUT.html]`."""

import html
import os
import re
import stat
import subprocess
import sys

import pytest

from skitgubbe_core import examples, quiz, record
from skitgubbe_core.cli import main
from skitgubbe_core.i18n import gettext, language
from skitgubbe_core.rulebook import RULEBOOK
from skitgubbe_core.simulate import random_game
from skitgubbe_core.view import text_presentation
from skitgubbe_core.worksheet import worksheet_html


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


# Issue 29, items 4 and 5: a page is written whole or not at all, titled by its file name
# as shown; handouts and worksheets share the writer (handout.write_page).

PAGES = [["handout"], ["handout", "--exercises"]]


@pytest.mark.parametrize("command", PAGES)
def test_a_fifo_is_refused_at_once_in_one_line(tmp_path, command):
    fifo = tmp_path / "page.html"
    os.mkfifo(fifo)
    result = subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", *command,
                             "pickup-case-5", "-o", str(fifo)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        f"skitgubbe: {fifo}: exists and is not a regular file; name a new file, or an "
        "ordinary file to replace"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("module", ["handout", "worksheet"])
@pytest.mark.parametrize("stop", [RuntimeError, KeyboardInterrupt])
def test_a_page_that_fails_or_is_stopped_while_written_leaves_the_old_one(
        tmp_path, monkeypatch, module, stop):
    from skitgubbe_core import files, handout, worksheet

    out = tmp_path / "page.html"
    out.write_text("the old page", encoding="utf-8")

    def stopped_halfway(text, path):
        def write(f):
            f.write(text[:100].encode())
            raise stop
        files.write_atomically(path, write)
    monkeypatch.setattr(handout, "save_text", stopped_halfway)
    with pytest.raises(stop):
        {"handout": handout, "worksheet": worksheet}[module].write("pickup-case-5", str(out))
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]
    assert out.read_text(encoding="utf-8") == "the old page"


@pytest.mark.parametrize("command", PAGES)
def test_a_record_named_in_bytes_that_are_not_utf8(tmp_path, command):
    path = tmp_path / os.fsdecode(b"caf\xe9.json")
    assert main(["play", "--seed", "2", "--quiet", "--record", str(path)]) == 0
    out = tmp_path / os.fsdecode(b"caf\xe9-page.html")
    result = subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", *command, str(path),
                             "-o", str(out)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    page = out.read_text(encoding="utf-8")
    assert page.count("caf\ufffd") >= 2  # <title>, <h1> (and the frames)


@pytest.mark.parametrize("command", PAGES)
def test_a_shown_file_name_loses_direction_marks_and_controls(tmp_path, command):
    path = tmp_path / "evil\u202elmth\x1b[2J\r.json"
    assert main(["play", "--seed", "2", "--quiet", "--record", str(path)]) == 0
    out = tmp_path / "page.html"
    assert main([*command, str(path), "-o", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    assert not re.search("[\u202e\x1b\r]", page)
    assert f"<title>{'evillmth[2J: questions' if len(command) > 1 else 'evillmth[2J'}</title>" \
        in page
    assert page.count("evillmth[2J") >= 3  # the title, the heading and the frames


# Issue 27, item 8: worksheets print only the frames a question needs, on at most two A4
# pages with their answers (the seven-player Koira example on at most three), and the
# answer page lists every rule its answers cite.

NAMES = examples.names()


def printed_worksheets(tmp_path, names, langs=("en", "sv")):
    """The number of A4 pages chromium prints each worksheet on, by (name, lang): one
    browser prints them all (page.pdf is chromium's --print-to-pdf)."""
    from tests.browsing import offline_chromium, require_chromium
    sync_api = require_chromium()
    counts = {}
    with offline_chromium(sync_api) as (browser, _):
        tab = browser.new_page()
        for name in names:
            for lang in langs:
                page = tmp_path / f"{name}-{lang}.html"
                page.write_text(worksheet_html(examples.load(name), lang=lang), encoding="utf-8")
                tab.goto(page.as_uri())
                pdf = tab.pdf(prefer_css_page_size=True)
                counts[name, lang] = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    return counts


def test_every_built_in_worksheet_prints_on_two_pages_koiras_on_three(tmp_path):
    counts = printed_worksheets(tmp_path, NAMES)
    limits = {name: 3 if name == "koira-tie-redistribution" else 2 for name in NAMES}
    assert {k: n for k, n in counts.items() if n > limits[k[0]]} == {}


def test_koiras_worksheet_shows_the_deal_and_the_tie_not_every_draw():
    page = worksheet_html(examples.load("koira-tie-redistribution"), lang="sv")
    questions = page.index('<section class="sg-question">')
    assert page.count('<section class="sg-frame"') == 2
    assert page.index("<b>Start.</b>") < page.index("<b>Drag 7, 2 av 9</b>") < questions
    assert page.index("sg-mark-tie") < questions
    # the draws are still told, before the question
    assert page.index("A drar") < questions and page.index("F drar") < questions


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_no_event_before_a_question_is_lost(lang):
    """Every event narrated up to a worksheet's last question is told on the page."""
    with language(lang):
        for name in NAMES:
            sheet = quiz.questions(examples.load(name))
            if not sheet.questions:
                continue
            page = html.unescape(worksheet_html(examples.load(name)))
            last = max(q.frame for q in sheet.questions)
            for frame in sheet.frames[1:last]:
                for e in frame.events:
                    assert text_presentation(e.sentence(sheet.game.players)) in page, (name, e)


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_answer_page_lists_every_rule_its_answers_cite(lang):
    with language(lang):
        heading = gettext("Rule {number}: {title}")
        missing = []
        for name in NAMES:
            sheet = quiz.questions(examples.load(name))
            page = html.unescape(worksheet_html(examples.load(name)))
            answers = page[page.index('class="sg-answers"'):]
            for q in sheet.questions:
                for rule in RULEBOOK.values():
                    if rule.reference in q.rule or rule.reference in q.why:
                        title = heading.format(number=rule.number, title=rule.name)
                        if title not in answers:
                            missing.append((name, q.kind, title))
    assert missing == []


def test_a_printed_frame_tells_every_card_it_shows_played():
    """Koira's tie frame pictures G's 4♣ on the table, so it tells that G played it."""
    page = worksheet_html(examples.load("koira-tie-redistribution"))
    tie = page[page.index("<b>Move 7, 2 of 9</b>"):page.index('<section class="sg-question">')]
    assert "G plays 4♣" in tie and "C, E and F tie" in tie
