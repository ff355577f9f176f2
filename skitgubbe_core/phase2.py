"""Phase 2: beat or pick up, tricks as large as the players in, going out, the
Skitgubbe (rules 8-13 of the digest), with the variants' runs, sets (pairs and the
like), anti-trumps, follow-suit, must-beat, lowest pick-ups, Blåmattis,
trump-ends-trick and dreck."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations, permutations

from . import events as ev
from .actions import PICK_UP, PICK_UP_ACTIONS, PLAY, PLAY_ROWS, Action
from .cards import (
    CLUBS,
    DECK,
    DIAMONDS,
    HEARTS,
    SPADES,
    Card,
    deal,
    format_cards,
    make_card,
    suit_singular,
    suit_symbol,
)
from .events import DROP, Listener  # per-move events are plain tuples: see events.RawEvent
from .i18n import N_
from .i18n import gettext as _
from .in_turn import accepts as accepts
from .in_turn import out_of_turn as out_of_turn
from .in_turn import prepare as prepare
from .in_turn import why_out_of_turn as why_out_of_turn
from .rules import OPTIONS, Rules
from .state import Play, State

_SAME_COLOUR = {SPADES: CLUBS, CLUBS: SPADES, HEARTS: DIAMONDS, DIAMONDS: HEARTS}
_PICK_UP_RULE = {"top": "pick-up", "lowest": "pick-up-lowest",
                 "lowest-single": "pick-up-lowest-single", "lowest-run": "pick-up-lowest-run"}
_MIN_RUN = {"runs": 2, "runs-of-three": 3, "runs-from-two": 2}


def anti_suit(rules: Rules, trump: int | None) -> int | None:
    """The anti-trump suit (mot-trumf) for this trump, or None."""
    return None if trump is None else _anti_suit(rules.anti_trumps, trump)


def _anti_suit(mode: str, trump: int) -> int | None:
    """The anti-trump suit under ``anti_trumps=mode``, or None."""
    if mode == "none":
        return None
    if mode == "same-colour":
        return _SAME_COLOUR[trump]
    if mode == "clubs":
        return None if trump == CLUBS else CLUBS
    return SPADES if trump == CLUBS else CLUBS


def begin(s: State, rules: Rules, events: Listener) -> None:
    """Rule 8: everyone takes up pile, hand and trump card; the trump drawer leads."""
    for hand, pile in zip(s.hands, s.piles, strict=True):
        hand.extend(pile)
        pile.clear()
    shown: tuple[Card, ...] = ()
    leader = s.trump_holder
    assert leader is not None  # phase 1 always leaves someone holding the trump card
    if s.trump_card is not None:
        card = s.trump_card
        s.hands[leader].append(card)
        s.trump = card & 3
        s.trump_card = None
        shown = (card,)
    s.phase = 2
    s.queue = []
    s.stage = "play"
    if events is not DROP:
        events.append(ev.phase_2(leader, shown, leader, s.trump, "phase-2-start"))
    if rules.dreck == "yes":
        _dreck(s, leader, events)
    empty = [p for p in s.seats_from(leader) if not s.hands[p]]
    mode = rules.empty_hand_after_phase1
    if mode == "loses" and empty:
        s.loser = empty[0]
        s.to_play = None
        if events is not DROP:
            events.append(ev.blamattis_loses(empty[0], "blamattis-loses"))
        return
    for p in sorted(empty):
        if mode == "blamattis":
            if events is not DROP:
                events.append(ev.blamattis(p, "blamattis"))
        else:
            _go_out(s, p, events)
    if s.to_play is not None:
        s.to_play = _leader_in(s, leader, events)


def _dreck(s: State, leader: int, events: Listener) -> None:
    """Atlanta: if anyone holds fewer than six cards, the twos to fives and the six of
    trumps are pooled and dealt at random, as evenly as possible, to those players."""
    needy = [p for p in s.seats_from(leader) if len(s.hands[p]) < 6]
    if not needy:
        return
    assert s.trump is not None  # set by begin
    six = make_card(6, s.trump)
    pool: list[Card] = []
    for hand in s.hands:
        dreck = [c for c in hand if c >> 2 <= 3 or c == six]
        for c in dreck:
            hand.remove(c)
        pool.extend(dreck)
    pool.sort()
    assert s.rng is not None, "the dreck needs the game's generator"
    s.rng.shuffle(pool)
    deals = deal(pool, needy)
    for p, card in deals:
        s.hands[p].append(card)
    if events is not DROP:
        events.append(ev.dreck(needy[0], tuple(pool), deals, "dreck"))


_BIT = [1 << c for c in range(52)]
_SUIT_BITS = tuple(sum(_BIT[suit::4]) for suit in range(4))
"""``_SUIT_BITS[suit]``: the bits of that suit's 13 cards."""
_TWOS = 0xF
"""The bits of the four twos."""
_RANK_LOW = sum(_BIT[::4])
"""The lowest bit of each rank's nibble."""
_PAIR_LOW = sum(_BIT[::2])
"""The lower bit of each pair of bits, for counting a nibble's bits in pairs."""
_PAIR_SUMS = _RANK_LOW * 3
"""The low two bits of each nibble, where a pair count sits."""


