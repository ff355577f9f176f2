"""Printable handouts: one self-contained HTML page for a worked example or a scenario
file - title, what it shows, the rules and players, sources, then every frame with
its narration in a grid that fills the page's width, and the rules it uses in their
own order.  No scripts, no external styles or fonts; print CSS for A4 keeps each frame
and each rule whole and no heading at the foot of a page (a short example fits one
page).

>>> page = handout_html(examples.load("stunsa-seven"))
>>> page.startswith("<!DOCTYPE html>") and page.count('<section class="sg-frame"') == 7
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path

from . import examples, record, scenario
from .files import save_text, shown_name
from .frames import frames, key_frames
from .game import Game
from .i18n import NC_, current, language, ngettext, pgettext
from .i18n import gettext as _
from .jsondata import read_json
from .rulebook import RULEBOOK
from .rules import OPTIONS, PRESETS
from .sources import SOURCES
from .view import frame_html, rules_html, rules_used

PRINT_CSS = """
body { font-family: sans-serif; max-width: 80em; margin: 1.5em auto; padding: 0 1em;
       color: #111; line-height: 1.35; }
h1 { font-size: 1.5em; margin: 0 0 0.2em 0; }
h2 { font-size: 1.15em; margin: 0.6em 0 0.3em 0; }
.sg-meta { color: #444; margin: 0.2em 0; }
.sg-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(17em, 1fr));
           gap: 0.3em 0.6em; }
