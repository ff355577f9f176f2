"""Rules 8-13 of the digest (phase 2 of basic Skitgubbe), one or more tests each.

Sources: pagat.com "Skitgubbe" (English and Swedish editions); the Swedish rules
page with common disputes; the German summary (a trump only by a higher trump;
whoever picks up does not play again).
"""

import pytest

from skitgubbe_core import IllegalActionError
from skitgubbe_core.bots import RandomBot
from skitgubbe_core.simulate import play_out
from tests.helpers import cards, game, hand, name_to_play, phase1, phase2


def test_rule_8_everyone_takes_up_pile_hand_and_trump_card_and_the_trump_drawer_leads():
    g = game(phase1({"A": "7D", "B": "9C", "C": "2H 3H"}, "6S", piles={"A": ["KD"], "C": ["QS"]}))
    g.play("A: play 7D")
    assert g.trump_holder == 0
    g.play("B: play 9C")
    assert g.phase == 2
    assert name_to_play(g) == "A"
    assert hand(g, "A") == sorted(cards("KD 6S"))
    assert hand(g, "C") == sorted(cards("2H 3H QS"))


def test_rule_8_a_player_with_no_cards_at_phase_2_is_out_at_once():
    g = game(phase1({"A": "7D", "B": "9C", "C": ""}, "", trump_card="6S", trump_holder="A"))
    g.play("A: play 7D")
    step = g.play("B: play 9C")
    assert g.out == [2]
    assert [e.kind for e in step.events][-1] == "out"


@pytest.mark.parametrize("beater, ok", [("QH", True), ("5H", False), ("2S", True), ("AD", False)])
def test_rule_9_beat_with_higher_card_of_the_suit_or_any_trump(beater, ok):
    g = game(phase2({"A": "9H 2C", "B": f"{beater} 3C", "C": "4D 5D"}))
    g.play("A: play 9H")
    assert (g.why_illegal(f"B: play {beater}") is None) is ok


def test_rule_9_a_trump_is_beaten_only_by_a_higher_trump():
    g = game(phase2({"A": "9S 2C", "B": "TS 8S AH", "C": "4D 5D"}))
    g.play("A: play 9S")
    assert g.why_illegal("B: play TS") is None
    assert "a trump is beaten only by a higher trump" in g.why_illegal("B: play 8S")
    assert "a trump is beaten only by a higher trump" in g.why_illegal("B: play AH")


def test_rule_9_never_duck_a_lower_card_is_refused_with_the_rule():
    g = game(phase2({"A": "9H 2C", "B": "5H 3C", "C": "4D 5D"}))
    g.play("A: play 9H")
    with pytest.raises(IllegalActionError) as err:
        g.play("B: play 5H")
    assert str(err.value) == ("move 2, B: play 5♥: 5♥ does not beat 9♥: beat it with a higher "
                              "heart or with a trump (♠), or pick it up (rule 9, beating)")
    assert err.value.rule == "beat" and err.value.move_number == 2


def test_rule_9_you_may_pick_up_even_when_you_could_beat():
    g = game(phase2({"A": "9H 2C", "B": "KH 3C", "C": "4D 5D"}))
    g.play("A: play 9H")
    assert {a.kind for a in g.legal_actions()} == {"play", "pick up"}
    g.play("B: pick up")
    assert hand(g, "B") == sorted(cards("KH 3C 9H"))


def test_rule_9_a_leader_may_lead_any_card_but_may_not_pick_up_from_an_empty_table():
    g = game(phase2({"A": "9H 2C", "B": "KH", "C": "4D"}))
    assert {a.text for a in g.legal_actions()} == {"play 9♥", "play 2♣"}
    with pytest.raises(IllegalActionError, match="the table is empty, so there is nothing to pick up"):
        g.play("A: pick up")


def test_rule_10_pick_up_takes_only_the_top_card_and_the_next_must_beat_the_one_below():
    g = game(phase2({"A": "8H QH 2C", "B": "JH 3C", "C": "4D 5D"}))
    g.play("A: play 8H")
    g.play("B: play JH")
    step = g.play("C: pick up")
    assert hand(g, "C") == sorted(cards("4D 5D JH"))
    assert [c for _, (c,) in g.table] == cards("8H")
    assert name_to_play(g) == "A"
    assert step.events[0].extra == tuple(cards("8H"))


