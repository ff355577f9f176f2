"""The widgets' front end: one JavaScript module and one style sheet
(``front/skitgubbe.js``, ``front/skitgubbe.css``), shared by every widget of a kernel.

Python computes everything a view will show (boards, narration, questions, answers,
the translated words) and sends it once as traits; the module answers every click in
the browser, with no kernel message.  The play table is the exception: its engine is
Python, so the module sends its clicks to the kernel and draws what comes back.  A
notebook stores the module once: it is held by one small shared model, :class:`Front`
(a plain ``Widget``, never displayed), and each view's own module (:data:`LOADER`,
anywidget's ``_esm``) is a few lines that fetch it through the widget manager and
import it.  Repeated HTML is stored once:
:class:`Pieces` cuts the boards into pieces and each frame lists its pieces'
numbers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w
import traitlets as t

from skitgubbe_core.i18n import N_
from skitgubbe_core.i18n import gettext as _
from skitgubbe_core.view import SIZES

from . import arguments

FOLDER = Path(__file__).resolve().parent / "front"
LOADER = """\
const loaded = (globalThis.__skitgubbe ??= new Map());
export default {
  async render({ model, el }) {
    const front = await model.widget_manager.get_model(model.get("front").replace(/^IPY_MODEL_/, ""));
    const source = front.get("source");
    if (!loaded.has(source)) {
      loaded.set(source, import(URL.createObjectURL(new Blob([source], { type: "text/javascript" }))));
    }
    return (await loaded.get(source)).render({ model, el, front });
  },
};
"""
"""Each view's ``_esm``: import the module the shared :class:`Front` model holds (once a
page), and let it draw the view."""
_SPLIT = re.compile(r"(?=<(?!/))")
"""Where a board or narration is cut into the pieces :class:`Pieces` stores once: before
each opening tag (a card, a row, a cell), which stores a random game's frames in fewer
bytes than cutting only before rows and cards."""
SIZE_WORDS = {"normal": N_("normal"), "large": N_("large"), "huge": N_("huge")}
SIZE_TIPS = {"normal": N_("normal size"), "large": N_("large, for a projector"),
             "huge": N_("huge, for the back of the room")}


class Front(w.Widget):
    """The shared model: the module's source and the style sheet (never displayed)."""

    source = t.Unicode().tag(sync=True)
    style = t.Unicode().tag(sync=True)


_SHARED: list[Front] = []


def front() -> Front:
    """The kernel's one :class:`Front` (made on first use, again if it was closed)."""
    if not _SHARED or _SHARED[0].comm is None:
        _SHARED[:] = [Front(source=(FOLDER / "skitgubbe.js").read_text(encoding="utf-8"),
                            style=(FOLDER / "skitgubbe.css").read_text(encoding="utf-8"))]
    return _SHARED[0]


class Pieces:
    """A table of unique HTML pieces: :meth:`add` cuts ``html`` into pieces and returns
    their numbers in the table (``pieces``) as one short text, base-36 numbers separated
    by spaces (a stored notebook writes a list of numbers one per line), so a piece used
    by many frames is stored once."""

    def __init__(self) -> None:
        self.numbers: dict[str, int] = {}

    def add(self, html: str) -> str:
        return " ".join(_base36(self.numbers.setdefault(piece, len(self.numbers)))
                        for piece in _SPLIT.split(html) if piece)

    @property
    def pieces(self) -> list[str]:
        return list(self.numbers)


def _base36(number: int) -> str:
    digits = ""
    while True:
        number, digit = divmod(number, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
        if not number:
            return digits


def joined(pieces: list[str], numbers: str) -> str:
    """The HTML that :meth:`Pieces.add` cut into ``numbers``."""
    return "".join(pieces[int(n, 36)] for n in numbers.split())


def size_words() -> dict[str, Any]:
    """The size switch's words, in the current language."""
    return {"size": _("size"), "sizes": {s: _(SIZE_WORDS[s]) for s in SIZES},
            "size_tips": {s: _(SIZE_TIPS[s]) for s in SIZES}}


class SizeSwitch:
    """The widget's size switch (normal, large, huge) as Python sees it: the front end
    draws it as three buttons with ``aria-pressed`` and scales the widget in the browser;
    :meth:`set` changes it from Python."""

    def __init__(self, root: View) -> None:
        self.root = root

    def set(self, size: str) -> None:
        """Show the widget at ``size`` (``normal``, ``large`` or ``huge``)."""
        self.root.size = arguments.one_of("size", size, SIZES)


class View(anywidget.AnyWidget):
    """A view drawn by the shared module: ``kind`` says which (``stepper``, ``quiz``,
    ``switcher``, ``table``); ``words`` are its translated words; ``size`` its size."""

    _esm = LOADER
    front = t.Instance(Front).tag(sync=True, **w.widget_serialization)
    kind = t.Unicode().tag(sync=True)
    size = t.Unicode("normal").tag(sync=True)
    words = t.Dict().tag(sync=True)

    def __init__(self, size: str, words: Mapping[str, Any], **traits: Any) -> None:
        super().__init__(front=front(), size=size, words={**size_words(), **words}, **traits)
        self.size_switch = SizeSwitch(self)
