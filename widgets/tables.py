"""Tables and the family tree for the notebooks, as HTML.

The ``*_table`` functions return pandas DataFrames (for study and tests) or, where
pandas is missing (the offline JupyterLite site), :class:`Rows` with the same columns;
:func:`show` draws either as the same left-aligned HTML table, which survives
JupyterLab's sanitizer, collapsed behind a summary line when it is long.
:func:`family_tree` is a nested list, so it needs no plotting library either.
"""

from __future__ import annotations

from html import escape
from numbers import Real
from typing import Any, Union

try:
    import pandas
except ImportError:  # the JupyterLite site offline: Pyodide has no pandas to load
    pandas = None

from skitgubbe_core import OPTIONS, PRESETS, RULEBOOK, Rules
from skitgubbe_core.family import DISAGREEMENTS, GLOSSARY, HISTORY, LINEAGE, Relation
from skitgubbe_core.i18n import N_, gettext, language, localized, number
from skitgubbe_core.match import Match
from skitgubbe_core.rules import ruleset_name
from skitgubbe_core.sources import cite

from . import arguments


class Rows:
    """A table where pandas is missing: ``columns`` (the index first) and ``rows``.

    >>> len(Rows([{"when": "1808", "what": "a mention"}], "when"))
    1
    """

    def __init__(self, records: list[dict[str, Any]], index: str) -> None:
        self.columns = [index, *(c for c in (records[0] if records else {}) if c != index)]
        self.rows = [tuple(r[c] for c in self.columns) for r in records]

    def __len__(self) -> int:
        return len(self.rows)


Frame = Union["pandas.DataFrame", Rows]


def _frame(records: list[dict[str, Any]], index: str) -> Frame:
    if pandas is None:
        return Rows(records, index)
    return pandas.DataFrame(records or {index: []}).set_index(index)


def _cells(frame: Frame) -> tuple[list[Any], list[tuple[Any, ...]]]:
    """The column names (the index first) and the rows of ``frame``."""
    if isinstance(frame, Rows):
        return frame.columns, frame.rows
    flat = frame.reset_index()
    return list(flat.columns), list(flat.itertuples(index=False))


def _differences(name: str) -> tuple[str, str]:
    """How ruleset ``name`` differs from basic Skitgubbe: (in words, as options)."""
    diff = Rules.preset("skitgubbe").difference(Rules.preset(name))
    words = "; ".join(f"{gettext(OPTIONS[k].title).lower()}: "
                      f"{gettext(OPTIONS[k].choice(b).description)}" for k, (_, b) in diff.items())
    options = ", ".join(f"{k}={b}" for k, (_, b) in diff.items())
    return words or gettext("(the same rules)"), options


def _player_range(low: int, high: int) -> str:
    """``3-8``, or ``3`` for a game of exactly three.

    >>> _player_range(3, 8), _player_range(3, 3)
    ('3-8', '3')
    """
    return str(low) if low == high else f"{low}-{high}"


@localized
def variants_table(names: list[str] | None = None) -> Frame:
    """One row per ruleset (or per ruleset in ``names``): title, region, evidence,
    players, sources."""
    if names is not None:
        if not isinstance(names, (list, tuple)):
            raise arguments.wrong_kind("names", names, N_("a list of ruleset names"))
        names = [arguments.one_of(f"names[{i}]", n, PRESETS) for i, n in enumerate(names)]
    return _frame([{"ruleset": name, "title": p.title, "region": p.region,
                    "evidence": p.evidence, "players": _player_range(p.min_players, p.max_players),
                    "sources": cite(p.sources)}
                   for name, p in PRESETS.items() if names is None or name in names], "ruleset")


@localized
def differences_table(options: bool = False) -> Frame:
    """How each ruleset differs from basic Skitgubbe, in words (and with ``options`` as
    option values, ``name=value``, for ``skitgubbe play --option``)."""
    rows = []
    for name, p in PRESETS.items():
        words, values = _differences(name)
        row = {"ruleset": name, "title": p.title, "differs from basic Skitgubbe in": words}
        if options:
            row["options"] = values
        rows.append(row)
    return _frame(rows, "ruleset")


@localized
def options_table() -> Frame:
    """Every rule option, one row each: what it decides and its readings, the default
    first and marked."""
    rows = []
    for o in OPTIONS.values():
        ordered = sorted(o.choices, key=lambda c: c.value != o.default)
        default = gettext(" (default)")
        readings = "; ".join(f"{c.value}{default if c.value == o.default else ''}: "
                             f"{gettext(c.description)} [{c.provenance}]" for c in ordered)
        rows.append({"rule": o.title, "option": o.name, "what it decides": o.summary,
                     "readings": readings})
    return _frame(rows, "rule")


