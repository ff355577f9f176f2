"""The benchmark scripts run, and measure what they say (their figures are printed by
hand, not timed here)."""

import random

import pytest

from benchmarks import api_ceiling, bench_browser, bench_engine
from tests.stepping import comm_messages


def test_bench_engine_plays_whole_games_through_the_api_and_headless():
    for narrate in (True, False):
        games, actions, elapsed = bench_engine.measure("skitgubbe", 3, 0.01, narrate)
        assert games >= 1 and actions >= 30 * games and elapsed > 0


def test_the_lean_engine_plays_every_game_to_its_end_with_legal_moves_only():
    rnd = random.Random(5).random
    for seed in range(50):
        game = api_ceiling.LeanGame(3, seed)
        while not game.is_over:
            legal = game.legal_actions()
            assert legal and all(a[0] == game.to_play for a in legal)
            game.play(legal[int(rnd() * len(legal))])
        assert game.move_count < 5000
        assert sum(1 for hand in game.hands if hand) <= 1
    with pytest.raises(ValueError, match="not legal"):
        api_ceiling.LeanGame(3, 0).play((1, "play", (0,)))


def test_the_lean_engine_plays_tight_pys_game_as_long_as_tight_py_does():
    """The ceiling is measured on the same game: its games are as long as tight.py's."""
    tight = bench_engine.load_tight()
    if tight is None:
        pytest.skip("../shared/bench/tight.py sits beside a developer's checkout only")
    random.seed(1)
    tight_length = sum(tight.skit3() for _ in range(400)) / 400
    rnd = random.Random(1).random
    lean_actions = 0
    for seed in range(400):
        game = api_ceiling.LeanGame(3, seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.play(legal[int(rnd() * len(legal))])
        lean_actions += game.move_count
    assert abs(lean_actions / 400 / tight_length - 1) < 0.05


def test_bench_browser_tells_a_widget_message_to_the_kernels_worker_from_other_messages():
    """What the lab site and the apps post (stepping.WATCH_WORKERS): comlink's call of the
    worker's commMsg is a widget message, its execute and the page's own scheduling not."""
    call = 'Worker: {"id":"1","type":"APPLY","path":["commMsg"],"argumentList":[{"data":{}}]}'
    run = 'Worker: {"id":"2","type":"APPLY","path":["execute"],"argumentList":[]}'
    frame = '{"header":{"msg_type":"comm_msg"},"content":{"comm_id":"c"}}'
    assert comm_messages([call, run, "MessagePort: null", frame]) == [call, frame]
    assert [bench_browser.gist(m) for m in (call, run, frame, "MessagePort: null")] == [
        "APPLY commMsg", "APPLY execute", "comm_msg", "MessagePort: null"]
