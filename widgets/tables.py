"""Tables (pandas) and the family tree (matplotlib) for the notebooks."""

from __future__ import annotations

import matplotlib.pyplot as plt
import pandas as pd

from skitgubbe_core import OPTIONS, PRESETS, Rules
from skitgubbe_core.family import DISAGREEMENTS, GLOSSARY, HISTORY, LINEAGE
from skitgubbe_core.match import Match
from skitgubbe_core.sources import cite


def variants_table() -> pd.DataFrame:
    """One row per ruleset: region, evidence, players, sources, and how it differs from
    basic Skitgubbe."""
    basic = Rules.preset("skitgubbe")
    rows = []
    for name, p in PRESETS.items():
        diff = basic.difference(Rules.preset(name))
        rows.append({
            "ruleset": name, "title": p.title, "region": p.region, "evidence": p.evidence,
            "players": f"{p.min_players}-{p.max_players}",
            "differs from basic Skitgubbe in": "; ".join(f"{k} = {b}" for k, (_, b) in diff.items())
            or "(same rules)",
            "sources": cite(p.sources)})
    return pd.DataFrame(rows).set_index("ruleset")


def options_table() -> pd.DataFrame:
    """Every rule option and its readings, the default marked."""
    rows = [{"option": o.name, "reading": c.value + (" (default)" if c.value == o.default else ""),
             "meaning": c.description, "evidence": c.evidence, "sources": cite(c.sources)}
            for o in OPTIONS.values() for c in o.choices]
    return pd.DataFrame(rows).set_index(["option", "reading"])


def tally_table(match: Match) -> pd.DataFrame:
    """A match's Skitgubbe counts, one row per player in seat order, the match's real
    losers (most Skitgubbes) marked."""
    losers = match.match_losers()
    return pd.DataFrame([{"player": p, "Skitgubbe": n, "lost the match": p in losers}
                         for p, n in match.counts().items()]).set_index("player")


def deals_table(match: Match) -> pd.DataFrame:
    """A match deal by deal: dealer, leader, Skitgubbe and moves."""
    return pd.DataFrame(match.rows()).set_index("deal")


def disagreements_table() -> pd.DataFrame:
    return pd.DataFrame([{"point": d.point, "what the sources say": d.readings,
                          "our default": d.default, "option": d.option or "",
                          "example": d.example or ""} for d in DISAGREEMENTS]).set_index("point")


def history_table() -> pd.DataFrame:
    return pd.DataFrame([{"when": m.when, "what": m.what, "sources": cite(m.sources)}
                         for m in HISTORY]).set_index("when")


def glossary_table() -> pd.DataFrame:
    return pd.DataFrame(GLOSSARY, columns=["term", "language", "meaning"]).set_index("term")


def family_tree() -> plt.Figure:
    """The family of games as a drawn tree, oldest at the top."""
    depth: dict[str, int] = {}
    for older, younger in LINEAGE:
        depth.setdefault(older, 0)
        depth[younger] = max(depth.get(younger, 0), depth[older] + 1)
    levels: dict[int, list[str]] = {}
    for name, d in depth.items():
        levels.setdefault(d, []).append(name)
    where: dict[str, tuple[float, int]] = {}
    for d in sorted(levels):
        names = levels[d]
        for i, name in enumerate(names):
            parents = [where[o][0] for o, y in LINEAGE if y == name and o in where]
            x = sum(parents) / len(parents) if len(names) == 1 and parents else (i + 1) / (len(names) + 1)
            where[name] = (x, -d)
    fig, ax = plt.subplots(figsize=(12, 5))
    for older, younger in LINEAGE:
        (x0, y0), (x1, y1) = where[older], where[younger]
        ax.annotate("", xy=(x1, y1 + 0.18), xytext=(x0, y0 - 0.18),
                    arrowprops={"arrowstyle": "->", "color": "#555555"})
    for name, (x, y) in where.items():
        ax.text(x, y, name, ha="center", va="center", fontsize=9,
                bbox={"boxstyle": "round", "facecolor": "#f4efe1", "edgecolor": "#8a6d3b"})
    ax.set_xlim(0, 1)
    ax.set_ylim(-max(depth.values()) - 0.5, 0.5)
    ax.axis("off")
    ax.set_title("The Skitgubbe family (after pagat.com's Swedish edition and the German summary)")
    plt.close(fig)
    return fig
