"""Teachers' exercises: a scenario's own questions, checked against the engine's and
asked in the teacher's words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import quote
from ..game import Game
from ..i18n import gettext, pgettext
from .kinds import ask
from .kinds.moment import _Moment
from .model import TEXT, Question, QuizError, _normal


def _teacher(q: Question, item: Mapping[str, Any]) -> Question:
    """The engine's question, with a teacher's own prompt and choices where given (the
    answer is still the engine's, narrowed to those choices; an empty prompt asks the
    engine's)."""
    if "choices" not in item and not item.get("prompt"):
        return q
    choices = tuple(item.get("choices", q.choices))
    right = {_normal(q.kind, a) for a in q.answer}
    refusals = {_normal(q.kind, c): r for c, r in q.refusals.items()}
    return Question(q.after, q.player, q.kind, gettext(item.get("prompt", "")) or q.prompt, choices,
                    tuple(c for c in choices if _normal(q.kind, c) in right), q.why, q.rule,
                    q.frame, q.told, q.reveal, q.hide_turn, q.hide_facts,
                    {c: refusals[_normal(q.kind, c)] for c in choices
                     if _normal(q.kind, c) in refusals})


def check_exercise(q: Question, item: Mapping[str, Any]) -> tuple[str, str] | None:
    """None if a teacher's ``choices`` and stated ``answer`` agree with the engine's
    question ``q`` (asked without the teacher's changes), else (the field that does
    not, why not)."""
    offered = {_normal(q.kind, c) for c in q.choices}
    dealt = ({w for c in q.choices for w in c.split()} if q.kind in ("tie-cards", "dreck")
             else set())
    choices = item.get("choices", list(q.choices))
    for i, c in enumerate(choices):
        normal = _normal(q.kind, c)
        if normal is None or (q.kind not in ("legal", "out-of-turn") and normal not in offered
                              and not (dealt and set(normal.split()) <= dealt)):
            return f"choices[{i}]", TEXT["error.choice"].format(choice=quote(c), kind=q.kind)
    if "answer" not in item:
        return None
    right = {_normal(q.kind, a) for a in q.answer}
    given = {_normal(q.kind, c) for c in choices}
    engine = sorted(c for c in choices if _normal(q.kind, c) in right)
    stated = item["answer"]
    for i, a in enumerate(stated):
        if _normal(q.kind, a) not in given:
            return f"answer[{i}]", TEXT["error.choice"].format(choice=quote(a), kind=q.kind)
    if {_normal(q.kind, a) for a in stated} != {_normal(q.kind, c) for c in engine}:
        return "answer", TEXT["error.answer"].format(stated=sorted(stated), engine=engine)
    return None


class ExerciseError(QuizError):
    """A scenario's exercise that its moment cannot ask, or whose choices or stated
    answer the engine does not agree with: ``path`` (JSON) says where, ``detail`` why."""

    def __init__(self, detail: str, path: str) -> None:
        self.detail, self.path = detail, path
        super().__init__(f"{path}: {detail}")


def _exercise(moment: _Moment, i: int, item: Mapping[str, Any]) -> Question:
    """The engine's question for a scenario's exercise ``i``, checked as ``check``
    checks it (every use of a teacher's exercise does): else :class:`ExerciseError`."""
    path = f"exercises[{i}]"
    try:
        q = ask(moment, item["ask"], item["after"], item.get("player"))
    except QuizError as err:
        raise ExerciseError(str(err), path) from None
    wrong = check_exercise(q, item)
    if wrong is not None:
        raise ExerciseError(wrong[1], f"{path}.{wrong[0]}")
    return q


def check_exercises(game: Game, exercises: Sequence[Mapping[str, Any]]) -> list[tuple[str, str | None]]:
    """For each of a scenario's ``exercises`` (on ``game``, every move played): its
    label and None, or the JSON path of what is wrong with a sentence."""
    moment = _Moment(game)
    results: list[tuple[str, str | None]] = []
    for i, item in enumerate(exercises):
        label = gettext("exercise {number} ({kind} after move {after})").format(
            number=i + 1, kind=pgettext("exercise kind", item["ask"]), after=item["after"])
        try:
            _exercise(moment, i, item)
        except ExerciseError as err:
            results.append((label, str(err)))
            continue
        results.append((label, None))
    return results
