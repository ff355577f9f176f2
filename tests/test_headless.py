"""The headless mode (``Game(..., narrate=False)``): the same game, checked the same
way, with events only when asked for."""

import random

import pytest

from skitgubbe_core import PRESETS, Game, IllegalActionError, Rules, phase2, record
from skitgubbe_core.rules import OPTIONS


@pytest.mark.parametrize("preset", ["skitgubbe", "mas", "mattis", "atlanta", "koira"])
def test_a_headless_game_is_the_narrated_game_without_the_events(preset):
    players = PRESETS[preset].usual_players
    narrated = Game(players, preset, seed=5)
    headless = Game(players, preset, seed=5, narrate=False)
    rng = random.Random(5)
    while not narrated.is_over and narrated.move_count < 400:
        assert headless.legal_actions() == narrated.legal_actions()
        action = rng.choice(narrated.legal_actions())
        narrated.play(action)
        assert headless.play(action) is None
        assert headless.snapshot() == narrated.snapshot()
    assert headless.history == narrated.history
    assert record.to_record(headless) == record.to_record(narrated)
    assert headless.undo() == narrated.undo()
    assert headless.snapshot() == narrated.snapshot() and headless.copy().narrate is False


@pytest.mark.parametrize("preset", PRESETS)
def test_a_listener_hears_every_event_of_the_narrated_game_and_the_game_keeps_none(preset):
    players = PRESETS[preset].usual_players
    narrated = Game(players, preset, seed=9)
    heard = []
    headless = Game(players, preset, seed=9, narrate=False, listener=heard)
    rng = random.Random(9)
    while not narrated.is_over and narrated.move_count < 400:
        action = rng.choice(narrated.legal_actions())
        narrated.play(action)
        headless.play(action)
    assert heard == [e for step in narrated.history for e in step.events]
    assert headless._steps == [] and headless.copy()._sink is not heard
    assert (headless.move_count, headless.is_over) == (narrated.move_count, narrated.is_over)


def test_a_headless_game_refuses_illegal_moves_as_always():
    game = Game(3, seed=1, narrate=False)
    game.play(game.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="move 2, A: play"):
        game.play(f"A: play {game.hands[0][0]}")
    assert game.move_count == 1


@pytest.mark.parametrize("mode", [c.value for c in OPTIONS["anti_trumps"].choices])
def test_the_beat_tables_of_the_fast_path_agree_with_the_rule(mode):
    """Rule 9 with anti-trumps, written out card by card: a higher card of the suit
    beats, and so does any trump unless the card to beat is a trump or an anti-trump."""
    for trump in range(4):
        anti = phase2._anti_suit(mode, trump)
        for top in range(52):
            expected = {c for c in range(52) if (c & 3 == top & 3 and c > top)
                        or (c & 3 == trump and top & 3 not in (trump, anti))}
            assert phase2._BEAT_TABLES[mode][trump][top] == expected, (trump, top)


@pytest.mark.parametrize("preset", PRESETS)
def test_the_derived_rule_flags_say_what_their_options_say(preset):
    rules = Rules.preset(preset)
    assert rules.turn_above == {"more-than-one": 1, "at-least-one": 0,
                                "never": 52}[rules.turn_from_stock]
    assert rules.trump_ends == (rules.trump_ends_trick == "yes")
    assert rules.may_pick_up == (rules.must_beat == "no")
    assert rules.single_beats == (rules.phase2_plays == "single" and rules.beat == "any-trump"
                                  and rules.phase2_sets == "no")
