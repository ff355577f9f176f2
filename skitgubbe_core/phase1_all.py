"""Phase 1 with all-play tricks: Mattis, Koira, Atlanta and the German summary's sets.

Every player plays to every trick, starting with the leader; the highest card (or
true set) wins everything on the table.  Ties are replayed by the tied players
(or, in Koira's variant, redistributed).  Atlanta adds the forced bounce and
sloughing; Koira skips players without cards until every card is played.

A slough is one action with one or more cards.  :func:`legal` lists only single
cards and whole groups of one rank (so the list stays short however many cards
could be sloughed); :func:`accepts` validates any other combination a player names.
With ``slough_timing`` ``undecided`` or ``both`` a player may slough out of turn,
while the trick is undecided (:func:`out_of_turn`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from . import events as ev
from .actions import (
    PASS_ACTIONS,
    PICK_UP,
    PLAY,
    PLAY_ROWS,
    SLOUGH,
    SLOUGH_ROWS,
    TURN,
    TURN_ACTIONS,
    Action,
)
from .cards import Card, deal, format_cards
from .events import DROP, Listener  # per-move events are plain tuples: see events.RawEvent
from .i18n import gettext as _
from .phase1_common import (
    HAND_SIZE,
    can_act,
    does_not_hold,
    draw_one,
    end,
    not_a_move,
    refill,
    take_table,
    take_turned,
    why_illegal_common,
)
from .rules import Rules
from .state import Play, State

OUT_OF_TURN = ("undecided", "both")
"""The ``slough_timing`` values under which a player may slough out of turn while the
trick is undecided (the others slough in turn once it is decided)."""


def _rank_of(cards: tuple[Card, ...]) -> int:
    """A play's rank: its card's rank, a true set's rank, or -1 for mixed cards."""
    rank = cards[0] >> 2
    if len(cards) == 1:
        return rank
    return rank if all(c >> 2 == rank for c in cards) else -1


def _round(s: State) -> list[Play]:
    """The plays of the current round (sloughs never count)."""
    if s.sloughs:
        skip = s.sloughs
        return [play for i, play in enumerate(s.table) if i >= s.round_start and i not in skip]
    return s.table[s.round_start:]


def prepare(s: State, rules: Rules) -> None:
    """A new game's position with an empty table: open the first trick (its events,
    none of them a move, are not narrated)."""
    if not s.table and s.to_play is not None:
        start_trick(s, rules, s.to_play, [])


def start_trick(s: State, rules: Rules, leader: int, events: Listener) -> None:
    """A new trick led by ``leader``: everyone plays in turn from the leader."""
    s.table = []
    s.sloughs = []
    s.round_start = 0
    s.set_size = 0
    s.stage = "play"
    s.winner = None
    s.leader = leader
    s.queue = s.seats_from(leader)
    if rules.phase1_end == "all-played" and not any(can_act(s, rules, p) for p in s.queue):
        end(s, rules, None, events)
        return
    advance(s, rules, events)


def advance(s: State, rules: Rules, events: Listener) -> None:
    """Find the next player to act, skipping or ending as the rules say; evaluate a
    finished round.  Where hands are refilled only after the trick, a player with an
    empty hand in a tie replay draws a card to play (our reading)."""
    skip = rules.phase1_end == "all-played"
    while s.queue:
        p = s.queue[0]
        if not s.hands[p] and s.stock and rules.draw == "refill-after-trick":
            draw_one(s, rules, p, events)
        if s.hands[p] or len(s.stock) > rules.turn_above:
            s.to_play = p
            return
        if not skip:
            end(s, rules, p, events)
            return
        if s.round_start:
            _share(s, rules, p, events)
            return
        s.queue.pop(0)
        if events is not DROP:
            events.append(ev.skipped(p, "koira-skip"))
    _evaluate(s, rules, events)


def _set_leads(p: int, hand: list[Card]) -> list[Action]:
    """``p`` leading one card or several of a rank: rank by rank, low first."""
    cards = sorted(hand)
    actions: list[Action] = []
    start = 0
    for i in range(1, len(cards) + 1):
        if i == len(cards) or cards[i] >> 2 != cards[start] >> 2:
            actions += _rank_leads(p, tuple(cards[start:i]))
            start = i
    return actions