def _bits(cards: Iterable[Card]) -> int:
    """Cards as an int with bit ``c`` set for card ``c``: a suit's cards are every
    fourth bit, the next card up in a suit is 4 bits higher, a rank's cards a nibble.
    (``_BIT`` is a list: its ``__getitem__`` is the quicker one to map.)"""
    return sum(map(_BIT.__getitem__, cards))


def _cards(bits: int) -> tuple[Card, ...]:
    """The cards of ``bits``, low first."""
    cards = []
    while bits:
        low = bits & -bits
        cards.append(DECK[low.bit_length() - 1])
        bits ^= low
    return tuple(cards)


def _run_members(bits: int, mode: str) -> int:
    """The cards of ``bits`` in a run the variant allows, in any suit: the unbroken
    stretches of two or three cards or more, or (runs-from-two) the stretch from a two
    up.  0 when there is no run, the common case, found without a loop."""
    up = bits >> 4
    if mode == "runs":
        starts = bits & up
        return starts | starts << 4
    if mode == "runs-of-three":
        starts = bits & up & up >> 4
        return starts | starts << 4 | starts << 8
    if mode != "runs-from-two":
        return 0
    members = stretch = bits & up & _TWOS
    while stretch:
        stretch = stretch << 4 & bits
        members |= stretch
    return members


@lru_cache(maxsize=1 << 14)
def _suit_runs(members: int, mode: str) -> tuple[tuple[Card, ...], ...]:
    """Every run the variant allows among ``members`` (from :func:`_run_members`, of
    one suit), each stretch's runs by lowest card, then length.  Cached: the stretches
    of a suit recur."""
    cards = _cards(members)
    minimum = _MIN_RUN[mode]
    runs: list[tuple[Card, ...]] = []
    start = 0
    for i in range(1, len(cards) + 1):
        if i == len(cards) or cards[i] != cards[i - 1] + 4:
            stretch = cards[start:i]
            if mode == "runs-from-two":
                runs.extend(stretch[:b] for b in range(minimum, len(stretch) + 1))
            else:
                runs.extend(stretch[a:b] for a in range(len(stretch))
                            for b in range(a + minimum, len(stretch) + 1))
            start = i
    return tuple(runs)


def _runs(hand: list[Card], mode: str) -> list[tuple[Card, ...]]:
    """Every run in ``hand`` that the variant allows, suit by suit."""
    members = _run_members(_bits(hand), mode)
    return [run for suit_bits in _SUIT_BITS if members & suit_bits
            for run in _suit_runs(members & suit_bits, mode)]


@lru_cache(maxsize=1 << 14)
def _run_actions(p: int, members: int, mode: str) -> tuple[Action, ...]:
    """``p`` playing each run among ``members``, of one suit."""
    return tuple(Action(p, PLAY, run) for run in _suit_runs(members, mode))


def is_set(cards: tuple[Card, ...]) -> bool:
    """A play of several cards of one rank (a pair, three or four of a kind).  A run's
    first and last cards differ in rank: that is checked first, without a loop."""
    return (len(cards) > 1 and cards[0] >> 2 == cards[-1] >> 2
            and all(c >> 2 == cards[0] >> 2 for c in cards))


def _set_ranks(bits: int, size: int) -> int:
    """The ranks of which ``bits`` holds at least ``size`` (2-4) cards, as the low bit
    of each such rank's nibble: the bits are counted per nibble without a loop."""
    pairs = (bits & _PAIR_LOW) + (bits >> 1 & _PAIR_LOW)
    counts = (pairs & _PAIR_SUMS) + (pairs >> 2 & _PAIR_SUMS)
    return (counts + (8 - size) * _RANK_LOW) >> 3 & _RANK_LOW


