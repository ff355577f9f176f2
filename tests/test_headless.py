"""The headless mode (``Game(..., narrate=False)``): the same game, checked the same
way, with events only when asked for."""

import random

import pytest

from skitgubbe_core import Game, IllegalActionError, PRESETS, record


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


def test_a_headless_game_refuses_illegal_moves_as_always():
    game = Game(3, seed=1, narrate=False)
    game.play(game.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="move 2, A: play"):
        game.play(f"A: play {game.hands[0][0]}")
    assert game.move_count == 1