@lru_cache(maxsize=1 << 12)
def _rank_leads(p: int, cards: tuple[Card, ...]) -> tuple[Action, ...]:
    """``p`` leading any of ``cards`` (one rank, sorted): each card alone, then each
    set, smaller first.  Cached: the actions are made once."""
    return tuple(Action(p, PLAY, combo) if k > 1 else PLAY_ROWS[p][combo[0]]
                 for k in range(1, len(cards) + 1) for combo in combinations(cards, k))


def legal(s: State, rules: Rules) -> list[Action]:
    p = s.to_play
    assert p is not None  # asked only while the deal goes on
    hand = s.hands[p]
    if s.stage == "slough":
        return _slough_actions(p, _sloughable(s, p)) + [PASS_ACTIONS[p]]
    if rules.slough_timing in OUT_OF_TURN and rules.slough == "yes":
        return _legal_plays(s, rules, p, hand) + out_of_turn(s, rules, p)
    return _legal_plays(s, rules, p, hand)


def _legal_plays(s: State, rules: Rules, p: int, hand: list[Card]) -> list[Action]:
    if rules.phase1_plays == "sets" and s.set_size != 1:
        if not s.table:
            return _set_leads(p, hand)
        size = min(s.set_size, len(hand))
        if size == 1:
            return [PLAY_ROWS[p][c] for c in sorted(hand)]
        return [Action(p, PLAY, combo) if size > 1 else PLAY_ROWS[p][combo[0]]
                for combo in combinations(sorted(hand), size)]
    row = PLAY_ROWS[p]
    if rules.forced_bounce == "yes" and s.table:
        forced = _forced(s, hand)
        if forced:
            return [row[c] for c in forced]
    actions = []
    for c in hand:
        actions.append(row[c])
    if len(s.stock) > rules.turn_above:
        actions.append(TURN_ACTIONS[p])
    return actions


def _forced(s: State, hand: list[Card]) -> list[Card]:
    """Atlanta: the cards equal in rank to the highest card of the round so far."""
    top = -1
    for _player, cards in _round(s):
        rank = _rank_of(cards)
        if rank > top:
            top = rank
    forced = []
    if top >= 0:
        for c in hand:
            if c >> 2 == top:
                forced.append(c)
    return forced


def _slough_actions(p: int, eligible: list[Card]) -> list[Action]:
    """One slough per card, and one per whole group of a rank (any other combination
    is legal too, see :func:`accepts`)."""
    row = SLOUGH_ROWS[p]
    actions = [row[c] for c in eligible]
    if len(eligible) < 2:
        return actions
    by_rank: dict[int, list[Card]] = {}
    for c in eligible:
        by_rank.setdefault(c >> 2, []).append(c)
    actions += [Action(p, SLOUGH, tuple(group)) for group in by_rank.values() if len(group) > 1]
    return actions


def _losing_ranks(s: State) -> set[int]:
    """Ranks of the cards now losing the trick.  Once it is decided: every card but the
    winning play.  While undecided (our reading): every card of earlier rounds (their
    tie is being replayed) and the current round's cards below its highest rank."""
    if s.stage == "slough":
        deciding = _deciding_play(s)
        return {c >> 2 for i, (_, cards) in enumerate(s.table) if i != deciding for c in cards}
    plays = _round(s)
    top = max((_rank_of(cards) for _, cards in plays), default=-1)
    losing = {c >> 2 for _, cards in s.table[:s.round_start] for c in cards}
    losing.update(c >> 2 for _, cards in plays for c in cards if c >> 2 != top)
    return losing


def _sloughable(s: State, p: int) -> list[Card]:
    """Atlanta: cards in ``p``'s hand equal in rank to a losing card of the trick."""
    losing = _losing_ranks(s)
    return sorted([c for c in s.hands[p] if c >> 2 in losing])


def _has_sloughed(s: State, p: int) -> bool:
    return any(s.table[i][0] == p for i in s.sloughs)


