"""Worksheets: the questions of a worked example on paper, with an answer key.

One self-contained HTML page (the handouts' print CSS, no scripts, no external files):
before each question the frames that decide it (see :func:`decisive_frames`; the other
frames' narration is told, not pictured), each question in a
``<section class="sg-question">`` with its board, its choices and room to write, all
flowing in three printed columns; then the answers with their reasons and rules in a
``<section class="sg-answers">`` that starts on a new printed page, the example's
description (it states the outcome), and every rule shown or cited by an answer.  Every
built-in worksheet prints on two A4 pages (``tests/test_worksheet.py`` counts them).

>>> from skitgubbe_core import examples
>>> page = worksheet_html(examples.load("pickup-case-5"))
>>> page.count('<section class="sg-question"'), page.count('class="sg-answers"')
(3, 1)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from html import escape
from pathlib import Path

from . import quiz, scenario
from .events import Event
from .frames import Frame
from .game import Game
from .handout import PRINT_CSS, rules_line, write_page
from .i18n import Messages, current, language
from .i18n import gettext as _
from .quiz import Question, Sheet
from .rulebook import RULEBOOK
from .view import frame_html, rule_list_html, rule_order, rules_used, text_presentation

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
.sg-sheet > .sg-frame { display: inline-block; vertical-align: top; width: 17em;
                        margin: 0 0.6em 0.3em 0 !important; }
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
@media print {
  .sg-sheet { columns: 3; column-gap: 0.8em; }
  .sg-question { margin: 0 0 0.4em 0; padding: 0.3em 0.5em; }
  .sg-sheet > .sg-frame { display: block; width: auto; }
  .sg-question h2 { margin-top: 0.1em; }
  .sg-question .sg-prompt { font-size: 1em; margin: 0.3em 0; }
  .sg-choices { columns: 2; margin: 0.2em 0; }
  .sg-write { min-height: 4em; }
}
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
    head = (f"<h1>{escape(WORDS['title'].format(title=name))}</h1>"
            f'<p class="sg-meta">{escape(rules_line(game))}</p>')
    body: list[str] = []
    shown: list[Frame] = []
    asked: list[str] = []
    next_frame = 0
    for number, q in enumerate(sheet.questions, 1):
        before, carried = decisive_frames(sheet.frames[next_frame:q.frame], q.after,
                                          shown[-1] if shown else None)
        if before:
            body += [frame_html(f, game.players, game.rules, title=name, compact=True)
                     for f in before]
            shown.extend(before)
        question, told = _question_html(sheet, q, number, carried,
                                        with_board=q.frame >= next_frame)
        body.append(question)
        asked += [e.rule for e in told]
        next_frame = max(next_frame, q.frame + 1)
    # the frames and questions flow in rows, each kept whole (see WORKSHEET_CSS)
    body = [head, f'<div class="sg-sheet">{"".join(body)}</div>']
    if not sheet.questions:
        body.append(f'<p class="sg-meta">{escape(WORDS["none"])}</p>')
    body.append(_answers_html(sheet))
    if isinstance(source, scenario.Scenario) and source.description:
        # after the answers: a worked example's description states its conclusions
        body.append(f'<p class="sg-meta">{escape(_(source.description))}</p>')
    keys = {*rules_used(shown), *asked, *(k for q in sheet.questions for k in cited(q))}
    body.append(rule_list_html(sorted(keys, key=lambda k: rule_order(RULEBOOK[k].number)),
                               disclosure=False))
    return (f'<!DOCTYPE html>\n<html lang="{current()}"><head><meta charset="utf-8">'
            f"<title>{escape(WORDS['title'].format(title=name))}</title>"
            f"<style>{PRINT_CSS}{WORKSHEET_CSS}</style></head>"
            f"<body>{''.join(body)}</body></html>\n")


def decisive_frames(before: Sequence[Frame], after: int, last: Frame | None
                    ) -> tuple[list[Frame], list[Event]]:
    """The frames of ``before`` (those leading up to a question asked after move
    ``after``) that a worksheet prints: the start, and each frame with marks (a stunsa,
    a tie, a trick won or beaten, a card picked up or dealt) unless the frame printed
    just before it has the same marks.  Every other frame's narration is carried into
    the next frame printed, or returned for the question to narrate first (the
    question's own move it narrates itself), so no event is lost and none is pictured
    before it is told.

    >>> from skitgubbe_core import examples
    >>> sheet = quiz.questions(examples.load("koira-tie-redistribution"))
    >>> kept, carried = decisive_frames(sheet.frames[:17], 7, None)
    >>> [f.label for f in kept], len(carried)
    (['start', 'move 7, 2 of 9'], 0)
    """
    kept: list[Frame] = []
    carried: list[tuple[int, Event]] = []
    for frame in before:
        if frame.move == 0 or (frame.marks and (last is None or frame.marks != last.marks)):
            last = replace(frame, events=[e for _, e in carried] + frame.events)
            kept.append(last)
            carried = []
        else:
            carried += [(frame.move, e) for e in frame.events]
    return kept, [e for move, e in carried if move < after]


def cited(q: Question) -> list[str]:
    """The keys of the rules ``q``'s answer cites: its rule and any rule its reason
    names, in the current language.

    >>> from skitgubbe_core import examples
    >>> cited(quiz.questions(examples.load("pickup-case-3")).questions[0])
    ['all-picked-up']
    """
    said = f"{q.rule} {q.why}"
    return [k for k, r in RULEBOOK.items() if re.search(rf"{re.escape(r.reference)}\b", said)]


def _question_html(sheet: Sheet, q: Question, number: int, carried: Sequence[Event],
                   with_board: bool) -> tuple[str, list[Event]]:
    """A question's section, and the events it narrates (``carried`` first)."""
    game = sheet.game
    told = [*carried, *sheet.context(q, since=max(0, q.after - 1))]
    lines = "".join(f'<div class="sg-event">{escape(text_presentation(e.sentence(game.players)))}.'
                    "</div>" for e in told)
    board = sheet.board(q, compact=True) if with_board else ""
    choices = "".join(f"<li>{escape(text_presentation(q.label(c)))}</li>" for c in q.choices)
    return (f'<section class="sg-question"><h2>{escape(WORDS["question"].format(number=number))}'
            f'</h2><div class="sg-narration">{lines}</div>{board}'
            f'<p class="sg-prompt">{escape(q.prompt)}</p><ul class="sg-choices">{choices}</ul>'
            f'<div class="sg-write">{escape(WORDS["write"])}</div></section>'), told


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
