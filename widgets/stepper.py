"""The step-through player: first / back / next / last, buttons that move by whole
moves, a **frame** box (a labelled number field: its arrow keys step, a number typed
jumps), a menu of whose cards to show and the size switch.  Every frame is made here
once and sent to the browser (:mod:`.frontend`), which steps with no kernel message."""

from __future__ import annotations

from html import escape
from typing import Any

import traitlets as t

from skitgubbe_core.frames import Frame, frames, key_frames
from skitgubbe_core.i18n import N_, speaking
from skitgubbe_core.i18n import gettext as _
from skitgubbe_core.view import frame_board_html, narration_html, sources_html, strip_html

from . import arguments
from .classroom import default_size
from .frontend import Pieces, View, joined
from .sources import resolve
from .static import StaticPicture

EVERYONE = N_("everyone's cards")
STATIC_FRAMES = 40
"""At most this many frames in the static picture (a whole random game has hundreds)."""
BUTTONS = {  # name: (what it says, what it does)
    "first": (N_("first"), N_("the start")),
    "back_move": (N_("move"), N_("back to the previous move")),
    "back": (N_("back"), N_("one frame back")),
    "next": (N_("next"), N_("one frame on")),
    "next_move": (N_("move"), N_("on to the next move")),
    "last": (N_("last"), N_("the end")),
}
"""The stepper's buttons, in their order."""


class Stepper(StaticPicture, View):
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

    The browser gets every frame at once (traits ``pieces``, ``steps``; see
    :mod:`.frontend`); ``position`` (the frame on show, from 0) and ``viewer`` (0:
    everyone's cards, else the seat + 1) follow :meth:`go` from Python.
    """

    position = t.Int(0).tag(sync=True)
    viewer = t.Int(0).tag(sync=True)
    heading = t.Unicode().tag(sync=True)
    viewers = t.List(t.Unicode()).tag(sync=True)
    pieces = t.List(t.Unicode()).tag(sync=True)
    steps = t.List(t.Dict()).tag(sync=True)
    sources = t.Unicode().tag(sync=True)

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
        self.deck = deck
        self.frames: list[Frame] = frames(self.game)
        players, rules = self.game.players, self.game.rules
        table = Pieces()
        steps = [{"boards": [table.add(frame_board_html(f, players, rules, viewer=v, deck=deck))
                             for v in (None, *range(len(players)))],
                  "told": table.add(narration_html(f, players, self.title, label=False)),
                  "label": f.label, "move": f.move}
                 for f in self.frames]
        words = {name: _(said) for name, (said, _tip) in BUTTONS.items()}
        words |= {f"{name}_tip": _(tip) for name, (_said, tip) in BUTTONS.items()}
        words |= {"frame": _("frame"), "show": _("show"),
                  "where": _("frame {number} of {count}")}
        super().__init__(size or default_size(), words, kind="stepper",
                         heading=self.title, viewers=[_(EVERYONE), *players],
                         viewer=0 if viewer is None else players.index(viewer) + 1,
                         pieces=table.pieces, steps=steps,
                         sources=sources_html(self.frames, rules))

    @property
    def frame(self) -> Frame:
        """The frame on show."""
        return self.frames[self.position]

    @property
    def board(self) -> str:
        """The board on show, as the browser draws it (HTML)."""
        return joined(self.pieces, self.steps[self.position]["boards"][self.viewer])

    @property
    def narration(self) -> str:
        """What the frame on show narrates (HTML)."""
        return joined(self.pieces, self.steps[self.position]["told"])

    @property
    def label(self) -> str:
        """The frame on show's label and place, as the browser shows it beside the box."""
        where = self.words["where"].format(number=self.position + 1, count=len(self.frames))
        return f"{self.frame.label} · {where}"

    @speaking
    def go(self, index: int) -> None:
        """Show frame ``index`` (clamped to the game)."""
        index = arguments.whole_number("index", index)
        self.position = max(0, min(len(self.frames) - 1, index))

    @speaking
    def go_to_move(self, move: int) -> None:
        """Show the first frame of move ``move`` (0: the start; past the end: the last)."""
        move = arguments.whole_number("move", move)
        self.go(next((i for i, f in enumerate(self.frames) if f.move >= move), len(self.frames)))

    def move_start(self, direction: int) -> int:
        """The frame the **move** buttons go to: the start of the previous (``-1``) or
        next (``+1``) move; back from inside a move, its own start.  (The browser does
        the same with the frames' ``move``.)"""
        move = self.frame.move
        target = move if direction < 0 and self.frame.index > 1 else move + direction
        if target <= 0:
            return 0
        if target > self.frames[-1].move:
            return len(self.frames) - 1
        return next(i for i, f in enumerate(self.frames) if f.move >= target)

    @speaking
    def static_html(self) -> str:
        strip = strip_html(key_frames(self.frames), self.game.players, self.game.rules, deck=self.deck,
                           title=self.title, limit=STATIC_FRAMES)
        heading = f"<h4>{escape(self.title)}</h4>" if self.title else ""
        return heading + strip

    def __repr__(self) -> str:
        return (f"Stepper({self.title or self.game.rules.describe()!r}, "
                f"{self.game.move_count} moves, {len(self.frames)} frames)")
