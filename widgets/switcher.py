"""The rule switcher: one position and its moves under each reading of a rule."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w

from skitgubbe_core import IllegalActionError, Rules, scenario
from skitgubbe_core.i18n import gettext as _
from skitgubbe_core.i18n import speaking
from skitgubbe_core.sources import cite
from skitgubbe_core.view import SIZES, position_html, step_html

from . import arguments
from .classroom import SizeSwitch, default_size
from .static import StaticPicture

Page = tuple[str, str]


class RuleSwitcher(StaticPicture, w.VBox):
    """Replay a scenario (or built-in example) under every choice of ``option`` (or
    the ``values`` given), side by side, with one **step** box for all (0: the start; its arrow keys step).  A
    move that a reading forbids is shown as refused, with the reason.  It starts at the
    start; a viewer without a kernel sees each reading's last step.  ``lang="sv"``
    shows every word in Swedish."""

    children: tuple[Any, ...]  # ipywidgets' trait (untyped): the widgets shown

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
        steps = max(len(pages) for pages in self.pages) - 1
        self.step_box = w.BoundedIntText(value=0, min=0, max=steps, description=_("step"),
                                         continuous_update=True, layout=w.Layout(width="auto"))
        self.boards = [(w.HTML(), w.HTML()) for _ in self.values]
        columns = [w.VBox([w.HTML(self._heading(v)), board, narration],
                          layout=w.Layout(width=f"{96 // len(self.values)}%"))
                   for v, (board, narration) in zip(self.values, self.boards, strict=True)]
        readings = _("{question}: {count} readings side by side").format(
            question=_(self.option.title), count=len(self.values))
        self.heading = w.HTML(f"<h4>{escape(_(sc.title))}</h4><p>{escape(readings)}</p>")
        self.size = size or default_size()
        super().__init__([self.heading, self.step_box, w.HBox(columns)])
        self.size_switch = SizeSwitch(self, self.size, self._resize)
        self.children = (self.heading, w.HBox([self.step_box, self.size_switch], layout=w.Layout(
            flex_flow="row wrap", align_items="center")), *self.children[2:])
        self.step_box.observe(self._show, names="value")
        self._show()

    def _resize(self, size: str) -> None:
        self.size = size
        self._show()

    def _heading(self, value: str) -> str:
        choice = self.option.choice(value)
        reading = _(choice.description)
        return (f'<div style="line-height:1.4"><b>{escape(reading[:1].upper() + reading[1:])}'
                f"</b><br><small>{escape(_(choice.evidence))}"
                f"{': ' + escape(cite(choice.sources)) if choice.sources else ''}</small></div>")

    def _show(self, change: Any = None) -> None:
        i = self.step_box.value
        scale = SIZES[self.size]
        for (board, narration), pages in zip(self.boards, self.pages, strict=True):
            shown, told = pages[min(i, len(pages) - 1)]
            board.value = f'<div style="font-size:{scale}">{shown}</div>'
            narration.value = f'<div style="font-size:{scale}">{told}</div>'

    @speaking
    def static_html(self) -> str:
        cells = "".join(f'<td style="vertical-align:top">{self._heading(v)}{pages[-1][0]}'
                        f"{pages[-1][1]}</td>"
                        for v, pages in zip(self.values, self.pages, strict=True))
        return f"{self.heading.value}<table><tr>{cells}</tr></table>"

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
