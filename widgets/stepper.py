"""The step-through player: first / back / next / last, buttons that move by whole
moves, and a **frame** box (a labelled number field: its arrow keys step, a number
typed jumps; see :mod:`skitgubbe_widgets` on why not a slider)."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from skitgubbe_core.frames import Frame, frames, key_frames
from skitgubbe_core.i18n import N_, speaking
from skitgubbe_core.i18n import gettext as _
from skitgubbe_core.view import SIZES, frame_board_html, narration_html, sources_html, strip_html

from . import arguments
from .classroom import SizeSwitch, default_size
from .sources import resolve
from .static import StaticPicture

EVERYONE = N_("everyone's cards")
STATIC_FRAMES = 40
"""At most this many frames in the static picture (a whole random game has hundreds)."""


def _button(description: str, icon: str, tooltip: str) -> w.Button:
    return w.Button(description=_(description), icon=icon, tooltip=_(tooltip),
                    layout=w.Layout(width="auto", min_width="4.5em", flex="0 0 auto"))


class Stepper(StaticPicture, w.VBox):
    """Step through ``source`` (a game, record, scenario or example name), frame by
    frame: each card landing, each trick before and after it is taken, each draw.

    ``viewer`` shows the table as one player sees it (others' hands face down);
    ``deck`` is ``"two-colour"`` or ``"four-colour"``; ``size`` (``normal``, ``large``,
    ``huge``; by default as :func:`~skitgubbe_widgets.classroom` set it; the **size**
    switch changes it) scales cards
    and text for a projector.  The stepper shows a snapshot: a game given to it is
    copied, so playing on or undoing moves on that game later does not change it.
    Moving back and forth always shows the same pictures.  ``lang="sv"`` shows every
    word in Swedish (see :mod:`skitgubbe_core.i18n`).
    """

    @speaking

    def __init__(self, source: Any, *, viewer: str | None = None, deck: str = "two-colour",
                 title: str | None = None, size: str | None = None,
                 lang: str | None = None) -> None:
        self.lang = lang
        title, deck, size = arguments.text("title", title), arguments.deck(deck), arguments.size(size)
        game, found = resolve(source)
        arguments.one_of_or_none("viewer", viewer, game.players)
        self.game = game.copy()
        self.title = title if title is not None else found
        self.deck, self.size = deck, size or default_size()
        self.frames: list[Frame] = frames(self.game)
        last = len(self.frames) - 1
        self.frame_box = w.BoundedIntText(value=1, min=1, max=len(self.frames),
                                          description=_("frame"), continuous_update=True,
                                          layout=w.Layout(width="auto", flex="0 0 auto"))
        self.first = _button(N_("first"), "step-backward", N_("the start"))
        self.back_move = _button(N_("move"), "backward", N_("back to the previous move"))
        self.back = _button(N_("back"), "chevron-left", N_("one frame back"))
        self.next = _button(N_("next"), "chevron-right", N_("one frame on"))
        self.next_move = _button(N_("move"), "forward", N_("on to the next move"))
        self.last = _button(N_("last"), "step-forward", N_("the end"))
        self.label = w.HTML(layout=w.Layout(min_width="9em"))
        self.everyone = _(EVERYONE)
        self.view = w.Dropdown(options=[self.everyone, *self.game.players],
                               value=viewer or self.everyone, description=_("show"),
                               layout=w.Layout(width="auto"))
        self.heading = w.HTML(f"<h4>{escape(self.title)}</h4>" if self.title else "")
        self.board = w.HTML()
        self.narration = w.HTML()
        self.sources = w.HTML(sources_html(self.frames, self.game.rules))
        self.first.on_click(lambda _: self.go(0))
        self.back.on_click(lambda _: self.go(self.position - 1))
        self.next.on_click(lambda _: self.go(self.position + 1))
        self.last.on_click(lambda _: self.go(last))
        self.back_move.on_click(lambda _: self.go(self._move_start(-1)))
        self.next_move.on_click(lambda _: self.go(self._move_start(+1)))
        self.frame_box.observe(self._show, names="value")
        self.view.observe(self._show, names="value")
        wrap = w.Layout(flex_flow="row wrap", align_items="center")
        controls = w.HBox([self.first, self.back_move, self.back, self.next, self.next_move,
                           self.last, self.view], layout=wrap)
        scrub = w.HBox([self.frame_box, self.label], layout=w.Layout(
            flex_flow="row wrap", align_items="center", width="100%"))
        super().__init__([self.heading, controls, scrub,
                          self.board, self.narration, self.sources])
        self.size_switch = SizeSwitch(self, self.size, self._resize)
        controls.children = (*controls.children, self.size_switch)
        self._show()

    def _resize(self, size: str) -> None:
        self.size = size
        self._show()

    @property
    def position(self) -> int:
        """The index of the frame on show in :attr:`frames` (the **frame** box shows it
        counted from 1)."""
        return int(self.frame_box.value) - 1

    @property
    def frame(self) -> Frame:
        """The frame on show."""
        return self.frames[self.position]

    @speaking
    def go(self, index: int) -> None:
        """Show frame ``index`` (clamped to the game)."""
        index = arguments.whole_number("index", index)
        self.frame_box.value = max(0, min(len(self.frames) - 1, index)) + 1

    @speaking
    def go_to_move(self, move: int) -> None:
        """Show the first frame of move ``move`` (0: the start; past the end: the last)."""
        move = arguments.whole_number("move", move)
        self.go(next((i for i, f in enumerate(self.frames) if f.move >= move), len(self.frames)))

    def _move_start(self, direction: int) -> int:
        move = self.frame.move
        target = move if direction < 0 and self.frame.index > 1 else move + direction
        if target <= 0:
            return 0
        if target > self.frames[-1].move:
            return len(self.frames) - 1
        return next(i for i, f in enumerate(self.frames) if f.move == target)

    def _viewer(self) -> int | None:
        return None if self.view.value == self.everyone else self.game.players.index(self.view.value)

    @speaking
    def _show(self, change: Any = None) -> None:
        i = self.position
        frame = self.frames[i]
        self.board.value = frame_board_html(frame, self.game.players, self.game.rules,
                                            viewer=self._viewer(), deck=self.deck,
                                            size=self.size)
        narration = narration_html(frame, self.game.players, self.title, label=False)
        self.narration.value = (f'<div role="status" aria-live="polite" '  # read out on change
                                f'style="font-size:{SIZES[self.size]}">{narration}</div>')
        where = _("frame {number} of {count}").format(number=i + 1, count=len(self.frames))
        self.label.value = (f'<span style="font-size:{SIZES[self.size]}"><b>{escape(frame.label)}'
                            f"</b> &middot; {where}</span>")
        self.first.disabled = self.back.disabled = self.back_move.disabled = i == 0
        at_end = i == len(self.frames) - 1
        self.next.disabled = self.last.disabled = self.next_move.disabled = at_end

    @speaking
    def static_html(self) -> str:
        strip = strip_html(key_frames(self.frames), self.game.players, self.game.rules, deck=self.deck,
                           title=self.title, limit=STATIC_FRAMES)
        return str(self.heading.value + strip)

    def __repr__(self) -> str:
        return (f"Stepper({self.title or self.game.rules.describe()!r}, "
                f"{self.game.move_count} moves, {len(self.frames)} frames)")