@localized
def rules_table() -> Frame:
    """Every rule the narration cites, by its number (0-13 for basic Skitgubbe, V1...
    for the variants' rules)."""
    seen, rows = set(), []
    for r in RULEBOOK.values():
        if (r.number, r.title) in seen:
            continue
        seen.add((r.number, r.title))
        rows.append({"rule": r.number, "name": r.title, "in short": r.summary,
                     "sources": r.citation})
    return _frame(rows, "rule")


@localized
def tally_table(match: Match) -> Frame:
    """A match's Skitgubbe counts, one row per player in seat order, the match's real
    losers (most Skitgubbes) marked."""
    _check_match(match)
    losers = match.match_losers()
    return _frame([{"player": p, "Skitgubbe": n,
                    "lost the match": "yes" if p in losers else "no"}
                   for p, n in match.counts().items()], "player")


@localized
def deals_table(match: Match) -> Frame:
    """A match deal by deal: dealer, leader, Skitgubbe and moves."""
    _check_match(match)
    return _frame(match.rows(), "deal")


def _check_match(match: Any) -> None:
    if not isinstance(match, Match):
        raise arguments.wrong_kind("match", match, N_("a Match"))


@localized
def disagreements_table() -> Frame:
    return _frame([{"point": d.point, "what the sources say": d.readings,
                          "our default": d.default, "option": d.option or "",
                          "example": d.example or ""} for d in DISAGREEMENTS], "point")


@localized
def history_table() -> Frame:
    return _frame([{"when": m.when, "what": m.what, "sources": cite(m.sources)}
                         for m in HISTORY], "when")


@localized
def glossary_table() -> Frame:
    return _frame([{"term": t, "language": lang, "meaning": m} for t, lang, m in GLOSSARY], "term")


_CELL = "text-align:left;vertical-align:top;padding:0.25em 0.6em;border-bottom:1px solid #ddd;"


class Table:
    """A table (DataFrame or :class:`Rows`) drawn plain and left-aligned, with a caption;
    ``collapsed`` puts it behind a one-line summary that opens on a click."""

    def __init__(self, frame: Frame, caption: str, collapsed: bool = False,
                 lang: str | None = None) -> None:
        self.frame, self.caption, self.collapsed, self.lang = frame, caption, collapsed, lang

    def _repr_html_(self) -> str:
        with language(self.lang):
            return self._html()

    def _html(self) -> str:
        """The table in the current language: headers and every cell that is a catalogue
        message (a title, a description, a glossary meaning) translated."""
        columns, cells = _cells(self.frame)
        kept = [c in NAMES for c in columns]
        cells = [tuple(ruleset_name(v) if c in RULESETS else v if keep else _cell(v)
                       for v, keep, c in zip(row, kept, columns, strict=True))
                 for row in cells]
        if "title" in columns and any(c in RULESETS for c in columns):  # a name said twice
            title = columns.index("title")
            named = columns.index(next(c for c in columns if c in RULESETS))
            if all(row[title] == row[named] for row in cells):
                columns = columns[:title] + columns[title + 1:]
                cells = [row[:title] + row[title + 1:] for row in cells]
        columns = [_cell(c) for c in columns]
        head = "".join(f'<th scope="col" style="{_CELL}background:#eef1f6">{escape(str(c))}</th>'
                       for c in columns)
        rows = "".join("<tr>" + "".join(f'<td style="{_CELL}">{escape(str(v))}</td>'
                                        for v in row) + "</tr>"
                       for row in cells)
        table = (f'<table class="sg-data" style="border-collapse:collapse;font-size:0.92em;'
                 f'line-height:1.35"><tr>{head}</tr>{rows}</table>')
        label = escape(gettext("{caption} ({count} rows)").format(caption=self.caption,
                                                                   count=len(cells)))
        if self.collapsed:
            opens = gettext("- click to open")
            return (f'<details class="sg-table-details"><summary style="cursor:pointer">'
                    f"<b>{label}</b> {opens}</summary>{table}</details>")
        return f"<div><b>{label}</b>{table}</div>"

    def __repr__(self) -> str:
        with language(self.lang):
            return gettext("{caption} ({count} rows)").format(caption=self.caption,
                                                             count=len(self.frame))


def show(frame: Frame, caption: str, collapsed: bool | None = None,
         lang: str | None = None) -> Table:
    """``frame`` as a readable table; collapsed by default when it has over 12 rows;
    ``lang="sv"`` draws its headers, cells and numbers in Swedish (build the frame with
    the same ``lang``)."""
    if not isinstance(frame, Rows) and (pandas is None or not isinstance(frame, pandas.DataFrame)):
        raise arguments.wrong_kind("frame", frame, N_("a table made by one of the *_table "
                                                      "functions"))
    if not isinstance(caption, str):
        raise arguments.wrong_kind("caption", caption, N_("text"))
    return Table(frame, caption, len(frame) > 12 if collapsed is None else collapsed, lang)