@lru_cache(maxsize=1 << 12)
def _set_actions(p: int, bits: int, size: int) -> tuple[Action, ...]:
    """``p`` playing each set among the cards ``bits`` (of one rank): of ``size``
    cards, or of any size, smaller sets first."""
    cards = _cards(bits)
    sizes = (size,) if size else range(2, len(cards) + 1)
    return tuple(Action(p, PLAY, combo) for k in sizes for combo in combinations(cards, k))


def _set_plays(p: int, bits: int, size: int = 0, above: int = -1) -> list[Action]:
    """``p`` playing each set among the cards ``bits``: of ``size`` cards if given, of
    rank above ``above``, low rank first."""
    ranks = _set_ranks(bits, size or 2)
    if above >= 0:
        ranks = ranks >> 4 * (above + 1) << 4 * (above + 1)
    found: list[Action] = []
    while ranks:
        low = ranks & -ranks
        found += _set_actions(p, bits & low * 15, size)
        ranks ^= low
    return found


def _beats_card(card: Card, other: Card, trump: int | None) -> bool:
    if card & 3 == other & 3:
        return card > other
    return card & 3 == trump


def _beats_suit_by_suit(cards: tuple[Card, ...], top: tuple[Card, ...],
                        trump: int | None) -> bool:
    """House rules, our reconstruction (set_beat=suit-by-suit): each card of the set
    ``cards`` beats its own card of the set ``top``, in some pairing."""
    return any(all(_beats_card(b, a, trump) for b, a in zip(order, top, strict=True))
               for order in permutations(cards))


def _beaters(top: int, trump: int | None, trumps_beat: bool) -> frozenset[Card]:
    """The single cards that beat ``top``: higher of its suit, or (if ``trumps_beat``
    and it is not a trump) any trump.  The deck's own card objects, so that looking
    up a card of a hand finds the very object (no comparison of values)."""
    suit = top & 3
    return frozenset(c for c in DECK if (c > top and c & 3 == suit)
                     or (trumps_beat and suit != trump and c & 3 == trump))


_BEAT_TABLES = {
    choice.value: tuple(tuple(_beaters(top, trump, top & 3 != _anti_suit(choice.value, trump))
                              for top in range(52)) for trump in range(4))
    for choice in OPTIONS["anti_trumps"].choices}
"""``_BEAT_TABLES[anti_trumps][trump][top]``: the single cards that beat ``top`` when any
trump beats a non-trump except an anti-trump."""
_HIGHER = tuple(_beaters(top, None, False) for top in range(52))
"""``_HIGHER[top]``: the higher cards of ``top``'s suit."""
_SUIT_CARDS = tuple(frozenset(DECK[suit::4]) for suit in range(4))
"""``_SUIT_CARDS[suit]``: that suit's 13 cards."""
_SUIT_FIRST = tuple(tuple(c if c & 3 == suit else 64 + c for c in range(52))
                    for suit in range(4))
"""``_SUIT_FIRST[suit]``: a sort key putting ``suit`` first, each suit low to high."""


def _leads(p: int, hand: list[Card], rules: Rules) -> list[Action]:
    """Every lead: each card in the order held, then each run suit by suit, then each
    set by rank.  (Plain loops here and in :func:`_answers`: on lists this small they
    are quicker than comprehensions.)"""
    row = PLAY_ROWS[p]
    actions = []
    for c in hand:
        actions.append(row[c])
    mode = rules.phase2_plays
    sets = rules.phase2_sets == "yes"
    if mode == "single" and not sets:
        return actions
    bits = _bits(hand)
    members = _run_members(bits, mode)
    if members:
        for suit_bits in _SUIT_BITS:
            if members & suit_bits:
                actions += _run_actions(p, members & suit_bits, mode)
    if sets:
        actions += _set_plays(p, bits)
    return actions


