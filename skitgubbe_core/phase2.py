"""Phase 2 of basic Skitgubbe: beat or pick up, tricks as large as the players in,
going out, the Skitgubbe.  Rules 8-13 of the digest."""

from __future__ import annotations

from .actions import PICK_UP, PICK_UP_ACTIONS, PLAY_ROWS, TURN, Action
from .cards import SUIT_NAME_SINGULAR, Card, suit_symbol
from .events import Event
from .rules import Rules
from .state import State

def begin(s: State, rules: Rules, events: list) -> None:
    """Rule 8: everyone takes up pile, hand and trump card; the trump drawer leads."""
    for hand, pile in zip(s.hands, s.piles):
        hand.extend(pile)
        pile.clear()
    shown: tuple[Card, ...] = ()
    if s.trump_card is not None:
        card = s.trump_card
        s.hands[s.trump_holder].append(card)
        s.trump = card & 3
        s.trump_card = None
        shown = (card,)
    s.phase = 2
    leader = s.trump_holder
    events.append(Event("phase-2", leader, shown, leader, s.trump, "phase-2-start"))
    for p in range(s.n):
        if not s.hands[p]:
            _go_out(s, p, events)
    if s.to_play is not None:
        s.to_play = _leader_in(s, leader, events)


def legal(s: State, rules: Rules) -> list[Action]:
    """Lead any card; otherwise beat the top card (rule 9: a higher card of its suit,
    or any trump on a non-trump) or pick it up (rule 10)."""
    p = s.to_play
    hand = s.hands[p]
    row = PLAY_ROWS[p]
    if not s.table:
        return [row[c] for c in hand]
    top = s.table[-1][1][-1]
    suit = top & 3
    trump = s.trump
    if suit == trump:
        actions = [row[c] for c in hand if c > top and c & 3 == suit]
    else:
        actions = [row[c] for c in hand if (c > top and c & 3 == suit) or c & 3 == trump]
    actions.append(PICK_UP_ACTIONS[p])
    return actions


def why_illegal(s: State, rules: Rules, action: Action, names) -> tuple[str, str]:
    name = names[action.player]
    if action.kind == TURN:
        return "turning a stock card belongs to phase 1; the stock is gone", "turn"
    if action.kind == PICK_UP:
        return f"the table is empty, so there is nothing to pick up: {name} must lead", "pick-up"
    if len(action.cards) != 1:
        return "basic Skitgubbe plays one card at a time", "beat"
    card = action.cards[0]
    if card not in s.hands[action.player]:
        return f"{name} does not hold {card}", "beat"
    top = s.table[-1][1][-1]
    suit = SUIT_NAME_SINGULAR[top & 3]
    if top & 3 == s.trump:
        how = f"{top} is a trump, and a trump is beaten only by a higher trump"
    else:
        how = f"beat it with a higher {suit} or with a trump ({suit_symbol(s.trump)})"
    return f"{card} does not beat {top}: {how}, or pick it up", "beat"


def _go_out(s: State, p: int, events: list) -> None:
    """Rules 12 and 13."""
    s.in_game[p] = False
    s.out.append(p)
    events.append(Event("out", p, (), None, None, "going-out"))
    still = [q for q in range(s.n) if s.in_game[q]]
    if len(still) <= 1:
        s.loser = still[0] if still else None
        s.to_play = None
        if still:
            events.append(Event("game-over", still[0], (), None, None, "loser"))


def _leader_in(s: State, leader: int, events: list) -> int:
    """``leader`` if still in, else the next player in on the left (rule 12)."""
    if s.in_game[leader]:
        return leader
    nxt = s.next_in(leader)
    events.append(Event("lead-passes", leader, (), nxt, "next", "going-out"))
    return nxt


def apply(s: State, rules: Rules, action: Action, events: list) -> None:
    p = action.player
    table = s.table
    hand = s.hands[p]
    if action.kind == PICK_UP:
        q, cards = table.pop()
        hand.extend(cards)
        if table:
            s.to_play = s.next_in(p)
            events.append(Event("pick-up", p, cards, s.to_play, table[-1][1], "pick-up"))
        else:
            natural = (p + 1) % s.n
            events.append(Event("pick-up", p, cards, None, (), "pick-up"))
            events.append(Event("all-picked-up", p, (), natural, None, "all-picked-up"))
            s.to_play = _leader_in(s, natural, events)
        return
    card = action.cards[0]
    hand.remove(card)
    if table:
        events.append(Event("beat", p, (card,), None, table[-1][1], "beat"))
    else:
        s.trick_size = s.n - len(s.out)
        s.leader = p
        events.append(Event("lead", p, (card,), None, s.trick_size, "trick-complete"))
    table.append((p, (card,)))
    if not hand:
        _go_out(s, p, events)
        if s.to_play is None:
            return
    if len(table) == s.trick_size:
        s.discarded.extend(c for _, play in table for c in play)
        events.append(Event("trick-complete", p, (), p, len(table), "trick-complete"))
        if s.in_game[p]:
            s.to_play = p
        elif rules.lead_after_going_out == "beaten-player":
            beaten = table[-2][0]
            leader = beaten if s.in_game[beaten] else s.next_in(beaten)
            events.append(Event("lead-passes", p, (), leader, "beaten", "trick-complete"))
            s.to_play = leader
        else:
            s.to_play = _leader_in(s, p, events)
        s.table = []
    else:
        s.to_play = s.next_in(p)
