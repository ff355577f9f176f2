"""Bad input gets a clear error: what was wrong, where, and which rule forbids it."""

import pytest

from skitgubbe_core import (
    ActionError,
    Game,
    IllegalActionError,
    PositionError,
    Rules,
    RulesError,
)
from tests.helpers import game, phase1, phase2


def test_unknown_player_in_an_action():
    g = Game(["A", "B", "C"], seed=1)
    with pytest.raises(ActionError, match="unknown player 'Z'; the players are A, B, C"):
        g.play("Z: play 7D")


def test_malformed_action_text():
    g = Game(3, seed=1)
    with pytest.raises(ActionError, match="write 'PLAYER: ACTION'"):
        g.play("play 7D")
    with pytest.raises(ActionError, match="after the player's name write 'play CARD"):
        g.play("A: throw 7D")
    with pytest.raises(ActionError, match="'ZZ' is not a card: a card is a rank"):
        g.play("A: play ZZ")


def test_move_out_of_turn_names_move_player_and_rule():
    g = Game(["A", "B", "C"], seed=1)
    with pytest.raises(IllegalActionError) as err:
        g.play(f"B: play {g.hands[1][0]}")
    assert str(err.value) == ("move 1, B: play " + str(g.hands[1][0]) +
                              ": it is A's turn, not B's (rule 0, turn order)")


def test_playing_a_card_you_do_not_hold():
    g = game(phase1({"A": "7D KS 3H", "B": "9C", "C": "2H"}, "QH 6S"))
    with pytest.raises(IllegalActionError, match=r"move 1, A: play 9♣: A does not hold 9♣"):
        g.play("A: play 9C")


def test_several_cards_at_once_are_refused_in_basic_skitgubbe():
    g = game(phase2({"A": "7H 8H", "B": "9C", "C": "2H"}))
    with pytest.raises(IllegalActionError, match="this ruleset plays one card at a time in phase 2"):
        g.play("A: play 7H 8H")


def test_an_illegal_move_leaves_the_game_unchanged():
    g = Game(3, seed=4)
    before = g.snapshot()
    with pytest.raises(IllegalActionError):
        g.play("A: pick up")
    assert g.snapshot() == before and g.move_count == 0


def test_pick_up_in_phase_1_is_refused_with_the_rule():
    g = Game(3, seed=4)
    assert g.why_illegal("A: pick up") == (
        "there is nothing to pick up in phase 1: picking up belongs to phase 2 "
        "(rule 10, picking up)")


def test_duplicate_card_in_a_position_names_both_places():
    with pytest.raises(PositionError) as err:
        game(phase1({"A": "7D KS", "B": "9C 7D", "C": "2H"}, "QH 6S"))
    assert str(err.value) == "start.hands.B[1]: 7♦ is named twice: also at start.hands.A[0]"


def test_malformed_card_in_a_position_names_its_path():
    with pytest.raises(PositionError, match=r"^start.stock\[1\]: 'ZZ' is not a card"):
        game(phase1({"A": "7D", "B": "9C", "C": "2H"}, "QH ZZ"))


def test_unknown_player_in_a_position():
    with pytest.raises(PositionError, match=r"start.hands.D: 'D' is not a player; the players are A, B, C"):
        game(phase2({"A": "7D", "D": "9C", "C": "2H"}))


def test_phase_2_position_without_trumps():
    start = phase2({"A": "7D", "B": "9C"})
    del start["trump"]
    with pytest.raises(PositionError, match="a phase-2 position needs 'trump'"):
        game(start, players="AB")


def test_phase_1_position_with_the_wrong_player_to_answer():
    start = phase1({"A": "7D", "B": "9C", "C": "2H"}, "QH 6S", table=["8S"], to_play="C", leader="A")
    with pytest.raises(PositionError, match="A leading, B is to play, not C"):
        game(start)


def test_player_counts_outside_the_sources_are_refused_with_the_range():
    with pytest.raises(RulesError, match=r"Skitgubbe \(basic game\) is for 2-4 players .*not 5"):
        Game(5, seed=1)


def test_unknown_ruleset_and_option_and_value():
    with pytest.raises(RulesError, match=r"unknown ruleset 'skitgubbee' \(did you mean 'skitgubbe'\?\): known "
                                         "rulesets are skitgubbe"):
        Rules.preset("skitgubbee")
    with pytest.raises(RulesError, match="unknown rule option 'turn'"):
        Rules.preset("skitgubbe", turn="never")
    with pytest.raises(RulesError, match="option 'turn_from_stock' cannot be 'sometimes': choose one of"):
        Rules.preset("skitgubbe", turn_from_stock="sometimes")


def test_bad_player_names():
    with pytest.raises(RulesError, match="player names must differ"):
        Game(["A", "A", "B"], seed=1)
    with pytest.raises(RulesError, match="is not a usable player name"):
        Game(["A:1", "B"], seed=1)
