"""Charts of simulation studies (matplotlib), for notebook 08.  Each function takes
rows from :func:`skitgubbe_core.simulate.simulate` (or a table from
:mod:`skitgubbe_core.studies`) and returns the figure."""

from __future__ import annotations

from typing import TYPE_CHECKING

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from skitgubbe_core.studies import loss_by_cards

if TYPE_CHECKING:
    import pandas as pd

BLUE = "#34568b"


def _figure(title: str, xlabel: str, ylabel: str, width: float = 6.4) -> tuple[Figure, Axes]:
    fig, ax = plt.subplots(figsize=(width, 3.6))
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(axis="y", alpha=0.3)
    plt.close(fig)
    return fig, ax


def game_lengths(df: pd.DataFrame) -> Figure:
    """Box plot of moves per game for each variant and player count."""
    groups = df.groupby(["variant", "players"])["moves"]
    labels = [f"{v}\n{n} players" for v, n in groups.groups]
    fig, ax = _figure("How long a game lasts", "", "moves (actions) per game", width=8)
    ax.boxplot([g.values for _, g in groups], tick_labels=labels)
    ax.tick_params(axis="x", labelsize=8)
    fig.tight_layout()
    return fig


def loss_rate_bars(table: pd.DataFrame, title: str, fair: float | None = None) -> Figure:
    """Loss rates (a :func:`~skitgubbe_core.studies.loss_rates` table) as bars with
    their 95% intervals; ``fair`` draws the rate if nothing mattered."""
    fig, ax = _figure(title, table.index.name, "share of games lost")
    x = [str(i) for i in table.index]
    ax.bar(x, table["rate"], color=BLUE, alpha=0.8)
    ax.errorbar(x, table["rate"], yerr=[table["rate"] - table["low"], table["high"] - table["rate"]],
                fmt="none", ecolor="black", capsize=6)
    if fair is not None:
        ax.axhline(fair, color="#c8102e", linestyle="--", label=f"fair share {fair:.2f}")
        ax.legend()
    ax.set_ylim(0, max(1.0 if fair is None else fair * 2, float(table["high"].max()) * 1.1))
    return fig


def stunsas(df: pd.DataFrame) -> Figure:
    """How many stunsas a game has: a bar per count."""
    counts = df["stunsas"].value_counts().sort_index()
    fig, ax = _figure("Stunsas per game", "stunsas in the game", "games")
    ax.bar(counts.index.astype(str), counts.values, color=BLUE)
    return fig


def cards_and_losing(df: pd.DataFrame) -> Figure:
    """Loss rate by the number of cards a player holds at the start of phase 2."""
    return loss_rate_bars(loss_by_cards(df), "Cards at the start of phase 2, and losing",
                          fair=1 / int(df["players"].iloc[0]))


def phase2_lengths(df: pd.DataFrame) -> Figure:
    """Histogram of the moves of phase 2."""
    fig, ax = _figure("How long phase 2 goes on", "moves in phase 2", "games")
    ax.hist(df["moves"] - df["phase1_moves"], bins=30, color=BLUE)
    return fig
