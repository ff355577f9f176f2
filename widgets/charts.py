"""Charts of simulation studies (matplotlib), for notebooks 08 and 09.  Each function
takes rows from :func:`skitgubbe_core.simulate.simulate` (or a table from
:mod:`skitgubbe_core.studies`) and returns the figure, its titles, axis labels and
tick numbers in ``lang`` (a Swedish chart writes ``0,2``; no system locale needed)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import ScalarFormatter

from skitgubbe_core.bots import BOT_NAMES
from skitgubbe_core.i18n import (
    N_,
    current,
    gettext,
    language,
    localized,
    number,
    numeral,
    pythons_numerals,
)
from skitgubbe_core.rules import ruleset_name
from skitgubbe_core.studies import loss_by_cards

if TYPE_CHECKING:
    import pandas as pd

BLUE = "#34568b"


AXES = (N_("seat"), N_("bot"), N_("cards held"))
"""The studies' column names a chart puts on an axis, for the catalogue."""


_NUMBER = re.compile(r"[-\u2212]?\d+(?:\.\d+)?%?")
"""A number inside a tick's text (which may be mathtext: ``$\\mathdefault{0.2}$``)."""


class Ticks(ScalarFormatter):
    """Matplotlib's numbers on an axis, chosen and rounded as matplotlib does, written
    as ``lang`` writes them (``0,25`` in Swedish) whenever the figure is drawn.

    >>> fig, ax = plt.subplots()
    >>> ax.set_ylim(0, 0.5)
    (0.0, 0.5)
    >>> ax.yaxis.set_major_formatter(Ticks("sv"))
    >>> ax.yaxis.get_major_formatter().format_ticks([0.0, 0.25, 0.5])
    ['0,00', '0,25', '0,50']
    """

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def __call__(self, x: float, pos: int | None = None) -> str:
        with language(self.lang):
            return _NUMBER.sub(lambda found: numeral(found[0]), super().__call__(x, pos))


def _numbered(fig: Figure) -> Figure:
    """``fig`` with the numbers of its numeric axes in the current language (category
    and named axes keep their labels)."""
    if not pythons_numerals():
        for ax in fig.axes:
            for axis in (ax.xaxis, ax.yaxis):
                if type(axis.get_major_formatter()) is ScalarFormatter:
                    axis.set_major_formatter(Ticks(current()))
    return fig


def _figure(title: str, xlabel: str, ylabel: str, width: float = 6.4) -> tuple[Figure, Axes]:
    """A figure whose title and axes are in the current language."""
    fig, ax = plt.subplots(figsize=(width, 3.6))
    ax.set_title(gettext(title) if title else title)
    ax.set_xlabel(gettext(xlabel) if xlabel else xlabel)
    ax.set_ylabel(gettext(ylabel) if ylabel else ylabel)
    ax.grid(axis="y", alpha=0.3)
    plt.close(fig)
    return fig, ax


@localized
def game_lengths(df: pd.DataFrame) -> Figure:
    """Box plot of moves per game for each variant and player count."""
    groups = df.groupby(["variant", "players"])["moves"]
    labels = [gettext("{variant}\n{count} players").format(variant=ruleset_name(v), count=n)
              for v, n in groups.groups]
    fig, ax = _figure(N_("How long a game lasts"), "", N_("moves (actions) per game"), width=8)
    ax.boxplot([g.values for _, g in groups], tick_labels=labels)
    ax.tick_params(axis="x", labelsize=8)
    fig.tight_layout()
    return _numbered(fig)


@localized
def loss_rate_bars(table: pd.DataFrame, title: str, fair: float | None = None) -> Figure:
    """Loss rates (a :func:`~skitgubbe_core.studies.loss_rates` table) as bars with
    their 95% intervals; ``fair`` draws the rate if nothing mattered.  A computer
    player's bar is labelled with its name in the reader's language."""
    fig, ax = _figure(title, table.index.name, N_("share of games lost"))
    x = [BOT_NAMES.get(str(i), str(i)) for i in table.index]
    ax.bar(x, table["rate"], color=BLUE, alpha=0.8)
    ax.errorbar(x, table["rate"], yerr=[table["rate"] - table["low"], table["high"] - table["rate"]],
                fmt="none", ecolor="black", capsize=6)
    if fair is not None:
        ax.axhline(fair, color="#c8102e", linestyle="--",
                   label=gettext("fair share {share}").format(share=number(fair, 2)))
        ax.legend()
    ax.set_ylim(0, max(1.0 if fair is None else fair * 2, float(table["high"].max()) * 1.1))
    return _numbered(fig)


@localized
def stunsas(df: pd.DataFrame) -> Figure:
    """How many stunsas a game has: a bar per count."""
    counts = df["stunsas"].value_counts().sort_index()
    fig, ax = _figure(N_("Stunsas per game"), N_("stunsas in the game"), N_("games"))
    ax.bar(counts.index.astype(str), counts.values, color=BLUE)
    return _numbered(fig)


@localized
def cards_and_losing(df: pd.DataFrame) -> Figure:
    """Loss rate by the number of cards a player holds at the start of phase 2."""
    return loss_rate_bars(loss_by_cards(df), N_("Cards at the start of phase 2, and losing"),
                          fair=1 / int(df["players"].iloc[0]))


@localized
def phase2_lengths(df: pd.DataFrame) -> Figure:
    """Histogram of the moves of phase 2."""
    fig, ax = _figure(N_("How long phase 2 goes on"), N_("moves in phase 2"), N_("games"))
    ax.hist(df["moves"] - df["phase1_moves"], bins=30, color=BLUE)
    return _numbered(fig)


PLAYER_COLOURS = ("#34568b", "#c8102e", "#2e8b57", "#9b59b6")


@localized
def metric_by_variant(tables: dict[Any, pd.DataFrame], metric: str, title: str,
                      xlabel: str) -> Figure:
    """One row per ruleset, a dot with its 95% interval for each study in ``tables``
    (a dict from a label, e.g. the players, to a :func:`~skitgubbe_core.studies.compare_play`
    table); ``metric`` names the column (``moves`` for the median length)."""
    column = "moves_median" if metric == "moves" else metric
    low, high = f"{metric}_low", f"{metric}_high"
    names = list(next(iter(tables.values()))["variant"])
    fig, ax = plt.subplots(figsize=(7.5, 0.28 * len(names) + 1.2))
    ax.set_title(gettext(title))
    ax.set_xlabel(gettext(xlabel))
    ax.grid(axis="x", alpha=0.3)
    step = 0.6 / max(1, len(tables))
    for i, (label, table) in enumerate(tables.items()):
        rows = table.set_index("variant").loc[names]
        y = [k + (i - (len(tables) - 1) / 2) * step for k in range(len(names))]
        ax.errorbar(rows[column], y, xerr=[rows[column] - rows[low], rows[high] - rows[column]],
                    fmt="o", markersize=4, capsize=2, color=PLAYER_COLOURS[i % 4], label=label)
    ax.set_yticks(range(len(names)), [ruleset_name(n) for n in names], fontsize=8)
    ax.invert_yaxis()
    ax.legend(fontsize=8, loc="best")
    fig.tight_layout()
    plt.close(fig)
    return _numbered(fig)
