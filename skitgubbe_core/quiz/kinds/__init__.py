"""The kinds of question, one function each, registered with :func:`.moment.asks` in
the module of its group (importing them here fills :data:`.moment.ASKS`); :func:`ask`
asks one, :func:`_generated` says where a sheet asks it unprompted.

A new kind's question is one function, decorated ``@asks("its-name")``, in its group's
module; its name is listed in the scenario schema (``schema.EXERCISE_KINDS``, which
:data:`..model.KINDS` is) and its words in :data:`..model.TEXT` and :data:`.moment.NEEDS`."""

from __future__ import annotations

from ...game import Game
from ...i18n import gettext
from ..model import NOBODY, Question, QuizError, check_kinds, move_text
from . import moves, outcomes, shares, trumps, turns  # noqa: F401 (they register the kinds)
from .moment import ASKS, TURN_EVENTS, WIN_EVENTS, _event, _Moment
from .outcomes import _slough_named_taker


def _generated(moment: _Moment, kind: str, k: int) -> list[Question]:
    """The questions of ``kind`` worth asking at move ``k`` (none if it teaches nothing)."""
    game = moment.game
    if kind == "legal":
        if k >= game.move_count:
            return []
        q = _try(moment, kind, k, None)
        nxt = moment.actions[k]
        if (q is None or not q.answer or q.player != moment.names[nxt.player]
                or move_text(nxt, moment.names) not in q.answer
                or not _teaches(q, bool(moment.at(k).table))):
            return []
        return [q]
    if kind == "to-play":
        if k == 0 or moment.at(k).is_over:
            return []
        events = moment.steps[k - 1].events
        if not any(e.kind in TURN_EVENTS for e in events):
            return []
        won = _event(moment, k, WIN_EVENTS)
        if won is not None and _slough_named_taker(moment, k, won[0]):
            return []  # the slough round named who takes the trick, and so leads
        return [ask(moment, kind, k)]
    if kind == "pick-up":
        q = _try(moment, kind, k, None)
        return [] if q is None or len(q.choices) < 2 else [q]
    if kind == "winner":
        q = _try(moment, kind, k, None)
        played = [c for c in q.choices if c != NOBODY] if q is not None else []
        return [] if q is None or len(played) < 2 or q.answer == (NOBODY,) else [q]
    if kind in ("tie-cards", "dreck"):
        event = _event(moment, k, ("redistribute" if kind == "tie-cards" else "dreck",))
        if event is None:
            return []
        dealt = dict.fromkeys(q for q, _ in event[1].deals)
        return [ask(moment, kind, k, moment.names[p]) for p in dealt]
    starts = _event(moment, k, ("phase-2", "blamattis")) is not None or (
        k == 0 and kind != "trump" and moment.at(0).phase == 2)
    if kind in ("trump", "anti-trump", "blamattis") and not starts or (
            kind == "trump" and k and moment.at(k - 1).trump is not None):
        return []  # asked where phase 2 begins; later (or Mas's trump) by an exercise
    if kind == "out-of-turn":
        if k >= game.move_count or moment.at(k).is_over:
            return []
        position = moment.at(k)
        late = [p for p, acts in position.legal_actions_by_player().items()
                if p != position.to_play and acts]
        return [ask(moment, kind, k, moment.names[p]) for p in late]
    q = _try(moment, kind, k, None)
    return [] if q is None else [q]


def _teaches(q: Question, table: bool) -> bool:
    """A ``legal`` question teaches when a card is refused, or a pick-up or turn while
    there is a trick to answer (not only a pick-up from an empty table)."""
    return any(" play " in c or " slough " in c or table for c in q.refusals)


def _try(moment: _Moment, kind: str, k: int, player: str | None) -> Question | None:
    if not 0 <= k <= moment.game.move_count:
        return None
    try:
        return ask(moment, kind, k, player)
    except QuizError:
        return None


def ask(moment: _Moment | Game, kind: str, after: int, player: str | None = None) -> Question:
    """The question of ``kind`` after ``after`` moves of a game (every move played);
    raises :class:`QuizError` if that moment cannot ask it."""
    if isinstance(moment, Game):
        moment = _Moment(moment)
    check_kinds([kind])
    if not 0 <= after <= moment.game.move_count:
        raise QuizError(gettext("after must be between 0 and {last}").format(
            last=moment.game.move_count))
    return ASKS[kind](moment, after, player)
