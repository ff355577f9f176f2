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
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO

from . import metrics
from .bots import BOTS, SEARCHERS, Bot, OutOfTurn, RandomBot, make_bot
from .errors import SkitgubbeError, quote
from .events import RawEvent, Step, kinds_with
from .game import Game
from .i18n import gettext as _
from .interrupt import checked, deferred
from .rules import PRESETS, Rules

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    import pandas as pd

Row = dict[str, Any]
"""One game of a study, as :func:`simulate`'s columns name it."""
DEFAULT_MAX_MOVES = 5000
DASK_TIMEOUT = 5
"""Seconds to wait for a Dask scheduler named by its address."""
SCHEDULERS = ("serial", "processes", "dask")
PICK_UP_EVENTS = kinds_with("pick-up")
"""The events counted as pick-ups."""


class SimulationError(SkitgubbeError):
    """A study that cannot run as asked: unknown bot or scheduler, bad counts."""


def play_out(game: Game, bots: Sequence[Bot], max_moves: int = DEFAULT_MAX_MOVES,
             on_step: Callable[[Game, Step | None], None] | None = None) -> bool:
    """Let ``bots`` (one per seat) play ``game`` until it is over or has made
    ``max_moves`` moves; True if it finished (``on_step`` is given each step, None in a
    headless game)."""
    while not game.is_over and game.move_count < max_moves:
        seat = game.to_play
        assert seat is not None  # the game is not over
        step = game.play(bots[seat].choose(game))
        if on_step is not None:
            on_step(game, step)
    return game.is_over


def random_game(players: int | Sequence[str] = 3, rules: Rules | str = "skitgubbe",
                seed: int = 0, max_moves: int = DEFAULT_MAX_MOVES,
                on_step: Callable[[Game, Step | None], None] | None = None,
                out_of_turn: bool = False, dealer: int | None = None) -> Game:
    """A whole game between random players, dealt with ``seed`` (each player's choices
    seeded from it too) by ``dealer`` (a seat; by default the last), stopped at
    ``max_moves`` if it has not ended.  With ``out_of_turn`` the players also act out of
    turn where the rules allow it.

    >>> game = random_game(["Anna", "Bo", "Cai"], seed=7)
    >>> game.is_over, game.players[game.loser]
    (True, 'Cai')
    """
    game = Game(players, rules, seed=seed, dealer=dealer)
    bots: list[Bot] = [RandomBot(seed * 16 + p) for p in range(len(game.players))]
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
            raise SimulationError(_("{count} bots for {players} players: name one bot per seat, "
                                    "e.g. --bots heuristic,random,random").format(
                                        count=len(self.bots), players=self.players))
        check_bots(self.bots)

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
                         **(options if name in SEARCHERS else {}))
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
        if isinstance(tally, _Measure):
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

    def append(self, event: RawEvent, /) -> None:
        kind = event[0]
        if kind == "stunsa":
            self.stunsas += 1
        elif kind in PICK_UP_EVENTS:
            self.pickups += 1

    def step(self, game: Game, step: Step | None) -> None:
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

    def append(self, event: RawEvent, /) -> None:
        super().append(event)
        if event[0] == "tie":
            self.ties += 1

    def step(self, game: Game, step: Step | None) -> None:
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


def play_chunk(study: Study, start: int, stop: int) -> list[Row]:
    """Rows of games ``start..stop-1`` of ``study`` (what a worker runs)."""
    return [study.play(i) for i in range(start, stop)]


def chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    """``games`` split into consecutive ranges of at most ``size``, made as they are
    needed (a study of 10**12 games costs no memory up front).

    >>> list(chunks(5, 2))
    [(0, 2), (2, 4), (4, 5)]
    """
    return ((a, min(a + size, games)) for a in range(0, games, size))