def _may_slough(s: State, rules: Rules, p: int) -> bool:
    """Out of turn, while the trick is undecided: a player who has played to it and has
    not sloughed yet."""
    return (s.phase == 1 and s.stage == "play" and rules.slough == "yes"
            and rules.slough_timing in OUT_OF_TURN and s.to_play is not None
            and any(q == p for i, (q, _) in enumerate(s.table) if i not in s.sloughs)
            and not _has_sloughed(s, p))


def out_of_turn(s: State, rules: Rules, p: int) -> list[Action]:
    """Sloughs ``p`` may make now without having the turn (slough_timing undecided or
    both)."""
    if not _may_slough(s, rules, p):
        return []
    return _slough_actions(p, _sloughable(s, p))


def accepts(s: State, rules: Rules, action: Action) -> bool:
    """A slough of several cards that :func:`legal` does not list: legal if every card
    is held and equal in rank to a losing card."""
    p = action.player
    if action.kind != SLOUGH or len(set(action.cards)) != len(action.cards):
        return False
    allowed = s.to_play == p if s.stage == "slough" else _may_slough(s, rules, p)
    if not allowed:
        return False
    eligible = set(_sloughable(s, p))
    return all(c in eligible for c in action.cards)


def _deciding_play(s: State) -> int:
    """Index on the table of the winner's winning play (the last one it made)."""
    for i in range(len(s.table) - 1, -1, -1):
        if s.table[i][0] == s.winner and i not in s.sloughs:
            return i
    return -1


def why_out_of_turn(s: State, rules: Rules, action: Action, names: Sequence[str]) -> tuple[str, str] | None:
    """Why a slough by a player without the turn is refused, or None for other actions."""
    if action.kind != SLOUGH or rules.slough != "yes":
        return None
    name = names[action.player]
    if rules.slough_timing not in OUT_OF_TURN or s.stage == "slough":
        assert s.to_play is not None  # asked only while the deal goes on
        return _("it is {other}'s turn to slough or pass, not {player}'s: once the trick is "
                 "decided the players slough in turn from the winner").format(
            other=names[s.to_play], player=name), "slough"
    if not any(q == action.player for i, (q, _) in enumerate(s.table) if i not in s.sloughs):
        return _("{player} has not played to this trick, and only its players may "
                 "slough").format(player=name), "slough"
    if _has_sloughed(s, action.player):
        return _("{player} has already sloughed to this trick, and a player sloughs "
                 "once").format(player=name), "slough"
    return _why_slough_cards(s, action, name)


def _why_slough_cards(s: State, action: Action, name: str) -> tuple[str, str]:
    missing = [c for c in action.cards if c not in s.hands[action.player]]
    if missing:
        return does_not_hold(name, missing), "slough"
    return _("{player} may slough only cards equal in rank to a card that is losing the "
             "trick").format(player=name), "slough"


def why_illegal(s: State, rules: Rules, action: Action, names: Sequence[str]) -> tuple[str, str]:
    name = names[action.player]
    if s.stage == "slough":
        if action.kind == SLOUGH:
            return _why_slough_cards(s, action, name)
        return _("before the trick is taken {player} may only slough cards equal in rank to "
                 "a losing card, or pass").format(player=name), "slough"
    if action.kind == SLOUGH:
        return why_out_of_turn(s, rules, action, names) or _why_slough_cards(s, action, name)
    if action.kind not in (PLAY, TURN, PICK_UP):
        return not_a_move(action.kind), "all-play"
    common = why_illegal_common(s, rules, action, names)
    if common:
        return common
    forced = _forced(s, s.hands[action.player]) if rules.forced_bounce == "yes" else []
    if forced:
        return _("{player} holds {cards}, equal to the highest card of the round, and must "
                 "play it to force a bounce").format(
            player=name, cards=format_cards(forced)), "forced-bounce"
    if rules.phase1_plays == "sets" and s.set_size != 1:
        if not s.table:
            return _("a lead is one card or several cards of equal rank"), "sets"
        return _("every player plays {count} cards to this trick, as the leader "
                 "did").format(count=s.set_size), "sets"
    return _("in this trick each player plays one card"), "all-play"


