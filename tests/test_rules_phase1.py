"""Rules 0-7 of the digest (phase 1 of basic Skitgubbe), one or more tests each.

Sources: pagat.com "Skitgubbe" (English and Swedish editions); the Swedish rules
pages with house rules and with common disputes.
"""

import pytest

from skitgubbe_core import Game, IllegalActionError
from tests.helpers import cards, game, hand, name_to_play, phase1, pile

ABC = {"A": "7D KS 3H", "B": "9C 4S 7C", "C": "2H 5C 8D"}
STOCK = "QH 6S TC JD 5S"


def test_rule_0_deal_three_cards_each_rest_is_stock_and_seat_after_dealer_leads():
    for n in (2, 3, 4):
        g = Game(n, seed=11)
        assert [len(h) for h in g.hands] == [3] * n
        assert len(g.stock) == 52 - 3 * n
        assert g.to_play == 0 and g.phase == 1
        assert sorted(g.all_cards()) == sorted(range(52))


def test_rule_0_same_seed_same_deal_different_seed_different_deal():
    assert Game(3, seed=5).hands == Game(3, seed=5).hands
    assert Game(3, seed=5).stock == Game(3, seed=5).stock
    assert Game(3, seed=5).hands != Game(3, seed=6).hands


def test_rule_0_the_deal_does_not_use_the_global_random_generator():
    import random
    random.seed(1)
    before = random.random()
    random.seed(1)
    Game(3, seed=99)
    assert random.random() == before


def test_rule_1_two_card_tricks_only_leader_and_left_player_play():
    g = game(phase1(ABC, STOCK))
    g.play("A: play 7D")
    assert name_to_play(g) == "B"
    with pytest.raises(IllegalActionError, match="it is B's turn, not C's"):
        g.play("C: play 2H")


def test_rule_1_any_card_may_be_played_suits_do_not_matter():
    g = game(phase1(ABC, STOCK))
    g.play("A: play 7D")
    legal = {a.text for a in g.legal_actions()}
    assert {"play 9♣", "play 4♠", "play 7♣"} <= legal


def test_rule_2_draw_right_after_playing_so_hands_stay_at_three():
    g = game(phase1(ABC, STOCK))
    step = g.play("A: play 7D")
    assert hand(g, "A") == sorted(cards("KS 3H QH"))
    assert [e.kind for e in step.events] == ["lead", "draw"]
    g.play("B: play 9C")
    assert len(g.hands[1]) == 3 and len(g.stock) == 3


def test_rule_3_higher_rank_wins_regardless_of_suit_and_winner_leads_against_left():
    g = game(phase1(ABC, STOCK))
    g.play("A: play 7D")
    step = g.play("B: play 9C")
    assert pile(g, "B") == sorted(cards("7D 9C"))
    assert name_to_play(g) == "B"
    assert "trick-won" in [e.kind for e in step.events]
    g.play("B: play 4S")
    assert name_to_play(g) == "C"


def test_rule_3_leader_who_wins_plays_again_against_the_same_opponent():
    g = game(phase1(ABC, STOCK))
    g.play("A: play KS")
    g.play("B: play 4S")
    assert pile(g, "A") == sorted(cards("KS 4S"))
    g.play("A: play 3H")
    assert name_to_play(g) == "B"


def test_rule_4_stunsa_cards_stay_both_draw_same_leader_leads_again():
    g = game(phase1(ABC, STOCK))
    g.play("A: play 7D")
    step = g.play("B: play 7C")
    assert [c for _, (c,) in g.table] == cards("7D 7C")
    assert "stunsa" in [e.kind for e in step.events]
    assert name_to_play(g) == "A"
    assert len(g.hands[0]) == 3 and len(g.hands[1]) == 3
    with pytest.raises(IllegalActionError, match="it is A's turn, not B's"):
        g.play("B: play 9C")


def test_rule_4_stunsa_chain_winner_takes_every_bounced_card_leader_never_changes():
    g = game(phase1({"A": "7D 9H KS", "B": "7C 9S 3C", "C": "2H 5C 8D"}, "4H 6S QD TC 2S JH 5S 8H"))
    for move in ("A: play 7D", "B: play 7C", "A: play 9H", "B: play 9S"):
        g.play(move)
    assert name_to_play(g) == "A" and len(g.table) == 4
    g.play("A: play KS")
    g.play("B: play 3C")
    assert pile(g, "A") == sorted(cards("7D 7C 9H 9S KS 3C"))
    assert g.table == []


def test_rule_4_stunsa_won_by_the_opponent_gives_the_opponent_the_lead():
    g = game(phase1(ABC, STOCK))
    g.play("A: play 7D")
    g.play("B: play 7C")
    g.play("A: play 3H")
    g.play("B: play 9C")
    assert pile(g, "B") == sorted(cards("7D 7C 3H 9C"))
    assert name_to_play(g) == "B"
    g.play("B: play 4S")
    assert name_to_play(g) == "C"


