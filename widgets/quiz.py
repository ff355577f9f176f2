"""The quiz: the board at the moment of a question, one button per choice, the
engine's answer at once, "show me", and a running score."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from html import escape
from pathlib import Path
from typing import Any

import traitlets as t

from skitgubbe_core import PRESETS, Game, Rules, handout, quiz
from skitgubbe_core.cards import SUIT_SYMBOLS, card_name, parse_cards, rank_label
from skitgubbe_core.i18n import N_, Messages, language, speaking
from skitgubbe_core.i18n import gettext as _
from skitgubbe_core.quiz import TEXT, Question, Sheet
from skitgubbe_core.scenario import Scenario
from skitgubbe_core.view import (
    TEXT_STYLE,
    board_html,
    event_html,
    narration_html,
    text_presentation,
)

from . import arguments
from .classroom import default_size
from .frontend import Pieces, View, joined
from .static import StaticPicture

SOURCES = N_("an example's name, a scenario or record file, a Scenario or a Game, or a list "
              "of them")
"""What a quiz asks about."""
STATIC_QUESTIONS = 12
"""At most this many questions in the static picture."""
LABELS = Messages({
    "show-me": "show me",
    "show-me-more": "next frame",
    "next": "next question",
    "done": "Well done: that was the last question.",
    "answer": "Answer",
    "progress": "Question {number} of {count}",
    "progress-drill": "Question {number}",
    "score": "score {right} of {asked}",
    "asking": "Asking Python for more questions…",
    "no-python": "No answer from Python: where it does not run (a page of the site, a notebook "
                 "not run yet) the drill ends with the questions stored with it. Run the "
                 "notebook, or open it as an app, for new ones.",
})
"""The widget's own words (the questions' words are in :data:`skitgubbe_core.quiz.TEXT`)."""


def _source(source: Any) -> Any:
    """A name or file as the quiz reads it: a file path is loaded (a scenario, or a
    record as its game); names, scenarios and games pass through."""
    if isinstance(source, (str, Path)):
        text = str(source)
        if isinstance(source, Path) or text.endswith(".json") or _is_file(text):
            try:
                return handout.load_source(text)
            except OSError as err:
                raise arguments.unreadable("source", text, err) from None
    return source


def _is_file(text: str) -> bool:
    """Whether ``text`` names a file (a name too long to be one does not)."""
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False


def _choice(question: Question, choice: str) -> dict[str, Any]:
    """A choice as the browser draws its button: a card choice looks like a card (bold,
    its suit's colour, its name as the tooltip); others are plain buttons."""
    label = question.label(choice)
    card = _single_card(question, choice)
    if card is None:
        return {"text": text_presentation(label), "tip": label, "card": False, "red": False}
    return {"text": f"{rank_label(card)}{SUIT_SYMBOLS[card.suit]}{TEXT_STYLE}",
            "tip": card_name(card), "card": True, "red": card.is_red}


def _single_card(question: Question, choice: str) -> Any:
    """The card of a choice that is one card (a play, a card picked up or dealt), or None."""
    text = choice
    if question.kind == "legal":
        verb, _, text = choice.partition(":")[2].strip().partition(" ")
        if verb != "play":
            return None
    elif question.kind not in ("pick-up", "tie-cards"):
        return None
    words = text.split()
    return parse_cards(words)[0] if len(words) == 1 else None


BATCH = 10
"""A drill sends this many questions at a time (the browser asks for more)."""


class Quiz(StaticPicture, View):
    """Questions about ``source`` (an example's name, a scenario or record file, a
    :class:`~skitgubbe_core.scenario.Scenario` or a :class:`Game`, or a list of them),
    asked one by one
    with the board as it stands at that moment (the stepper's frames; whose turn it is
    is hidden when that is the question).  Press a choice: a right answer says so in
    one sentence, a wrong one says why, with its rule (a refused move: the engine's
    refusal), and **show me** steps the board on to the answer.  The score counts first
    picks.  ``kinds`` limits the kinds of question; a scenario's own ``exercises`` are
    asked instead when it has some.  :meth:`drill` practises without end.

    Every question goes to the browser at once, with its board, choices, each choice's
    feedback and the frames of **show me** (traits ``pieces``, ``questions``; a drill's
    come :data:`BATCH` at a time, the browser asking for more); the browser answers
    with no kernel message.  :meth:`answer`, :meth:`step_to_answer` and
    :meth:`go_next` do the same from Python (``at``, the question on show, follows
    :meth:`go_next`)."""

    heading = t.Unicode().tag(sync=True)
    pieces = t.List(t.Unicode()).tag(sync=True)
    questions = t.List(t.Dict()).tag(sync=True)
    endless = t.Bool(False).tag(sync=True)
    at = t.Int(0).tag(sync=True)

    @speaking
    def __init__(self, source: Any = None, *, kinds: Sequence[str] = quiz.GENERATED,
                 deck: str = "two-colour", size: str | None = None, title: str | None = None,
                 items: Iterable[tuple[Sheet, Question]] | None = None,
                 lang: str | None = None) -> None:
        self.lang = lang
        title, deck, size = arguments.text("title", title), arguments.deck(deck), arguments.size(size)
        found = ""
        if items is None:
            sources = source if isinstance(source, (list, tuple)) and source else [source]
            for s in sources:
                if not isinstance(s, (str, Path, Scenario, Game)):
                    raise arguments.wrong_kind("source", source, SOURCES)
            sheets = [quiz.questions(_source(s), kinds) for s in sources]
            items = [(sheet, q) for sheet in sheets for q in sheet.questions]
            found = sheets[0].title if len(sheets) == 1 else ""
        self.title = title if title is not None else found
        self.deck = deck
        self._items: list[tuple[Sheet, Question]] = []
        self._more: Iterator[tuple[Sheet, Question]] | None = None
        if isinstance(items, list):
            self._items = items
        else:
            self._more = iter(items)
        self._table = Pieces()
        self.right = self.asked = 0
        self.index = -1
        self._shown = 0
        self.picked: str | None = None
        self.feedback_text = ""
        words = {key: LABELS[key] for key in LABELS} | {
            "show-me-tip": _("step the board on to the answer")}
        self._sent = False
        self._fetch(BATCH - 1)
        questions = [self._question(s, q) for s, q in self._items]
        super().__init__(size or default_size(), words, kind="quiz", heading=self.title,
                         pieces=self._table.pieces, endless=self._more is not None,
                         questions=questions)
        self._sent = True
        self.on_msg(self._asked)
        self.go_next()

    @classmethod
    def drill(cls, variant: str = "skitgubbe", players: int | Sequence[str] = 3, seed: int = 0,
              **options: Any) -> Quiz:
        """Unlimited practice: questions from seeded random games of ``variant``."""
        kinds = options.pop("kinds", quiz.GENERATED)
        with language(options.get("lang")):
            count = players if isinstance(players, int) else len(arguments.names("players", players))
            Rules.preset(arguments.one_of("variant", variant, PRESETS)).check_players(count)
            arguments.whole_number("seed", seed, 0)
            title = options.pop("title", _("Practice: {variant}, seed {seed}").format(
                variant=variant, seed=seed))
        return cls(items=quiz.drill(variant, players, seed, kinds), title=title, **options)

    @classmethod
    def readings(cls, source: Any, option: str, ask: str, after: int,
                 values: Sequence[str] | None = None, **options: Any) -> Quiz:
        """The question ``ask`` after ``after`` moves of a scenario under each reading of
        the disputed rule ``option`` (see :func:`skitgubbe_core.quiz.readings`)."""
        with language(options.get("lang")):
            sc = arguments.example("source", source)
            arguments.readings(option, values)
            arguments.one_of("ask", ask, quiz.KINDS)
            arguments.whole_number("after", after, 0)
            items = quiz.readings(sc, option, ask, after, values)
            found = items[0][0].title
            title = options.pop("title", _(found) if found else found)
        return cls(items=items, title=title, **options)

    # -- what the browser is sent ---------------------------------------------------------

    @speaking
    def _question(self, sheet: Sheet, q: Question) -> dict[str, Any]:
        """One question as the browser shows it: the board and what just happened, the
        prompt, the choices with the feedback of each, and the frames of show me."""
        game, frames, add = sheet.game, sheet.frames, self._table.add
        events = sheet.context(q, since=max(0, q.after - 1))
        told = "".join(event_html(e, game.players) for e in events) or \
            f"<b>Start.</b> {escape(self.title)}"
        feedback = [q.feedback(c) for c in q.choices]
        reveal = range(q.frame + 1, q.reveal + 1) if q.reveal > q.frame else \
            range(q.frame, q.frame + 1) if q.hide_turn else range(0)
        return {
            "title": "" if self.title else sheet.title,
            "board": add(sheet.board(q, self.deck)),
            "told": add(f'<div class="sg-narration" style="line-height:1.4">{told}</div>'),
            "prompt": q.prompt,
            "choices": [_choice(q, c) for c in q.choices],
            "answer": [i for i, c in enumerate(q.choices) if c in q.answer],
            "feedback": [{"right": f.right, "text": text_presentation(f.sentence)}
                         for f in feedback],
            "steps": [{"board": add(self._board(sheet, frames[k])),
                       "told": add(narration_html(frames[k], game.players))} for k in reveal],
        }

    def _board(self, sheet: Sheet, frame: Any) -> str:
        """A frame of show me, as the stepper shows it."""
        return board_html(frame.state, sheet.game.players, sheet.game.rules, deck=self.deck,
                          marks=frame.marks)

    def _asked(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        """The browser's message: a drill's next batch of questions (``more``), answered
        at once (``{"answered": true}``: Python runs, the batch is on its way)."""
        self.send({"answered": True})
        if isinstance(content, dict) and content.get("event") == "more":
            self._fetch(len(self._items) + BATCH - 1)

    # -- asking ---------------------------------------------------------------------

    @property
    def question(self) -> Question | None:
        """The question on show (None after the last)."""
        if 0 <= self.index < len(self._items):
            return self._items[self.index][1]
        return None

    @property
    def sheet(self) -> Sheet:
        return self._items[self.index][0]

    @speaking
    def _fetch(self, index: int) -> None:
        """Make sure question ``index`` is made and sent, if there is one."""
        new: list[tuple[Sheet, Question]] = []
        while index >= len(self._items) + len(new) and self._more is not None:
            try:
                new.append(next(self._more))
            except StopIteration:
                self._more = None
        self._items += new
        if self._sent:
            with self.hold_sync():
                made = [self._question(s, q) for s, q in new]
                self.pieces = self._table.pieces
                self.endless = self._more is not None
                self.questions = [*self.questions, *made]

    @speaking
    def go_next(self) -> None:
        """Ask the next question (or say the quiz is over)."""
        if self.index + 1 >= len(self._items):
            self._fetch(self.index + BATCH)  # a drill's next batch
        if self.index + 1 >= len(self._items):
            self.index = len(self._items)
        else:
            self.index += 1
            self._shown = 0
        self.picked = None
        self.feedback_text = ""
        self.at = self.index

    @speaking
    def answer(self, choice: str) -> quiz.Feedback:
        """Pick ``choice`` (scenario notation, as in ``question.choices``): the first
        pick of a question counts for the score."""
        q = self.question
        if q is None:
            raise quiz.QuizError("the quiz is over")
        feedback = q.feedback(choice)
        if self.picked is None:
            self.asked += 1
            self.right += feedback.right
        self.picked = choice
        self.feedback_text = text_presentation(feedback.sentence)
        return feedback

    @speaking
    def step_to_answer(self) -> None:
        """Show the next frame toward the answer, narrated, with whose turn it is."""
        if self.question is not None:
            self._shown = min(self._shown + 1, len(self.questions[self.index]["steps"]))

    @property
    def can_show_more(self) -> bool:
        """Whether **show me** has a frame left to show (after an answer)."""
        return self.question is not None and \
            self._shown < len(self.questions[self.index]["steps"])

    def _on_show(self, part: str) -> str:
        """``part`` (``board`` or ``told``) of the question or of the "show me" frame on
        show, as HTML."""
        shown = self.questions[self.index]
        if self._shown:
            shown = shown["steps"][self._shown - 1]
        return joined(self.pieces, shown[part])

    @property
    def board(self) -> str:
        """The board on show (HTML), as the browser draws it."""
        return self._on_show("board")

    @property
    def narration(self) -> str:
        """What the board on show narrates (HTML)."""
        return self._on_show("told")

    @property
    def progress(self) -> str:
        """The progress and the score, as the browser shows them."""
        number = min(self.index + 1, len(self._items))
        head = (LABELS["progress"].format(number=number, count=len(self._items))
                if self._more is None else LABELS["progress-drill"].format(number=number))
        return f"{head} · {LABELS['score'].format(right=self.right, asked=self.asked)}"

    # -- without a kernel -------------------------------------------------------------

    @speaking
    def static_html(self) -> str:
        """Each question with its board and choices, the answer folded in a disclosure
        (what a stored notebook shows without a kernel)."""
        parts = [f"<h4>{escape(self.title)}</h4>" if self.title else ""]
        heading = self.title
        for number, (sheet, q) in enumerate(self._items[:STATIC_QUESTIONS], 1):
            if sheet.title and sheet.title != heading:
                heading = sheet.title
                parts.append(f"<h4>{escape(heading)}</h4>")
            label = (LABELS["progress"].format(number=number, count=len(self._items))
                     if self._more is None else LABELS["progress-drill"].format(number=number))
            parts.append(question_html(sheet, q, label, self.deck))
        return "".join(parts)

    def __repr__(self) -> str:
        count = len(self._items) if self._more is None else "unlimited"
        return f"Quiz({self.title!r}, {count} questions)"


def question_html(sheet: Sheet, q: Question, label: str, deck: str = "two-colour") -> str:
    """One question as a ``<section class="sg-question">``: what just happened, the board,
    the prompt, the choices, and the answer with its reason inside ``<details>``."""
    game = sheet.game
    board = sheet.board(q, deck, compact=True)
    events = sheet.context(q, since=max(0, q.after - 1))
    told = "".join(f"<li>{escape(text_presentation(e.sentence(game.players)))}</li>"
                   for e in events)
    choices = "".join(f"<li>{escape(text_presentation(q.label(c)))}</li>" for c in q.choices)
    answer = escape(text_presentation(quiz.answer_label(q) or TEXT["over"]))
    return (f'<section class="sg-question" style="break-inside:avoid;margin:0.6em 0;'
            f'padding:0.3em 0.6em;border-left:0.25em solid #c9d6e8">'
            f'<div class="sg-label" style="color:#555"><b>'
            f'{escape(label)}</b></div>'
            f'{f"<ul class=sg-told>{told}</ul>" if told else ""}{board}'
            f'<p class="sg-prompt"><b>{escape(q.prompt)}</b></p>'
            f'<ol class="sg-choices">{choices}</ol>'
            f'<details class="sg-answer"><summary style="cursor:pointer">'
            f'{escape(LABELS["answer"])}</summary><p>{answer}: '
            f'{escape(text_presentation(q.why))} <i>({escape(q.rule)})</i></p></details>'
            "</section>")
