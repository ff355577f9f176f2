"""Printable handouts: one self-contained HTML page for a worked example or a scenario
file - title, description, sources, then every frame with its narration, and the
rules it uses.  No scripts, no external styles or fonts; print CSS for A4 keeps each
frame on one page.

>>> page = handout_html(examples.load("stunsa-seven"))
>>> page.startswith("<!DOCTYPE html>") and page.count('<section class="sg-frame"') == 10
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from . import examples, record, scenario
from .files import save_text, shown_name
from .frames import frames
from .game import Game
from .jsondata import read_json
from .rulebook import RULEBOOK
from .sources import SOURCES
from .view import frame_html, rules_html, rules_used

PRINT_CSS = """
body { font-family: sans-serif; max-width: 52em; margin: 1.5em auto; padding: 0 1em;
       color: #111; line-height: 1.45; }
h1 { font-size: 1.5em; margin-bottom: 0.2em; }
.sg-meta { color: #444; }
.sg-frame { break-inside: avoid; page-break-inside: avoid; }
.sg-rules dt { font-weight: bold; margin-top: 0.4em; }
@page { size: A4; margin: 15mm; }
@media print {
  body { margin: 0; max-width: none; font-size: 10.5pt; }
  .sg-frame { break-inside: avoid; page-break-inside: avoid; }
  h1, h2 { break-after: avoid; }
}
"""


def load_source(name_or_file: str) -> scenario.Scenario | Game:
    """A built-in example's name, or a scenario or record file (``.json``); a record
    is returned as its replayed game."""
    if not (name_or_file.endswith(".json") or Path(name_or_file).is_file()):
        return examples.load(name_or_file)
    data = read_json(name_or_file, scenario.ScenarioError)
    if isinstance(data, dict) and data.get("format") == record.RECORD_FORMAT:
        return record.from_record(data, name_or_file)
    return scenario.parse(data, name_or_file)


def handout_html(source: scenario.Scenario | Game, title: str = "") -> str:
    """The handout page for a scenario, or for a game (a replayed record) titled
    ``title``."""
    source_keys: Sequence[str]
    if isinstance(source, Game):
        game = source
        title, description, source_keys = title or "A recorded game", "", ()
    else:
        game = scenario.run(source).game
        title, description, source_keys = source.title, source.description, source.sources
    shown = frames(game)
    citations = [str(c) for c in source_keys]
    for rule in rules_used(shown):
        citations += [SOURCES[k].citation for k in RULEBOOK[rule].sources
                      if SOURCES[k].citation not in citations]
    body = [f"<h1>{escape(title)}</h1>"]
    if description:
        body.append(f'<p class="sg-meta">{escape(description)}</p>')
    body.append(f'<p class="sg-meta">{escape(game.rules.describe())}; players: '
                f"{escape(', '.join(game.players))}.</p>")
    body.append(f'<p class="sg-meta"><b>Sources:</b> {escape("; ".join(citations))}.</p>')
    body.append("<h2>Step by step</h2>")
    body += [frame_html(f, game.players, game.rules, title=title) for f in shown]
    body.append(rules_html(shown, disclosure=False))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(title)}</title><style>{PRINT_CSS}</style></head>"
            f"<body>{''.join(body)}</body></html>\n")


def write(name_or_file: str, out: str | None = None) -> Path:
    """Write the handout for an example name or scenario/record file; returns its path
    (``NAME.html`` in the current folder unless ``out`` is given)."""
    page = handout_html(load_source(name_or_file), shown_name(Path(name_or_file).stem))
    path = Path(out) if out is not None else Path(Path(name_or_file).stem + ".html")
    save_text(page, path)
    return path