def apply(s: State, rules: Rules, action: Action, events: Listener) -> None:
    p = action.player
    if s.stage == "slough":
        _apply_slough(s, rules, action, events)
        return
    if action.kind == SLOUGH:
        _slough(s, rules, action, None, events)
        if p == s.to_play:
            advance(s, rules, events)
        return
    cards: tuple[Card, ...]
    if action.kind == TURN:
        cards = (take_turned(s, p, events),)
    else:
        cards = action.cards
        hand = s.hands[p]
        for c in cards:
            hand.remove(c)
    leading = not s.table
    s.table.append((p, cards))
    if leading:
        s.set_size = len(cards)
        if events is not DROP:
            events.append(("lead-all", p, cards, None, None, "all-play"))
    elif s.round_start:
        if events is not DROP:
            events.append(("tie-play", p, cards, None, None,
                           "tie-replay"))
    else:
        if events is not DROP:
            events.append(("play-all", p, cards, None, None, "all-play"))
    if action.kind != TURN and rules.draw == "after-play":
        for _ in cards:
            if s.stock:
                draw_one(s, rules, p, events)
    s.queue.pop(0)
    advance(s, rules, events)


def _evaluate(s: State, rules: Rules, events: Listener) -> None:
    """A round is complete: one highest card wins; a tie is replayed or redistributed."""
    plays = _round(s)
    ranks = [_rank_of(cards) for _, cards in plays]
    top = max(ranks)
    tied = [p for (p, _), r in zip(plays, ranks, strict=True) if r == top]
    if rules.tie_scope == "any":
        counts = {r: ranks.count(r) for r in ranks if r >= 0}
        shared = [p for (p, _), r in zip(plays, ranks, strict=True) if counts.get(r, 0) > 1]
        if shared:
            tied = shared
    if len(tied) == 1:
        _won(s, rules, tied[0], events)
        return
    tie_cards = tuple(c for (p, cards), r in zip(plays, ranks, strict=True) if p in tied for c in cards)
    if rules.tie_rule == "redistribute" and len(tie_cards) < sum(len(c) for _, c in s.table):
        if events is not DROP:
            events.append(("tie", tied[0], tie_cards, None, tuple(tied),
                           "tie-redistribute"))
        _redistribute(s, rules, tied, events)
        return
    if events is not DROP:
        events.append(("tie", tied[0], tie_cards, None, tuple(tied),
                       "tie-any" if rules.tie_scope == "any" else "tie-replay"))
    s.round_start = len(s.table)
    s.set_size = 1
    s.queue = tied
    advance(s, rules, events)


def _won(s: State, rules: Rules, winner: int, events: Listener) -> None:
    """The trick is decided.  Where sloughing follows the decision, every player who
    played to it and has not sloughed yet, the winner first (with slough_timing=losers:
    from the winner's left, the winner not sloughing), may slough once."""
    s.winner = winner
    if rules.slough == "yes" and rules.slough_timing != "undecided":
        players = {p for p, _ in s.table} - {s.table[i][0] for i in s.sloughs}
        if rules.slough_timing == "losers":
            players.discard(winner)
        s.queue = [p for p in s.seats_from(winner) if p in players]
        s.stage = "slough"
        if _next_slougher(s):
            return
    _take(s, rules, events)


def _next_slougher(s: State) -> bool:
    """Drop players with nothing to slough; True if someone must decide."""
    losing = _losing_ranks(s)
    while s.queue and losing.isdisjoint([c >> 2 for c in s.hands[s.queue[0]]]):
        s.queue.pop(0)
    if s.queue:
        s.to_play = s.queue[0]
        return True
    return False


def _apply_slough(s: State, rules: Rules, action: Action, events: Listener) -> None:
    p = action.player
    if action.kind == SLOUGH:
        _slough(s, rules, action, s.winner, events)
    else:
        if events is not DROP:
            events.append(("pass", p, (), None, None, "slough"))
    s.queue.pop(0)
    if not _next_slougher(s):
        _take(s, rules, events)


