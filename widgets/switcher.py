"""The rule switcher: one position and its moves under each reading of a rule."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import traitlets as t

from skitgubbe_core import IllegalActionError, Rules, scenario
from skitgubbe_core.i18n import gettext as _
from skitgubbe_core.i18n import speaking
from skitgubbe_core.sources import cite
from skitgubbe_core.view import position_html, step_html

from . import arguments
from .classroom import default_size
from .frontend import Pieces, View
from .static import StaticPicture

Page = tuple[str, str]


class RuleSwitcher(StaticPicture, View):
    """Replay a scenario (or built-in example) under every choice of ``option`` (or
    the ``values`` given), side by side, with one **step** box for all (0: the start; its arrow keys step).  A
    move that a reading forbids is shown as refused, with the reason.  It starts at the
    start; a viewer without a kernel sees each reading's last step.  ``lang="sv"``
    shows every word in Swedish.

    Every reading's pages go to the browser at once (traits ``pieces``, ``columns``),
    which steps with no kernel message; ``step`` follows :meth:`go` from Python."""

    heading = t.Unicode().tag(sync=True)
    summary = t.Unicode().tag(sync=True)
    pieces = t.List(t.Unicode()).tag(sync=True)
    columns = t.List(t.Dict()).tag(sync=True)
    step = t.Int(0).tag(sync=True)

    @speaking
    def __init__(self, source: Any, option: str, values: Sequence[str] | None = None,
                 size: str | None = None, lang: str | None = None) -> None:
        self.lang = lang
        size = arguments.size(size)
        sc = arguments.example("source", source)
        self.option, self.values = arguments.readings(option, values)
        base = sc.game().rules
        narrow = len(self.values) > 2
        self.pages = [_replay(sc, base.replace(**{option: v}), narrow) for v in self.values]
        self.steps = max(len(pages) for pages in self.pages) - 1
        self.title = _(sc.title)
        readings = _("{question}: {count} readings side by side").format(
            question=_(self.option.title), count=len(self.values))
        table = Pieces()
        columns = [{"head": self._heading(v),
                    "pages": [[table.add(shown), table.add(told)] for shown, told in pages]}
                   for v, pages in zip(self.values, self.pages, strict=True)]
        super().__init__(size or default_size(), {"step": _("step")}, kind="switcher",
                         heading=self.title, summary=readings, pieces=table.pieces,
                         columns=columns)

    def _heading(self, value: str) -> str:
        choice = self.option.choice(value)
        reading = _(choice.description)
        return (f'<div style="line-height:1.4"><b>{escape(reading[:1].upper() + reading[1:])}'
                f"</b><br><small>{escape(_(choice.evidence))}"
                f"{': ' + escape(cite(choice.sources)) if choice.sources else ''}</small></div>")

    def go(self, step: int) -> None:
        """Show step ``step`` of every reading (0: the start; clamped)."""
        step = arguments.whole_number("step", step)
        self.step = max(0, min(self.steps, step))

    @property
    def shown(self) -> list[Page]:
        """Each reading's page on show (its board and narration, HTML), as the browser
        draws them."""
        return [pages[min(self.step, len(pages) - 1)] for pages in self.pages]

    @speaking
    def static_html(self) -> str:
        cells = "".join(f'<td style="vertical-align:top">{self._heading(v)}{pages[-1][0]}'
                        f"{pages[-1][1]}</td>"
                        for v, pages in zip(self.values, self.pages, strict=True))
        heading = f"<h4>{escape(self.title)}</h4><p>{escape(self.summary)}</p>"
        return f"{heading}<table><tr>{cells}</tr></table>"

    def __repr__(self) -> str:
        return f"RuleSwitcher({self.option.name!r}: {', '.join(self.values)})"


def _replay(sc: scenario.Scenario, rules: Rules, narrow: bool = False) -> list[Page]:
    """The pages (position, narration) of the scenario's moves under ``rules``, up to
    and including the first refused move; ``narrow`` columns get compact boards."""
    game = sc.game(rules)
    pages = [(position_html(game, compact=narrow), step_html(None, game.players, _(sc.title)))]
    for text in sc.moves:
        try:
            step = game.play(text)
        except IllegalActionError as err:
            refused = _("Refused under this reading:")
            pages.append((position_html(game, compact=narrow), f'<div style="color:#a00"><b>{refused}</b> '
                          f"{escape(str(err))}</div>"))
            break
        pages.append((position_html(game, compact=narrow), step_html(step, game.players)))
    return pages
