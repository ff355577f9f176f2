"""Phase 2's facts: what are trumps (``trump``), which suit is anti-trump
(``anti-trump``), who is Blåmattis (``blamattis``)."""

from __future__ import annotations

from ...cards import SUITS
from ...phase2 import anti_suit
from ...rulebook import RULEBOOK
from ..model import TEXT, Question, suit_label
from .moment import (
    _check_player,
    _event,
    _first_sentence,
    _Moment,
    _not_here,
    _seat,
    _told_all,
    asks,
)


@asks("trump")
def _trump(moment: _Moment, k: int, player: str | None) -> Question:
    _check_player("trump", None, player)
    found = _event(moment, k, ("phase-2",))
    if found is None or moment.at(k - 1).trump is not None:
        return _turned_trump(moment, k)
    index, event = found
    frame = moment.before(k, index)
    if frame is None:
        raise _not_here("trump", k)
    return Question(k, None, "trump", TEXT["prompt.trump"], tuple(SUITS),
                    (SUITS[event.suit],), event.sentence(moment.names),
                    RULEBOOK[event.rule].reference, frame, index, moment.last_frame(k), True)


def _turned_trump(moment: _Moment, k: int) -> Question:
    """The trump a card turned up at the deal has named (Mas), asked at any move."""
    game = moment.at(k)
    if game.trump is None or game.rules.turned_up_trump != "yes":
        raise _not_here("trump", k)
    rule = "mas-last-card" if game.rules.phase1_tricks == "beat-or-pick-up" else "turned-up-trump"
    why = TEXT["why.trump.turned"].format(suit=suit_label(game.trump))
    return Question(k, None, "trump", TEXT["prompt.trump"], tuple(SUITS), (SUITS[game.trump],),
                    why, RULEBOOK[rule].reference, moment.last_frame(k), _told_all(moment, k),
                    moment.last_frame(k), False, True)


@asks("anti-trump")
def _anti_trump(moment: _Moment, k: int, player: str | None) -> Question:
    """The anti-trump suit of phase 2, asked once trumps are known."""
    _check_player("anti-trump", None, player)
    game = moment.at(k)
    anti = anti_suit(game.rules, game.trump) if game.phase == 2 else None
    if anti is None or game.trump is None:
        raise _not_here("anti-trump", k)
    summary = _first_sentence(RULEBOOK["anti-trumps"].text)
    why = TEXT["why.anti-trump"].format(trump=suit_label(game.trump), anti=suit_label(anti),
                                        summary=summary)
    return Question(k, None, "anti-trump", TEXT["prompt.anti-trump"],
                    tuple(s for s in SUITS if s != SUITS[game.trump]), (SUITS[anti],), why,
                    RULEBOOK["anti-trumps"].reference, moment.last_frame(k),
                    _told_all(moment, k), moment.last_frame(k), False)


@asks("blamattis")
def _blamattis(moment: _Moment, k: int, player: str | None) -> Question:
    """Who has no cards after phase 1 and is Blåmattis (still in, picking up)."""
    _check_player("blamattis", None, player)
    events = moment.steps[k - 1].events if k else ()
    found = [(i, e) for i, e in enumerate(events) if e.kind == "blamattis"]
    frame = moment.before(k, found[0][0]) if found else None
    names = moment.names
    if not found or frame is None:
        return _still_blamattis(moment, k)
    state = moment.frames[frame].state
    choices = tuple(names[p] for p in range(len(names)) if p not in state.out)
    answer = tuple(names[_seat(e.player)] for _, e in found)
    why = "; ".join(e.sentence(names) for _, e in found)
    return Question(k, None, "blamattis", TEXT["prompt.blamattis"], choices, answer, why,
                    RULEBOOK["blamattis"].reference, frame, found[0][0],
                    moment.last_frame(k), False, True)


def _still_blamattis(moment: _Moment, k: int) -> Question:
    """Who is Blåmattis in a phase 2 under way: a player still in without cards."""
    game = moment.at(k)
    names = moment.names
    if game.phase != 2 or game.is_over or game.rules.empty_hand_after_phase1 != "blamattis":
        raise _not_here("blamattis", k)
    still = [p for p in range(len(names)) if p not in game.out]
    answer = tuple(names[p] for p in still if not game.hands[p])
    if not answer:
        raise _not_here("blamattis", k)
    why = _first_sentence(RULEBOOK["blamattis"].text)
    return Question(k, None, "blamattis", TEXT["prompt.blamattis"],
                    tuple(names[p] for p in still), answer, why,
                    RULEBOOK["blamattis"].reference, moment.last_frame(k),
                    _told_all(moment, k), moment.last_frame(k), False, True)
