"""Phase 1: what every variant shares (drawing, the trump card, the end of the phase)
and basic Skitgubbe's two-card tricks with stunsa (rules 1-7 of the digest).

Each function takes the :class:`~skitgubbe_core.state.State` and the
:class:`~skitgubbe_core.rules.Rules`; ``apply`` changes the state and appends the
events it causes.  All-play tricks live in :mod:`.phase1_all`, Mas's
beat-or-pick-up tricks in :mod:`.phase1_mas`.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import phase2
from .actions import PICK_UP, PLAY, PLAY_ROWS, TURN, TURN_ACTIONS, Action
from .cards import Card, card_text, format_cards, suit_singular
from .events import DROP, Event, Listener, make
from .i18n import gettext as _
from .in_turn import accepts as accepts
from .in_turn import out_of_turn as out_of_turn
from .in_turn import prepare as prepare
from .in_turn import why_out_of_turn as why_out_of_turn
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


_DRAW_RULE = {"after-play": "draw", "refill": "refill", "refill-after-trick": "refill-after-trick"}


def draw_one(s: State, rules: Rules, p: int, events: Listener, rule: str | None = None) -> None:
    """Rule 2 (or the variant's drawing rule, or ``rule``), and rule 6 for the last stock
    card: laid aside, taken into hand when it is Mas's turned-up trump, or kept beside
    its drawer when it is the house-rules page's turned-up trump."""
    stock = s.stock
    if len(stock) > 1:
        card = stock.pop()
        s.hands[p].append(card)
        if events is not DROP:
            events.append(make(Event, ("draw", p, (card,), None, None,
                                       rule or _DRAW_RULE[rules.draw])))
    elif stock:
        card = stock.pop()
        s.trump_holder = p
        s.last_drawn = True
        if rules.turned_up_trump == "yes" and rules.phase1_end == "last-draw":
            s.hands[p].append(card)
            if events is not DROP:
                events.append(make(Event, ("trump-taken", p, (card,), None, None,
                                           "mas-last-card")))
        elif rules.turned_up_trump == "yes":
            s.trump_card = card
            if events is not DROP:
                events.append(make(Event, ("turned-up-kept", p, (card,), None, None,
                                           "turned-up-trump")))
        else:
            s.trump_card = card
            if events is not DROP:
                events.append(make(Event, ("trump-card", p, (card,), None, None,
                                           "trump-card")))


def refill(s: State, rules: Rules, p: int, events: Listener) -> None:
    """Draw until the hand holds three cards or the stock is gone."""
    hand = s.hands[p]
    while s.stock and len(hand) < HAND_SIZE:
        draw_one(s, rules, p, events)


def take_turned(s: State, p: int, events: Listener) -> Card:
    """Rule 5: turn up the top stock card to play it; the last card sets trumps."""
    card = s.stock.pop()
    if events is not DROP:
        events.append(make(Event, ("turned", p, (card,), None, None, "turn")))
    if not s.stock:
        s.trump = card & 3
        s.trump_holder = p
        s.last_drawn = True
        if events is not DROP:
            events.append(make(Event, ("trump-turned", p, (card,), None, None,
                                       "trump-card")))
    return card


def legal(s: State, rules: Rules) -> list[Action]:
    p = s.to_play
    assert p is not None  # asked only while the deal goes on
    row = PLAY_ROWS[p]
    actions = []
    for c in (_followers(s, rules, s.hands[p]) if len(s.table) & 1 and rules.phase1_follow != "no"
              else s.hands[p]):
        actions.append(row[c])
    if len(s.stock) > rules.turn_above:
        actions.append(TURN_ACTIONS[p])
    return actions










def _followers(s: State, rules: Rules, hand: list[Card]) -> list[Card]:
    """The house-rules page's turned-up trump: the cards that follow the suit led, or
    (our reconstruction) when void any card, or a trump where trumping is required."""
    suit = s.table[-1][1][0] & 3
    same = [c for c in hand if c & 3 == suit]
    if same:
        return same
    if rules.phase1_follow == "suit-then-trump":
        trumps = [c for c in hand if c & 3 == s.trump]
        if trumps:
            return trumps
    return hand


def why_illegal(s: State, rules: Rules, action: Action, names: Sequence[str]) -> tuple[str, str]:
    """Why ``action`` (by the player to act) is not legal: (reason, rule key)."""
    if action.kind not in (PLAY, TURN, PICK_UP):
        return not_a_move(action.kind), "two-card-tricks"
    if len(action.cards) > 1:
        return _("in phase 1 a player plays one card at a time"), "two-card-tricks"
    common = why_illegal_common(s, rules, action, names)
    if common:
        return common
    lead = s.table[-1][1][0]
    name, suit = names[action.player], suit_singular(lead & 3)
    if any(c & 3 == lead & 3 for c in s.hands[action.player]):
        return _("{player} holds a {suit} and must follow the suit of {card}").format(
            player=name, suit=suit, card=card_text(lead)), "follow-phase-1"
    return _("{player} has no {suit} and must play a trump").format(
        player=name, suit=suit), "follow-phase-1"


def does_not_hold(name: str, missing: list[Card]) -> str:
    """The refusal of cards the player does not hold."""
    return _("{player} does not hold {cards}").format(player=name, cards=format_cards(missing))


def not_a_move(kind: str) -> str:
    """The refusal of an action kind no phase-1 trick has."""
    return _("'{kind}' is not a move of this phase-1 trick").format(kind=kind)


def apply(s: State, rules: Rules, action: Action, events: Listener) -> None:
    p, kind, cards = action
    turned = kind == TURN
    if turned:
        cards = (take_turned(s, p, events),)
    else:
        s.hands[p].remove(cards[0])
    card = cards[0]
    table = s.table
    table.append((p, cards))
    leading = len(table) & 1
    if events is not DROP:
        rule = "two-card-tricks" if rules.phase1_follow == "no" else "follow-phase-1"
        events.append(make(Event, ("lead", p, cards, s.opponent, None, rule)) if leading
                      else make(Event, ("answer", p, cards, None, None, rule)))
    if not turned:
        stock = s.stock
        if len(stock) > 1 and events is DROP:
            s.hands[p].append(stock.pop())  # draw_one's common case, headless
        elif stock:
            draw_one(s, rules, p, events)
    if leading:
        s.to_play = s.opponent
    else:
        _settle(s, rules, table[-2][1][0], card, events)
        if s.last_drawn and rules.phase1_end == "last-draw" and not s.table:
            end(s, rules, None, events)
            return
    nxt = s.to_play
    assert nxt is not None  # the trick just played goes on
    if not s.hands[nxt] and len(s.stock) <= rules.turn_above:
        end(s, rules, nxt, events)


def _settle(s: State, rules: Rules, lead: Card, answer: Card, events: Listener) -> None:
    """Rules 3 and 4: the higher rank wins everything on the table; equal ranks bounce.
    With phase1_winner=trick-taking the suit led or a trump wins instead."""
    if rules.phase1_winner == "trick-taking":
        answered = ((answer & 3 == lead & 3 and answer > lead)
                    or (answer & 3 == s.trump and lead & 3 != s.trump))
        winner = s.opponent if answered else s.leader
        won = take_table(s, winner)
        s.leader = winner
        s.opponent = (winner + 1) % s.n
        s.to_play = winner
        if events is not DROP:
            events.append(make(Event, ("trick-won-suit", winner,
                                       (answer if answered else lead,),
                                       _next_lead(s, rules), len(won), "trick-taking")))
        return
    if lead >> 2 == answer >> 2:
        s.to_play = s.leader
        if events is not DROP:
            events.append(make(Event, ("stunsa", s.leader, (lead, answer),
                                       _next_lead(s, rules), None, "stunsa")))
        return
    if lead >> 2 > answer >> 2:
        winner, high = s.leader, lead
    else:
        winner, high = s.opponent, answer
    won = take_table(s, winner)
    s.leader = winner
    s.opponent = (winner + 1) % s.n
    s.to_play = winner
    if events is not DROP:
        events.append(make(Event, ("trick-won", winner, (high,), _next_lead(s, rules),
                                   len(won), "trick-winner")))


def _next_lead(s: State, rules: Rules) -> int | None:
    """Whom the player to act leads against next, or None when phase 1 ends right
    after this trick (the last draw is taken, or the leader has no card): then the
    phase-2 event says who leads, and the trick's sentence must not."""
    p = s.to_play
    assert p is not None  # phase 1 goes on while a trick is settled
    if (s.last_drawn and rules.phase1_end == "last-draw" and not s.table) or (
            not s.hands[p] and len(s.stock) <= rules.turn_above):
        return None
    return s.opponent


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
        kind = "phase-1-all-played" if rules.phase1_end == "all-played" else "phase-1-last-trick"
        if events is not DROP:
            events.append(make(Event, (kind, s.trump_holder, (), None, None, rule)))
    else:
        if events is not DROP:
            events.append(make(Event, ("phase-1-end", stuck, (), None, None, rule)))
    table = s.table
    s.queue = []
    if len(table) == 1 and rules.last_trick == "bounce":
        p, cards = table[0]
        s.table = []
        s.piles[p].extend(cards)
        if events is not DROP:
            events.append(make(Event, ("lead-kept", p, cards, None, None, rule)))
    else:
        for p in range(s.n):
            back = tuple(c for q, play in table if q == p for c in play)
            if back:
                s.hands[p].extend(back)
                s.table = [play for play in s.table if play[0] != p]
                if events is not DROP:
                    events.append(make(Event, ("take-back", p, back, None, None,
                                               rule)))
    s.table = []
    s.sloughs = []
    phase2.begin(s, rules, events)