def _answers(p: int, hand: list[Card], top: tuple[Card, ...], rules: Rules,
             trump: int | None) -> list[Action]:
    """The plays that beat ``top``, a card or a run: the higher cards of its suit, the
    trumps where a trump may beat it, then the runs of its suit and of trumps.  The
    single cards come from a beat table, as on :func:`legal`'s fast path."""
    top_suit, high = top[0] & 3, top[-1]
    if trump is not None and (rules.beat != "follow-suit"
                              or _SUIT_CARDS[top_suit].isdisjoint(hand)):
        beats = _BEAT_TABLES[rules.anti_trumps][trump][high]
    else:
        beats = _HIGHER[high]
    cards = []
    for c in hand:
        if c in beats:
            cards.append(c)
    if len(cards) > 1:
        cards.sort(key=_SUIT_FIRST[top_suit].__getitem__)
    row = PLAY_ROWS[p]
    actions = []
    for c in cards:
        actions.append(row[c])
    mode = rules.phase2_plays
    if mode == "single":
        return actions
    if rules.run_order != "lowest-above-highest":
        actions += _runs_topping(p, hand, high, mode)
        cards = [c for c in cards if c & 3 != top_suit]
    members = _run_members(_bits(cards), mode) if len(cards) > 1 else 0
    if members:
        same = members & _SUIT_BITS[top_suit]
        for suit_members in (same, members ^ same):
            if suit_members:
                actions += _run_actions(p, suit_members, mode)
    return actions


def _runs_topping(p: int, hand: list[Card], high: Card, mode: str) -> list[Action]:
    """With run_order=top-above-top: the runs of ``high``'s suit whose top card is
    higher than ``high``."""
    same = _run_members(_bits(c for c in hand if c & 3 == high & 3), mode)
    return [a for a in _run_actions(p, same, mode) if a.cards[-1] > high]


def _set_answers(p: int, hand: list[Card], top: tuple[Card, ...], rules: Rules,
                 trump: int | None) -> list[Action]:
    """The sets that beat the set ``top``: as many cards of a higher rank (house rules,
    our reconstruction), each beating its own card with set_beat=suit-by-suit."""
    sets = _set_plays(p, _bits(hand), len(top), top[0] >> 2)
    if rules.set_beat == "higher-rank":
        return sets
    return [a for a in sets if _beats_suit_by_suit(a.cards, top, trump)]










def legal(s: State, rules: Rules) -> list[Action]:
    """Lead any card (or run); otherwise beat the top play or pick up (rules 9, 10)."""
    p = s.to_play
    assert p is not None  # asked only while the deal goes on
    hand = s.hands[p]
    if not hand:
        return [PICK_UP_ACTIONS[p]]
    if rules.single_beats:
        # The common case, kept fast: single cards, any trump beats a non-trump (a
        # beat table per anti-trump rule, trump and card to beat).  Plain loops: in
        # these small lists a comprehension costs more than it saves.
        row = PLAY_ROWS[p]
        table = s.table
        actions = []
        if not table:
            for c in hand:
                actions.append(row[c])
            return actions
        top = table[-1][1][-1]
        trump = s.trump
        beats = (_beaters(top, None, False) if trump is None
                 else _BEAT_TABLES[rules.anti_trumps][trump][top])
        for c in hand:
            if c in beats:
                actions.append(row[c])
        if not actions or rules.may_pick_up:
            actions.append(PICK_UP_ACTIONS[p])
        return actions
    if not s.table:
        return _leads(p, hand, rules)
    top_play = s.table[-1][1]
    if rules.phase2_sets == "yes" and is_set(top_play):
        actions = _set_answers(p, hand, top_play, rules, s.trump)
    else:
        actions = _answers(p, hand, top_play, rules, s.trump)
    if not actions or rules.may_pick_up:
        actions.append(PICK_UP_ACTIONS[p])
    return actions


