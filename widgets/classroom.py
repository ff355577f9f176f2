"""Projector mode: every widget has a size switch (normal, large, huge) that scales its
cards, text, labels and buttons; :func:`classroom` sets the size the widgets made after
it start with, for a whole notebook.

>>> classroom(size="large")
>>> default_size()
'large'
>>> classroom(size="normal")
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as w

from skitgubbe_core.i18n import gettext as _
from skitgubbe_core.view import SIZES

from . import arguments

_DEFAULT = ["normal"]
_CONTROLS = {"large": "20px", "huge": "28px"}
_CSS = "".join(
    f".sg-size-{size} .widget-button, .sg-size-{size} .widget-toggle-button, "
    f".sg-size-{size} .widget-label, .sg-size-{size} .widget-readout, "
    f".sg-size-{size} select, .sg-size-{size} input {{font-size:{px} !important;"
    "height:auto !important;line-height:1.5 !important}"
    f".sg-size-{size} .widget-label {{width:auto !important;max-width:none !important;"
    "overflow:visible !important}"
    for size, px in _CONTROLS.items()) + "".join(
    f".sg-size-{size}.sg-redrawn-by-css .sg-board, .sg-size-{size}.sg-redrawn-by-css "
    f".sg-narration, .sg-size-{size}.sg-redrawn-by-css .sg-prompt {{font-size:{SIZES[size]} "
    "!important}" for size in SIZES)
"""The controls' scale (buttons, labels, menus, the move box), by a class on the widget;
the boards and narration scale by their own font size (:data:`SIZES`), drawn again, or
by this style sheet in a widget of class ``sg-redrawn-by-css``."""
FOCUS = "3px solid #0b57d0"
"""The keyboard focus ring of every control in our widgets (WCAG 2.4.7): a dark blue
(6.4:1 against white) 2 px outside the control, on a white halo so it shows on any
background; only for keyboard focus (``:focus-visible``), not after a mouse click."""
_FOCUS_CSS = (".sg-widget :is(button, select, input, summary, [tabindex]):focus-visible "
              f"{{outline:{FOCUS} !important;outline-offset:2px !important;"
              "box-shadow:0 0 0 5px #fff !important}"
              ".sg-widget .widget-text input[type=number] {width:4.5em;flex:0 0 auto}")
"""The focus ring, and a number box (the stepper's frame) as wide as four digits at
every size."""


def classroom(size: str = "large") -> None:
    """Make every widget created from now on start at ``size`` (``normal``, ``large``
    or ``huge``; each widget's own switch still changes it)."""
    _DEFAULT[0] = arguments.one_of("size", size, SIZES)


def default_size() -> str:
    """The size new widgets start at (see :func:`classroom`)."""
    return _DEFAULT[0]


class SizeSwitch(w.HBox):
    """The switch: three buttons, normal / large / huge, and the style sheets that scale
    the controls of ``root`` (the widget it belongs to) and ring their keyboard focus;
    ``redraw(size)`` draws the widget's boards again at the new size."""

    def __init__(self, root: w.DOMWidget, size: str, redraw: Callable[[str], None]) -> None:
        self.root, self.redraw = root, redraw
        self.buttons = w.ToggleButtons(
            options=[(_("normal"), "normal"), (_("large"), "large"), (_("huge"), "huge")],
            value=size, description=_("size"),
            tooltips=[_("normal size"), _("large, for a projector"),
                      _("huge, for the back of the room")],
            style={"button_width": "auto"})
        super().__init__([w.HTML(f"<style>{_CSS}{_FOCUS_CSS}</style>"), self.buttons])
        self.buttons.observe(lambda change: self.set(change["new"]), names="value")
        root.add_class("sg-widget")
        root.add_class(f"sg-size-{size}")

    def set(self, size: str) -> None:
        """Show the widget at ``size`` (``normal``, ``large`` or ``huge``)."""
        arguments.one_of("size", size, SIZES)
        for other in SIZES:
            self.root.remove_class(f"sg-size-{other}")
        self.root.add_class(f"sg-size-{size}")
        self.buttons.value = size
        self.redraw(size)
