"""Who plays next (``to-play``) and how many plays a trick needs (``trick-size``)."""

from __future__ import annotations

from ...events import Event, as_event
from ...rulebook import RULEBOOK
from ..model import TEXT, Question, join
from .moment import (
    TURN_EVENTS,
    WIN_EVENTS,
    _check_player,
    _event,
    _Moment,
    _not_here,
    _seat,
    _told_all,
    asks,
)


@asks("to-play")
def _to_play(moment: _Moment, k: int, player: str | None) -> Question:
    _check_player("to-play", None, player)
    game = moment.at(k)
    names = moment.names
    choices = tuple(names)
    frame, told = moment.last_frame(k), _told_all(moment, k)
    if game.is_over:
        loser = names[game.loser] if game.loser is not None else "nobody"
        why, rule = TEXT["why.to-play.over"].format(loser=loser), "loser"
        answer: tuple[str, ...] = ()
    else:
        answer = (names[_seat(game.to_play)],)
        first = _event(moment, k, TURN_EVENTS | WIN_EVENTS)  # the winner leads: not told
        decisive = _event(moment, k, TURN_EVENTS, last=True)
        if first is not None and decisive is not None:
            told = first[0]
            frame = moment.before(k, told) or moment.by_move[k][0]
            why, rule = decisive[1].sentence(names), decisive[1].rule
        else:
            why, rule = _turn_reason(moment, k, answer[0])
    return Question(k, None, "to-play", TEXT["prompt.to-play"], choices, answer, why,
                    RULEBOOK[rule].reference, frame, told, moment.last_frame(k), True)


TRICK_ENDS = WIN_EVENTS | {"take-back", "redistribute", "share", "trick-complete",
                           "all-picked-up", "trump-ends-trick"}
"""Events after which a trick is over: a tie before them is no longer being replayed."""


def _turn_reason(moment: _Moment, k: int, player: str) -> tuple[str, str]:
    """Why ``player`` acts after move ``k`` where no event says so, and the rule: the
    slough round after a decided trick, a tie's replay, a move that does not pass the
    turn (out of turn, or a Mas exchange), or else the clockwise order."""
    names = moment.names
    if k == 0:
        dealer = moment.at(0).dealer
        if dealer is not None:
            return TEXT["why.to-play.dealt"].format(player=player, dealer=names[dealer]), "deal"
        return TEXT["why.to-play.next"].format(player=player), "deal"
    game, before = moment.at(k), moment.at(k - 1)
    rule = moment.steps[k - 1].events[0].rule
    if game.state.stage == "slough" and game.state.winner is not None:
        return TEXT["why.to-play.slough"].format(
            player=player, winner=names[game.state.winner]), "slough"
    tie = _tie_replayed(moment, k)
    if tie is not None:
        tied = join([names[p] for p in tie.seats])
        return TEXT["why.to-play.tie"].format(player=player, tied=tied), tie.rule
    if before.to_play is not None and names[before.to_play] == player:
        return TEXT["why.to-play.still"].format(player=player), rule
    return TEXT["why.to-play.next"].format(player=player), rule


def _tie_replayed(moment: _Moment, k: int) -> Event | None:
    """The tie whose replay is under way after move ``k`` (None if there is none)."""
    for step in range(k - 1, -1, -1):
        for e in reversed(moment.steps[step].events):
            if e.kind in TRICK_ENDS or e.kind == "phase-2":
                return None
            if e.kind == "tie":
                return as_event(e)
    return None


@asks("trick-size")
def _trick_size(moment: _Moment, k: int, player: str | None) -> Question:
    """How many plays the phase-2 trick led by move ``k`` needs: one from each player
    still in."""
    _check_player("trick-size", None, player)
    if k == 0 or moment.at(k - 1).phase != 2:
        raise _not_here("trick-size", k)
    event = moment.steps[k - 1].events[0]
    if event.kind != "lead" or event.other is not None:
        raise _not_here("trick-size", k)
    count = event.number
    choices = tuple(str(n) for n in range(2, len(moment.names) + 1))
    why = TEXT["why.trick-size"].format(count=count)
    return Question(k, None, "trick-size", TEXT["prompt.trick-size"], choices, (str(count),),
                    why, RULEBOOK[event.rule].reference, moment.last_frame(k - 1), 0,
                    moment.last_frame(k), False, True)
