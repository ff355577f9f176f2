"""Phase 1 as every variant plays it: the hand size, drawing and turning from the stock,
the trump card, taking a trick's cards, the refusals every variant shares, and the end
of the phase (rules 2 and 5-7 of the digest).  The tricks themselves are in
:mod:`.phase1` (two-card tricks), :mod:`.phase1_all` (everyone plays) and
:mod:`.phase1_mas` (beat or pick up).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import events as ev
from . import phase2
from .actions import PICK_UP, TURN, Action
from .cards import Card, format_cards
from .events import DROP, Listener  # per-move events are plain tuples: see events.RawEvent
from .i18n import gettext as _
from .rules import Rules
from .state import State

HAND_SIZE = 3


def can_turn(s: State, rules: Rules) -> bool:
    """Rule 5: the top stock card may be turned while the stock is large enough."""
    return len(s.stock) > rules.turn_above


def can_act(s: State, rules: Rules, p: int) -> bool:
    return bool(s.hands[p]) or can_turn(s, rules)


def why_illegal_common(s: State, rules: Rules, action: Action, names: Sequence[str]) -> tuple[str, str] | None:
    """Reasons shared by every phase-1 variant, or None."""
    name = names[action.player]
    if action.kind == PICK_UP:
        return _("there is nothing to pick up in phase 1: picking up belongs to phase 2"), "pick-up"
    if action.kind == TURN:
        if not s.stock:
            return _("the stock is empty, so there is no card to turn"), "turn"
        if rules.turn_from_stock == "never":
            return _("this ruleset does not let a player turn the stock card"), "turn"
        return _("the stock holds only the trump card, and a stock card may be turned only "
                 "while the stock holds more than one card"), "turn"
    missing = [c for c in action.cards if c not in s.hands[action.player]]
    if missing:
        return does_not_hold(name, missing), "two-card-tricks"
    return None


DRAW_RULE = {"after-play": "draw", "refill": "refill", "refill-after-trick": "refill-after-trick"}
"""The rule a draw follows under each value of the option ``draw``."""


def draw_one(s: State, rules: Rules, p: int, events: Listener, rule: str | None = None) -> None:
    """Rule 2 (or the variant's drawing rule, or ``rule``), and rule 6 for the last stock
    card: laid aside, taken into hand when it is Mas's turned-up trump, or kept beside
    its drawer when it is the house-rules page's turned-up trump."""
    stock = s.stock
    if len(stock) > 1:
        card = stock.pop()
        s.hands[p].append(card)
        if events is not DROP:
            events.append(("draw", p, (card,), None, None,
                           rule or DRAW_RULE[rules.draw]))
    elif stock:
        card = stock.pop()
        s.trump_holder = p
        s.last_drawn = True
        if rules.turned_up_trump == "yes" and rules.phase1_end == "last-draw":
            s.hands[p].append(card)
            if events is not DROP:
                events.append(ev.trump_taken(p, card, "mas-last-card"))
        elif rules.turned_up_trump == "yes":
            s.trump_card = card
            if events is not DROP:
                events.append(ev.turned_up_kept(p, card, "turned-up-trump"))
        else:
            s.trump_card = card
            if events is not DROP:
                events.append(ev.trump_card(p, card, "trump-card"))


def refill(s: State, rules: Rules, p: int, events: Listener) -> None:
    """Draw until the hand holds three cards or the stock is gone."""
    hand = s.hands[p]
    while s.stock and len(hand) < HAND_SIZE:
        draw_one(s, rules, p, events)


def take_turned(s: State, p: int, events: Listener) -> Card:
    """Rule 5: turn up the top stock card to play it; the last card sets trumps."""
    card = s.stock.pop()
    if events is not DROP:
        events.append(("turned", p, (card,), None, None, "turn"))
    if not s.stock:
        s.trump = card & 3
        s.trump_holder = p
        s.last_drawn = True
        if events is not DROP:
            events.append(ev.trump_turned(p, card, "trump-card"))
    return card


def does_not_hold(name: str, missing: list[Card]) -> str:
    """The refusal of cards the player does not hold."""
    return _("{player} does not hold {cards}").format(player=name, cards=format_cards(missing))


def not_a_move(kind: str) -> str:
    """The refusal of an action kind no phase-1 trick has."""
    return _("'{kind}' is not a move of this phase-1 trick").format(kind=kind)


def take_table(s: State, winner: int) -> list[Card]:
    """Everything on the table goes to ``winner``'s pile; returns it."""
    won: list[Card] = []
    for _player, play in s.table:
        won += play
    s.piles[winner] += won
    s.table = []
    s.sloughs = []
    return won


_END_RULE = {"no-card": "end-of-phase-1", "all-played": "koira-end", "last-draw": "last-draw"}


def end(s: State, rules: Rules, stuck: int | None, events: Listener) -> None:
    """Rule 7: settle the table and start phase 2.  ``stuck`` is the player who had no
    card to play, or None when the phase ends with the last draw."""
    rule = _END_RULE[rules.phase1_end]
    if stuck is None:
        if events is not DROP:
            over = (ev.phase_1_all_played if rules.phase1_end == "all-played"
                    else ev.phase_1_last_trick)
            events.append(over(s.trump_holder, rule))
    else:
        if events is not DROP:
            events.append(ev.phase_1_end(stuck, rule))
    table = s.table
    s.queue = []
    if len(table) == 1 and rules.last_trick == "bounce":
        p, cards = table[0]
        s.table = []
        s.piles[p].extend(cards)
        if events is not DROP:
            events.append(ev.lead_kept(p, cards, rule))
    else:
        for p in range(s.n):
            back = tuple(c for q, play in table if q == p for c in play)
            if back:
                s.hands[p].extend(back)
                s.table = [play for play in s.table if play[0] != p]
                if events is not DROP:
                    events.append(ev.take_back(p, back, rule))
    s.table = []
    s.sloughs = []
    phase2.begin(s, rules, events)
