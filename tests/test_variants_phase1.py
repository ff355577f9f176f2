"""Phase-1 variants, each test citing its source: all-play tricks and tie replays
(Mattis: Cappelens Kortspillbok 1987; Koira: pagat.com Swedish edition), Koira's
skipping, sharing and sorted redistribution, Atlanta's forced bounce and slough
(Mark Reed), the German summary's sets, Mas with turned-up trump (Kortoxen 1975),
Myllymatti (pagat.com Swedish edition)."""

import pytest

from skitgubbe_core import Game, IllegalActionError, Rules, RulesError
from skitgubbe_core.cards import make_card
from tests.helpers import cards, game, hand, name_to_play, phase1, pile, texts


def allplay(hands, stock, preset="mattis", players=None, **kw):
    players = players or "".join(hands)
    return game(phase1(hands, stock, **kw.pop("start", {})), players=players, preset=preset, **kw)


# -- all-play tricks: Mattis (Cappelens Kortspillbok; pagat.com Swedish edition) -------

def test_mattis_cappelens_every_player_plays_and_the_highest_wins_all():
    g = allplay({"A": "5H 3C 8S", "B": "9D KS 2H", "C": "4C 4H 6D", "D": "7S JC QH"},
                "JD 10S 7C 2D QC AS 3S 5C 8H")
    for move in ("A: play 5H", "B: play 9D", "C: play 4C"):
        g.play(move)
    assert name_to_play(g) == "D" and len(g.table) == 3
    step = g.play("D: play 7S")
    assert pile(g, "B") == sorted(cards("5H 9D 4C 7S"))
    assert name_to_play(g) == "B" and step.events[-1].kind == "trick-won-all"


def test_mattis_cappelens_a_tie_for_highest_is_replayed_by_the_tied_players_only():
    g = allplay({"A": "9H 3C 8S", "B": "9D KS 2H", "C": "4C 4H 6D"}, "JD 10S 7C 2D QC AS 3S 5C 8H")
    for move in ("A: play 9H", "B: play 9D", "C: play 4C"):
        g.play(move)
    assert name_to_play(g) == "A"
    g.play("A: play 3C")
    with pytest.raises(IllegalActionError, match="it is B's turn, not C's"):
        g.play("C: play 6D")
    g.play("B: play KS")
    assert pile(g, "B") == sorted(cards("9H 9D 4C 3C KS"))


def test_mattis_cappelens_a_tie_may_be_replayed_from_the_stock():
    g = allplay({"A": "9H 3C 8S", "B": "9D KS 2H", "C": "4C 4H 6D"}, "JD 10S 7C 2D QC AS 3S 5C 8H")
    for move in ("A: play 9H", "B: play 9D", "C: play 4C"):
        g.play(move)
    assert "turn" in texts(g)


def test_mattis_only_ties_for_highest_are_replayed_by_default():
    g = allplay({"A": "5H 3C 8S", "B": "5D KS 2H", "C": "9C 4H 6D"}, "JD 10S 7C 2D QC AS 3S 5C 8H")
    for move in ("A: play 5H", "B: play 5D", "C: play 9C"):
        g.play(move)
    assert pile(g, "C") == sorted(cards("5H 5D 9C"))


def test_mattis_any_tie_variant_replays_a_lower_tie_and_the_replay_wins_all():
    g = allplay({"A": "5H 3C 8S", "B": "5D KS 2H", "C": "9C 4H 6D"}, "JD 10S 7C 2D QC AS 3S 5C 8H",
                preset="mattis-any-tie")
    for move in ("A: play 5H", "B: play 5D", "C: play 9C", "A: play 3C", "B: play KS"):
        g.play(move)
    assert pile(g, "B") == sorted(cards("5H 5D 9C 3C KS"))


