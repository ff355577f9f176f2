"""Simulation studies: many games between computer players, one row per game.

>>> df = simulate("skitgubbe", players=3, games=4, seed=1, bots=["heuristic", "random", "random"])
>>> list(df.columns[:8])
['game', 'seed', 'variant', 'players', 'bot_0', 'bot_1', 'bot_2', 'loser']
>>> len(df), bool(df["unfinished"].any())
(4, False)

A game's seed (and its bots' seeds) are derived from the study's ``seed`` and the
game's index only, so a study gives the same rows whether it runs serially, on local
processes or on a Dask cluster, with any number of workers.  Random play in phase 2
can in principle cycle (cards picked up and played again forever), so every game
runs under a move cap and an unfinished game is reported as such.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import metrics
from .bots import BOTS, OutOfTurn, RandomBot, make_bot
from .errors import SkitgubbeError
from .events import Event, Step
from .game import Game
from .rules import PRESETS, Rules

DEFAULT_MAX_MOVES = 5000
SCHEDULERS = ("serial", "processes", "dask")
PICK_UP_EVENTS = ("pick-up", "pick-up-lead")


class SimulationError(SkitgubbeError):
    """A study that cannot run as asked: unknown bot or scheduler, bad counts."""


def play_out(game: Game, bots: list[Any], max_moves: int = DEFAULT_MAX_MOVES,
             on_step: Callable[[Game, Step], None] | None = None) -> bool:
    """Let ``bots`` (one per seat) play ``game`` until it is over or has made
    ``max_moves`` moves; True if it finished."""
    while not game.is_over and game.move_count < max_moves:
        step = game.play(bots[game.to_play].choose(game))
        if on_step is not None:
            on_step(game, step)
    return game.is_over


def random_game(players: int | Sequence[str] = 3, rules: Rules | str = "skitgubbe",
                seed: int = 0, max_moves: int = DEFAULT_MAX_MOVES,
                on_step: Callable[[Game, Step], None] | None = None,
                out_of_turn: bool = False) -> Game:
    """A whole game between random players, dealt with ``seed`` (each player's choices
    seeded from it too), stopped at ``max_moves`` if it has not ended.  With
    ``out_of_turn`` the players also act out of turn where the rules allow it.

    >>> game = random_game(["Anna", "Bo", "Cai"], seed=7)
    >>> game.is_over, game.players[game.loser]
    (True, 'Cai')
    """
    game = Game(players, rules, seed=seed)
    bots = [RandomBot(seed * 16 + p) for p in range(len(game.players))]
    if out_of_turn:
        bots = [OutOfTurn(bot, seed * 16 + p + 8) for p, bot in enumerate(bots)]
    play_out(game, bots, max_moves, on_step)
    return game


def derive_seed(seed: int, *path: int) -> int:
    """A 63-bit seed from the study's seed and a path (game index, seat): stable across
    machines and Python versions (BLAKE2b of the numbers' text).

    >>> derive_seed(1, 0) == derive_seed(1, 0) != derive_seed(1, 1)
    True
    """
    text = "/".join(str(int(x)) for x in (seed, *path)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


@dataclass(frozen=True)
class Study:
    """What to simulate: everything a worker needs to play games ``start..stop``."""

    variant: str = "skitgubbe"
    players: int = 3
    seed: int = 0
    bots: tuple[str, ...] = ("random", "random", "random")
    rotate: bool = False
    options: tuple[tuple[str, str], ...] = ()
    bot_options: tuple[tuple[str, object], ...] = ()
    max_moves: int = DEFAULT_MAX_MOVES
    measure: bool = False
    rules: Rules = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", Rules.preset(self.variant, **dict(self.options)))
        self.rules.check_players(self.players)
        if len(self.bots) != self.players:
            raise SimulationError(f"{len(self.bots)} bots for {self.players} players: name one "
                                  "bot per seat, e.g. --bots heuristic,random,random")
        for name in self.bots:
            if name not in BOTS:
                raise SimulationError(f"unknown bot {name!r}; the bots are {', '.join(BOTS)}")

    def seating(self, index: int) -> tuple[str, ...]:
        """The bots by seat in game ``index``: rotated one seat per game if asked."""
        if not self.rotate:
            return self.bots
        shift = index % self.players
        return self.bots[-shift:] + self.bots[:-shift] if shift else self.bots

    def columns(self) -> list[str]:
        seats = range(self.players)
        return (["game", "seed", "variant", "players"] + [f"bot_{p}" for p in seats]
                + ["loser", "loser_bot", "moves", "phase1_moves", "stunsas", "pickups"]
                + [f"cards_{p}" for p in seats] + ["unfinished"]
                + (list(MEASURES) if self.measure else []))

    def play(self, index: int) -> dict[str, Any]:
        """Play game ``index`` and describe it as a row."""
        seed = derive_seed(self.seed, index)
        seats = self.seating(index)
        options = dict(self.bot_options)
        bots = [make_bot(name, derive_seed(self.seed, index, p),
                         **(options if name == "search" else {}))
                for p, name in enumerate(seats)]
        tally = (_Measure if self.measure else _Tally)(self.players)
        game = Game(self.players, self.rules, seed=seed, narrate=False, listener=tally)
        play_out(game, bots, self.max_moves, tally.step)
        row = {"game": index, "seed": seed, "variant": self.variant, "players": self.players}
        row.update({f"bot_{p}": name for p, name in enumerate(seats)})
        loser = game.loser
        row.update({
            "loser": -1 if loser is None else loser,
            "loser_bot": "" if loser is None else seats[loser],
            "moves": game.move_count,
            "phase1_moves": game.move_count if tally.phase1_moves is None else tally.phase1_moves,
            "stunsas": tally.stunsas,
            "pickups": tally.pickups,
        })
        row.update({f"cards_{p}": n for p, n in enumerate(tally.phase2_cards)})
        row["unfinished"] = not game.is_over
        if self.measure:
            row.update(tally.measures(game))
        return row


class _Tally:
    """Counts what a headless game shows, as it happens: stunsas and pick-ups (the
    game's listener), the move that started phase 2 and the hands then (after each
    step, so after all the step's events: Atlanta's dreck deal included)."""

    def __init__(self, players: int) -> None:
        self.stunsas = self.pickups = 0
        self.phase1_moves: int | None = None
        self.phase2_cards = [-1] * players

    def append(self, event: Event) -> None:
        kind = event.kind
        if kind == "stunsa":
            self.stunsas += 1
        elif kind in PICK_UP_EVENTS:
            self.pickups += 1

    def step(self, game: Game, step: None) -> None:
        if self.phase1_moves is None and game.phase == 2:
            self.phase1_moves = game.move_count
            self.phase2_cards = [len(h) for h in game.hands]


MEASURES = ("ties", "lead_changes", "decisiveness", "drama")
"""The extra columns of a measured study (:mod:`.metrics`; NaN if unfinished)."""


class _Measure(_Tally):
    """A tally that also counts ties and keeps the phase-2 trace (the hand sizes
    at the start of phase 2 and after every later move) for :mod:`.metrics`."""

    def __init__(self, players: int) -> None:
        super().__init__(players)
        self.ties = 0
        self.trace: list[tuple[int, ...]] = []

    def append(self, event: Event) -> None:
        super().append(event)
        if event.kind == "tie":
            self.ties += 1

    def step(self, game: Game, step: None) -> None:
        super().step(game, step)
        if self.phase1_moves is not None:
            self.trace.append(tuple(len(h) for h in game.hands))

    def measures(self, game: Game) -> dict[str, Any]:
        loser = game.loser
        if loser is None or not self.trace:
            nan = float("nan")
            return {"ties": self.ties, "lead_changes": nan, "decisiveness": nan, "drama": nan}
        return {"ties": self.ties, "lead_changes": metrics.lead_changes(self.trace),
                "decisiveness": metrics.decisiveness(self.trace, loser),
                "drama": metrics.drama(self.trace, loser)}


def play_chunk(study: Study, start: int, stop: int) -> list[dict]:
    """Rows of games ``start..stop-1`` of ``study`` (what a worker runs)."""
    return [study.play(i) for i in range(start, stop)]


def chunks(games: int, size: int) -> list[tuple[int, int]]:
    """``games`` split into consecutive ranges of at most ``size``."""
    return [(a, min(a + size, games)) for a in range(0, games, size)]


def simulate(variant: str = "skitgubbe", players: int = 3, games: int = 100, seed: int = 0,
             bots: Sequence[str] | None = None, *, rotate: bool = False,
             options: dict[str, str] | None = None, bot_options: dict[str, Any] | None = None,
             scheduler: str = "serial", workers: int | None = None, address: str | None = None,
             chunk_size: int | None = None, progress: bool = False,
             max_moves: int = DEFAULT_MAX_MOVES, measure: bool = False):
    """Play ``games`` games and return a pandas DataFrame, one row per game.

    ``bots`` names one bot per seat (default: all random); ``rotate`` moves them one
    seat on per game, so each bot sits in every seat equally often.  ``bot_options``
    go to search bots (``playouts``).  ``scheduler`` is ``serial``, ``processes``
    (local processes) or ``dask`` (``dask.distributed``: a local cluster of
    ``workers`` processes, or the existing cluster at ``address``).  Games go out in
    chunks of ``chunk_size``; ``progress`` shows a progress bar.

    Columns: ``game``, ``seed``, ``variant``, ``players``, ``bot_<seat>``, ``loser``
    (seat; -1 if unfinished), ``loser_bot``, ``moves``, ``phase1_moves``, ``stunsas``,
    ``pickups``, ``cards_<seat>`` (cards held at the start of phase 2; -1 if the game
    never got there), ``unfinished``; with ``measure`` also the play metrics of
    :mod:`.metrics` (``ties``, ``lead_changes``, ``decisiveness``, ``drama``).
    Needs pandas (``pip install 'skitgubbe[studies]'``).
    """
    try:
        import pandas as pd
    except ImportError:
        raise SimulationError("simulating needs pandas: pip install 'skitgubbe[studies]'"
                              ) from None

    if variant not in PRESETS:
        raise SimulationError(f"unknown variant {variant!r}; see 'skitgubbe variants'")
    if games < 0:
        raise SimulationError(f"the number of games must not be negative, not {games}")
    if scheduler not in SCHEDULERS:
        raise SimulationError(f"unknown scheduler {scheduler!r}; use one of "
                              f"{', '.join(SCHEDULERS)}")
    if workers is not None and workers < 1:
        raise SimulationError(f"workers must be at least 1, not {workers}")
    study = Study(variant, players, seed, tuple(bots or ("random",) * players), rotate,
                  tuple(sorted((options or {}).items())),
                  tuple(sorted((bot_options or {}).items())), max_moves, measure)
    if scheduler == "serial":
        workers = 1
    workers = workers or os.cpu_count() or 1
    size = chunk_size or max(1, min(1000, -(-games // (workers * 4))))
    parts = chunks(games, size)
    run = {"serial": _serial, "processes": _processes, "dask": _dask}[scheduler]
    results: dict[int, list[dict]] = {}
    bar = _progress(games) if progress else None
    for i, rows in run(study, parts, workers, address):
        results[i] = rows
        if bar is not None:
            bar.update(len(rows))
    if bar is not None:
        bar.close()
    rows = [row for i in range(len(parts)) for row in results[i]]
    return pd.DataFrame(rows, columns=study.columns())


def _progress(total: int):
    """A progress bar on standard error, or none without tqdm (``skitgubbe[studies]``)."""
    try:
        from tqdm import tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="game", file=sys.stderr)


def _serial(study: Study, parts, workers: int, address) -> Iterator[tuple[int, list[dict]]]:
    for i, (a, b) in enumerate(parts):
        yield i, play_chunk(study, a, b)


def _processes(study: Study, parts, workers: int, address) -> Iterator[tuple[int, list[dict]]]:
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(play_chunk, study, a, b): i for i, (a, b) in enumerate(parts)}
        for future in as_completed(futures):
            yield futures[future], future.result()


def _dask(study: Study, parts, workers: int, address) -> Iterator[tuple[int, list[dict]]]:
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise SimulationError("the dask scheduler needs dask.distributed: "
                              "pip install 'skitgubbe[studies]'") from None
    cluster = None
    if address is None:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               host="127.0.0.1", scheduler_port=0, dashboard_address=None)
    try:
        with Client(address or cluster) as client:
            futures = [client.submit(play_chunk, study, a, b, pure=False) for a, b in parts]
            index = {f.key: i for i, f in enumerate(futures)}
            for future in as_completed(futures):
                yield index[future.key], future.result()
    finally:
        if cluster is not None:
            cluster.close()
