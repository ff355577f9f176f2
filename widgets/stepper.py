"""The step-through player: first / back / next / last and a slider over a game."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from skitgubbe_core.view import position_html, step_html

from .sources import resolve
from .static import StaticPicture

EVERYONE = "everyone's cards"


class Stepper(StaticPicture, w.VBox):
    """Step through ``source`` (a game, record, scenario or example name).

    ``viewer`` shows the table as one player sees it (others' hands face down);
    ``deck`` is ``"two-colour"`` or ``"four-colour"``.  Moving back and forth always
    shows the same pictures: every page is computed from the game's history.
    """

    def __init__(self, source: Any, *, viewer: str | None = None, deck: str = "two-colour",
                 title: str | None = None) -> None:
        self.game, found = resolve(source)
        self.title = title if title is not None else found
        self.deck = deck
        n = self.game.move_count
        self.slider = w.IntSlider(value=0, min=0, max=n, description="step",
                                  continuous_update=True, layout=w.Layout(width="24em"))
        self.first = w.Button(description="first", icon="step-backward", tooltip="the start")
        self.back = w.Button(description="back", icon="chevron-left", tooltip="one step back")
        self.next = w.Button(description="next", icon="chevron-right", tooltip="one step on")
        self.last = w.Button(description="last", icon="step-forward", tooltip="the end")
        self.view = w.Dropdown(options=[EVERYONE, *self.game.players],
                               value=viewer or EVERYONE, description="show")
        self.heading = w.HTML(f"<h4>{escape(self.title)}</h4>" if self.title else "")
        self.board = w.HTML()
        self.narration = w.HTML()
        self.first.on_click(lambda _: self.go(0))
        self.back.on_click(lambda _: self.go(self.slider.value - 1))
        self.next.on_click(lambda _: self.go(self.slider.value + 1))
        self.last.on_click(lambda _: self.go(n))
        self.slider.observe(self._show, names="value")
        self.view.observe(self._rebuild, names="value")
        controls = w.HBox([self.first, self.back, self.slider, self.next, self.last])
        super().__init__([self.heading, controls, self.view, self.board, self.narration])
        self._rebuild()

    def go(self, index: int) -> None:
        """Show step ``index`` (clamped to the game)."""
        self.slider.value = max(0, min(self.slider.max, index))

    def _rebuild(self, change: Any = None) -> None:
        viewer = None if self.view.value == EVERYONE else self.game.players.index(self.view.value)
        replay = self.game.copy_at(0)
        pages = [(position_html(replay, viewer=viewer, deck=self.deck),
                  step_html(None, replay.players, self.title))]
        for step in self.game.history:
            replay.play(step.action)
            pages.append((position_html(replay, viewer=viewer, deck=self.deck),
                          step_html(step, replay.players)))
        self.pages = pages
        self._show()

    def _show(self, change: Any = None) -> None:
        i = self.slider.value
        self.board.value, self.narration.value = self.pages[i]
        self.first.disabled = self.back.disabled = i == 0
        self.next.disabled = self.last.disabled = i == self.slider.max

    def static_html(self) -> str:
        return self.heading.value + self.board.value + self.narration.value

    def __repr__(self) -> str:
        return f"Stepper({self.title or self.game.rules.describe()!r}, {self.slider.max} steps)"
