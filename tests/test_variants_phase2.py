"""Phase-2 variants, each test citing its source: sequences (Parlett 1994; Glimne
1996), anti-trumps (Green 1999; Franzén's electric clubs), the Swedish house rules
(follow suit), lowest pick-ups (Mattis, Koira; Atlanta), Blåmattis (Cappelens
Kortspillbok), Koira's trump-ends-trick and runs from two, Atlanta's dreck."""

from collections import Counter

import pytest

from skitgubbe_core import IllegalActionError
from tests.helpers import cards, game, hand, name_to_play, phase1, phase2, texts


def seq(hands, **kw):
    return game(phase2(hands, **kw.pop("start", {})), preset=kw.pop("preset", "skitgubbe-sequences"), **kw)


# -- sequences: Parlett, "Shedding Games" (1994); Glimne (1996) ------------------------

def test_sequences_parlett_a_run_of_consecutive_cards_of_one_suit_is_one_play():
    g = seq({"A": "5D 6D 7D 9D", "B": "2C", "C": "3C"})
    assert {"play 5♦ 6♦", "play 6♦ 7♦", "play 5♦ 6♦ 7♦"} <= texts(g)
    assert "play 7♦ 9♦" not in texts(g)
    with pytest.raises(IllegalActionError, match="7♦ 9♦ is not a run: two or more consecutive cards"):
        g.play("A: play 7D 9D")


def test_sequences_parlett_each_run_counts_once_toward_the_trick():
    g = seq({"A": "5D 2C", "B": "7D 8D 9D 4C", "C": "QD KD 3S"})
    g.play("A: play 5D")
    g.play("B: play 7D 8D 9D")
    assert g.trick_size == 3 and len(g.table) == 2
    g.play("C: play QD KD")
    assert g.table == [] and name_to_play(g) == "C"


def test_sequences_glimne_length_does_not_matter_a_single_trump_beats_a_run():
    g = seq({"A": "5D 2C", "B": "7D 8D 9D 4C", "C": "QD KD 3S 6D"})
    g.play("A: play 5D")
    g.play("B: play 7D 8D 9D")
    legal = texts(g)
    assert {"play 3♠", "play Q♦ K♦", "play Q♦", "play K♦"} <= legal
    assert "play 6♦" not in legal


def test_sequences_run_order_option_top_above_top_is_the_other_reading():
    start = {"A": "5D 6D 2C", "B": "4D 7D 3C", "C": "9H 2H"}
    lowest = seq(start)
    lowest.play("A: play 5D 6D")
    assert "play 4♦ 7♦" not in texts(lowest) and "play 7♦" in texts(lowest)
    top = seq({"A": "5D 6D 2C", "B": "6C 7C 8C 3H", "C": "9H 2H"}, run_order="top-above-top")
    top.play("A: play 2C")
    assert {"play 6♣ 7♣", "play 6♣ 7♣ 8♣"} <= texts(top)


def test_sequences_picking_up_takes_the_whole_last_play():
    g = seq({"A": "5D 2C", "B": "7D 8D 4C", "C": "3C 4H"})
    g.play("A: play 5D")
    g.play("B: play 7D 8D")
    g.play("C: pick up")
    assert hand(g, "C") == sorted(cards("3C 4H 7D 8D"))
    assert [c for _, play in g.table for c in play] == cards("5D")


# -- anti-trumps: Bengt Green (Kortspegeln 1999); Franzén's electric clubs --------------

@pytest.mark.parametrize("preset, trump, anti", [
    ("skitgubbe-anti-trumps", "S", "C"), ("skitgubbe-anti-trumps", "H", "D"),
    ("skitgubbe-clubs-anti-trumps", "H", "C"), ("skitgubbe-electric-clubs", "D", "C"),
    ("skitgubbe-electric-clubs", "C", "S")])
