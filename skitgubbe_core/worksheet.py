"""Worksheets: the questions of a worked example on paper, with an answer key.

One self-contained HTML page (the handouts' print CSS, no scripts, no external files):
the frames up to each question (small, in the handouts' grid), each question in a
``<section class="sg-question">`` with its board, its choices and room to write, then the
answers with their reasons and rules in a ``<section class="sg-answers">`` that starts on
a new printed page, and only then the example's description (it states the outcome).

>>> from skitgubbe_core import examples
>>> page = worksheet_html(examples.load("pickup-case-5"))
>>> page.count('<section class="sg-question"'), page.count('class="sg-answers"')
(3, 1)
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from . import quiz, scenario
from .frames import Frame
from .game import Game
from .handout import PRINT_CSS, rules_line, write_page
from .i18n import Messages, current, language
from .i18n import gettext as _
from .quiz import Question, Sheet
from .view import board_html, frame_html, rules_html, text_presentation

WORDS = Messages({
    "title": "{title}: questions",
    "recorded": "A recorded game",
    "steps": "What happens",
    "question": "Question {number}",
    "write": "Your answer and why:",
    "answers": "Answers",
    "none": "This example asks no questions.",
    "over": "nobody: the deal is over",
})
"""The worksheet's own words, in the current language (the questions' words are in
:data:`skitgubbe_core.quiz.TEXT`)."""

WORKSHEET_CSS = """
.sg-question { break-inside: avoid; page-break-inside: avoid; margin: 0.8em 0;
               padding: 0.4em 0.7em; border: 1px solid #9aa9bf; border-radius: 0.3em; }
.sg-question .sg-prompt { font-weight: bold; font-size: 1.1em; }
.sg-choices { list-style: none; padding-left: 0.4em; }
.sg-choices li::before { content: "\\2610\\00a0"; }
.sg-write { min-height: 5.5em; margin-top: 0.3em; color: #555;
            background: repeating-linear-gradient(to bottom, transparent 0, transparent 1.6em,
                                                  #bbb 1.6em, #bbb calc(1.6em + 1px)); }
.sg-answers { break-before: page; page-break-before: always; }
.sg-answers li { margin-bottom: 0.4em; }
@media print { .sg-write { min-height: 6em; } }
"""


def worksheet_html(source: scenario.Scenario | Game, title: str = "",
                   lang: str | None = None) -> str:
    """The worksheet for a scenario (its exercises, or the engine's own questions) or
    a game (a replayed record), titled ``title``, in ``lang`` (default: the current
    language, see :mod:`.i18n`).

    >>> from skitgubbe_core import examples
    >>> page = worksheet_html(examples.load("pickup-case-5"), lang="sv")
    >>> page.count('<html lang="sv">'), page.count("Fråga 3"), page.count("Facit")
    (1, 1, 1)
    """
    with language(lang):
        return _page(source, title)


def _page(source: scenario.Scenario | Game, title: str) -> str:
    sheet = quiz.questions(source)
    game = sheet.game
    name = sheet.title or title or WORDS["recorded"]
    body = [f"<h1>{escape(WORDS['title'].format(title=name))}</h1>"]
    body.append(f'<p class="sg-meta">{escape(rules_line(game))}</p>')
    shown: list[Frame] = []
    next_frame = 0
    for number, q in enumerate(sheet.questions, 1):
        before = sheet.frames[next_frame:q.frame]
        if before:
            grid = "".join(frame_html(f, game.players, game.rules, title=name, compact=True)
                           for f in before)
            body.append(f'<div class="sg-grid">{grid}</div>')
            shown.extend(before)
        body.append(_question_html(sheet, q, number, with_board=q.frame >= next_frame))
        next_frame = max(next_frame, q.frame + 1)
    if not sheet.questions:
        body.append(f'<p class="sg-meta">{escape(WORDS["none"])}</p>')
    body.append(_answers_html(sheet))
    if isinstance(source, scenario.Scenario) and source.description:
        # after the answers: a worked example's description states its conclusions
        body.append(f'<p class="sg-meta">{escape(_(source.description))}</p>')
    body.append(rules_html(shown, disclosure=False))
    return (f'<!DOCTYPE html>\n<html lang="{current()}"><head><meta charset="utf-8">'
            f"<title>{escape(WORDS['title'].format(title=name))}</title>"
            f"<style>{PRINT_CSS}{WORKSHEET_CSS}</style></head>"
            f"<body>{''.join(body)}</body></html>\n")


def _question_html(sheet: Sheet, q: Question, number: int, with_board: bool) -> str:
    game = sheet.game
    told = "".join(f'<div class="sg-event">{escape(text_presentation(e.sentence(game.players)))}.'
                   "</div>" for e in sheet.context(q, since=max(0, q.after - 1)))
    board = ""
    if with_board:
        frame = sheet.frames[q.frame]
        board = board_html(frame.state, game.players, game.rules, turn=not q.hide_turn,
                           facts=not q.hide_facts,
                           marks=None if q.hide_turn else frame.marks)
    choices = "".join(f"<li>{escape(text_presentation(q.label(c)))}</li>" for c in q.choices)
    return (f'<section class="sg-question"><h2>{escape(WORDS["question"].format(number=number))}'
            f'</h2><div class="sg-narration">{told}</div>{board}'
            f'<p class="sg-prompt">{escape(q.prompt)}</p><ul class="sg-choices">{choices}</ul>'
            f'<div class="sg-write">{escape(WORDS["write"])}</div></section>')


def _answers_html(sheet: Sheet) -> str:
    items = "".join(
        f"<li><b>{escape(text_presentation(quiz.answer_label(q) or WORDS['over']))}</b>: "
        f"{escape(text_presentation(q.why))} <i>({escape(q.rule)})</i></li>"
        for q in sheet.questions)
    return (f'<section class="sg-answers"><h2>{escape(WORDS["answers"])}</h2>'
            f"<ol>{items}</ol></section>")


def write(name_or_file: str, out: str | None = None, lang: str | None = None) -> Path:
    """Write the worksheet for an example name or scenario/record file in ``lang``;
    returns its path (``NAME-exercises.html`` in the current folder unless ``out`` is
    given), as :func:`.handout.write_page` writes pages."""
    return write_page(name_or_file, out, "-exercises.html",
                      lambda source, title: worksheet_html(source, title, lang))