def test_mattis_phase_1_ends_in_the_middle_of_a_trick_and_it_is_taken_back():
    g = allplay({"A": "5H 2C", "B": "9C", "C": ""}, "", start={"trump_card": "4S", "trump_holder": "C",
                                                            "piles": {"C": ["QH"]}})
    g.play("A: play 5H")
    step = g.play("B: play 9C")
    assert g.phase == 2
    assert [e.kind for e in step.events][:2] == ["play-all", "phase-1-end"]
    assert hand(g, "A") == sorted(cards("5H 2C")) and hand(g, "B") == cards("9C")


# -- Koira (pagat.com Swedish edition) -------------------------------------------------

def test_koira_players_without_cards_are_skipped_until_every_card_is_played():
    g = allplay({"A": "9S 2H", "B": "", "C": "5D", "D": "KC 3S"}, "", preset="koira",
                start={"trump_card": "4H", "trump_holder": "D", "piles": {"B": ["10S"]}})
    step = g.play("A: play 9S")
    assert name_to_play(g) == "C" and step.events[-1].kind == "skipped"
    g.play("C: play 5D")
    g.play("D: play KC")
    g.play("D: play 3S")
    step = g.play("A: play 2H")
    assert g.phase == 2
    assert "phase-1-all-played" in [e.kind for e in step.events]


def test_koira_a_tied_player_without_cards_shares_the_trick_among_the_tied():
    g = allplay({"A": "JS 4H", "B": "3D", "C": "JD"}, "", preset="koira",
                start={"trump_card": "2C", "trump_holder": "B"}, seed=5)
    for move in ("A: play JS", "B: play 3D", "C: play JD"):
        g.play(move)
    step = g.play("A: play 4H")
    share = [e for e in step.events if e.kind == "share"][0]
    assert share.extra == ((0, 2), 4)
    assert len(g.hands[0]) == 2 and len(g.hands[2]) == 2


def test_koira_sorted_ties_the_seven_player_example_exactly():
    hands = {"A": "2S AS KH", "B": "8H QS AD", "C": "JC 3H 10C", "D": "5D 6S 7C", "E": "JD 9C 4S",
             "F": "JH 2H 6H", "G": "4C 8S 9D"}
    g = allplay(hands, "QC KC AC 2D 3D 5S 6D 7H 8D", preset="koira-sorted-ties")
    for name, card in zip("ABCDEFG", ["2S", "8H", "JC", "5D", "JD", "JH", "4C"], strict=True):
        step = g.play(f"{name}: play {card}")
    deals = [(g.players[p], str(c)) for p, c in step.events[-1].extra]
    assert deals == [("F", "2♠"), ("E", "4♣"), ("C", "5♦"), ("F", "8♥")]
    assert pile(g, "F") == sorted(cards("2S 8H")) and pile(g, "E") == cards("4C")
    assert pile(g, "C") == cards("5D")
    for name, jack in (("C", "JC"), ("E", "JD"), ("F", "JH")):
        assert cards(jack)[0] in g.hands[g.players.index(name)]


def test_koira_sorted_ties_option_hand_puts_the_dealt_cards_in_hand():
    g = allplay({"A": "2S AS", "B": "JH QS", "C": "JC 3H"}, "QC KC AC 2D 3D",
                preset="koira-sorted-ties", tie_cards_to="hand")
    for move in ("A: play 2S", "B: play JH", "C: play JC"):
        g.play(move)
    assert cards("2S")[0] in g.hands[2] and pile(g, "C") == []


def test_koira_allows_three_to_eight_players():
    with pytest.raises(RulesError, match=r"Koira is for 3-8 players"):
        Game(2, "koira", seed=1)
    assert Game(8, "koira", seed=1).stock


# -- Atlanta (Mark Reed) ---------------------------------------------------------------

ATL = {"A": "9S KS 6C", "B": "9H 2C 4C", "C": "4D 4H JH"}
ATL_STOCK = "3S 5S 7D 8D 10D QD AC 2D 3D"