.sg-grid .sg-frame { margin: 0 !important; }
.sg-frame { break-inside: avoid; page-break-inside: avoid; }
.sg-rules dt { font-weight: bold; margin-top: 0.4em; }
.sg-rule-item { break-inside: avoid; page-break-inside: avoid; }
h1, h2, dt { break-after: avoid; page-break-after: avoid; }
@page { size: A4; margin: 12mm; }
@media print {
  body { margin: 0; max-width: none; font-size: 7.5pt; }
  h1 { font-size: 14pt; }
  h2 { font-size: 10pt; }
  .sg-grid { grid-template-columns: repeat(4, 1fr); }
  .sg-rules i { display: none; }
  .sg-rules { columns: 2; column-gap: 1.2em; }
  .sg-tag { display: none !important; }
}
"""


def load_source(name_or_file: str) -> scenario.Scenario | Game:
    """A built-in example's name, or a scenario or record file (``.json``); a record
    is returned as its replayed game."""
    if not (name_or_file.endswith(".json") or Path(name_or_file).is_file()):
        return examples.load(name_or_file)
    data = read_json(name_or_file, scenario.ScenarioError)
    if isinstance(data, dict) and data.get("format") in record.RECORD_FORMATS:
        return record.from_record(data, name_or_file)
    return scenario.parse(data, name_or_file)


def handout_html(source: scenario.Scenario | Game, title: str = "",
                 lang: str | None = None) -> str:
    """The handout page for a scenario, or for a game (a replayed record) titled
    ``title``, in ``lang`` (default: the current language, see :mod:`.i18n`)."""
    with language(lang):
        title, body = _body(source, title)
        return (f'<!DOCTYPE html>\n<html lang="{current()}"><head><meta charset="utf-8">'
                f"<title>{escape(title)}</title><style>{PRINT_CSS}</style></head>"
                f"<body>{body}</body></html>\n")


class Handout:
    """A handout shown in a notebook as the page will print (its grid laid out inline,
    since a notebook has none of the page's style sheet); :meth:`save` writes the page.

    >>> Handout("pickup-case-3")._repr_html_().count('<section class="sg-frame"')
    5
    """

    def __init__(self, source: scenario.Scenario | Game | str, title: str = "",
                 lang: str | None = None) -> None:
        self.source = examples.load(source) if isinstance(source, str) else source
        self.title, self.lang = title, lang

    def _repr_html_(self) -> str:
        with language(self.lang):
            body = _body(self.source, self.title, GRID_STYLE)[1]
        return (f'<div class="sg-handout" style="font-family:sans-serif;line-height:1.35">'
                f"{body}</div>")

    def __repr__(self) -> str:
        title = self.title or getattr(self.source, "title", "") or _("A recorded game")
        return f"Handout({title!r})"

    def save(self, path: str | Path) -> Path:
        """Write the printable page to ``path``."""
        save_text(handout_html(self.source, self.title, self.lang), Path(path))
        return Path(path)


GRID_STYLE = "display:grid;grid-template-columns:repeat(auto-fill,minmax(17em,1fr));gap:0.3em 0.6em"
"""The frames' grid on a screen (print uses four columns, see :data:`PRINT_CSS`)."""


def _body(source: scenario.Scenario | Game, title: str, grid: str = "") -> tuple[str, str]:
    """The handout's title and the HTML of its body (the frames' grid styled ``grid``)."""
    source_keys: Sequence[str]
    if isinstance(source, Game):
        game = source
        title, description, source_keys = title or _("A recorded game"), "", ()
    else:
        game = scenario.run(source).game
        title = _(source.title)
        description = _(source.description) if source.description else ""
        source_keys = source.sources
    shown = key_frames(frames(game))
    citations = [_(str(c)) for c in source_keys]
    for rule in rules_used(shown):
        citations += [_(SOURCES[k].citation) for k in RULEBOOK[rule].sources
                      if _(SOURCES[k].citation) not in citations]
    body = [f"<h1>{escape(title)}</h1>"]
    if description:
        body.append(f'<p class="sg-meta">{escape(description)}</p>')
    body.append(f'<p class="sg-meta">{escape(rules_line(game))}</p>')
    sources = _("Sources:")
    steps = ngettext("Step by step, in {count} picture", "Step by step, in {count} pictures",
                     len(shown)).format(count=len(shown))
    body.append(f'<p class="sg-meta"><b>{sources}</b> {escape("; ".join(citations))}.</p>')
    body.append(f"<h2>{steps}</h2>")
    frames_html = "".join(frame_html(f, game.players, game.rules, title=title, compact=True)
                          for f in shown)
    style = f' style="{grid}"' if grid else ""
    body.append(f'<div class="sg-grid"{style}>{frames_html}</div>')
    body.append(rules_html(shown, disclosure=False))
    return title, "".join(body)


def rules_line(game: Game) -> str:
    """The line a teacher would write under the title: the game, who plays and who
    starts.

    >>> rules_line(Game(["Ann", "Bo", "Cai"], seed=1))
    'Skitgubbe (basic game), three players: Ann, Bo and Cai; Ann starts.'
    """
    preset = PRESETS[game.rules.preset_name]
    names = list(game.players)
    count = pgettext("count", _COUNTS[len(names)]) if len(names) in _COUNTS else str(len(names))
    who = _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
    extra = game.rules.overrides()
    changed = "".join(f"; {_(OPTIONS[k].title).lower()}: {_(OPTIONS[k].choice(v).description)}"
                      for k, v in extra.items())
    first = game.copy_at(0).to_play
    starts = _("; {player} starts").format(player=names[first]) if first is not None else ""
    return _("{game}{changes}, {count} players: {names}{starts}.").format(
        game=_(preset.title), changes=changed, count=count, names=who, starts=starts)


_COUNTS = {2: NC_("count", "two"), 3: NC_("count", "three"), 4: NC_("count", "four"),
           5: NC_("count", "five"), 6: NC_("count", "six"), 7: NC_("count", "seven"),
           8: NC_("count", "eight")}


def write(name_or_file: str, out: str | None = None, lang: str | None = None) -> Path:
    """Write the handout for an example name or scenario/record file; returns its path
    (``NAME.html`` in the current folder unless ``out`` is given)."""
    return write_page(name_or_file, out, ".html",
                      lambda source, title: handout_html(source, title, lang))


def write_page(name_or_file: str, out: str | None, suffix: str,
               page: Callable[[scenario.Scenario | Game, str], str]) -> Path:
    """Write ``page(source, title)`` for an example name or scenario/record file, titled
    by its file name as shown (:func:`.files.shown_name`), whole or not at all, to ``out``
    or ``NAME`` + ``suffix`` in the current folder; returns the path.  Handouts and
    worksheets are written so."""
    stem = Path(name_or_file).stem
    text = page(load_source(name_or_file), shown_name(stem))
    path = Path(out) if out is not None else Path(stem + suffix)
    save_text(text, path)
    return path