def why_illegal(s: State, rules: Rules, action: Action, names: Sequence[str]) -> tuple[str, str]:
    name = names[action.player]
    hand = s.hands[action.player]
    if action.kind == PICK_UP:
        if s.table:
            return _("{player} can beat {cards} and so must: a player who can beat may not "
                     "pick up").format(player=name, cards=format_cards(s.table[-1][1])), \
                "must-beat"
        return _("the table is empty, so there is nothing to pick up: {player} must "
                 "lead").format(player=name), "pick-up"
    if action.kind != PLAY:
        return _("'{kind}' belongs to phase 1; in phase 2 you play or pick up").format(
            kind=action.kind), "beat"
    if not hand:
        return _("{player} has no cards (Blåmattis) and must pick up").format(
            player=name), "blamattis"
    missing = [c for c in action.cards if c not in hand]
    if missing:
        return _("{player} does not hold {cards}").format(
            player=name, cards=format_cards(missing)), "beat"
    cards = tuple(sorted(action.cards))
    top = s.table[-1][1] if s.table else ()
    if is_set(cards) or is_set(top):
        return _why_set(rules, cards, top)
    if len(cards) > 1:
        if rules.phase2_plays == "single":
            return _("this ruleset plays one card at a time in phase 2"), "beat"
        if cards not in _runs(hand, rules.phase2_plays):
            what = {"runs": N_("{cards} is not a run: two or more consecutive cards of one suit"),
                    "runs-of-three": N_("{cards} is not a run: three or more consecutive cards "
                                        "of one suit"),
                    "runs-from-two": N_("{cards} is not a run: cards starting with a two, in "
                                        "consecutive cards of one suit")}[rules.phase2_plays]
            return _(what).format(cards=format_cards(cards)), "runs"
    shown = format_cards(top)
    anti = anti_suit(rules, s.trump)
    top_suit = top[0] & 3
    if top_suit == s.trump:
        how = _("{top} is a trump, and a trump is beaten only by a higher trump").format(
            top=shown)
    elif top_suit == anti and cards[0] & 3 == s.trump:
        return _("{top} is an anti-trump ({symbol}): trumps cannot beat it, only a higher "
                 "{suit}").format(top=shown, symbol=suit_symbol(anti),
                                  suit=suit_singular(anti)), "anti-trumps"
    elif rules.beat == "follow-suit" and cards[0] & 3 == s.trump and any(
            c & 3 == top_suit for c in hand):
        return _("{player} holds a {suit} and must follow suit with a higher one: trumping is "
                 "allowed only when void").format(player=name, suit=suit_singular(top_suit)), \
            "follow-suit"
    else:
        assert s.trump is not None  # phase 2 always has trumps
        how = _("beat it with a higher {suit} or with a trump ({symbol})").format(
            suit=suit_singular(top_suit), symbol=suit_symbol(s.trump))
    return _("{cards} does not beat {top}: {how}, or pick it up").format(
        cards=format_cards(cards), top=shown, how=how), "beat"


def _why_set(rules: Rules, cards: tuple[Card, ...], top: tuple[Card, ...]) -> tuple[str, str]:
    shown = format_cards(cards)
    if rules.phase2_sets != "yes":
        return _("{cards} is a set of one rank, and this ruleset plays no pairs or the like "
                 "in phase 2").format(cards=shown), "runs"
    if not is_set(top):
        return _("{cards} is a set, and a set answers only a set of as many "
                 "cards").format(cards=shown), "sets-phase-2"
    if rules.set_beat == "suit-by-suit":
        text = _("{cards} does not beat the set {top}: only a set of {count} cards of higher "
                 "rank, each beating its own card, does, or pick it up")
    else:
        text = _("{cards} does not beat the set {top}: only a set of {count} cards of higher "
                 "rank does, or pick it up")
    return text.format(cards=shown, top=format_cards(top), count=len(top)), "sets-phase-2"


def _go_out(s: State, p: int, events: Listener) -> None:
    """Rules 12 and 13."""
    s.in_game[p] = False
    s.out.append(p)
    if events is not DROP:
        events.append(ev.out(p, "going-out"))
    still = [q for q in range(s.n) if s.in_game[q]]
    if len(still) <= 1:
        s.loser = still[0] if still else None
        s.to_play = None
        if still and events is not DROP:
            events.append(ev.game_over(still[0], "loser"))


def _leader_in(s: State, leader: int, events: Listener) -> int | None:
    """``leader`` if still in with cards, else the next such player on the left (rule 12;
    a Blåmattis with no cards cannot lead).  If every player still in is a Blåmattis
    without cards, the game ends and the first of them on the left loses (our reading)."""
    if s.in_game[leader] and s.hands[leader]:
        return leader
    nxt = leader
    for _unused in range(s.n):
        nxt = s.next_in(nxt)
        if s.hands[nxt]:
            reason = "next" if not s.in_game[leader] else "blamattis"
            if events is not DROP:
                events.append(ev.lead_passes(leader, nxt, reason, "going-out"))
            return nxt
    s.loser = s.next_in(leader)
    if events is not DROP:
        events.append(ev.game_over(s.loser, "loser"))
    return None


