"""The tables and bit tricks behind phase 2's general legal path agree with their plain
definitions: exhaustively where the cases are few, else on many random hands."""

import random
from itertools import combinations

import pytest

from skitgubbe_core.actions import SLOUGH, SLOUGH_ROWS, Action
from skitgubbe_core.cards import DECK
from skitgubbe_core.phase2 import (
    _BEAT_TABLES,
    _HIGHER,
    _SUIT_CARDS,
    _SUIT_FIRST,
    _bits,
    _cards,
    _runs,
    _set_plays,
    _set_ranks,
    anti_suit,
)
from skitgubbe_core.rules import Rules

MINIMUM = {"runs": 2, "runs-of-three": 3, "runs-from-two": 2}
HANDS = [random.Random(seed).sample(DECK, random.Random(-seed).randrange(27))
         for seed in range(1500)]


def plain_runs(hand, mode):
    """Consecutive cards of one suit, at least the minimum long (from a two, for
    runs-from-two): suit by suit, then by lowest card, then by length."""
    runs = []
    for suit in range(4):
        for low in range(suit, 52, 4):
            if mode == "runs-from-two" and low >= 4:
                break
            run = []
            for card in range(low, 52, 4):
                if card not in hand:
                    break
                run.append(card)
                if len(run) >= MINIMUM[mode]:
                    runs.append(tuple(run))
    return runs


def plain_sets(hand, size, above):
    """Cards of one rank, ``size`` of them (or 2 up), rank above ``above``: by rank, then
    size, then as combinations of the sorted cards come."""
    sets = []
    for rank in range(above + 1, 13):
        cards = sorted(c for c in hand if c >> 2 == rank)
        for k in (size,) if size else range(2, len(cards) + 1):
            sets.extend(combinations(cards, k))
    return sets


@pytest.mark.parametrize("mode", MINIMUM)
def test_runs_of_every_set_of_hearts_are_the_plain_runs(mode):
    for ranks in range(1 << 13):
        hand = [DECK[r * 4 + 1] for r in range(13) if ranks >> r & 1]
        assert _runs(hand, mode) == plain_runs(hand, mode)


@pytest.mark.parametrize("mode", MINIMUM)
def test_runs_of_random_hands_are_the_plain_runs(mode):
    for hand in HANDS:
        assert _runs(hand, mode) == plain_runs(hand, mode)


def test_single_card_plays_have_no_runs():
    assert all(_runs(hand, "single") == [] for hand in HANDS)


def test_cards_and_bits_are_inverse():
    for hand in HANDS:
        assert _cards(_bits(hand)) == tuple(sorted(hand))


@pytest.mark.parametrize("size", [2, 3, 4])
def test_set_ranks_counts_each_rank(size):
    for hand in HANDS + [list(DECK)]:
        ranks = _set_ranks(_bits(hand), size)
        held = {r for r in range(13) if sum(c >> 2 == r for c in hand) >= size}
        assert {r for r in range(13) if ranks >> 4 * r & 1} == held
        assert ranks & ~sum(1 << 4 * r for r in range(13)) == 0


@pytest.mark.parametrize("size, above", [(0, -1), (2, -1), (2, 5), (3, 0), (4, 11), (3, 12)])
def test_set_plays_are_the_plain_sets(size, above):
    for hand in HANDS:
        plays = _set_plays(0, _bits(hand), size, above)
        assert [a.cards for a in plays] == plain_sets(hand, size, above)
        assert all(a == Action(0, "play", a.cards) for a in plays)


def test_higher_cards_table_holds_the_decks_cards():
    for top in range(52):
        assert _HIGHER[top] == {c for c in range(52) if c & 3 == top & 3 and c > top}
        assert all(any(c is d for d in DECK) for c in _HIGHER[top])


@pytest.mark.parametrize("anti_trumps", ["none", "same-colour", "clubs", "electric-clubs"])
def test_beat_tables_add_the_trumps_only_where_a_trump_beats(anti_trumps):
    rules = Rules.preset("skitgubbe", anti_trumps=anti_trumps)
    for trump in range(4):
        for top in range(52):
            trumping = top & 3 not in (trump, anti_suit(rules, trump))
            trumps = {c for c in range(52) if c & 3 == trump} if trumping else set()
            assert _BEAT_TABLES[anti_trumps][trump][top] == _HIGHER[top] | trumps


def test_suit_cards():
    assert [sorted(cards) for cards in _SUIT_CARDS] == [list(DECK[s::4]) for s in range(4)]


def test_suit_first_sorts_a_suit_before_the_others_each_low_to_high():
    for suit in range(4):
        order = sorted(DECK, key=_SUIT_FIRST[suit].__getitem__)
        assert order == [c for c in DECK if c & 3 == suit] + [c for c in DECK if c & 3 != suit]


def test_slough_rows_are_the_single_card_sloughs():
    for p, row in enumerate(SLOUGH_ROWS):
        assert list(row) == [Action(p, SLOUGH, (card,)) for card in DECK]
