"""Reading simulation studies: loss rates with confidence intervals, one row per
seat, several variants side by side.  The rows come from :func:`.simulate.simulate`.

>>> wilson(30, 150)
(0.144, 0.271)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from . import metrics
from .bots import BOT_NAMES
from .errors import quote
from .i18n import N_, column, localized, number, numeral, percent, pythons_numerals
from .i18n import gettext as _
from .metrics import wilson
from .rules import PRESETS
from .simulate import SimulationError, check_bots, check_study, simulate

if TYPE_CHECKING:
    import pandas as pd


def seats(df: pd.DataFrame) -> pd.DataFrame:
    """One row per seat per finished game: ``game``, ``seat``, ``bot``, ``cards`` (held
    at the start of phase 2) and ``lost``."""
    import pandas as pd

    done = df[~df["unfinished"]]
    parts = [pd.DataFrame({"game": done["game"], "seat": p, "bot": done[f"bot_{p}"],
                           "cards": done[f"cards_{p}"], "lost": done["loser"] == p})
             for p in range(int(df["players"].iloc[0]))]
    return pd.concat(parts, ignore_index=True).sort_values(["game", "seat"], ignore_index=True)


def rates(rows: pd.DataFrame, by: str) -> pd.DataFrame:
    """Loss rates of seat rows (:func:`seats`) grouped ``by`` a column, with the 95%
    Wilson interval: columns ``games``, ``losses``, ``rate``, ``low``, ``high``."""
    table = rows.groupby(by, observed=True)["lost"].agg(games="count", losses="sum")
    table["rate"] = (table["losses"] / table["games"]).round(3)
    bounds = [wilson(int(k), int(n)) for k, n in zip(table["losses"], table["games"], strict=True)]
    table["low"] = [b[0] for b in bounds]
    table["high"] = [b[1] for b in bounds]
    return table


@localized
def loss_rates(df: pd.DataFrame, by: str = "seat") -> pd.DataFrame:
    """How often each ``seat`` (or ``bot``) lost, with the 95% Wilson interval; the rows
    are named as a teacher would ("seat 1", or the computer player's kind), in ``lang``."""
    table = rates(seats(df), by)
    if by == "seat":
        table.index = [_("seat {number}").format(number=p + 1) for p in table.index]
    table.index.name = _(_ROW_NAMES.get(by, by))
    return table


_ROW_NAMES = {"seat": N_("seat"), "bot": N_("computer player")}


@localized
def loss_by_cards(df: pd.DataFrame, bands: Sequence[int] = (0, 12, 15, 18, 21, 52)
                  ) -> pd.DataFrame:
    """Loss rate by the number of cards held at the start of phase 2, in ``bands``
    (breaks: ``(0, 12, 15)`` makes the bands "1-12" and "13-15").

    >>> band_labels((0, 12, 15, 52))
    ['1-12', '13-15', '16 or more']
    """
    import pandas as pd

    rows = seats(df)
    labels = band_labels(bands)
    rows["cards held"] = pd.cut(rows["cards"], list(bands), labels=labels)
    return rates(rows, "cards held")


def band_labels(bands: Sequence[int]) -> list[str]:
    """Readable labels of the bands between consecutive ``bands`` (upper ends included;
    a band reaching 52, the whole pack, is "N or more")."""
    return [_("{low} or more").format(low=a + 1) if b >= 52
            else f"{a + 1}-{b}" if b > a + 1 else str(b)
            for a, b in zip(bands, bands[1:], strict=False)]


COLUMNS = frozenset((N_("variant"), N_("players"), N_("moves"), N_("seat"), N_("bot"),
                     N_("cards held"), N_("games"), N_("losses"), N_("rate"), N_("low"),
                     N_("high"), N_("count"), N_("mean"), N_("std"), N_("place"),
                     N_("bots"), N_("finished"),
                     N_("moves_median"), N_("moves_low"), N_("moves_high"),
                     N_("phase1_moves_median"), N_("phase1_moves_low"), N_("phase1_moves_high"),
                     N_("phase2_moves_median"), N_("phase2_moves_low"), N_("phase2_moves_high"),
                     N_("lead_changes"), N_("lead_changes_low"), N_("lead_changes_high"),
                     N_("decisiveness"), N_("decisiveness_low"), N_("decisiveness_high"),
                     N_("drama"), N_("drama_low"), N_("drama_high"),
                     N_("seat_spread"), N_("seat_spread_low"), N_("seat_spread_high"),
                     N_("stunsas"), N_("stunsas_low"), N_("stunsas_high"),
                     N_("ties"), N_("ties_low"), N_("ties_high"),
                     N_("unfinished"), N_("unfinished_low"), N_("unfinished_high")))
"""The names of the studies' columns (every one of :data:`SUMMARY_COLUMNS` too, and the
rows ``describe()`` adds) that :func:`translated` and ``tables.show`` show in the
reader's language; English shows them as they are."""


@localized
def translated(table: pd.DataFrame) -> pd.DataFrame:
    """``table`` as the current language shows it: the names in :data:`COLUMNS`
    translated, as column or row labels or as the names of its index; the computer
    players' names (:data:`.bots.BOT_NAMES`) as labels and in a ``bot`` column; and in a
    language with a decimal comma its numbers written as text the way that language writes
    them (:func:`.i18n.column`; for showing, not for computing).  Other labels and the text
    values (the variants' names, say) stay as they are; English returns the same table.

    >>> import pandas as pd
    >>> table = pd.DataFrame({"games": [10], "rate": [0.4], "moves_median": [275.0]},
    ...                      index=pd.Index([0], name="seat"))
    >>> shown = translated(table, lang="sv")
    >>> list(shown.columns), shown.index.name
    (['partier', 'andel', 'drag, median'], 'plats')
    >>> list(shown["andel"]), list(shown["drag, median"]), translated(table).equals(table)
    (['0,4'], ['275,0'], True)
    >>> ladder = pd.DataFrame({"bot": ["memory", "search"]}, index=["heuristic", "random"])
    >>> shown = translated(ladder, lang="sv")
    >>> list(shown["datorspelare"]), list(shown.index)
    (['minne', 'sökning'], ['tumregler', 'slump'])
    """
    import pandas as pd

    def name(label: Any) -> Any:
        if label in COLUMNS:
            return _(label)
        if label in BOT_NAMES:
            return BOT_NAMES[label]
        return numeral(label) if isinstance(label, str) else label

    shown = table.rename(columns=name, index=name)
    for at, label in enumerate(table.columns):
        if label == "bot":
            shown.isetitem(at, [BOT_NAMES.get(b, b) for b in table.iloc[:, at]])
    shown.index.names = [name(n) for n in shown.index.names]
    shown.columns.names = [name(n) for n in shown.columns.names]
    if pythons_numerals():
        return shown
    for at in range(shown.shape[1]):
        cells = shown.iloc[:, at]
        if pd.api.types.is_float_dtype(cells):
            shown.isetitem(at, column(cells))
        elif pd.api.types.is_integer_dtype(cells) and not pd.api.types.is_bool_dtype(cells):
            written = [number(v) for v in cells]
            if written != [str(v) for v in cells]:
                shown.isetitem(at, written)
    return shown


def compare(variants: Sequence[str], players: Sequence[int], games: int, seed: int = 0,
            **kwargs: Any) -> pd.DataFrame:
    """The same study for several variants and player counts, rows concatenated
    (a variant is skipped at player counts its sources do not allow)."""
    import pandas as pd

    frames = [simulate(v, n, games, seed, **kwargs) for v in variants for n in players
              if PRESETS[v].min_players <= n <= PRESETS[v].max_players]
    return pd.concat([f.drop(columns=[c for c in f.columns if c[:4] in ("bot_", "card")])
                      for f in frames], ignore_index=True)


SUMMARY_COLUMNS = [
    "variant", "players", "bots", "games", "finished",
    "moves_median", "moves_low", "moves_high",
    "phase1_moves_median", "phase1_moves_low", "phase1_moves_high",
    "phase2_moves_median", "phase2_moves_low", "phase2_moves_high",
    "lead_changes", "lead_changes_low", "lead_changes_high",
    "decisiveness", "decisiveness_low", "decisiveness_high",
    "drama", "drama_low", "drama_high",
    "seat_spread", "seat_spread_low", "seat_spread_high",
    "stunsas", "stunsas_low", "stunsas_high",
    "ties", "ties_low", "ties_high",
    "unfinished", "unfinished_low", "unfinished_high",
]
"""The columns of :func:`compare_play`: each metric with its 95% interval
(``_low``, ``_high``); ``stunsas`` and ``ties`` are per game, ``unfinished`` a rate."""


def summary(df: pd.DataFrame) -> dict[str, Any]:
    """One row of play metrics (:mod:`.metrics`) for the games of a measured study
    (``simulate(..., measure=True)``): game metrics over the finished games, the
    unfinished rate over all.

    >>> df = simulate("skitgubbe", 3, 20, seed=2, measure=True)
    >>> row = summary(df)
    >>> row["games"], row["finished"], row["moves_low"] <= row["moves_median"] <= row["moves_high"]
    (20, 20, True)
    """
    players = int(df["players"].iloc[0])
    done = df[~df["unfinished"]]
    row: dict[str, Any] = {"variant": df["variant"].iloc[0], "players": players,
                 "bots": ",".join(str(df[f"bot_{p}"].iloc[0]) for p in range(players)),
                 "games": len(df), "finished": len(done)}
    phase2 = done["moves"] - done["phase1_moves"]
    for name, values in (("moves", done["moves"]), ("phase1_moves", done["phase1_moves"]),
                         ("phase2_moves", phase2)):
        row.update(zip((f"{name}_median", f"{name}_low", f"{name}_high"),
                       metrics.median_interval(list(values)), strict=True))
    for name in ("lead_changes", "decisiveness", "drama", "stunsas", "ties"):
        top = 1.0 if name == "decisiveness" else float("inf")
        row.update(zip((name, f"{name}_low", f"{name}_high"),
                       metrics.mean_interval([float(v) for v in done[name]], high=top), strict=True))
    row.update(zip(("seat_spread", "seat_spread_low", "seat_spread_high"),
                   metrics.spread_interval([int(v) for v in done["loser"]], players), strict=True))
    unfinished = int(df["unfinished"].sum())
    row["unfinished"] = round(unfinished / len(df), 3) if len(df) else float("nan")
    row["unfinished_low"], row["unfinished_high"] = wilson(unfinished, len(df))
    return row


def seating(bots: Sequence[str], players: int) -> list[str]:
    """One bot per seat from ``bots``, repeated round the table: ``["search"]`` seats
    search players everywhere; ``["search", "random"]`` alternates them.

    >>> seating(["search", "random"], 3)
    ['search', 'random', 'search']
    """
    if not bots:
        raise SimulationError(_("name at least one bot"))
    return [bots[p % len(bots)] for p in range(players)]


def player_counts(variant: str, players: str | int) -> list[int]:
    """The player counts to study for ``variant``: its usual count for ``"usual"``,
    every count its sources allow for ``"all"``, else ``players`` if allowed (none if
    not).

    >>> player_counts("koira", "usual"), player_counts("atlanta", 4)
    ([4], [])
    """
    p = PRESETS[variant]
    if players == "usual":
        return [p.usual_players]
    if players == "all":
        return list(range(p.min_players, p.max_players + 1))
    return [int(players)] if p.min_players <= int(players) <= p.max_players else []


def compare_play(variants: Sequence[str] | str = "all", players: str | int = "usual",
                 games: int = 100, seed: int = 0, bots: Sequence[str] = ("random",),
                 on_row: Callable[[dict[str, Any]], None] | None = None,
                 **kwargs: Any) -> pd.DataFrame:
    """Play metrics for several rulesets (``"all"``: every preset) and player counts
    (``"usual"``, ``"all"`` or a number; see :func:`player_counts`): a pandas DataFrame
    of :data:`SUMMARY_COLUMNS`, one row per ruleset and player count.  ``bots`` are
    seated round the table (:func:`seating`) and rotated one seat per game when they
    differ.  The other arguments go to :func:`.simulate.simulate` (``scheduler``,
    ``workers``, ``bot_options``...): the rows do not depend on the scheduler.
    ``on_row`` is called with each row as it is ready (progress on long runs).
    """
    import pandas as pd

    if isinstance(variants, str) and variants != "all":
        raise SimulationError(_("variants is \"all\" or a list of rulesets, such as "
                                "['skitgubbe', 'mas'], not the text {text}").format(
            text=quote(variants)))
    names = list(PRESETS) if variants == "all" else list(variants)
    for i, name in enumerate(names):
        if name not in PRESETS:
            raise SimulationError(_("unknown variant {variant}; see 'skitgubbe variants'").format(
                variant=repr(name)))
        if name in names[:i]:
            raise SimulationError(_("{variant} is named twice: name each ruleset once").format(
                variant=quote(name)))
    named = check_bots(bots)
    studies = [(name, n, seating(list(named), n)) for name in names
               for n in player_counts(name, players)]
    for name, n, seats in studies:  # every argument of every study, before the first game
        check_study(name, n, games, seed, seats, measure=True, **kwargs)
    rows = []
    for name, n, seats in studies:
        df = simulate(name, n, games, seed, seats, rotate=len(set(seats)) > 1, measure=True,
                      **kwargs)
        row = summary(df)
        rows.append(row)
        if on_row is not None:
            on_row(row)
    return pd.DataFrame(rows, columns=SUMMARY_COLUMNS)


def progress_line(row: dict[str, Any]) -> str:
    """What a long comparison prints as each row is ready."""
    return _("{variant} ({players} players, {games} games): median {median} moves, "
             "{unfinished} unfinished").format(
        variant=row["variant"], players=row["players"], games=number(row["games"]),
        median=numeral(f"{row['moves_median']:g}"), unfinished=percent(row["unfinished"]))


def print_progress(row: dict[str, Any]) -> None:
    print(progress_line(row), file=sys.stderr, flush=True)