def worker_count(scheduler: str, games: int, chunk_size: int | None, workers: int | None,
                 beyond_cores: bool = False) -> tuple[int, int]:
    """(workers, games per chunk) for a study: ``workers`` (default: one per core) is
    never more than the chunks of work, and never more than the cores unless
    ``beyond_cores``; the serial scheduler uses one.

    >>> worker_count("processes", 2, None, 40, beyond_cores=True)
    (2, 1)
    >>> worker_count("processes", 10**12, None, 10**6)[0] <= (os.cpu_count() or 1)
    True
    """
    cores = os.cpu_count() or 1
    wanted = 1 if scheduler == "serial" else workers or cores
    if not beyond_cores:
        wanted = min(wanted, cores)
    size = chunk_size or max(1, min(1000, -(-games // (wanted * 4))))
    return max(1, min(wanted, -(-games // size))), size


def _check_counts(**counts: int | None) -> None:
    for name, value in counts.items():
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or value < 1):
            raise SimulationError(_("{name} must be a whole number of at least 1, not {value}"
                                    ).format(name=name, value=quote(value)))


def simulate(variant: str = "skitgubbe", players: int = 3, games: int = 100, seed: int = 0,
             bots: Sequence[str] | None = None, *, rotate: bool = False,
             options: dict[str, str] | None = None, bot_options: dict[str, Any] | None = None,
             scheduler: str = "serial", workers: int | None = None, address: str | None = None,
             chunk_size: int | None = None, progress: bool = False,
             max_moves: int = DEFAULT_MAX_MOVES, measure: bool = False,
             timeout: float = DASK_TIMEOUT, beyond_cores: bool = False) -> pd.DataFrame:
    """Play ``games`` games and return a pandas DataFrame, one row per game.

    ``bots`` names one bot per seat (default: all random); ``rotate`` moves them one
    seat on per game, so each bot sits in every seat equally often.  ``bot_options``
    go to search bots (``playouts``).  ``scheduler`` is ``serial``, ``processes``
    (local processes) or ``dask`` (``dask.distributed``: a local cluster of
    ``workers`` processes, or the existing cluster at ``address``, reached within
    ``timeout`` seconds).  Games go out in chunks of ``chunk_size``; ``progress``
    shows a progress bar.  :func:`study_rows` gives the same rows chunk by chunk.

    Columns: ``game``, ``seed``, ``variant``, ``players``, ``bot_<seat>``, ``loser``
    (seat; -1 if unfinished), ``loser_bot``, ``moves``, ``phase1_moves``, ``stunsas``,
    ``pickups``, ``cards_<seat>`` (cards held at the start of phase 2; -1 if the game
    never got there), ``unfinished``; with ``measure`` also the play metrics of
    :mod:`.metrics` (``ties``, ``lead_changes``, ``decisiveness``, ``drama``).
    Needs pandas (``pip install 'skitgubbe[studies]'``).
    """
    pd = _pandas()
    columns, parts = study_rows(variant, players, games, seed, bots, rotate=rotate,
                                options=options, bot_options=bot_options, scheduler=scheduler,
                                workers=workers, address=address, chunk_size=chunk_size,
                                progress=progress, max_moves=max_moves, measure=measure,
                                timeout=timeout, beyond_cores=beyond_cores)
    with closing(parts):  # a stop while the rows are gathered ends the study at once
        return pd.DataFrame([row for rows in parts for row in rows], columns=columns)


def check_study(variant: str = "skitgubbe", players: int = 3, games: int = 100, seed: int = 0,
                bots: Sequence[str] | None = None, *, rotate: bool = False,
                options: dict[str, str] | None = None,
                bot_options: dict[str, Any] | None = None, scheduler: str = "serial",
                workers: int | None = None, address: str | None = None,
                chunk_size: int | None = None, max_moves: int = DEFAULT_MAX_MOVES,
                measure: bool = False, **unchecked: Any) -> Study:
    """The study :func:`simulate` plays with these arguments (its others pass
    unchecked), every one checked before any game is played; else
    :class:`SimulationError` (or the rules' own error) saying which is wrong.  The
    ladder and the comparison check each of their studies with it before the first
    game of any."""
    if variant not in PRESETS:
        raise SimulationError(_("unknown variant {variant}; see 'skitgubbe variants'").format(
            variant=quote(variant)))
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise SimulationError(_("the number of games must be a whole number, not negative: "
                                "{games}").format(games=quote(games)))
    if scheduler not in SCHEDULERS:
        raise SimulationError(_("unknown scheduler {scheduler}; use one of {schedulers}").format(
            scheduler=quote(scheduler), schedulers=", ".join(SCHEDULERS)))
    _check_counts(workers=workers, chunk_size=chunk_size, max_moves=max_moves)
    if address is not None and scheduler != "dask":
        raise SimulationError(_("an address names a Dask scheduler: use it with the dask "
                                "scheduler"))
    if address is not None and not DASK_ADDRESS.match(address):
        raise SimulationError(_("{address} is not a Dask scheduler address: write "
                                "tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786").format(
                                    address=quote(address)))
    seats = ("random",) * players if bots is None else check_bots(bots)
    return Study(variant, players, seed, seats, rotate, tuple(sorted((options or {}).items())),
                 tuple(sorted((bot_options or {}).items())), max_moves, measure)


def check_bots(bots: Iterable[str]) -> tuple[str, ...]:
    """``bots`` as a tuple if it names at least one computer player and only those of
    :data:`.bots.BOTS`; else :class:`SimulationError` (a text, which would be read
    letter by letter, is refused).

    >>> check_bots(["search", "random"])
    ('search', 'random')
    """
    known = ", ".join(BOTS)
    if isinstance(bots, (str, bytes)):
        raise SimulationError(_("the bots are a list of computer players, such as "
                                "['search', 'random'], not the text {text}").format(
            text=quote(bots)))
    named = tuple(bots)
    if not named:
        raise SimulationError(_("name at least one computer player: the bots are {bots}").format(
            bots=known))
    for name in named:
        if name not in BOTS:
            raise SimulationError(_("unknown bot {name}; the bots are {bots}").format(
                name=quote(name), bots=known))
    return named


def study_rows(variant: str = "skitgubbe", players: int = 3, games: int = 100, seed: int = 0,
               bots: Sequence[str] | None = None, *, rotate: bool = False,
               options: dict[str, str] | None = None, bot_options: dict[str, Any] | None = None,
               scheduler: str = "serial", workers: int | None = None,
               address: str | None = None, chunk_size: int | None = None,
               progress: bool = False, max_moves: int = DEFAULT_MAX_MOVES,
               measure: bool = False, timeout: float = DASK_TIMEOUT,
               beyond_cores: bool = False) -> tuple[list[str], Generator[list[Row], None, None]]:
    """The columns of :func:`simulate`'s rows, and the rows as lists, one per chunk, in
    game order.  Chunks are made and sent out as workers free up, at most two per
    worker at a time, so memory stays flat whatever the number of games."""
    study = check_study(variant, players, games, seed, bots, rotate=rotate, options=options,
                        bot_options=bot_options, scheduler=scheduler, workers=workers,
                        address=address, chunk_size=chunk_size, max_moves=max_moves,
                        measure=measure)
    workers, size = worker_count(scheduler, games, chunk_size, workers, beyond_cores)
    parts = chunks(games, size)
    rows: Iterator[list[Row]]
    if scheduler == "serial":
        rows = (play_chunk(study, a, b) for a, b in parts)
    elif scheduler == "processes":
        rows = _processes(study, parts, workers)
    else:
        rows = _dask(study, parts, workers, address, timeout)
    checking = checked(rows)  # Ctrl-C stops the study even where a library drops it
    return study.columns(), (_with_progress(checking, games) if progress else checking)


def _pandas() -> Any:
    try:
        import pandas
    except ImportError:
        raise SimulationError(_("simulating needs pandas: pip install 'skitgubbe[studies]'")
                              ) from None
    return pandas


def _with_progress(rows: Iterator[list[Row]], total: int) -> Generator[list[Row], None, None]:
    """The rows, with a progress bar on standard error (none without tqdm,
    ``skitgubbe[studies]``)."""
    try:
        from tqdm import tqdm
    except ImportError:
        yield from rows
        return
    with tqdm(total=total, unit="game", file=sys.stderr) as bar:
        for chunk in rows:
            bar.update(len(chunk))
            yield chunk


def _in_order(submit: Callable[[int, int], Any],
              finished: Callable[[list[Any]], Iterable[tuple[Any, list[Row]]]],
              parts: Iterator[tuple[int, int]], limit: int) -> Iterator[list[Row]]:
    """Run ``parts`` through ``submit`` (which returns a future) with at most ``limit``
    chunks in flight or waiting to be handed on; yield their rows in order.
    ``finished(futures)`` gives the futures done by now, with their rows (perhaps none:
    it may wait a while, then give nothing)."""
    pending: dict[Any, int] = {}
    ready: dict[int, list[Row]] = {}
    numbered = enumerate(parts)
    following = 0
    more = True
    while True:
        while more and len(pending) + len(ready) < limit:
            item = next(numbered, None)
            if item is None:
                more = False
            else:
                pending[submit(*item[1])] = item[0]
        if following in ready:
            yield ready.pop(following)
            following += 1
        elif pending:
            for future, rows in finished(list(pending)):
                ready[pending.pop(future)] = rows
        else:
            return


POLL = 0.1
"""Seconds a study waits on its worker processes at a time (a stop is acted on within
this), and a worker between looks at its parent."""


def _processes(study: Study, parts: Iterator[tuple[int, int]],
               workers: int) -> Iterator[list[Row]]:
    """Run a study on a pool of local processes.  Every call into the pool runs under
    :func:`.interrupt.deferred` (a stop raised inside ``concurrent.futures`` can leave a
    lock held and hang the clean-up); a study that stops (Ctrl-C, SIGTERM, SIGHUP, an
    error) ends its workers at once, and workers end themselves if their parent dies."""
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    def submit(start: int, stop: int) -> Any:
        with deferred():
            return pool.submit(play_chunk, study, start, stop)

    def finished(futures: list[Any]) -> list[tuple[Any, list[Row]]]:
        with deferred():
            done, _ = wait(futures, timeout=POLL, return_when=FIRST_COMPLETED)
            return [(future, future.result()) for future in done]

    with deferred():  # makes no process yet: the first submit does
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_start_worker,
                                   initargs=(os.getpid(),))
    complete = False
    try:
        yield from _in_order(submit, finished, parts, 2 * workers)
        complete = True
    finally:
        with deferred():
            if complete:
                pool.shutdown()
            else:
                _end(pool)


def _end(pool: ProcessPoolExecutor) -> None:
    """Cancel what waits in ``pool`` and end its workers now (as Python 3.14's
    ``terminate_workers`` does; 3.11 keeps them in ``_processes``)."""
    processes = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(5)
        if process.is_alive():
            process.kill()
            process.join()


def _start_worker(main: int) -> None:
    """A worker leaves Ctrl-C to the main process, which stops the study and then ends
    the workers (SIGTERM, as SIGHUP, ends a worker at once); a worker whose parent has
    gone (even killed by SIGKILL, which lets nothing clean up) ends itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
    parent = os.getppid()
    if parent != main and not _alive(main):  # gone before this worker started
        os._exit(1)
    threading.Thread(target=_end_when_orphaned, args=(parent,), daemon=True,
                     name="skitgubbe-parent-watch").start()


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists (POSIX; elsewhere assumed)."""
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _end_when_orphaned(parent: int) -> None:
    """End this process once its parent (the study's process, or the fork server that
    started it, which ends with it) is gone: the process is then re-parented."""
    while os.getppid() == parent:
        time.sleep(POLL)
    os._exit(1)


DASK_ADDRESS = re.compile(r"^(?:(?:tcp|tls|ws|wss|ucx)://)?[A-Za-z0-9._\[\]:-]+:[0-9]{1,5}$")
"""A Dask scheduler's address: ``[protocol://]host:port``."""


def _dask(study: Study, parts: Iterator[tuple[int, int]], workers: int, address: str | None,
          timeout: float) -> Iterator[list[Row]]:
    try:
        from distributed import Client, LocalCluster, wait
    except ImportError:
        raise SimulationError(_("the dask scheduler needs dask.distributed: "
                                "pip install 'skitgubbe[studies]'")) from None
    cluster = None
    if address is None:
        # distributed's constructors carry no annotations (mypy --strict refuses the call)
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
            scheduler_port=0, dashboard_address=None)
    try:
        try:
            client = Client(address or cluster,  # type: ignore[no-untyped-call]  # as above
                            timeout=timeout)
        except (OSError, TimeoutError, ValueError) as err:
            raise SimulationError(_("cannot reach the Dask scheduler at {address} within {seconds} "
                                    "s ({problem})").format(address=quote(address),
                                                            seconds=timeout,
                                                            problem=type(err).__name__)
                                  ) from None
        with client:
            limit = 2 * max(workers, len(client.scheduler_info().get("workers", ())))
            yield from _in_order(
                lambda a, b: client.submit(play_chunk, study, a, b, pure=False),
                lambda futures: [(f, f.result()) for f in wait(  # type: ignore[no-untyped-call]  # as above
                    futures, return_when="FIRST_COMPLETED")[0]],
                parts, limit)
    finally:
        if cluster is not None:
            cluster.close()



def write_csv(out: TextIO, columns: list[str], parts: Iterable[list[Row]]) -> int:
    """Write rows chunk by chunk as CSV (as :func:`simulate`'s DataFrame prints them);
    returns how many."""
    pd = _pandas()
    count = 0
    for rows in parts:
        pd.DataFrame(rows, columns=columns).to_csv(out, header=count == 0, index=False)
        count += len(rows)
    if count == 0:
        pd.DataFrame([], columns=columns).to_csv(out, index=False)
    out.flush()
    return count


def write_parquet(out: BinaryIO, columns: list[str], parts: Iterable[list[Row]]) -> int:
    """Write rows chunk by chunk as Parquet row groups; returns how many."""
    pd = _pandas()

    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise SimulationError(_("writing parquet needs pyarrow: pip install "
                                "'skitgubbe[studies]', or write a .csv file")) from None
    count = 0
    writer = None
    try:
        for rows in parts:
            table = pa.Table.from_pandas(pd.DataFrame(rows, columns=columns),
                                         preserve_index=False)
            if writer is None:
                writer = pq.ParquetWriter(out, table.schema)
            writer.write_table(table)
            count += len(rows)
        if writer is None:
            pd.DataFrame([], columns=columns).to_parquet(out, index=False)
    finally:
        if writer is not None:
            writer.close()
    return count
