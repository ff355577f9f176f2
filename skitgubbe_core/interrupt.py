"""Stopping a study for certain: Ctrl-C, SIGTERM (``kill``, ``timeout``) and SIGHUP (the
terminal closed) alike.

Python turns Ctrl-C into a ``KeyboardInterrupt`` wherever the program happens to be, and
a few places drop it: one raised in an import's module-lock callback is reported as
"Exception ignored" and lost, and one raised while pandas compares two dtypes is lost
without a word (both seen in ``skitgubbe simulate`` on a busy machine, which then played
on).  So while :func:`remembered` is in force (the command line keeps it so), Ctrl-C also
leaves a mark, and a study's chunks (:func:`checked`) stop at the next chunk if the
exception itself was lost; the lost exception is not reported either.  SIGTERM and SIGHUP
are turned into :class:`Stopped` (a ``KeyboardInterrupt``), so whatever cleans up after
Ctrl-C (temporary files, a study's worker processes) cleans up after them too.

An exception raised inside ``concurrent.futures`` (creating a pool, submitting, waiting,
shutting down) can leave a future's lock held, and the clean-up then hangs for good; so
calls into a pool run under :func:`deferred`, where a stop is only remembered, and raised
as the call returns (such calls wait at most a tenth of a second at a time).
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TypeVar

T = TypeVar("T")
STOPPING = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                 if hasattr(signal, name))
"""The signals that stop a command as Ctrl-C does (Windows has no SIGHUP)."""


class Stopped(KeyboardInterrupt):
    """The command was told to stop by ``signum`` (SIGTERM, SIGHUP; Ctrl-C is a plain
    ``KeyboardInterrupt``)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class _Heard:
    """The last stopping signal heard (for :func:`checked`), how deep in :func:`deferred`
    blocks the main thread is, and the stop they hold."""

    last: int | None = None
    depth = 0
    held: int | None = None


def _stop(signum: int) -> KeyboardInterrupt:
    return KeyboardInterrupt() if signum == signal.SIGINT else Stopped(signum)


def _on_signal(signum: int, frame: FrameType | None) -> None:
    _Heard.last = signum
    if _Heard.depth:
        if _Heard.held is None:
            _Heard.held = signum
        return
    raise _stop(signum)


@contextmanager
def deferred() -> Iterator[None]:
    """Inside the block a stop (under :func:`remembered`) is only remembered; it is
    raised when the block ends."""
    _Heard.depth += 1
    try:
        yield
    finally:
        _Heard.depth -= 1
        if not _Heard.depth and _Heard.held is not None:
            signum, _Heard.held = _Heard.held, None
            raise _stop(signum)


@contextmanager
def remembered() -> Iterator[None]:
    """While in force, Ctrl-C raises ``KeyboardInterrupt`` as always, SIGTERM and SIGHUP
    raise :class:`Stopped`, and each is remembered for :func:`checked`.  It does nothing
    outside the main thread (only that one hears signals), and leaves a signal ignored
    where it is (Ctrl-C in a job started with ``&``, SIGHUP under ``nohup``)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {s: signal.getsignal(s) for s in STOPPING}
    hook = sys.unraisablehook

    def unraisable(info: sys.UnraisableHookArgs) -> None:
        if info.exc_type is None or not issubclass(info.exc_type, KeyboardInterrupt):
            hook(info)

    ours = [s for s, handler in previous.items() if handler not in (signal.SIG_IGN, None)]
    for signum in ours:
        signal.signal(signum, _on_signal)
    sys.unraisablehook = unraisable
    try:
        yield
    finally:
        for signum in ours:
            signal.signal(signum, previous[signum])
        sys.unraisablehook = hook
        _Heard.held = None


def checked(parts: Iterator[T]) -> Generator[T, None, None]:
    """``parts``, a study's chunks, raising ``KeyboardInterrupt`` (or :class:`Stopped`)
    before and after each one once a stopping signal has been heard (under
    :func:`remembered`) since this call."""
    _Heard.last = None
    return _checking(parts)


def _checking(parts: Iterator[T]) -> Generator[T, None, None]:
    for part in parts:
        if _Heard.last is not None:
            raise _stop(_Heard.last)
        yield part
        if _Heard.last is not None:
            raise _stop(_Heard.last)
