"""Tables (pandas) and the family tree (matplotlib) for the notebooks.

The ``*_table`` functions return DataFrames (for study and tests); :func:`show` draws
one as a left-aligned HTML table that survives JupyterLab's sanitizer, collapsed
behind a summary line when it is long.
"""

from __future__ import annotations

from html import escape

import matplotlib.pyplot as plt
import pandas as pd
from matplotlib.figure import Figure

from skitgubbe_core import OPTIONS, PRESETS, RULEBOOK, Rules
from skitgubbe_core.family import DISAGREEMENTS, GLOSSARY, HISTORY, LINEAGE
from skitgubbe_core.match import Match
from skitgubbe_core.sources import cite


def _differences(name: str) -> tuple[str, str]:
    """How ruleset ``name`` differs from basic Skitgubbe: (in words, as options)."""
    diff = Rules.preset("skitgubbe").difference(Rules.preset(name))
    words = "; ".join(f"{OPTIONS[k].title.lower()}: {OPTIONS[k].choice(b).description}"
                      for k, (_, b) in diff.items())
    options = ", ".join(f"{k}={b}" for k, (_, b) in diff.items())
    return words or "(the same rules)", options


def variants_table() -> pd.DataFrame:
    """One row per ruleset: title, region, evidence, players, sources."""
    return pd.DataFrame([{"ruleset": name, "title": p.title, "region": p.region,
                          "evidence": p.evidence, "players": f"{p.min_players}-{p.max_players}",
                          "sources": cite(p.sources)}
                         for name, p in PRESETS.items()]).set_index("ruleset")


def differences_table() -> pd.DataFrame:
    """How each ruleset differs from basic Skitgubbe, in words and as option values."""
    rows = []
    for name, p in PRESETS.items():
        words, options = _differences(name)
        rows.append({"ruleset": name, "title": p.title,
                     "differs from basic Skitgubbe in": words, "options": options})
    return pd.DataFrame(rows).set_index("ruleset")


def options_table() -> pd.DataFrame:
    """Every rule option, one row each: what it decides and its readings, the default
    first and marked."""
    rows = []
    for o in OPTIONS.values():
        ordered = sorted(o.choices, key=lambda c: c.value != o.default)
        readings = "; ".join(f"{c.value}{' (default)' if c.value == o.default else ''}: "
                             f"{c.description} [{c.evidence}; {cite(c.sources)}]"
                             for c in ordered)
        rows.append({"rule": o.title, "option": o.name, "what it decides": o.summary,
                     "readings": readings})
    return pd.DataFrame(rows).set_index("rule")


def rules_table() -> pd.DataFrame:
    """Every rule the narration cites, by its number (0-13 for basic Skitgubbe, V1...
    for the variants' rules)."""
    seen, rows = set(), []
    for r in RULEBOOK.values():
        if (r.number, r.title) in seen:
            continue
        seen.add((r.number, r.title))
        rows.append({"rule": r.number, "name": r.title, "in short": r.summary,
                     "sources": r.citation})
    return pd.DataFrame(rows).set_index("rule")


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


_CELL = "text-align:left;vertical-align:top;padding:0.25em 0.6em;border-bottom:1px solid #ddd;"


class Table:
    """A DataFrame drawn as a plain left-aligned table, with a caption; ``collapsed``
    puts it behind a one-line summary that opens on a click."""

    def __init__(self, frame: pd.DataFrame, caption: str, collapsed: bool = False) -> None:
        self.frame, self.caption, self.collapsed = frame, caption, collapsed

    def _repr_html_(self) -> str:
        frame = self.frame.reset_index()
        head = "".join(f'<th style="{_CELL}background:#eef1f6">{escape(str(c))}</th>'
                       for c in frame.columns)
        rows = "".join("<tr>" + "".join(f'<td style="{_CELL}">{escape(str(v))}</td>'
                                        for v in row) + "</tr>"
                       for row in frame.itertuples(index=False))
        table = (f'<table class="sg-data" style="border-collapse:collapse;font-size:0.92em;'
                 f'line-height:1.35"><tr>{head}</tr>{rows}</table>')
        label = f"{escape(self.caption)} ({len(frame)} rows)"
        if self.collapsed:
            return (f'<details class="sg-table-details"><summary style="cursor:pointer">'
                    f"<b>{label}</b> - click to open</summary>{table}</details>")
        return f"<div><b>{label}</b>{table}</div>"

    def __repr__(self) -> str:
        return f"{self.caption} ({len(self.frame)} rows)"


def show(frame: pd.DataFrame, caption: str, collapsed: bool | None = None) -> Table:
    """``frame`` as a readable table; collapsed by default when it has over 12 rows."""
    return Table(frame, caption, len(frame) > 12 if collapsed is None else collapsed)


def family_tree() -> Figure:
    """The family as the sources relate it: solid arrows where a source says one game
    descends from (or is a variant of) another, dashed lines where a source says only
    that two are close kin."""
    depth: dict[str, int] = {}
    for rel in LINEAGE:
        if rel.kind != "kin":
            depth.setdefault(rel.older, 0)
            depth[rel.younger] = max(depth.get(rel.younger, 0), depth[rel.older] + 1)
    for rel in LINEAGE:
        if rel.kind == "kin" and rel.younger not in depth:
            depth[rel.younger] = depth[rel.older] + 1
    levels: dict[int, list[str]] = {}
    for name, d in depth.items():
        levels.setdefault(d, []).append(name)
    where: dict[str, tuple[float, int]] = {}
    for d in sorted(levels):
        names = levels[d]
        for i, name in enumerate(names):
            parents = [where[r.older][0] for r in LINEAGE if r.younger == name and r.older in where]
            x = parents[0] if len(names) == 1 and parents else (i + 1) / (len(names) + 1)
            where[name] = (x, -d)
    fig, ax = plt.subplots(figsize=(12, 5.5))
    for rel in LINEAGE:
        (x0, y0), (x1, y1) = where[rel.older], where[rel.younger]
        if rel.kind == "kin":
            ax.plot([x0, x1], [y0, y1], linestyle="--", color="#8a6d3b", zorder=0)
            ax.text((x0 + x1) / 2, (y0 + y1) / 2 + 0.08, rel.says, ha="center", fontsize=7.5,
                    color="#6b5530", style="italic")
        else:
            ax.annotate("", xy=(x1, y1 + 0.2), xytext=(x0, y0 - 0.2),
                        arrowprops={"arrowstyle": "->", "color": "#555555"})
            if rel.says:
                ax.text((x0 + x1) / 2, (y0 + y1) / 2, rel.says, ha="center", fontsize=7.5,
                        color="#444444", style="italic",
                        bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5})
    for name, (x, y) in where.items():
        ax.text(x, y, name, ha="center", va="center", fontsize=9,
                bbox={"boxstyle": "round", "facecolor": "#f4efe1", "edgecolor": "#8a6d3b"})
    ax.set_xlim(0, 1)
    ax.set_ylim(-max(depth.values()) - 0.5, 0.5)
    ax.axis("off")
    ax.set_title("The Skitgubbe family as the sources relate it (arrow: descends from or is a "
                 "variant of; dashed: said to be close kin, no direction given)", fontsize=10)
    plt.close(fig)
    return fig