def test_atlanta_reed_is_for_three_players():
    with pytest.raises(RulesError, match=r"Atlanta is for 3 players"):
        Game(4, "atlanta", seed=1)


def test_atlanta_reed_forced_bounce_a_matching_card_must_be_played():
    g = allplay(ATL, ATL_STOCK, preset="atlanta")
    g.play("A: play 9S")
    assert texts(g) == {"play 9♥"}
    assert "must play it to force a bounce" in g.why_illegal("B: play 2C")


def test_atlanta_reed_only_the_bouncing_players_resolve_the_bounce():
    g = allplay(ATL, ATL_STOCK, preset="atlanta")
    for move in ("A: play 9S", "B: play 9H", "C: play 4D"):
        g.play(move)
    assert name_to_play(g) == "A"
    g.play("A: play KS")
    assert name_to_play(g) == "B"


def test_atlanta_reed_slough_once_cards_equal_to_a_losing_card_go_to_the_winner():
    g = allplay(ATL, ATL_STOCK, preset="atlanta")
    for move in ("A: play 9S", "B: play 9H", "C: play 4D", "A: play KS", "B: play 2C"):
        g.play(move)
    assert name_to_play(g) == "B" and texts(g) == {"slough 4♣", "pass"}
    g.play("B: pass")
    assert texts(g) == {"slough 4♥", "pass"}
    g.play("C: slough 4H")
    assert pile(g, "A") == sorted(cards("9S 9H 4D KS 2C 4H")) and name_to_play(g) == "A"


# -- the German summary: sets ----------------------------------------------------------

SETS = {"A": "9S 9H 2D", "B": "3C 3D KS", "C": "KD 4S 7H"}
SETS_STOCK = "5H 6C 8D JS QC AD 10H 4C 2S 7C"


def test_sets_german_summary_the_leader_plays_one_card_or_a_set_of_equal_rank():
    g = allplay(SETS, SETS_STOCK, preset="skitgubbe-sets")
    assert {"play 9♠ 9♥", "play 9♠", "play 2♦"} <= texts(g)
    assert "play 9♠ 2♦" not in texts(g)


def test_sets_german_summary_everyone_plays_as_many_and_mixed_cards_cannot_win():
    g = allplay(SETS, SETS_STOCK, preset="skitgubbe-sets")
    g.play("A: play 9S 9H")
    assert all(len(a.cards) == 2 for a in g.legal_actions())
    g.play("B: play 3C 3D")
    g.play("C: play KD 4S")
    assert pile(g, "A") == sorted(cards("9S 9H 3C 3D KD 4S"))


def test_sets_german_summary_refill_to_three_after_the_trick_winner_first():
    g = allplay(SETS, SETS_STOCK, preset="skitgubbe-sets")
    for move in ("A: play 9S 9H", "B: play 3C 3D", "C: play KD 4S"):
        g.play(move)
    assert hand(g, "A") == sorted(cards("2D 5H 6C"))
    assert all(len(h) == 3 for h in g.hands)


def test_sets_german_summary_phase_1_ends_with_the_trick_of_the_last_draw():
    g = allplay({"A": "9S 4D 2D", "B": "3C 5D KS", "C": "KD 4S 7H"}, "5H 6C 8D", preset="skitgubbe-sets")
    for move in ("A: play 9S", "B: play 3C", "C: play KD"):
        step = g.play(move)
    kinds = [e.kind for e in step.events]
    assert "trump-card" in kinds and "phase-1-last-trick" in kinds and g.phase == 2
    assert g.trump == cards("8D")[0].suit and g.players[g.trump_holder] == "B"
    assert name_to_play(g) == "B" and cards("8D")[0] in g.hands[1]


# -- Mas with turned-up trump (Werner & Sandgren, Kortoxen 1975) -----------------------

MAS = {"A": "2H 7C 4D", "B": "3C 5S 9D", "C": "6S 8C JD"}
MAS_STOCK = "QS 10C 3S 5D KH"


