"""Sheets: the questions of one game with its frames, each question's board and
narrated context (:class:`Sheet`), as :func:`questions` asks them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import examples
from ..events import Event, Step
from ..frames import Frame
from ..game import Game
from ..i18n import gettext
from ..scenario import Scenario, run
from ..view import board_html
from .exercises import ExerciseError, _exercise, _teacher
from .kinds import _generated
from .kinds.moment import _Moment
from .model import GENERATED, KINDS, TEXT, Question, QuizError, check_kinds


@dataclass
class Sheet:
    """The questions of one game: ``game`` (every move played), its ``frames``, and
    the ``questions`` in the order they come up."""

    game: Game
    frames: list[Frame]
    questions: list[Question]
    title: str = ""
    steps: list[Step] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.steps = self.game.history  # once: each question's context reads it

    def find(self, kind: str, after: int) -> Question:
        """The question of ``kind`` asked after ``after`` moves."""
        for q in self.questions:
            if q.kind == kind and q.after == after:
                return q
        raise QuizError(gettext("no {kind} question after move {after}").format(kind=kind,
                                                                                after=after))

    def board(self, question: Question, deck: str = "two-colour", compact: bool = False) -> str:
        """The board ``question`` shows before it is answered (the quiz, the worksheet
        and the static picture all draw this one): its frame, with whose turn it is and
        the marks hidden when it asks who plays, the facts it asks about hidden, and,
        asked what trumps are, the trump card face up, as the players see it once
        phase 1 is over."""
        frame = self.frames[question.frame]
        return board_html(frame.state, self.game.players, self.game.rules, deck=deck,
                          compact=compact, marks=None if question.hide_turn else frame.marks,
                          turn=not question.hide_turn, facts=not question.hide_facts,
                          trump_up=question.kind == "trump")

    def context(self, question: Question, since: int = 0) -> list[Event]:
        """The events narrated before ``question`` is asked, from step ``since`` on: the
        whole steps before its moment, then the first ``told`` events of its step."""
        steps = self.steps
        shown = [e for step in steps[since:max(since, question.after - 1)] for e in step.events]
        if question.after > since:
            shown.extend(steps[question.after - 1].events[:question.told])
        return shown

    def __len__(self) -> int:
        return len(self.questions)


def questions(source: Any, kinds: Sequence[str] = GENERATED, generate: bool = False) -> Sheet:
    """Every question worth asking about ``source`` (a scenario, an example's name, a
    game), in the order they come up: ``legal`` where some choice is refused and the
    example's next move is the player's to make, ``to-play`` where the turn moves in a
    way that teaches (a trick set aside or emptied, a stunsa, a player gone out, phase 2
    beginning), ``winner`` before each trick is taken, and the variant's own moments
    (the Skitgubbe, trumps, a pick-up, a tie redistributed).  A scenario's own
    ``exercises`` replace the generated questions when it has some (unless
    ``generate``), each checked as ``check`` checks it (a wrong one raises
    :class:`~.scenario.ScenarioError` naming the file and the exercise, as does one its
    moves do not reach because a move is refused)."""
    kinds = check_kinds(kinds)
    game, title, exercises = _resolve(source)
    moment = _Moment(game)
    if exercises and not generate:
        from ..jsondata import naming
        from ..scenario import ScenarioError

        found = []
        with naming(getattr(source, "file", None)):
            for i, item in enumerate(exercises):
                if item["after"] > game.move_count:  # a refused move stopped the moves
                    raise ScenarioError(TEXT["error.unreached"].format(
                        kind=item["ask"], after=item["after"], count=game.move_count),
                        path=f"exercises[{i}].after")
                try:
                    q = _exercise(moment, i, item)
                except ExerciseError as err:
                    raise ScenarioError(err.detail, path=err.path) from None
                found.append(_teacher(q, item))
        return Sheet(game, moment.frames, found, title)
    asked: list[Question] = []
    for k in range(game.move_count + 1):
        for kind in kinds:
            asked.extend(_generated(moment, kind, k))
    asked.sort(key=lambda q: (q.frame, KINDS.index(q.kind)))
    return Sheet(game, moment.frames, asked, title)


def _resolve(source: Any) -> tuple[Game, str, list[dict[str, Any]]]:
    if isinstance(source, str):
        source = examples.load(source)
    if isinstance(source, Scenario):
        return (run(source).game, gettext(source.title),
                source.data.get("exercises", []))
    if isinstance(source, Game):
        return source, "", []
    raise TypeError(gettext("cannot ask questions about {kind}: give a Game, a Scenario or "
                            "an example name").format(kind=type(source).__name__))


def to_json(sheet: Sheet) -> list[dict[str, Any]]:
    return [q.to_json() for q in sheet.questions]