def test_rule_5_turning_the_stock_card_plays_it_and_it_never_enters_the_hand():
    g = game(phase1(ABC, STOCK))
    step = g.play("A: turn")
    assert [c for _, (c,) in g.table] == cards("QH")
    assert hand(g, "A") == sorted(cards("7D KS 3H"))
    assert len(g.stock) == 4
    assert [e.kind for e in step.events] == ["turned", "lead"]


def test_rule_5_no_turning_when_only_the_trump_card_is_left():
    g = game(phase1(ABC, "QH"))
    assert "turn" not in {a.kind for a in g.legal_actions()}
    with pytest.raises(IllegalActionError, match="only while the stock holds more than one card"):
        g.play("A: turn")


def test_rule_5_option_at_least_one_allows_turning_the_last_card_which_sets_trumps():
    g = game(phase1(ABC, "QH"), turn_from_stock="at-least-one")
    step = g.play("A: turn")
    assert g.trump == cards("QH")[0].suit and g.trump_holder == 0
    assert "trump-turned" in [e.kind for e in step.events]
    assert g.stock == []


def test_rule_6_the_last_stock_card_is_laid_aside_face_down_not_in_hand():
    g = game(phase1(ABC, "QH 6S"))
    g.play("A: play 7D")
    step = g.play("B: play 9C")
    assert g.trump_card == cards("6S")[0] and g.trump_holder == 1
    assert len(g.hands[1]) == 2 and cards("6S")[0] not in g.hands[1]
    assert "trump-card" in [e.kind for e in step.events]
    assert g.trump is None


def test_rule_6_the_trump_card_joins_its_holder_in_phase_2_and_sets_trumps():
    g = game(phase1({"A": "7D", "B": "9C", "C": "2H"}, "6S"))
    g.play("A: play 7D")
    assert g.trump_holder == 0
    g.play("B: play 9C")
    assert g.phase == 2
    assert g.trump == cards("6S")[0].suit
    assert cards("6S")[0] in g.hands[0]


def test_rule_7_phase_1_ends_when_the_player_to_act_has_no_card():
    g = game(phase1({"A": "7D 4S", "B": "9C", "C": "2H"}, "", trump_card="6S", trump_holder="C"))
    g.play("A: play 7D")
    step = g.play("B: play 9C")
    kinds = [e.kind for e in step.events]
    assert kinds.index("phase-1-end") < kinds.index("phase-2")
    assert g.phase == 2
    assert hand(g, "B") == sorted(cards("7D 9C"))
    assert hand(g, "A") == cards("4S")
    assert hand(g, "C") == sorted(cards("2H 6S"))
    assert name_to_play(g) == "C"


def test_rule_7_play_goes_on_from_hands_after_the_stock_is_gone():
    g = game(phase1({"A": "7D 8D", "B": "9C 3S", "C": "2H"}, "", trump_card="6S",
                    trump_holder="C"))
    g.play("A: play 7D")
    g.play("B: play 9C")
    assert g.phase == 1 and name_to_play(g) == "B" and g.stock == []


def test_rule_7_a_bounced_last_trick_is_taken_back():
    g = game(phase1({"A": "7D", "B": "7C", "C": "2H"}, "", trump_card="6S", trump_holder="C"))
    g.play("A: play 7D")
    step = g.play("B: play 7C")
    assert [e.kind for e in step.events].count("take-back") == 2
    assert g.phase == 2
    assert hand(g, "A") == cards("7D") and hand(g, "B") == cards("7C")


@pytest.mark.parametrize("reading, kind, where", [
    ("bounce", "lead-kept", "piles"), ("incomplete", "take-back", "hands")])
def test_rule_7_a_lead_nobody_can_answer_stays_with_its_leader_under_both_readings(
        reading, kind, where):
    g = game(phase1({"A": "8D 4C", "B": "", "C": "2H"}, "", trump_card="6S", trump_holder="C"),
             last_trick=reading)
    step = g.play("A: play 8D")
    assert kind in [e.kind for e in step.events]
    assert g.phase == 2
    assert hand(g, "A") == sorted(cards("8D 4C"))


@pytest.mark.parametrize("reading", ["bounce", "incomplete"])
def test_rule_7_a_bounce_followed_by_an_unanswered_lead_is_taken_back(reading):
    g = game(phase1({"A": "7D 9H", "B": "7C", "C": "2H"}, "", trump_card="6S", trump_holder="C"),
             last_trick=reading)
    g.play("A: play 7D")
    g.play("B: play 7C")
    step = g.play("A: play 9H")
    backs = {g.players[e.player]: e.cards for e in step.events if e.kind == "take-back"}
    assert backs == {"A": tuple(cards("7D 9H")), "B": tuple(cards("7C"))}


def test_rule_7_phase_2_sees_every_card_in_a_hand():
    g = game(phase1({"A": "7D", "B": "9C", "C": "2H"}, "6S", piles={"C": ["AS", "KH"]}))
    g.play("A: play 7D")
    g.play("B: play 9C")
    assert g.phase == 2
    assert all(p == () for p in g.piles)
    assert sorted(c for h in g.hands for c in h) == sorted(cards("7D 9C 2H 6S AS KH"))