def test_mas_kortoxen_the_turned_up_card_is_trump_from_the_deal():
    g = Game(3, "mas", seed=8)
    assert g.trump is not None and g.stock[-1].suit == g.trump
    assert game(phase1(MAS, MAS_STOCK), preset="mas").trump == 1


def test_mas_kortoxen_the_second_player_must_beat_or_pick_up():
    g = game(phase1(MAS, MAS_STOCK), preset="mas")
    g.play("A: play 7C")
    assert texts(g) == {"pick up"}
    g.play("B: pick up")
    assert hand(g, "B") == sorted(cards("3C 5S 9D 7C"))
    assert name_to_play(g) == "C"


def test_mas_kortoxen_beating_wins_the_trick():
    g = game(phase1(MAS, MAS_STOCK), preset="mas")
    g.play("A: play 4D")
    assert "play 9♦" in texts(g) and "play 3♣" not in texts(g)
    g.play("B: play 9D")
    assert pile(g, "B") == sorted(cards("4D 9D")) and name_to_play(g) == "B"


def test_mas_kortoxen_refill_below_three_and_hands_may_exceed_three():
    g = game(phase1(MAS, MAS_STOCK), preset="mas")
    g.play("A: play 7C")
    assert len(g.hands[0]) == 3
    g.play("B: pick up")
    assert len(g.hands[1]) == 4


def test_mas_kortoxen_exchange_the_two_of_trumps_for_the_turned_up_trump():
    g = game(phase1(MAS, MAS_STOCK), preset="mas")
    assert "exchange" in texts(g)
    g.play("A: exchange")
    assert make_card(13, 1) in g.hands[0] and g.stock[-1] == make_card(2, 1)
    assert "exchange" not in texts(g)


def test_mas_kortoxen_store_three_trumps_and_draw_three_new_cards():
    g = game(phase1({"A": "2H 7H 9H", "B": "3C 5S 9D", "C": "6S 8C JD"}, "QS 10C 3S 5D KH"), preset="mas")
    assert "store" in texts(g)
    g.play("A: store")
    assert pile(g, "A") == sorted(cards("2H 7H 9H"))
    assert hand(g, "A") == sorted(cards("QS 10C 3S"))


def test_mas_kortoxen_drawing_the_turned_up_trump_ends_phase_1_after_the_trick():
    g = game(phase1(MAS, "KH"), preset="mas")
    step = g.play("A: play 4D")
    assert "trump-taken" in [e.kind for e in step.events] and g.phase == 1
    g.play("B: play 9D")
    assert g.phase == 2 and name_to_play(g) == "A"


def test_mas_kortoxen_there_is_no_turning_the_stock_card():
    g = game(phase1(MAS, MAS_STOCK), preset="mas")
    assert "turn" not in texts(g)


# -- Myllymatti (pagat.com Swedish edition; Seres) -------------------------------------

def test_myllymatti_has_the_basic_rules_and_single_cards_only_in_phase_2():
    assert Rules.preset("myllymatti").difference(Rules.preset("skitgubbe")) == {}
    g = game({"phase": 2, "trump": "S", "to_play": "A", "hands": {"A": ["7H", "8H"], "B": ["2C"]}},
             players="AB", preset="myllymatti")
    assert "play 7♥ 8♥" not in texts(g)


def test_myllymatti_the_leader_plays_on_against_the_same_opponent_until_it_wins():
    g = game(phase1({"A": "KS QD 3H", "B": "4C 5D AH", "C": "2S 6C 7D"}, "9S 9H 8C 10D JS JC 2D"),
             preset="myllymatti")
    for move in ("A: play KS", "B: play 4C", "A: play QD", "B: play 5D"):
        g.play(move)
    g.play("A: play 3H")
    assert name_to_play(g) == "B"
    g.play("B: play AH")
    g.play("B: play 9H")
    assert name_to_play(g) == "C"
