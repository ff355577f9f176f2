"""Reading simulation studies: loss rates with confidence intervals, one row per
seat, several variants side by side.  The rows come from :func:`.simulate.simulate`.

>>> wilson(30, 150)
(0.144, 0.271)
"""

from __future__ import annotations

from math import sqrt
from typing import Sequence

from .simulate import simulate

Z95 = 1.959964


def wilson(losses: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``losses`` in ``games``, rounded to
    three places: sound also for rates near 0 or 1 and for few games."""
    if games == 0:
        return (0.0, 1.0)
    p = losses / games
    d = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / d
    half = z * sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / d
    return (round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3))


def seats(df):
    """One row per seat per finished game: ``game``, ``seat``, ``bot``, ``cards`` (held
    at the start of phase 2) and ``lost``."""
    import pandas as pd

    done = df[~df["unfinished"]]
    parts = [pd.DataFrame({"game": done["game"], "seat": p, "bot": done[f"bot_{p}"],
                           "cards": done[f"cards_{p}"], "lost": done["loser"] == p})
             for p in range(int(df["players"].iloc[0]))]
    return pd.concat(parts, ignore_index=True).sort_values(["game", "seat"], ignore_index=True)


def rates(rows, by):
    """Loss rates of seat rows (:func:`seats`) grouped ``by`` a column, with the 95%
    Wilson interval: columns ``games``, ``losses``, ``rate``, ``low``, ``high``."""
    table = rows.groupby(by, observed=True)["lost"].agg(games="count", losses="sum")
    table["rate"] = (table["losses"] / table["games"]).round(3)
    bounds = [wilson(int(k), int(n)) for k, n in zip(table["losses"], table["games"])]
    table["low"] = [b[0] for b in bounds]
    table["high"] = [b[1] for b in bounds]
    return table


def loss_rates(df, by: str = "seat"):
    """How often each ``seat`` (or ``bot``) lost, with the 95% Wilson interval."""
    return rates(seats(df), by)


def loss_by_cards(df, bands: Sequence[int] = (0, 12, 15, 18, 21, 52)):
    """Loss rate by the number of cards held at the start of phase 2, in ``bands``
    (``(12, 15]`` is 13 to 15 cards)."""
    import pandas as pd

    rows = seats(df)
    rows["cards held"] = pd.cut(rows["cards"], list(bands)).astype(str)
    order = {str(iv): i for i, iv in enumerate(pd.IntervalIndex.from_breaks(list(bands)))}
    return rates(rows, "cards held").sort_index(key=lambda ix: ix.map(order))


def compare(variants: Sequence[str], players: Sequence[int], games: int, seed: int = 0,
            **kwargs):
    """The same study for several variants and player counts, rows concatenated
    (a variant is skipped at player counts its sources do not allow)."""
    import pandas as pd

    from .rules import PRESETS

    frames = [simulate(v, n, games, seed, **kwargs) for v in variants for n in players
              if PRESETS[v].min_players <= n <= PRESETS[v].max_players]
    return pd.concat([f.drop(columns=[c for c in f.columns if c[:4] in ("bot_", "card")])
                      for f in frames], ignore_index=True)
