"""Phase 1 of basic Skitgubbe: two-card tricks, drawing, stunsa, the trump card.

Each function takes the :class:`~skitgubbe_core.state.State` and the
:class:`~skitgubbe_core.rules.Rules`; :func:`apply` changes the state and appends
the events it causes.  Rules 1-7 of the digest.
"""

from __future__ import annotations

from .actions import PICK_UP, PLAY_ROWS, TURN, TURN_ACTIONS, Action
from .cards import Card
from .events import Event
from .rules import Rules
from .state import State
from . import phase2

def can_turn(s: State, rules: Rules) -> bool:
    """Rule 5: the top stock card may be turned while the stock is large enough."""
    return len(s.stock) > (1 if rules.turn_from_stock == "more-than-one" else 0)


def legal(s: State, rules: Rules) -> list[Action]:
    p = s.to_play
    row = PLAY_ROWS[p]
    actions = [row[c] for c in s.hands[p]]
    if can_turn(s, rules):
        actions.append(TURN_ACTIONS[p])
    return actions


def why_illegal(s: State, rules: Rules, action: Action, names) -> tuple[str, str]:
    """Why ``action`` (by the player to act) is not legal: (reason, rule key)."""
    name = names[action.player]
    if action.kind == PICK_UP:
        return "there is nothing to pick up in phase 1: picking up belongs to phase 2", "pick-up"
    if action.kind == TURN:
        if not s.stock:
            return "the stock is empty, so there is no card to turn", "turn"
        return ("the stock holds only the trump card, and a stock card may be turned only "
                "while the stock holds more than one card"), "turn"
    if len(action.cards) != 1:
        return "in phase 1 a player plays one card at a time", "two-card-tricks"
    return f"{name} does not hold {action.cards[0]}", "two-card-tricks"


def _draw(s: State, p: int, events: list) -> None:
    """Rule 2, and rule 6 for the last stock card."""
    stock = s.stock
    if len(stock) > 1:
        card = stock.pop()
        s.hands[p].append(card)
        events.append(Event("draw", p, (card,), None, None, "draw"))
    elif stock:
        card = stock.pop()
        s.trump_card = card
        s.trump_holder = p
        events.append(Event("trump-card", p, (card,), None, None, "trump-card"))


def apply(s: State, rules: Rules, action: Action, events: list) -> None:
    p = action.player
    turned = action.kind == TURN
    if turned:
        card = s.stock.pop()
        events.append(Event("turned", p, (card,), None, None, "turn"))
    else:
        card = action.cards[0]
        s.hands[p].remove(card)
    table = s.table
    table.append((p, (card,)))
    leading = len(table) & 1
    if leading:
        events.append(Event("lead", p, (card,), s.opponent, None, "two-card-tricks"))
    else:
        events.append(Event("answer", p, (card,), None, None, "two-card-tricks"))
    if turned:
        if not s.stock:
            s.trump = card & 3
            s.trump_holder = p
            events.append(Event("trump-turned", p, (card,), None, None, "trump-card"))
    elif s.stock:
        _draw(s, p, events)
    if leading:
        s.to_play = s.opponent
    else:
        _settle(s, table[-2][1][0], card, events)
    nxt = s.to_play
    if not s.hands[nxt] and not can_turn(s, rules):
        end(s, rules, nxt, events)


def _settle(s: State, lead: Card, answer: Card, events: list) -> None:
    """Rules 3 and 4: the higher rank wins everything on the table; equal ranks bounce."""
    if lead >> 2 == answer >> 2:
        events.append(Event("stunsa", s.leader, (lead, answer), s.opponent, None, "stunsa"))
        s.to_play = s.leader
        return
    winner = s.leader if lead >> 2 > answer >> 2 else s.opponent
    won = [c for _, play in s.table for c in play]
    s.piles[winner].extend(won)
    s.table = []
    s.leader = winner
    s.opponent = (winner + 1) % s.n
    s.to_play = winner
    events.append(Event("trick-won", winner, (max(lead, answer, key=_rank),), s.opponent,
                        len(won), "trick-winner"))


def _rank(card: Card) -> int:
    return card >> 2


def end(s: State, rules: Rules, stuck: int, events: list) -> None:
    """Rule 7: the player to act has no card; settle the table and start phase 2."""
    events.append(Event("phase-1-end", stuck, (), None, None, "end-of-phase-1"))
    table = s.table
    if len(table) == 1 and rules.last_trick == "bounce":
        p, cards = table[0]
        s.piles[p].extend(cards)
        events.append(Event("lead-kept", p, cards, None, None, "end-of-phase-1"))
    else:
        for p in range(s.n):
            back = tuple(c for q, play in table if q == p for c in play)
            if back:
                s.hands[p].extend(back)
                events.append(Event("take-back", p, back, None, None, "end-of-phase-1"))
    s.table = []
    phase2.begin(s, rules, events)
