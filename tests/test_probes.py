"""The probes of issue 18 at a size that takes seconds (set SKITGUBBE_PROBE_EXAMPLES for a
long run, e.g. 3000): random command lines, and HTML from hostile names and titles in
handouts and widgets.  Fuzzed match files run in test_fuzz_files.py, headless against
narrated games in test_headless.py, and the resource bounds in test_hardening.py."""

from __future__ import annotations

import contextlib
import io
import os
from html import escape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skitgubbe_core.cli import main
from skitgubbe_core.handout import handout_html
from skitgubbe_core.schema import is_name
from skitgubbe_core.simulate import random_game

EXAMPLES = int(os.environ.get("SKITGUBBE_PROBE_EXAMPLES", "0"))
PROBE = settings(max_examples=EXAMPLES or 25, deadline=None, database=None,
                 suppress_health_check=list(HealthCheck))

ODD = ("-1", "0", "1", "2", "3", "9", "", " ", "x", "1e9", "99999999999999999999999",
       "not a url", "tcp://127.0.0.1:1", "koira", "mas", "atlanta", "nope", "A=B", "=",
       "turn_from_stock=never", "heuristic,random,random", "random", "\x1b[2J", "\u202e",
       "a.csv", "a.parquet", "a.txt", "g.json", "/dev/null", ".", "processes", "serial")
FLAGS = ("--players", "--seed", "--variant", "--option", "--max-moves", "--record", "--deals",
         "--games", "--bots", "--rotate", "--playouts", "--scheduler", "--workers",
         "--address", "--chunk-size", "--out", "--quiet", "--out-of-turn", "--list",
         "--timeout", "-o", "--workers-beyond-cores")
COMMANDS = ("play", "match", "simulate", "variants", "example", "check", "replay", "handout")
SMALL = {"--games": "3", "--deals": "2", "--max-moves": "40", "--playouts": "2",
         "--timeout": "1"}
"""Values put after these flags, whatever was drawn, so that a run stays short."""


@st.composite
def command_lines(draw):
    args = [draw(st.sampled_from(COMMANDS))]
    for _ in range(draw(st.integers(0, 6))):
        flag = draw(st.sampled_from(FLAGS + ODD))
        args.append(flag)
        if flag in FLAGS and draw(st.booleans()):
            args.append(draw(st.sampled_from(ODD)))
    fixed = []
    for i, arg in enumerate(args):
        fixed.append(SMALL[args[i - 1]] if i and args[i - 1] in SMALL else arg)
    if fixed[0] in ("play", "match", "simulate") and "--max-moves" not in fixed:
        fixed += ["--max-moves", "40"]
    if fixed[0] == "simulate" and "--games" not in fixed:
        fixed += ["--games", "3"]
    if fixed[0] == "match" and "--deals" not in fixed:
        fixed += ["--deals", "2"]
    return fixed


@PROBE
@given(args=command_lines())
def test_any_command_line_ends_in_a_status_and_one_line_of_complaint(args, tmp_path_factory):
    folder = tmp_path_factory.mktemp("cli")
    out, err = io.StringIO(), io.StringIO()
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(args)
            except SystemExit as stop:
                status = stop.code
    finally:
        os.chdir(cwd)
    assert status in (0, 1, 2), (args, status, err.getvalue())
    complaint = err.getvalue()
    assert "Traceback" not in complaint
    if status == 2:
        lines = complaint.strip().splitlines()
        most = len(args) - 1 if args[0] == "check" else 1  # check: a line per bad file
        assert 1 <= len(lines) <= max(1, most), (args, complaint)
        assert all(line.startswith("skitgubbe") and line.isprintable() for line in lines)
    assert "\x1b" not in out.getvalue() + complaint and "\u202e" not in complaint


WORD = st.text(alphabet="abcé♥", min_size=1, max_size=6)
HOSTILE = st.builds(lambda shape, word: shape.format(word), st.sampled_from(
    ("<b>{}</b>", "<i onclick='x'>{}", "{}&x", "<script>{}")), WORD)
"""Names and titles that would be markup if a page forgot to escape them."""


@PROBE
@given(names=st.lists(HOSTILE.filter(is_name), min_size=3, max_size=3, unique=True),
       title=HOSTILE, plain=st.text(max_size=30), seed=st.integers(0, 50))
def test_hostile_names_and_titles_are_escaped_in_handouts(names, title, plain, seed):
    game = random_game(names, "skitgubbe", seed, max_moves=4)
    page = handout_html(game, title)
    for text in [*names, title]:
        assert text not in page, text
    assert escape(title) in page and "<script" not in page.lower()
    assert escape(plain) in handout_html(game, plain)


@PROBE
@given(names=st.lists(HOSTILE.filter(is_name), min_size=3, max_size=3, unique=True),
       seed=st.integers(0, 50))
def test_hostile_names_are_escaped_in_widgets(names, seed):
    pytest.importorskip("ipywidgets")
    from skitgubbe_widgets import PlayTable, Stepper

    table = PlayTable(players=names, seed=seed)
    table.play("play nothing")
    game = random_game(names, "skitgubbe", seed, max_moves=4)
    stepper = Stepper(game, title="<b>title</b>")
    stepper.go(2)
    values = [table.board, table.narration, table.message, *table.table["log"]["lines"],
              table.static_html(), stepper.static_html()]
    for name in names:
        if any(c in name for c in "<>&"):
            assert not any(name in value for value in values), name
