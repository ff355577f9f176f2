"""A study on processes (simulate, compare, ladder) ended by SIGTERM (``kill``, ``timeout``), SIGHUP (the terminal
closed) or SIGKILL ends its workers and removes its temporary file as after Ctrl-C
(issue 29, items 6 and 7), promptly, whenever the stop comes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import psutil
import pytest

CLI = [sys.executable, "-m", "skitgubbe_core.cli"]
STUDIES = {
    "simulate": ["simulate", "--games", "1000000", "--chunk-size", "5"],
    "compare": ["compare", "--variants", "skitgubbe", "--players", "3", "--games", "1000000",
                "--chunk-size", "5"],
    "ladder": ["ladder", "--bots", "random,heuristic,search", "--playouts", "2", "--games",
               "1000000"],
}
PROCESSES = ["--scheduler", "processes", "--workers", "2"]
DEADLINE = 30
"""Seconds for anything to happen on a busy machine (it happens in well under one)."""


def _start(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(["nice", *CLI, *args], cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)


def _workers(proc: subprocess.Popen[str], count: int = 2) -> list[psutil.Process]:
    """The study's processes but the main one, once ``count`` of them exist."""
    end = time.monotonic() + DEADLINE
    while time.monotonic() < end:
        try:
            found = psutil.Process(proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            found = []
        # `nice` execs the CLI, so proc.pid is the study's own process
        if len(found) >= count:
            return found
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.05)
    pytest.fail(f"no {count} workers within {DEADLINE} s")


def _alive(processes: list[psutil.Process]) -> list[psutil.Process]:
    def running(p: psutil.Process) -> bool:
        try:
            return p.is_running() and p.status() != psutil.STATUS_ZOMBIE
        except psutil.NoSuchProcess:
            return False
    return [p for p in processes if running(p)]


def _all_gone(processes: list[psutil.Process], within: float = DEADLINE) -> float:
    """Seconds until none of ``processes`` lives (fails after ``within``)."""
    start = time.monotonic()
    while _alive(processes):
        if time.monotonic() - start > within:
            for p in _alive(processes):
                p.kill()
            pytest.fail(f"workers still alive after {within} s: {processes}")
        time.sleep(0.05)
    return time.monotonic() - start


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("study", STUDIES)
def test_a_stopped_study_ends_its_workers_and_removes_its_file(tmp_path, study, signum):
    args = [*STUDIES[study], *PROCESSES]
    if study == "simulate":
        args += ["--out", "games.csv"]
    proc = _start(args, tmp_path)
    try:
        workers = _workers(proc)
        if study == "simulate":  # the rows stream into a hidden file beside games.csv
            end = time.monotonic() + DEADLINE
            while not list(tmp_path.iterdir()) and time.monotonic() < end:
                time.sleep(0.05)
            assert [p.name for p in tmp_path.iterdir()][0].startswith(".games.csv.")
        start = time.monotonic()
        os.kill(proc.pid, signum)  # the process alone, as `kill` or `timeout` does
        _, err = proc.communicate(timeout=DEADLINE)
        took = time.monotonic() - start
        assert _all_gone(workers) < 5
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 128 + signum, err
    assert err == "" and took < 10
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("study", STUDIES)
def test_workers_end_themselves_when_the_study_is_killed(tmp_path, study):
    proc = _start([*STUDIES[study], *PROCESSES], tmp_path)
    workers: list[psutil.Process] = []
    try:
        workers = _workers(proc)
        proc.kill()  # SIGKILL: the study can clean up nothing
        proc.wait(DEADLINE)
        assert _all_gone(workers) < 5
    finally:
        proc.kill()
        for p in _alive(workers):
            p.kill()


STOPPED_AT_RANDOM = textwrap.dedent("""
    import os, random, signal, sys, threading, time
    import psutil
    from skitgubbe_core import interrupt
    from skitgubbe_core.simulate import study_rows

    me = psutil.Process()
    rng = random.Random(int(sys.argv[1]))
    budget = time.monotonic() + float(sys.argv[3])
    tries = 0
    while tries < int(sys.argv[2]) and time.monotonic() < budget:
        tries += 1
        signum = rng.choice([signal.SIGTERM, signal.SIGHUP])
        timer = threading.Timer(rng.uniform(0, 0.06), os.kill, (os.getpid(), signum))
        try:
            with interrupt.remembered():
                timer.start()
                _, rows = study_rows(games=10**9, seed=tries, scheduler="processes",
                                     workers=2, chunk_size=2)
                for _chunk in rows:
                    pass
        except interrupt.Stopped:
            pass
        timer.join()
        end = time.monotonic() + 10
        while [c for c in me.children(recursive=True) if c.status() != psutil.STATUS_ZOMBIE]:
            assert time.monotonic() < end, f"workers alive after try {tries}"
            time.sleep(0.01)
    print(tries)
""")


def test_a_stop_at_any_early_moment_ends_the_study_without_hanging():
    """The stop lands anywhere in the pool's life, creating it and its workers included
    (a KeyboardInterrupt raised inside ``concurrent.futures`` could leave a future's lock
    held and hang the clean-up, about once in a hundred such stops)."""
    seed = int(time.time())
    start = time.monotonic()
    result = subprocess.run(["nice", sys.executable, "-c", STOPPED_AT_RANDOM, str(seed), "300",
                             "15"], capture_output=True, text=True, timeout=90)
    assert result.returncode == 0, (seed, result.stderr[-3000:])
    tries = int(result.stdout)
    assert tries >= 20 and time.monotonic() - start < 90, (seed, tries)