def _slough(s: State, rules: Rules, action: Action, winner: int | None, events: Listener) -> None:
    """Put the sloughed cards on the trick (for ``winner``, or undecided); the slougher
    draws for them.  A slough by a player without the turn names whose turn it is."""
    p = action.player
    cards = action.cards
    for c in cards:
        s.hands[p].remove(c)
    s.sloughs.append(len(s.table))
    s.table.append((p, cards))
    late = s.to_play if s.to_play != p else None
    if events is not DROP:
        events.append(("slough", p, cards, winner, late, "slough"))
    for _unused in cards:
        if s.stock:
            draw_one(s, rules, p, events, "slough")


def _take(s: State, rules: Rules, events: Listener) -> None:
    winner = s.winner
    assert winner is not None  # set when the trick was decided
    deciding = s.table[_deciding_play(s)][1]
    won = take_table(s, winner)
    if events is not DROP:
        events.append(("trick-won-all", winner, deciding,
                       None if _ends_phase1(s, rules, winner) else winner,
                       len(won), "all-play"))
    _next_trick(s, rules, winner, events)


def _ends_phase1(s: State, rules: Rules, leader: int) -> bool:
    """Whether phase 1 ends before ``leader`` leads again, for the narration: the
    trick's sentence then says nothing of the next lead.  It cannot while the stock
    outlasts every refill and still leaves a card to turn (the common case, answered
    at once); otherwise it is tried on a copy, whose chance (Atlanta's dreck) comes
    from a generator of its own, so that the game's is untouched."""
    if not s.last_drawn and len(s.stock) > s.n * HAND_SIZE + rules.turn_above:
        return False
    ahead = s.copy()
    ahead.rng = _AHEAD
    _next_trick(ahead, rules, leader, DROP)
    return ahead.phase == 2


_AHEAD = random.Random(0)
"""The look-ahead's generator: what it deals is never shown, only whether phase 2 came."""


def _next_trick(s: State, rules: Rules, leader: int, events: Listener) -> None:
    if rules.draw == "refill-after-trick":
        for p in s.seats_from(leader):
            refill(s, rules, p, events)
    if s.last_drawn and rules.phase1_end == "last-draw":
        end(s, rules, None, events)
        return
    start_trick(s, rules, leader, events)


def _redistribute(s: State, rules: Rules, tied: list[int], events: Listener) -> None:
    """Koira's variant: the tied players take back their tied cards; the rest, sorted
    low to high, is dealt one at a time from the tied player who played last,
    counter-clockwise.  (A tie with no other cards in the trick is replayed instead:
    there is nothing to deal, and taking back alone would repeat the trick forever.)"""
    plays = _round(s)
    top_rank = max(_rank_of(cards) for p, cards in plays if p in tied)
    kept: list[Card] = []
    for p, cards in plays:
        if p in tied and _rank_of(cards) == top_rank:
            s.hands[p].extend(cards)
            kept.extend(cards)
    rest = sorted(c for _, cards in s.table for c in cards if c not in kept)
    last = tied[-1]
    order = sorted(tied, key=lambda q: (last - q) % s.n)
    deals = deal(rest, order)
    target = s.piles if rules.tie_cards_to == "pile" else s.hands
    for p, card in deals:
        target[p].append(card)
    if events is not DROP:
        events.append(ev.redistribute(last, tuple(kept), deals, "tie-redistribute"))
    s.table = []
    _next_trick(s, rules, s.leader, events)


def _share(s: State, rules: Rules, stuck: int, events: Listener) -> None:
    """Koira: a tied player has no card; the trick's cards are shuffled and shared
    equally, face down, among the tied players."""
    tied = [p for p, _ in _round(s)] + s.queue
    cards = [c for _, play in s.table for c in play]
    assert s.rng is not None, "Koira's share needs the game's generator"
    s.rng.shuffle(cards)
    for p, card in deal(cards, tied):
        s.piles[p].append(card)
    s.table = []
    s.queue = []
    if events is not DROP:
        events.append(ev.share(stuck, tuple(tied), len(cards), "koira-share"))
    _next_trick(s, rules, s.leader, events)
