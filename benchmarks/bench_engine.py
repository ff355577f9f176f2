"""Engine speed: uniform random legal play through the public API, legality checks on.

Prints the bare tight loop (``bare_loop.py``: the same game written without checks,
events or objects) and, when the checkout sits beside the developers' shared folder
(``../shared/bench/tight.py`` from the repository root), that folder's tight loop
(a similar two-phase game, the yardstick of the project's speed goals).  Then one line
per configuration, basic Skitgubbe with 3 players first, then 2 and 4 players, then
every other preset at its usual player count:
    skitgubbe 3p: N games/s, N actions/s, N us/action, N actions/game, R x basic
where R is the time per action relative to basic Skitgubbe with 3 players; the
first line adds ``F of bare loop`` (the loop's time per action over the engine's,
both measured in this run, interleaved) and ``F of tight.py``.  Then the headless
simulation mode (``Game(..., narrate=False)``: checked moves, no events kept) in the
same form, and each bot's time per decision in basic Skitgubbe with 3 players.  Each
figure is the best of several rounds playing the same games (the least disturbed
round, as ``timeit`` takes the minimum of its repeats): CPU time on a shared machine
is noisy.

Usage: python -m benchmarks.bench_engine [--seconds S]
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from types import ModuleType

from benchmarks.bare_loop import measure as measure_bare
from skitgubbe_core import PRESETS, Game
from skitgubbe_core.bots import BOTS, make_bot
from skitgubbe_core.simulate import DEFAULT_MAX_MOVES

CONFIGS = [("skitgubbe", 3), ("skitgubbe", 2), ("skitgubbe", 4)] + [
    (name, p.usual_players) for name, p in PRESETS.items() if name != "skitgubbe"]
ROUNDS = 10
TIGHT = Path(__file__).resolve().parents[1].parent / "shared" / "bench" / "tight.py"
"""The shared tight loop, ``../shared/bench/tight.py`` from the repository root (absent
from a user's checkout)."""


def measure(variant: str, players: int, seconds: float,
            narrate: bool = True) -> tuple[int, int, float]:
    """Play whole games from seed 0 on until ``seconds`` have passed: (games, actions,
    elapsed).  Each move is chosen as tight.py chooses its own (``int(random() * n)``,
    cheaper than ``Random.choice``), so that the ratio compares the engines alone."""
    rnd = random.Random(1).random
    games = actions = 0
    seed = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        game = Game(players, variant, seed=seed, narrate=narrate)
        seed += 1
        while not game.is_over and game.move_count < DEFAULT_MAX_MOVES:
            legal = game.legal_actions()
            game.play(legal[int(rnd() * len(legal))])  # tight.py's uniform choice
        games += 1
        actions += game.move_count
    return games, actions, time.process_time() - start


def load_tight() -> ModuleType | None:
    """The shared tight loop's module, or None when the file is absent."""
    if not TIGHT.is_file():
        return None
    spec = importlib.util.spec_from_file_location("tight", TIGHT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def measure_tight(tight: ModuleType, seconds: float) -> tuple[int, int, float]:
    """The shared tight loop's games (``skit3``), played as its own ``rates`` plays them
    (the global generator seeded with 1) but timed in CPU time like every run here:
    (games, actions, elapsed)."""
    random.seed(1)
    games = actions = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        actions += tight.skit3()
        games += 1
    return games, actions, time.process_time() - start


def faster(a: tuple[int, int, float], b: tuple[int, int, float] | None) -> tuple[int, int, float]:
    """Of two runs (games, actions, elapsed), the one with less time per action."""
    return a if b is None or a[2] / a[1] < b[2] / b[1] else b


def best_of(run: Callable[[], tuple[int, int, float]], rounds: int = 5) -> tuple[int, int, float]:
    """The best of ``rounds`` runs."""
    best = run()
    for _ in range(rounds - 1):
        best = faster(run(), best)
    return best


def interleaved(seconds: float, tight: ModuleType | None) -> dict[str, tuple[int, int, float]]:
    """The bare loop, the shared tight loop (if given), the public API and the headless
    mode on 3-player basic Skitgubbe, in turns (so that a busy machine slows them all
    alike), each playing the same games every round; each keeps its best round, the
    least disturbed one (as ``timeit`` takes the minimum of its repeats)."""
    runs: dict[str, Callable[[float], tuple[int, int, float]]] = {
        "bare": measure_bare,
        "api": lambda part: measure("skitgubbe", 3, part, True),
        "headless": lambda part: measure("skitgubbe", 3, part, False)}
    if tight is not None:
        runs["tight"] = lambda part: measure_tight(tight, part)
    part = seconds / ROUNDS
    best = {name: run(part) for name, run in runs.items()}
    for _ in range(ROUNDS - 1):
        for name, run in runs.items():
            best[name] = faster(run(part), best[name])
    return best


def line(label: str, games: int, actions: int, elapsed: float) -> str:
    return (f"{label}: {games / elapsed:,.0f} games/s, {actions / elapsed:,.0f} actions/s, "
            f"{elapsed / actions * 1e6:.2f} us/action, {actions / games:.0f} actions/game")


def decision_time(name: str, decisions: int) -> float:
    """Seconds per decision of bot ``name`` (every seat) in 3-player basic Skitgubbe."""
    spent = 0.0
    made = 0
    seed = 0
    while made < decisions:
        game = Game(3, seed=seed)
        bots = [make_bot(name, seed * 16 + p) for p in range(3)]
        seed += 1
        while game.to_play is not None and made < decisions:
            start = time.process_time()
            action = bots[game.to_play].choose(game)
            spent += time.process_time() - start
            made += 1
            game.play(action)
    return spent / made


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.5, help="time per configuration")
    args = ap.parse_args()
    tight = load_tight()
    runs = interleaved(3 * args.seconds, tight)
    bare = runs["bare"][2] / runs["bare"][1]
    print(line("bare loop 3p", *runs["bare"]), flush=True)
    if "tight" in runs:
        print(line("tight.py 3p", *runs["tight"]), flush=True)

    def of_loops(per_action: float) -> str:
        """The bare loop's and the tight loop's time per action over ``per_action``."""
        of_tight = (f", {runs['tight'][2] / runs['tight'][1] / per_action:.2f} of tight.py"
                    if "tight" in runs else "")
        return f", {bare / per_action:.2f} of bare loop{of_tight}"

    if "tight" not in runs:
        print(f"tight.py: not compared ({TIGHT} is absent: it sits beside the developers' "
              "checkout, not in the repository)", flush=True)
    basic = runs["api"][2] / runs["api"][1]
    for variant, players in CONFIGS:
        if (variant, players) == ("skitgubbe", 3):
            games, actions, elapsed = runs["api"]
        else:
            games, actions, elapsed = best_of(partial(measure, variant, players, args.seconds / 5))
        per_action = elapsed / actions
        extra = of_loops(per_action) if per_action == basic else ""
        print(f"{line(f'{variant} {players}p', games, actions, elapsed)}, "
              f"{per_action / basic:.2f} x basic{extra}", flush=True)
    games, actions, elapsed = runs["headless"]
    per_action = elapsed / actions
    print(f"{line('headless skitgubbe 3p', games, actions, elapsed)}, "
          f"{per_action / basic:.2f} x basic{of_loops(per_action)}", flush=True)
    for name in BOTS:
        per = decision_time(name, 40 if name == "search" else 3000)
        shown = f"{per * 1e3:,.1f} ms" if per > 1e-3 else f"{per * 1e6:,.1f} us"
        print(f"bot {name}: {shown}/decision", flush=True)


if __name__ == "__main__":
    main()
