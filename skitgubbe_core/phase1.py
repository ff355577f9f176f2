"""Phase 1 of basic Skitgubbe: two-card tricks with stunsa (rules 1, 3 and 4 of the
digest); what every variant shares is in :mod:`.phase1_common`.

Each function takes the :class:`~skitgubbe_core.state.State` and the
:class:`~skitgubbe_core.rules.Rules`; ``apply`` changes the state and appends the
events it causes.  All-play tricks live in :mod:`.phase1_all`, Mas's
beat-or-pick-up tricks in :mod:`.phase1_mas`.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import PICK_UP, PLAY, PLAY_ROWS, TURN, TURN_ACTIONS, Action
from .cards import Card, card_text, suit_singular
from .events import DROP, Listener  # per-move events are plain tuples: see events.RawEvent
from .i18n import gettext as _
from .in_turn import accepts as accepts
from .in_turn import out_of_turn as out_of_turn
from .in_turn import prepare as prepare
from .in_turn import why_out_of_turn as why_out_of_turn
from .phase1_common import (
    DRAW_RULE,
    draw_one,
    end,
    not_a_move,
    take_table,
    take_turned,
    why_illegal_common,
)
from .rules import Rules
from .state import State


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
        events.append(("lead", p, cards, s.opponent, None, rule) if leading
                      else ("answer", p, cards, None, None, rule))
    if not turned:
        stock = s.stock
        if len(stock) > 1:  # draw_one's common case, a call shorter
            drawn = stock.pop()
            s.hands[p].append(drawn)
            if events is not DROP:
                events.append(("draw", p, (drawn,), None, None, DRAW_RULE[rules.draw]))
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
            events.append(("trick-won-suit", winner,
                           (answer if answered else lead,),
                           _next_lead(s, rules), len(won), "trick-taking"))
        return
    if lead >> 2 == answer >> 2:
        s.to_play = s.leader
        if events is not DROP:
            events.append(("stunsa", s.leader, (lead, answer),
                           _next_lead(s, rules), None, "stunsa"))
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
        events.append(("trick-won", winner, (high,), _next_lead(s, rules),
                       len(won), "trick-winner"))


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

