"""Ctrl-C stops a study for certain.

Python turns Ctrl-C into a ``KeyboardInterrupt`` wherever the program happens to be, and
a few places drop it: one raised in an import's module-lock callback is reported as
"Exception ignored" and lost, and one raised while pandas compares two dtypes is lost
without a word (both seen in ``skitgubbe simulate`` on a busy machine, which then played
on).  So while :func:`remembered` is in force (the command line keeps it so), Ctrl-C also
leaves a mark, and a study's chunks (:func:`checked`) stop at the next chunk if the
exception itself was lost; the lost exception is not reported either.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TypeVar

T = TypeVar("T")
_pressed = threading.Event()


def _on_interrupt(signum: int, frame: FrameType | None) -> None:
    _pressed.set()
    raise KeyboardInterrupt


@contextmanager
def remembered() -> Iterator[None]:
    """While in force, Ctrl-C raises ``KeyboardInterrupt`` as always and is remembered
    for :func:`checked`.  It does nothing outside the main thread (only that one hears
    signals), nor where Ctrl-C is ignored (a job started with ``nohup``, say)."""
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous == signal.SIG_IGN:
        yield
        return
    hook = sys.unraisablehook

    def unraisable(info: sys.UnraisableHookArgs) -> None:
        if info.exc_type is None or not issubclass(info.exc_type, KeyboardInterrupt):
            hook(info)

    signal.signal(signal.SIGINT, _on_interrupt)
    sys.unraisablehook = unraisable
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        sys.unraisablehook = hook


def checked(parts: Iterator[T]) -> Iterator[T]:
    """``parts``, a study's chunks, raising ``KeyboardInterrupt`` before and after each
    one once Ctrl-C has been pressed (under :func:`remembered`) since this call."""
    _pressed.clear()
    return _checking(parts)


def _checking(parts: Iterator[T]) -> Iterator[T]:
    for part in parts:
        if _pressed.is_set():
            raise KeyboardInterrupt
        yield part
        if _pressed.is_set():
            raise KeyboardInterrupt
