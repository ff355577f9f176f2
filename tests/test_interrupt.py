"""Ctrl-C stops a study even where a library drops the KeyboardInterrupt it raises (an
import's module-lock callback, pandas comparing dtypes: both seen on a busy machine)."""

import os
import signal
import sys
import threading
import time
from types import SimpleNamespace

import pytest

from skitgubbe_core import interrupt
from skitgubbe_core.simulate import study_rows


def _ctrl_c_that_a_library_drops():
    """Press Ctrl-C, and drop the exception, as such a library does."""
    try:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)  # the handler runs here, in the main thread
    except KeyboardInterrupt:
        pass
    else:
        pytest.fail("Ctrl-C raised nothing")


def test_a_study_stops_at_its_next_chunk_when_a_library_drops_ctrl_c():
    before = signal.getsignal(signal.SIGINT)
    with interrupt.remembered():
        _columns, parts = study_rows("skitgubbe", 3, 1000, seed=1, chunk_size=5)
        assert len(next(parts)) == 5
        _ctrl_c_that_a_library_drops()
        with pytest.raises(KeyboardInterrupt):
            next(parts)
        _columns, parts = study_rows("skitgubbe", 3, 10, seed=1, chunk_size=5)
        assert sum(map(len, parts)) == 10  # the next study starts afresh
    assert signal.getsignal(signal.SIGINT) is before


def test_a_ctrl_c_pressed_before_the_first_chunk_stops_it_too():
    with interrupt.remembered():
        _columns, parts = study_rows("skitgubbe", 3, 1000, seed=1, chunk_size=5)
        _ctrl_c_that_a_library_drops()  # while the caller imports pandas, say
        with pytest.raises(KeyboardInterrupt):
            next(parts)


def test_a_ctrl_c_dropped_in_a_callback_is_not_reported_and_other_errors_are(monkeypatch):
    reported = []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)
    with interrupt.remembered():
        for kind in (KeyboardInterrupt, ValueError):
            sys.unraisablehook(SimpleNamespace(exc_type=kind, exc_value=kind(),
                                               exc_traceback=None, err_msg=None, object=None))
    assert [info.exc_type for info in reported] == [ValueError]
    assert sys.unraisablehook == reported.append


def test_outside_the_main_thread_or_where_ctrl_c_is_ignored_nothing_changes():
    handlers = []

    def in_a_thread():
        with interrupt.remembered():
            handlers.append(signal.getsignal(signal.SIGINT))

    thread = threading.Thread(target=in_a_thread)
    thread.start()
    thread.join()
    assert handlers == [signal.getsignal(signal.SIGINT)]
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with interrupt.remembered():
            assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, before)


def test_sigterm_and_sighup_stop_as_ctrl_c_does_and_are_restored():
    before = {s: signal.getsignal(s) for s in interrupt.STOPPING}
    with interrupt.remembered():
        for signum in (signal.SIGTERM, signal.SIGHUP):
            with pytest.raises(interrupt.Stopped) as stop:
                os.kill(os.getpid(), signum)
                time.sleep(1)
            assert isinstance(stop.value, KeyboardInterrupt) and stop.value.signum == signum
    assert {s: signal.getsignal(s) for s in interrupt.STOPPING} == before


def test_a_stop_inside_a_deferred_block_is_raised_as_the_block_ends():
    done = []
    with interrupt.remembered():
        with pytest.raises(interrupt.Stopped) as stop, interrupt.deferred():
            with interrupt.deferred():
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(0.2)  # the handler runs, and only remembers
                os.kill(os.getpid(), signal.SIGHUP)
                time.sleep(0.2)
                done.append("inner")
            done.append("outer")
        assert done == ["inner", "outer"] and stop.value.signum == signal.SIGTERM
        with interrupt.deferred():
            pass  # nothing held any more


def test_a_dropped_sigterm_stops_a_study_at_its_next_chunk_with_its_own_signal():
    with interrupt.remembered():
        _columns, parts = study_rows("skitgubbe", 3, 1000, seed=1, chunk_size=5)
        assert len(next(parts)) == 5
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(1)
        except KeyboardInterrupt:
            pass  # dropped, as a library may
        with pytest.raises(interrupt.Stopped) as stop:
            next(parts)
        assert stop.value.signum == signal.SIGTERM