def _cell(value: Any) -> Any:
    """A header or cell in the current language: a string the catalogue knows
    translated, a number written the language's way (``0,113`` in Swedish).

    >>> with language("sv"):
    ...     _cell("moves_median"), _cell(0.113), _cell(200)
    ('drag, median', '0,113', '200')
    """
    if isinstance(value, str):
        return gettext(value) if value else value
    if isinstance(value, Real) and not isinstance(value, bool):
        return number(value)
    return value


COLUMNS = (N_("ruleset"), N_("title"), N_("region"), N_("evidence"), N_("players"),
           N_("sources"), N_("differs from basic Skitgubbe in"), N_("options"), N_("rule"),
           N_("option"), N_("what it decides"), N_("readings"), N_("name"), N_("in short"),
           N_("player"), N_("Skitgubbe"), N_("lost the match"), N_("point"),
           N_("what the sources say"), N_("our default"), N_("example"), N_("when"),
           N_("what"), N_("term"), N_("language"), N_("meaning"), N_("deal"), N_("dealer"),
           N_("leads"), N_("moves"))
"""The tables' column headers, for the catalogue."""

NAMES = frozenset(("term", "ruleset", "option", "options", "example", "player"))
"""Columns of names, terms and identifiers, shown as they are in every language."""
RULESETS = frozenset(("ruleset", "variant"))
"""Columns of rulesets, shown by their titles outside English (:func:`ruleset_name`)."""


def _game(name: str) -> str:
    title, _, detail = name.partition("\n")
    if not detail.startswith("("):
        return f"<b>{escape(' '.join(name.split()))}</b>"
    return f"<b>{escape(title)}</b><br><small>{escape(detail)}</small>"


_SAYS = {"ancestor": N_("said to descend from {}"), "variant": N_("a variant of {}"),
         "kin": N_("said to be close kin of {}, no direction given"),
         "reading": N_("a source's reading of {}, not a game of its own")}
_BOX = "display:inline-block;padding:0.2em 0.6em;margin:0.25em 0;border-radius:0.5em;" \
       "background:#f4efe1;border:1px {} #8a6d3b;color:#222"


class FamilyTree:
    """The family as the sources relate it, as nested lists: under each game the games a
    source says descend from it (or are its variants); a game a source calls only close
    kin of another, with no direction, hangs under it in a dashed box, or, where it has
    a place already, carries a note; a source's reading of a game's rules is no box
    but a line under that game."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = lang
        placed = {r.younger for r in LINEAGE if r.kind != "kin"}
        self.children: dict[str, list[Relation]] = {}
        self.notes: dict[str, list[Relation]] = {}
        for rel in LINEAGE:
            if rel.kind != "kin" or rel.younger not in placed:
                self.children.setdefault(rel.older, []).append(rel)
                placed.add(rel.younger)
            else:
                self.notes.setdefault(rel.younger, []).append(rel)
        self.roots = [r.older for r in LINEAGE if r.older not in placed]

    def _says(self, rel: Relation) -> str:
        older = escape(gettext(rel.older).partition("\n")[0])
        says = f" ({escape(gettext(rel.says))})" if rel.says else ""
        return f"{gettext(_SAYS[rel.kind]).format(older)}{says}; {escape(cite(rel.sources))}"

    def _item(self, name: str, rel: Relation | None) -> str:
        if rel is not None and rel.kind == "reading":
            return (f'<li class="sg-reading" style="list-style:circle"><i>'
                    f"{escape(gettext(name))}</i> <small>- {self._says(rel)}</small></li>")
        border = "dashed" if rel is not None and rel.kind == "kin" else "solid"
        how = f" <small>- {self._says(rel)}</small>" if rel is not None else ""
        also = gettext("also {relation}")
        notes = "".join(f"<br><small>{also.format(relation=self._says(n))}</small>"
                        for n in self.notes.get(name, []))
        below = self.children.get(name, [])
        nested = ("<ul>" + "".join(self._item(r.younger, r) for r in below) + "</ul>"
                  if below else "")
        return (f'<li><span style="{_BOX.format(border)}">{_game(gettext(name))}</span>{how}{notes}'
                f"{nested}</li>")

    def _repr_html_(self) -> str:
        with language(self.lang):
            items = "".join(self._item(root, None) for root in dict.fromkeys(self.roots))
            head = gettext("The Skitgubbe family as the sources relate it")
            note = gettext("Only what a source says: who descends from or is a variant of "
                           "whom, and who is called close kin (dashed). The order of the games "
                           "in a list is not a claim.")
            return (f'<div class="sg-family"><b>{head}</b>'
                    f'<ul style="line-height:1.5">{items}</ul><small>{note}</small></div>')

    def __repr__(self) -> str:
        return f"FamilyTree({len(LINEAGE)} relations)"


def family_tree(lang: str | None = None) -> FamilyTree:
    """The family as the sources relate it (see :class:`FamilyTree`).

    >>> tree = family_tree()._repr_html_()
    >>> "<b>Myllymatti</b>" in tree and "said to descend from Myllymatti (probably)" in tree
    True
    """
    return FamilyTree(lang)