def _take_lowest_run(table: list[Play]) -> tuple[Card, ...]:
    """Atlanta: the whole lowest unbroken run, across plays, from the first play on."""
    taken = list(table.pop(0)[1])
    while table and table[0][1][0] & 3 == taken[-1] & 3 and table[0][1][0] == taken[-1] + 4:
        taken.extend(table.pop(0)[1])
    return tuple(taken)


def _pick_up(s: State, rules: Rules, p: int) -> tuple[tuple[Card, ...], str]:
    """Take what the rules say from the table: (cards, rule key).  The common case,
    a player with cards picking up the top play, is done in :func:`apply`."""
    table = s.table
    if not s.hands[p]:
        return table.pop(0)[1], "blamattis"
    mode = rules.pick_up
    if mode == "lowest":
        cards = table.pop(0)[1]
    elif mode == "lowest-single":
        q, play = table[0]
        if len(play) > 1:
            table[0] = (q, play[1:])
        else:
            table.pop(0)
        cards = play[:1]
    else:
        cards = _take_lowest_run(table)
    return cards, _PICK_UP_RULE[mode]


def apply(s: State, rules: Rules, action: Action, events: Listener) -> None:
    p, kind, cards = action
    table = s.table
    hand = s.hands[p]
    if kind == PICK_UP:
        if hand and rules.pick_up == "top":
            cards, rule = table.pop()[1], "pick-up"
        else:
            cards, rule = _pick_up(s, rules, p)
        hand += cards
        if table:
            nxt = (p + 1) % s.n
            s.to_play = nxt if s.in_game[nxt] else s.next_in(nxt)
            if events is not DROP:
                events.append(("pick-up", p, cards, s.to_play,
                               table[-1][1], rule))
        else:
            natural = (p + 1) % s.n
            if events is not DROP:
                events.append(("pick-up", p, cards, None, (), rule))
                events.append(("all-picked-up", p, (), natural, None,
                               "all-picked-up"))
            s.to_play = (natural if s.in_game[natural] and s.hands[natural]  # _leader_in's
                         else _leader_in(s, natural, events))                 # common case
        return
    if len(cards) == 1:
        hand.remove(cards[0])
    else:
        cards = tuple(sorted(cards))
        for c in cards:
            hand.remove(c)
    if table:
        top = table[-1][1]
        table.append((p, cards))
        if events is not DROP:
            events.append(("beat", p, cards, None, top,
                           _beat_rule(rules, cards) if len(cards) > 1
                           else "follow-suit" if rules.beat == "follow-suit" else "beat"))
        trumped = (rules.trump_ends and cards[0] & 3 == s.trump and top[0] & 3 != s.trump)
    else:
        table.append((p, cards))
        s.trick_size = s.n - len(s.out)
        s.leader = p
        if events is not DROP:
            events.append(("lead", p, cards, None, s.trick_size,
                           "trick-complete"))
        trumped = False
    if not hand:
        _go_out(s, p, events)
        if s.to_play is None:
            return
    if trumped or len(table) == s.trick_size:
        _complete(s, rules, p, trumped, events)
    else:
        nxt = (p + 1) % s.n
        s.to_play = nxt if s.in_game[nxt] else s.next_in(nxt)  # next_in, one call fewer


def _beat_rule(rules: Rules, cards: tuple[Card, ...]) -> str:
    """The rule a beating play of several cards follows: sets or runs.  (A single card
    follows suit or beats, as :func:`apply` says without a call.)"""
    return "sets-phase-2" if is_set(cards) else "runs"


def _complete(s: State, rules: Rules, p: int, trumped: bool, events: Listener) -> None:
    """Rule 11a (and Koira's trump-ends-trick): set the trick aside; the lead."""
    table = s.table
    discarded = s.discarded
    for _player, play in table:
        discarded.extend(play)
    s.table = []
    if trumped:
        if events is not DROP:
            events.append(("trump-ends-trick", p, table[-1][1], p,
                           len(table),
                           "trump-ends-trick"))
    else:
        if events is not DROP:
            events.append(("trick-complete", p, (), p, len(table),
                           "trick-complete"))
    if s.in_game[p]:
        s.to_play = p
    elif rules.lead_after_going_out == "beaten-player":
        beaten = table[-2][0]
        leader = beaten if s.in_game[beaten] else s.next_in(beaten)
        if events is not DROP:
            events.append(ev.lead_passes(p, leader, "beaten", "trick-complete"))
        s.to_play = _leader_in(s, leader, events)
    else:
        s.to_play = _leader_in(s, p, events)
