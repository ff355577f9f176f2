"""Phase 1 of Mas with turned-up trump (Werner & Sandgren, Kortoxen 1975, via pagat.com).

Trumps are known from the deal (the card turned up under the stock).  Two-card
tricks: the second player must beat the lead or pick it up.  Hands are refilled to
three while the stock lasts; three trumps may be stored; the two of trumps may be
exchanged for the turned-up trump.  Phase 1 ends with the trick in which the last
card (the turned-up trump) is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import events as ev
from .actions import (
    EXCHANGE,
    EXCHANGE_ACTIONS,
    PICK_UP,
    PICK_UP_ACTIONS,
    PLAY,
    PLAY_ROWS,
    STORE,
    STORE_ACTIONS,
    Action,
)
from .cards import Card, card_text, make_card, suit_singular
from .events import DROP, Listener  # per-move events are plain tuples: see events.RawEvent
from .i18n import gettext as _
from .in_turn import accepts as accepts
from .in_turn import prepare as prepare
from .phase1_common import HAND_SIZE, can_act, end, refill, take_table, why_illegal_common
from .rules import Rules
from .state import State


def _can_exchange(s: State, rules: Rules, p: int) -> bool:
    if rules.exchange_two != "yes" or not s.stock:
        return False
    assert s.trump is not None  # Mas turns up its trump at the deal
    two = make_card(2, s.trump)
    return two in s.hands[p] and s.stock[0] != two


def _can_store(s: State, rules: Rules, p: int) -> bool:
    hand = s.hands[p]
    return (rules.store_three_trumps == "yes" and bool(s.stock) and len(hand) == HAND_SIZE
            and all(c & 3 == s.trump for c in hand))


def beats_lead(card: Card, lead: Card, trump: int | None) -> bool:
    """A higher card of the suit led, or a trump on a non-trump."""
    if card & 3 == lead & 3:
        return card > lead
    return card & 3 == trump


def out_of_turn(s: State, rules: Rules, p: int) -> list[Action]:
    """With mas_timing=any-time ("at any stage", pagat.com after Kortoxen): the exchange
    and the storing, by a player without the turn."""
    if rules.mas_timing != "any-time" or s.phase != 1:
        return []
    actions = []
    if _can_exchange(s, rules, p):
        actions.append(EXCHANGE_ACTIONS[p])
    if _can_store(s, rules, p):
        actions.append(STORE_ACTIONS[p])
    return actions




def why_out_of_turn(s: State, rules: Rules, action: Action, names: Sequence[str]) -> tuple[str, str] | None:
    """Why an exchange or a storing by a player without the turn is refused (None for
    other actions)."""
    if action.kind not in (EXCHANGE, STORE) or rules.mas_timing != "any-time":
        return None
    return why_illegal(s, rules, action, names)




def legal(s: State, rules: Rules) -> list[Action]:
    p = s.to_play
    assert p is not None  # asked only while the deal goes on
    row = PLAY_ROWS[p]
    hand = s.hands[p]
    if s.table:
        lead = s.table[0][1][0]
        actions = [row[c] for c in hand if beats_lead(c, lead, s.trump)]
        actions.append(PICK_UP_ACTIONS[p])
    else:
        actions = [row[c] for c in hand]
    if _can_exchange(s, rules, p):
        actions.append(EXCHANGE_ACTIONS[p])
    if _can_store(s, rules, p):
        actions.append(STORE_ACTIONS[p])
    return actions


def why_illegal(s: State, rules: Rules, action: Action, names: Sequence[str]) -> tuple[str, str]:
    name = names[action.player]
    if action.kind == EXCHANGE:
        return _("{player} may exchange only the two of trumps, while the turned-up trump "
                 "still lies under the stock").format(player=name), "mas-exchange"
    if action.kind == STORE:
        return _("only a hand of exactly three trumps may be stored, while the stock "
                 "lasts"), "mas-store"
    if action.kind == PICK_UP:
        return _("there is no lead to pick up: {player} leads").format(player=name), "mas-beat"
    if action.kind != PLAY:
        return _("'{kind}' is not a move of Mas's phase 1").format(kind=action.kind), "mas-beat"
    if len(action.cards) > 1:
        return _("in phase 1 a player plays one card at a time"), "mas-beat"
    common = why_illegal_common(s, rules, action, names)
    if common:
        return common
    lead = s.table[0][1][0]
    return _("{card} does not beat {lead}: beat it with a higher {suit} or a trump, or pick "
             "it up").format(card=card_text(action.cards[0]), lead=card_text(lead),
                             suit=suit_singular(lead & 3)), "mas-beat"


def apply(s: State, rules: Rules, action: Action, events: Listener) -> None:
    p = action.player
    hand = s.hands[p]
    late = s.to_play if s.to_play != p else None
    if action.kind == EXCHANGE:
        assert s.trump is not None  # Mas turns up its trump at the deal
        two, turned = make_card(2, s.trump), s.stock[0]
        hand.remove(two)
        hand.append(turned)
        s.stock[0] = two
        if events is not DROP:
            events.append(ev.exchange(p, (two, turned), late, "mas-exchange"))
        return
    if action.kind == STORE:
        stored = tuple(hand)
        s.piles[p].extend(stored)
        hand.clear()
        if events is not DROP:
            events.append(ev.store(p, stored, late, "mas-store"))
        refill(s, rules, p, events)
        return
    if action.kind == PICK_UP:
        leader, cards = s.table[0]
        hand.extend(cards)
        s.table = []
        s.leader = (p + 1) % s.n
        s.opponent = (s.leader + 1) % s.n
        if events is not DROP:
            events.append(("pick-up-lead", p, cards,
                           None if s.last_drawn else s.leader, None, "mas-beat"))
        _after_trick(s, rules, events)
        return
    card = action.cards[0]
    hand.remove(card)
    if not s.table:
        s.table.append((p, (card,)))
        if events is not DROP:
            events.append(("lead", p, (card,), s.opponent, None,
                           "mas-beat"))
        refill(s, rules, p, events)
        s.to_play = s.opponent
        if not can_act(s, rules, s.to_play):
            end(s, rules, s.to_play, events)
        return
    lead = s.table[0][1][0]
    s.table.append((p, (card,)))
    if events is not DROP:
        events.append(("beat", p, (card,), None, (lead,), "mas-beat"))
    refill(s, rules, p, events)
    won = take_table(s, p)
    s.leader = p
    s.opponent = (p + 1) % s.n
    if events is not DROP:
        trumped = card & 3 == s.trump and lead & 3 != s.trump
        events.append(("trick-trumped" if trumped else "trick-won", p, (card,),
                       None if s.last_drawn else s.opponent, len(won),
                       "mas-beat"))
    _after_trick(s, rules, events)


def _after_trick(s: State, rules: Rules, events: Listener) -> None:
    s.to_play = s.leader
    if s.last_drawn:
        end(s, rules, None, events)
    elif not can_act(s, rules, s.leader):
        end(s, rules, s.leader, events)
