"""The quiz: the board at the moment of a question, one button per choice, the
engine's answer at once, "show me", and a running score."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from skitgubbe_core import PRESETS, Game, Rules, handout, quiz
from skitgubbe_core.cards import SUIT_SYMBOLS, card_name, parse_cards, rank_label
from skitgubbe_core.i18n import N_, Messages, language, speaking
from skitgubbe_core.i18n import gettext as _
from skitgubbe_core.quiz import TEXT, Question, Sheet
from skitgubbe_core.scenario import Scenario
from skitgubbe_core.view import (
    SIZES,
    TEXT_STYLE,
    board_html,
    event_html,
    narration_html,
    text_presentation,
)

from . import arguments
from .classroom import SizeSwitch, default_size
from .static import StaticPicture

SOURCES = N_("an example's name, a scenario or record file, a Scenario or a Game, or a list "
              "of them")
"""What a quiz asks about."""
STATIC_QUESTIONS = 12
"""At most this many questions in the static picture."""
_RED = "#c8102e"
_RIGHT = "color:#1e6b1e"
_WRONG = "color:#a00"

LABELS = Messages({
    "show-me": "show me",
    "show-me-more": "next frame",
    "next": "next question",
    "done": "Well done: that was the last question.",
    "answer": "Answer",
    "progress": "Question {number} of {count}",
    "progress-drill": "Question {number}",
    "score": "score {right} of {asked}",
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


def _choice_button(question: Question, choice: str) -> w.Button:
    """A card choice looks like a card (its suit's colour); others are plain buttons."""
    label = question.label(choice)
    cards = _single_card(question, choice)
    button = w.Button(description=text_presentation(label), tooltip=label,
                      layout=w.Layout(width="auto", min_width="3.2em", height="2.6em",
                                      flex="0 0 auto"))
    if cards is not None:
        button.style.font_weight = "bold"
        button.tooltip = card_name(cards)
        if cards.is_red:
            button.style.text_color = _RED
        button.description = f"{rank_label(cards)}{SUIT_SYMBOLS[cards.suit]}{TEXT_STYLE}"
    button.add_class("sg-choice")
    return button


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


class Quiz(StaticPicture, w.VBox):
    """Questions about ``source`` (an example's name, a scenario or record file, a
    :class:`~skitgubbe_core.scenario.Scenario` or a :class:`Game`, or a list of them),
    asked one by one
    with the board as it stands at that moment (the stepper's frames; whose turn it is
    is hidden when that is the question).  Press a choice: a right answer says so in
    one sentence, a wrong one says why, with its rule (a refused move: the engine's
    refusal), and **show me** steps the board on to the answer.  The score counts first
    picks.  ``kinds`` limits the kinds of question; a scenario's own ``exercises`` are
    asked instead when it has some.  :meth:`drill` practises without end."""

    children: tuple[Any, ...]  # ipywidgets' trait (untyped): the widgets shown

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
        self.deck, self.size = deck, size or default_size()
        self._items: list[tuple[Sheet, Question]] = []
        self._more: Iterator[tuple[Sheet, Question]] | None = None
        if isinstance(items, list):
            self._items = items
        else:
            self._more = iter(items)
        self.right = self.asked = 0
        self.index = -1
        self._shown = 0
        self.picked: str | None = None
        self.heading = w.HTML(f"<h4>{escape(self.title)}</h4>" if self.title else "")
        self.progress = w.HTML()
        self.board = w.HTML()
        self.narration = w.HTML()
        self.prompt = w.HTML()
        self.choices = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.feedback = w.HTML()
        self.show_me = w.Button(description=LABELS["show-me"], icon="eye",
                                tooltip=_("step the board on to the answer"),
                                layout=w.Layout(width="auto"))
        self.next_question = w.Button(description=LABELS["next"], icon="chevron-right",
                                      button_style="info", layout=w.Layout(width="auto"))
        self.show_me.add_class("sg-show-me")
        self.next_question.add_class("sg-next-question")
        self.show_me.on_click(lambda _: self.step_to_answer())
        self.next_question.on_click(lambda _: self.go_next())
        wrap = w.Layout(flex_flow="row wrap", align_items="center")
        super().__init__([self.heading, self.progress, self.board, self.narration,
                          self.prompt, self.choices, self.feedback,
                          w.HBox([self.show_me, self.next_question], layout=wrap)])
        self.add_class("sg-quiz")
        self.add_class("sg-redrawn-by-css")
        self.size_switch = SizeSwitch(self, self.size, lambda size: None)
        self.children = (*self.children, self.size_switch)
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
    def _fetch(self, index: int) -> bool:
        while index >= len(self._items) and self._more is not None:
            try:
                self._items.append(next(self._more))
            except StopIteration:
                self._more = None
        return index < len(self._items)

    @speaking
    def go_next(self) -> None:
        """Ask the next question (or say the quiz is over)."""
        if not self._fetch(self.index + 1):
            self.index = len(self._items)
            self._finish()
            return
        self.index += 1
        self.picked = None
        sheet, q = self._items[self.index]
        self._shown = q.frame
        if not self.title:
            self.heading.value = f"<h4>{escape(sheet.title)}</h4>" if sheet.title else ""
        self._draw(sheet.frames[q.frame], hide=q.hide_turn, facts=not q.hide_facts)
        events = sheet.context(q, since=max(0, q.after - 1))
        players = sheet.game.players
        told = "".join(event_html(e, players) for e in events) or \
            f"<b>Start.</b> {escape(self.title)}"
        self.narration.value = (f'<div class="sg-narration" style="font-size:'
                                f'{SIZES[self.size]};line-height:1.4">{told}</div>')
        buttons = []
        for choice in q.choices:
            button = _choice_button(q, choice)
            button.on_click(lambda _, c=choice: self.answer(c))
            buttons.append(button)
        self.choices.children = buttons
        self.feedback.value = ""
        self.show_me.disabled = True
        self.show_me.description = LABELS["show-me"]
        self.next_question.disabled = False
        self._progress()
        self.prompt.value = (f'<p class="sg-prompt" style="font-size:{SIZES[self.size]};'
                             f'font-weight:bold;margin:0.4em 0">{escape(q.prompt)}</p>')

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
        for button, c in zip(self.choices.children, q.choices, strict=True):
            button.disabled = True
            if c in q.answer:
                button.button_style = "success"
            elif c == choice:
                button.button_style = "danger"
        self.show_me.disabled = q.reveal <= self._shown and not q.hide_turn
        self._progress()
        style = _RIGHT if feedback.right else _WRONG
        self.feedback.value = (f'<p class="sg-feedback {"sg-right" if feedback.right else "sg-wrong"}"'
                               f' role="status" style="{style};font-size:{SIZES[self.size]}">'
                               f"{escape(text_presentation(feedback.sentence))}</p>")
        return feedback

    @speaking
    def step_to_answer(self) -> None:
        """Show the next frame toward the answer, narrated, with whose turn it is."""
        q = self.question
        if q is None:
            return
        frames = self.sheet.frames
        if self._shown < q.reveal:
            self._shown += 1
        frame = frames[self._shown]
        self.show_me.description = LABELS["show-me-more"]
        self.show_me.disabled = self._shown >= q.reveal
        self._draw(frame, hide=False)
        self.narration.value = (f'<div style="font-size:{SIZES[self.size]}">'
                                f"{narration_html(frame, self.sheet.game.players)}</div>")

    @speaking
    def _draw(self, frame: Any, hide: bool, facts: bool = True) -> None:
        game = self.sheet.game
        self.board.value = board_html(frame.state, game.players, game.rules, deck=self.deck,
                                      size=self.size, marks=None if hide else frame.marks,
                                      turn=not hide, facts=facts)

    @speaking
    def _finish(self) -> None:
        self.choices.children = []
        self.prompt.value = f'<p class="sg-prompt"><b>{escape(LABELS["done"])}</b></p>'
        self.feedback.value = ""
        self.show_me.disabled = self.next_question.disabled = True
        self._progress()

    @speaking
    def _progress(self) -> None:
        number = min(self.index + 1, len(self._items))
        head = (LABELS["progress"].format(number=number, count=len(self._items))
                if self._more is None else LABELS["progress-drill"].format(number=number))
        score = LABELS["score"].format(right=self.right, asked=self.asked)
        self.progress.value = (f'<div class="sg-progress"><b>{escape(head)}</b> &middot; '
                               f'<span class="sg-score">{escape(score)}</span></div>')

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
    frame = sheet.frames[q.frame]
    board = board_html(frame.state, game.players, game.rules, deck=deck, compact=True,
                       marks=None if q.hide_turn else frame.marks, turn=not q.hide_turn,
                       facts=not q.hide_facts)
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
