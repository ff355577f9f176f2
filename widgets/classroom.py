"""Projector mode: every widget has a size switch (normal, large, huge; drawn and
applied in the browser, see :mod:`.frontend`) that scales its cards, text, labels and
buttons; :func:`classroom` sets the size the widgets made after it start with, for a
whole notebook.

>>> classroom(size="large")
>>> default_size()
'large'
>>> classroom(size="normal")
"""

from __future__ import annotations

from skitgubbe_core.view import SIZES

from . import arguments

_DEFAULT = ["normal"]


def classroom(size: str = "large") -> None:
    """Make every widget created from now on start at ``size`` (``normal``, ``large``
    or ``huge``; each widget's own switch still changes it)."""
    _DEFAULT[0] = arguments.one_of("size", size, SIZES)


def default_size() -> str:
    """The size new widgets start at (see :func:`classroom`)."""
    return _DEFAULT[0]
