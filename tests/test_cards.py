import pytest

from skitgubbe_core import DECK, CardError, parse_card, parse_cards
from skitgubbe_core.cards import make_card, parse_suit, sort_cards


@pytest.mark.parametrize("text", ["10h", "TH", "10♥", "th", " 10H ", "10♥\ufe0e", "t♡"])
def test_every_spelling_of_a_card_parses_to_the_same_card(text):
    assert parse_card(text) is make_card(10, 1)


def test_cards_print_with_symbols_and_ascii():
    c = parse_card("7d")
    assert (str(c), c.text, c.name, c.label) == ("7♦", "7D", "seven of diamonds", "7")
    assert repr(parse_card("AS")) == "Card('A♠')"


def test_all_52_cards_roundtrip_through_both_printed_forms():
    for card in DECK:
        assert parse_card(str(card)) is card
        assert parse_card(card.text) is card
        assert parse_card(card.text.lower()) is card
    assert len(set(DECK)) == 52


def test_rank_order_ace_high_two_low_within_a_suit():
    assert [c.text for c in sorted(parse_cards("AS 2S TS KS"))] == ["2S", "TS", "KS", "AS"]
    assert parse_card("AH").rank == 14 and parse_card("2C").rank == 2


@pytest.mark.parametrize("bad", ["ZZ", "11H", "1H", "", "10", "H10", "7X", "77"])
def test_a_malformed_card_says_what_a_card_looks_like(bad):
    with pytest.raises(CardError) as err:
        parse_card(bad)
    message = str(err.value)
    assert f"{bad!r} is not a card" in message
    assert "a card is a rank (2-10 or T, J, Q, K, A) followed by a suit" in message


def test_a_non_string_is_not_a_card():
    with pytest.raises(CardError, match="is not a card"):
        parse_card(7)


def test_parse_cards_accepts_spaces_and_commas():
    assert parse_cards("7H, 8h 9♥") == [make_card(7, 1), make_card(8, 1), make_card(9, 1)]


def test_bad_suit_is_explained():
    with pytest.raises(CardError, match="'X' is not a suit: a suit is one of S, H, D, C"):
        parse_suit("X")


def test_sort_cards_groups_by_suit_low_to_high():
    assert [c.text for c in sort_cards(parse_cards("KH 2S 3H AS"))] == ["2S", "AS", "3H", "KH"]


def test_cards_pickle_to_the_same_objects():
    import pickle
    card = parse_card("QC")
    assert pickle.loads(pickle.dumps(card)) is card
