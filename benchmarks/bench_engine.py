"""Engine speed: uniform random legal play through the public API, legality checks on.

Prints one line per configuration, basic Skitgubbe with 3 players first, then 2
and 4 players, then every other preset at its usual player count:
    skitgubbe 3p: N games/s, N actions/s, N us/action, N actions/game, R x basic
where R is the time per action relative to basic Skitgubbe with 3 players.

Usage: python benchmarks/bench_engine.py [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import time

from skitgubbe_core import PRESETS, Game
from skitgubbe_core.simulate import DEFAULT_MAX_MOVES

CONFIGS = [("skitgubbe", 3), ("skitgubbe", 2), ("skitgubbe", 4)] + [
    (name, p.usual_players) for name, p in PRESETS.items() if name != "skitgubbe"]


def measure(variant: str, players: int, seconds: float) -> tuple[int, int, float]:
    """Play whole games until ``seconds`` have passed: (games, actions, elapsed)."""
    rng = random.Random(1)
    games = actions = 0
    seed = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        game = Game(players, variant, seed=seed)
        seed += 1
        while not game.is_over and game.move_count < DEFAULT_MAX_MOVES:
            game.play(rng.choice(game.legal_actions()))
        games += 1
        actions += game.move_count
    return games, actions, time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.5, help="time per configuration")
    args = ap.parse_args()
    basic = None
    for variant, players in CONFIGS:
        games, actions, elapsed = measure(variant, players, args.seconds)
        per_action = elapsed / actions
        basic = basic or per_action
        print(f"{variant} {players}p: {games / elapsed:,.0f} games/s, {actions / elapsed:,.0f} actions/s, "
              f"{per_action * 1e6:.2f} us/action, {actions / games:.0f} actions/game, "
              f"{per_action / basic:.2f} x basic", flush=True)


if __name__ == "__main__":
    main()
