"""Who takes a trick (``winner``), who sets a phase-2 trick aside (``sets-aside``), and
who is the Skitgubbe (``skitgubbe``)."""

from __future__ import annotations

from ...rulebook import RULEBOOK
from ..model import NOBODY, TEXT, Question
from .moment import WIN_EVENTS, _check_player, _event, _Moment, _not_here, _seat, asks


@asks("winner")
def _winner(moment: _Moment, k: int, player: str | None) -> Question:
    """Who takes the trick about to be settled; at the end of phase 1 an unfinished
    last trick may be taken back instead (its choices then include :data:`NOBODY`)."""
    _check_player("winner", None, player)
    found = _event(moment, k, WIN_EVENTS)
    back = _event(moment, k, ("take-back",))
    if back is not None and (found is None or back[0] < found[0]):
        found = back
    frame = None if found is None else moment.before(k, found[0])
    if found is None or frame is None:
        raise _not_here("winner", k)
    index, event = found
    if _slough_named_taker(moment, k, index):
        raise _not_here("winner", k)
    names = moment.names
    state = moment.frames[frame].state
    played = tuple(dict.fromkeys(names[p] for p, _ in state.table)) or tuple(names)
    unfinished = event.kind in ("take-back", "lead-kept")
    choices = (*played, NOBODY) if unfinished else played
    answer = (NOBODY,) if event.kind == "take-back" else (names[_seat(event.player)],)
    return Question(k, None, "winner", TEXT["prompt.winner"], choices, answer,
                    event.sentence(names), RULEBOOK[event.rule].reference, frame, index,
                    moment.last_frame(k), True)


def _slough_named_taker(moment: _Moment, k: int, index: int) -> bool:
    """Whether a slough narrated before event ``index`` of step ``k`` named who takes the
    trick (Atlanta's round after the decision): a winner question there is answered."""
    for step in range(k - 1, -1, -1):
        events = moment.steps[step].events
        for e in reversed(events[:index] if step == k - 1 else events):
            if e.kind in WIN_EVENTS or e.kind == "take-back":
                return False
            if e.kind == "slough" and e.other is not None:
                return True
    return False


@asks("sets-aside")
def _sets_aside(moment: _Moment, k: int, player: str | None) -> Question:
    """Who completes a phase-2 trick and sets it aside (rule 11a, or Koira's trump that
    ends the trick), also when that player goes out on the last card."""
    _check_player("sets-aside", None, player)
    found = _event(moment, k, ("trick-complete", "trump-ends-trick"))
    if found is None:
        raise _not_here("sets-aside", k)
    event = found[1]
    names = moment.names
    table = moment.at(k - 1).table
    played = [names[p] for p, _ in table]
    who = names[_seat(event.player)]
    choices = tuple(dict.fromkeys([*played, who]))
    return Question(k, None, "sets-aside", TEXT["prompt.sets-aside"], choices, (who,),
                    event.sentence(names), RULEBOOK[event.rule].reference,
                    moment.last_frame(k - 1), 0, moment.last_frame(k), True)


@asks("skitgubbe")
def _skitgubbe(moment: _Moment, k: int, player: str | None) -> Question:
    _check_player("skitgubbe", None, player)
    found = _event(moment, k, ("game-over", "blamattis-loses"))
    if found is None:
        raise _not_here("skitgubbe", k)
    index, event = found
    names = moment.names
    events = moment.steps[k - 1].events
    # asked before anyone goes out on this move: a player shown out is no choice
    index = next((i for i, e in enumerate(events[:index]) if e.kind == "out"), index)
    frame = moment.before(k, index) or moment.last_frame(k - 1)
    shown = moment.frames[frame].state
    choices = tuple(names[p] for p in range(len(names)) if p not in shown.out)
    loser = moment.game.loser
    answer = (names[loser],) if loser is not None else ()
    return Question(k, None, "skitgubbe", TEXT["prompt.skitgubbe"], choices, answer,
                    event.sentence(names), RULEBOOK[event.rule].reference, frame, index,
                    moment.last_frame(k), True)