def test_anti_trumps_green_and_franzen_trumps_cannot_beat_the_anti_trump_suit(preset, trump, anti):
    low, high = f"4{anti}", f"9{anti}"
    trump_card = f"A{trump}"
    g = game(phase2({"A": f"{low} 2{trump if trump != 'D' else 'H'}", "B": f"{trump_card} {high}",
                     "C": "3H 5H" if "H" not in (trump, anti) else "3S 5S"}, trump=trump), preset=preset)
    g.play(f"A: play {low}")
    assert f"play {cards(trump_card)[0]}" not in texts(g)
    assert f"play {cards(high)[0]}" in texts(g)
    assert "anti-trump" in g.why_illegal(f"B: play {trump_card}")


def test_anti_trumps_clubs_there_are_none_when_clubs_are_trumps():
    g = game(phase2({"A": "4S 2H", "B": "AC 9D", "C": "3H 5H"}, trump="C"),
             preset="skitgubbe-clubs-anti-trumps")
    g.play("A: play 4S")
    assert "play A♣" in texts(g)


def test_anti_trumps_beat_nothing_extra():
    g = game(phase2({"A": "4H 2S", "B": "AD 9C", "C": "3S 5S"}, trump="H"),
             preset="skitgubbe-anti-trumps")
    g.play("A: play 4H")
    assert "play A♦" not in texts(g)


# -- the Swedish house rules: follow suit, trump only when void -----------------------

def test_follow_suit_house_rules_no_trumping_while_holding_the_suit():
    g = game(phase2({"A": "8H 5C", "B": "3H 2S", "C": "4S 6D"}), preset="skitgubbe-follow-suit")
    g.play("A: play 8H")
    assert texts(g) == {"pick up"}
    assert "must follow suit" in g.why_illegal("B: play 2S")
    g.play("B: pick up")
    assert "play 4♠" in texts(g)


# -- pick-ups: Mattis and Koira take the lowest play; Koira variant the lowest card;
#    Atlanta the lowest unbroken run -------------------------------------------------

def test_mattis_cappelens_pick_up_takes_the_lowest_first_play():
    g = game(phase2({"A": "5H QH", "B": "9H 2C", "C": "3D 4D"}), preset="mattis")
    g.play("A: play 5H")
    g.play("B: play 9H")
    g.play("C: pick up")
    assert hand(g, "C") == sorted(cards("3D 4D 5H"))
    assert g.table == [(1, tuple(cards("9H")))] and name_to_play(g) == "A"


def test_koira_lowest_single_takes_one_card_and_the_run_still_counts():
    g = game(phase2({"A": "5H 6H 7H 2C", "B": "3D 4D", "C": "9H 8C"}), preset="koira-lowest-single")
    g.play("A: play 5H 6H 7H")
    g.play("B: pick up")
    assert hand(g, "B") == sorted(cards("3D 4D 5H"))
    assert g.table == [(0, tuple(cards("6H 7H")))]
    g.play("C: play 9H")
    assert len(g.table) == 2 and name_to_play(g) == "A"


def test_atlanta_reed_pick_up_takes_the_whole_lowest_unbroken_run_across_players():
    g = game(phase2({"A": "5H QH 2D", "B": "6H 7H 3D", "C": "8H 4C"}), preset="atlanta")
    g.play("A: play 5H")
    g.play("B: play 6H 7H")
    g.play("C: pick up")
    assert hand(g, "C") == sorted(cards("8H 4C 5H 6H 7H"))
    assert g.table == []


def test_atlanta_reed_a_broken_run_is_picked_up_only_to_the_gap():
    g = game(phase2({"A": "5H QH 2D", "B": "7H 8H 3D", "C": "9H 4C", "D": "2S"}, to_play="A"),
             players="ABCD", preset="mattis", pick_up="lowest-run")
    g.play("A: play 5H")
    g.play("B: play 7H 8H")
    g.play("C: play 9H")
    g.play("D: pick up")
    assert hand(g, "D") == sorted(cards("2S 5H"))
    assert len(g.table) == 2


# -- Blåmattis (Cappelens Kortspillbok; pagat.com Swedish edition) --------------------

