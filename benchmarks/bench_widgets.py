"""Widget speed: what one click costs, early and late in a long game.

Prints, for a play table of Koira with six players (random computer players; the
reader's own moves are random too, and the first deal found that runs past move
1,000 is played):
    play table click at move N: X ms (your own move: Z ms; the whole game's frames: Y ms)
for N = 10, 100 and 1000, where X is the best of several clicks of *next step* (a
computer player's move, its frames, and the board, hand and log the browser draws
made again: the message the front end sends, answered) at about
move N, Z the reader's own next move (the hand's buttons made again, then the first
frame), and Y what making every frame of the game so far costs there (what the table
did before it pictured only the last step).  Then the stepper's frame change on the
same game: ``stepper frame change at frame F: X ms``.  Each figure is the best of its
repeats (CPU time on a shared machine is noisy).

Usage: python -m benchmarks.bench_widgets
"""

from __future__ import annotations

import time

from skitgubbe_core.bots import make_bot
from skitgubbe_core.frames import frames
from skitgubbe_widgets import PlayTable, Stepper

MOVES = (10, 100, 1000)
NAMES = ("Alex", "Bo", "Cai", "Dana", "Eli", "Fay")
REPEATS = 5


def long_table() -> PlayTable:
    """A table whose deal lasts past the last of :data:`MOVES` moves, at its start."""
    for seed in range(1, 200):
        table = PlayTable("koira", players=NAMES, seed=seed)
        table.play_to_the_end()
        if table.game.move_count > MOVES[-1] + 2 * REPEATS:
            return PlayTable("koira", players=NAMES, seed=seed)
    raise RuntimeError("no deal long enough")


def click_times(table: PlayTable) -> dict[int, tuple[float, float, float]]:
    """Play on (the reader's seat as *play to the end* plays it); near each of
    :data:`MOVES`, time clicks of *next step* that make a computer move, and the whole
    game's frames there."""
    mine = make_bot(table.opponent, seed=table.seed * 16 + table.seat)
    found: dict[int, tuple[float, float, float]] = {}
    targets = list(MOVES)
    clicks: list[float] = []
    own: list[float] = []
    while targets and not table.game.is_over:
        game = table.game
        if table.waiting:
            timed = not table._queue and game.move_count >= targets[0]
            start = time.perf_counter()
            table.received(table, {"event": "next"}, [])  # the front end's message
            if timed:
                clicks.append(time.perf_counter() - start)
            if len(clicks) >= REPEATS and own:
                start = time.perf_counter()
                frames(game)
                whole = time.perf_counter() - start
                found[targets.pop(0)] = (min(clicks), min(own), whole)
                clicks, own = [], []
            continue
        choice = mine.choose(game)
        start = time.perf_counter()
        table.play(choice)
        if game.move_count > targets[0]:
            own.append(time.perf_counter() - start)
    return found


def main() -> None:
    table = long_table()
    for moves, (click, own, whole) in click_times(table).items():
        print(f"play table click at move {moves}: {click * 1000:.1f} ms (your own move: "
              f"{own * 1000:.1f} ms; the whole game's frames: {whole * 1000:.1f} ms)")
    stepper = Stepper(table.game)
    for index in (10, len(stepper.frames) // 2, len(stepper.frames) - 2):
        best = float("inf")
        for i in range(REPEATS):
            start = time.perf_counter()
            stepper.go(index + i % 2)
            best = min(best, time.perf_counter() - start)
        print(f"stepper frame change at frame {index}: {best * 1000:.1f} ms")


if __name__ == "__main__":
    main()
