"""The resource bounds of issue 18, measured: prints its figures.

    python -m benchmarks.bench_limits [--deals 100] [--actions 20000] [--games 20000]

1. Loading the largest legal match record (``--deals`` deals of ``--actions`` actions
   each; the limits are 100 and 20,000): seconds and peak memory (a fresh process).
2. ``skitgubbe simulate``: peak memory of a study of ``--games`` games next to one of a
   tenth as many (flat memory: the ratio stays near 1).
3. 300 all-heuristic Mas games: how many end unfinished at the move cap.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from skitgubbe_core import Game
from skitgubbe_core import match as matches
from skitgubbe_core.actions import PICK_UP
from skitgubbe_core.rules import Rules


def long_deal(players: tuple[str, ...], seed: int, actions: int) -> Game:
    """A legal deal of ``actions`` actions: in phase 2 every player picks up whenever
    the rules let them, so the deal never ends."""
    game = Game(players, seed=seed, narrate=False)
    while game.move_count < actions and not game.is_over:
        legal = game.legal_actions()
        pick = [a for a in legal if a.kind == PICK_UP]
        game.play(pick[0] if pick and game.phase == 2 else legal[0])
    return game


def long_match(deals: int, actions: int) -> matches.Match:
    players = ("A", "B", "C")
    played = matches.Match(players, Rules.preset("skitgubbe"), 1, [])
    for number in range(1, deals + 1):
        played.deals.append(long_deal(matches.seats_for_deal(players, number), number, actions))
    return played


PEAK = ("import atexit, sys; atexit.register(lambda: print('peak', next(line.split()[1] for "
        "line in open('/proc/self/status') if line.startswith('VmHWM')), file=sys.stderr)); ")
"""Prefixed to each measured program: it reports its own peak resident memory (KB; the
high-water mark of its own address space, not counting the parent it was forked from)."""


def measured(code: str, *args: str, quiet: bool = False) -> tuple[float, float, str]:
    """Seconds, peak resident MB and output of ``python -c code args`` in a fresh
    process (its output thrown away when ``quiet``)."""
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", PEAK + code, *args], text=True, check=True,
                            stdout=subprocess.DEVNULL if quiet else subprocess.PIPE,
                            stderr=subprocess.PIPE)
    peak = int(result.stderr.split("peak")[-1])
    return time.perf_counter() - start, peak / 1024, (result.stdout or "").strip()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--actions", type=int, default=20_000)
    ap.add_argument("--games", type=int, default=20_000)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "match.json"
        # Compact JSON, as a file within the 32 MB limit is written.
        text = json.dumps(matches.to_json(long_match(args.deals, args.actions)),
                          ensure_ascii=False)
        path.write_text(text, encoding="utf-8")
        del text
        size = path.stat().st_size / 1e6
        seconds, peak, out = measured(
            "import sys; from skitgubbe_core import match; m = match.load(sys.argv[1]); "
            "print(sum(d.move_count for d in m.deals))", str(path))
        print(f"match load: {args.deals} deals x {args.actions} actions ({out} in all), "
              f"{size:.1f} MB file: {seconds:.1f} s, peak {peak:.0f} MB")
        seconds, peak, _ = measured(
            "import sys; from skitgubbe_core.cli import main; sys.exit(main(sys.argv[1:]))",
            "replay", str(path), quiet=True)
        print(f"replay (narrated, deal by deal) of it: {seconds:.1f} s, peak {peak:.0f} MB")
    figures = []
    for games in (args.games // 10, args.games):
        with tempfile.TemporaryDirectory() as folder:
            seconds, peak, _ = measured(
                "import sys; from skitgubbe_core.cli import main; sys.exit(main(sys.argv[1:]))",
                "simulate", "--games", str(games), "--max-moves", "50", "--chunk-size", "100",
                "--out", os.path.join(folder, "g.csv"), quiet=True)
        figures.append(peak)
        print(f"simulate --games {games} --max-moves 50: {seconds:.1f} s, peak {peak:.0f} MB")
    print(f"simulate memory ratio ({args.games} games / {args.games // 10}): "
          f"{figures[1] / figures[0]:.2f}")
    seconds, _, out = measured(
        "from skitgubbe_core.simulate import simulate; "
        "df = simulate('mas', 3, 300, seed=1, bots=['heuristic'] * 3); "
        "print(int(df['unfinished'].sum()))")
    print(f"300 all-heuristic Mas games: {out} unfinished, {seconds:.1f} s")


if __name__ == "__main__":
    main()