def test_mattis_blamattis_stays_in_and_may_only_pick_up_the_lowest():
    g = game(phase2({"A": "6D 2S", "B": "8D 3H", "C": ""}), preset="mattis")
    assert g.out == []
    g.play("A: play 6D")
    g.play("B: play 8D")
    assert texts(g) == {"pick up"}
    g.play("C: pick up")
    assert hand(g, "C") == cards("6D")


def test_mattis_blamattis_cannot_lead_so_the_lead_passes():
    g = game(phase2({"A": "6D 2S", "B": "8D 3H", "C": ""}), preset="mattis")
    g.play("A: play 6D")
    step = g.play("B: pick up")
    assert name_to_play(g) == "A"
    assert step.events[-1].kind == "lead-passes" and step.events[-1].extra == "blamattis"


def test_mattis_blamattis_loses_variant_ends_the_game_at_once():
    g = game(phase1({"A": "5H", "B": "9C", "C": "3D 7S"}, "", trump_card="4S", trump_holder="C",
                    piles={"C": ["QH"]}), preset="mattis-blamattis-loses")
    for move in ("A: play 5H", "B: play 9C", "C: play 3D"):
        step = g.play(move)
    assert g.is_over and g.players[g.loser] == "A"
    assert step.events[-1].kind == "blamattis-loses"


def test_basic_skitgubbe_a_player_without_cards_after_phase_1_is_out_and_safe():
    g = game(phase2({"A": "6D 2S", "B": "8D 3H", "C": ""}))
    assert g.out == [2]


# -- Koira variants (pagat.com Swedish edition) ----------------------------------------

def test_koira_trump_ends_trick_the_trumper_sets_it_aside_and_leads():
    g = game(phase2({"A": "10H 3C", "B": "2S 5D", "C": "KH 4C"}), preset="koira-trump-ends-trick")
    g.play("A: play 10H")
    step = g.play("B: play 2S")
    assert g.table == [] and name_to_play(g) == "B"
    assert step.events[-1].kind == "trump-ends-trick"


def test_koira_runs_from_two_only():
    g = game(phase2({"A": "2D 3D 4D 5C 6C", "B": "JH", "C": "KD"}), preset="koira-runs-from-two")
    legal = texts(g)
    assert {"play 2♦ 3♦", "play 2♦ 3♦ 4♦"} <= legal
    assert "play 3♦ 4♦" not in legal and "play 5♣ 6♣" not in legal


def test_mattis_runs_of_three_variant():
    g = game(phase2({"A": "7H 8H 9H 2C", "B": "JH", "C": "KD"}), preset="mattis-runs-of-three")
    assert "play 7♥ 8♥ 9♥" in texts(g) and "play 7♥ 8♥" not in texts(g)


# -- Atlanta's dreck (Mark Reed) ------------------------------------------------------

def test_atlanta_reed_dreck_is_pooled_and_shared_as_evenly_as_possible():
    start = phase1({"A": "9S", "B": "", "C": "KD"}, "", trump_card="6H", trump_holder="A",
                   piles={"A": ["2C", "3C", "QH", "JS", "AH", "10S", "9C", "KH"],
                          "B": ["KS", "8C"], "C": ["5S", "QD", "JC"]})
    g = game(start, preset="atlanta", seed=3)
    step = g.play("A: play 9S")
    dreck = [e for e in step.events if e.kind == "dreck"][0]
    assert sorted(dreck.cards) == sorted(cards("2C 3C 6H 5S"))
    received = Counter(g.players[p] for p, _ in dreck.extra)
    assert received == {"B": 2, "C": 2}
    assert all(c >> 2 > 3 for c in g.hands[0])


def test_atlanta_reed_no_dreck_when_everyone_has_six():
    start = phase1({"A": "9S", "B": "", "C": "KD"}, "", trump_card="6H", trump_holder="A",
                   piles={"A": ["2C", "3C", "QH", "JS", "AH", "10S"], "B": ["KS", "8C", "4D", "7C", "7D", "9D"],
                          "C": ["5S", "QD", "JC", "10H", "9H", "8H"]})
    step = game(start, preset="atlanta").play("A: play 9S")
    assert "dreck" not in [e.kind for e in step.events]