def test_rule_10_whoever_picks_up_does_not_play_again_in_that_turn():
    g = game(phase2({"A": "8H 2C", "B": "JH 3C", "C": "4D 5D"}))
    g.play("A: play 8H")
    g.play("B: pick up")
    assert name_to_play(g) == "C"
    with pytest.raises(IllegalActionError, match="it is C's turn, not B's"):
        g.play("B: play 3C")


def test_rule_11a_a_full_trick_is_set_aside_and_whoever_played_last_leads():
    g = game(phase2({"A": "8H 2C", "B": "JH 3C", "C": "KH 4D"}))
    for move in ("A: play 8H", "B: play JH", "C: play KH"):
        g.play(move)
    assert g.table == [] and sorted(g.discarded) == sorted(cards("8H JH KH"))
    assert name_to_play(g) == "C"


def test_rule_11a_trick_completed_by_a_player_going_out_passes_the_lead_left():
    g = game(phase2({"A": "8H 2C", "B": "JH 3C", "C": "KH"}))
    for move in ("A: play 8H", "B: play JH"):
        g.play(move)
    step = g.play("C: play KH")
    assert [e.kind for e in step.events] == ["beat", "out", "trick-complete", "lead-passes"]
    assert name_to_play(g) == "A"


def test_rule_11a_option_beaten_player_gives_the_lead_to_the_player_beaten_last():
    g = game(phase2({"A": "8H 2C", "B": "JH 3C", "C": "KH"}), lead_after_going_out="beaten-player")
    for move in ("A: play 8H", "B: play JH", "C: play KH"):
        g.play(move)
    assert name_to_play(g) == "B"


def test_rule_11b_all_cards_picked_up_the_player_left_of_the_last_picker_leads():
    g = game(phase2({"A": "9H 2C", "B": "JH 3C", "C": "4D 5D"}))
    for move in ("A: play 9H", "B: play JH", "C: pick up", "A: pick up"):
        g.play(move)
    assert g.table == [] and name_to_play(g) == "B"


def test_rule_11b_and_12_lead_skips_a_player_who_is_out():
    g = game(phase2({"A": "9H 2C", "B": "JH", "C": "4D 5D"}))
    for move in ("A: play 9H", "B: play JH", "C: pick up"):
        g.play(move)
    step = g.play("A: pick up")
    assert name_to_play(g) == "C"
    assert [e.kind for e in step.events] == ["pick-up", "all-picked-up", "lead-passes"]
    assert g.trick_size == 2


def test_rule_12_a_trick_begun_with_three_still_needs_three_after_a_player_goes_out():
    g = game(phase2({"A": "8H", "B": "JH TH 3C", "C": "QH 4D"}))
    g.play("A: play 8H")
    assert g.out == [0] and g.trick_size == 3
    g.play("B: play JH")
    assert g.table and name_to_play(g) == "C"
    g.play("C: pick up")
    assert name_to_play(g) == "B"
    g.play("B: play TH")
    g.play("C: play QH")
    assert g.table == [] and name_to_play(g) == "C" and g.trick_size == 2


def test_rule_12_players_who_are_out_are_skipped():
    g = game(phase2({"A": "9H", "B": "JH 3C", "C": "4D 5D", "D": "2S 6S"}), players="ABCD")
    g.play("A: play 9H")
    g.play("B: pick up")
    assert name_to_play(g) == "C"
    g.play("C: play 4D")
    g.play("D: pick up")
    assert name_to_play(g) == "B"


def test_rule_13_the_last_player_with_cards_is_the_skitgubbe_and_play_stops():
    g = game(phase2({"A": "9H", "B": "JH 3C"}), players="AB")
    step = g.play("A: play 9H")
    assert g.is_over and g.loser == 1 and g.to_play is None
    assert step.events[-1].kind == "game-over"
    assert g.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over: B is the Skitgubbe"):
        g.play("B: play JH")


def test_termination_random_play_is_capped_and_reported_unfinished():
    g = game(phase2({"A": "9H 8H 7H 6H", "B": "JH 3C 5D 2S"}), players="AB")
    bots = [RandomBot(1), RandomBot(2)]
    finished = play_out(g, bots, max_moves=3)
    assert not finished and g.move_count == 3 and not g.is_over
