"""Files from strangers: every bad file ends in a short, clear error naming the file
and the JSON path - never a traceback, a hang, a lost card or a wrong "ok"."""

import copy
import json
import subprocess
import sys
import time

import pytest

from skitgubbe_core import Game, PositionError, RulesError, record, scenario
from skitgubbe_core.errors import MAX_MESSAGE, FileFormatError
from skitgubbe_core.record import RecordError
from skitgubbe_core.schema import (
    LIMITS,
    MATCH_SCHEMA,
    MAX_DEPTH,
    MAX_FILE_BYTES,
    MAX_NAME,
    MAX_PLAYERS,
    RECORD_SCHEMA,
    SCENARIO_SCHEMA,
)
from tests.helpers import phase1, phase2
from tests.schema_strategy import json_paths
from tests.test_scenarios import SPEC_EXAMPLE

RECORD = {"format": "skitgubbe-record/1", "variant": "skitgubbe", "options": {},
          "players": ["A", "B", "C"], "seed": 3, "actions": ["A: play 5♥"]}


def cli(*args):
    return subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", *args],
                          capture_output=True, text=True, encoding="utf-8", errors="replace")


def refused(data, kind):
    """The error that reading ``data`` as ``kind`` ('scenario' or 'record') raises."""
    with pytest.raises(FileFormatError) as err:
        if kind == "scenario":
            scenario.parse(data, file="f.json")
        else:
            record.from_record(data, file="f.json")
    message = str(err.value)
    assert message.startswith("f.json: ") and len(message) < 2 * MAX_MESSAGE, message
    return message


def edited(base, path, value):
    data = copy.deepcopy(base)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


# Finding 1: a wrong type anywhere is refused with its JSON path, for every field.

WRONG = [None, True, 7, 1.5, "x", [], {}, [7], {"A": 7}]


@pytest.mark.parametrize("kind, base", [("scenario", SPEC_EXAMPLE), ("record", RECORD)])
def test_every_field_of_the_wrong_type_is_refused_with_its_path(kind, base):
    for path in json_paths(base):
        if not path:
            continue
        for value in WRONG:
            data = edited(base, path, value)
            try:
                (scenario.parse if kind == "scenario" else record.from_record)(data, "f.json")
            except FileFormatError as err:
                assert len(str(err)) < 2 * MAX_MESSAGE
            # an accepted edit (a card string that is still a card, ...) is fine too


def test_the_examples_of_the_issue():
    assert refused(edited(RECORD, ("actions", 0), 7), "record") == (
        "f.json: actions[0]: 7 is not an action: write 'PLAYER: ACTION', for example "
        "'A: play 7D', 'B: pick up' or 'C: turn'")
    data = copy.deepcopy(SPEC_EXAMPLE)
    data["expect"][0]["out"] = "A"
    assert "expect[0].out: 'A' should be a list" in refused(data, "scenario")
    data = copy.deepcopy(SPEC_EXAMPLE)
    data["expect"][0]["illegal"] = {"x": 1}
    assert "expect[0].illegal: {'x': 1} should be a list" in refused(data, "scenario")
    data = copy.deepcopy(SPEC_EXAMPLE)
    data["expect"][0]["table"] = [7]
    assert "expect[0].table[0]: 7 should be a string" in refused(data, "scenario")
    for seed in ({"a": 1}, "7", 7.5, -1, True):
        assert "seed: " in refused(dict(SPEC_EXAMPLE, seed=seed), "scenario")


def test_unknown_fields_are_refused_not_ignored():
    assert "unknown field 'sed'; known fields:" in refused(dict(SPEC_EXAMPLE, sed=1), "scenario")
    assert "start: unknown field 'trupm'" in refused(
        edited(SPEC_EXAMPLE, ("start", "trupm"), "S"), "scenario")


# Finding 2: JSON the reader must survive, and the bounds of a file.

@pytest.mark.parametrize("text, message", [
    ("[" * 100_000 + "]" * 100_000, "nested deeper than"),
    ('{"format": "skitgubbe-record/1", "x": ' + "[" * 900 + "]" * 900 + "}",
     "nested deeper than"),
    ('{"seed": ' + "9" * 5000 + "}", "a number of 5000 digits: at most 20"),
    ('{"seed": NaN}', "NaN is not a JSON number"),
    ('{"format": "skitgubbe-record/1", "variant": "skitgubbe", "players": ["A", "\\ud800"], '
     '"seed": 1, "actions": []}', "players[1]: '\\ud800' holds a lone surrogate"),
    ('{"title": "\\udfff"}', "lone surrogate"),
    ("\xff\xfe", "not UTF-8"),
])
def test_json_the_reader_survives(tmp_path, text, message):
    path = tmp_path / "hostile.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape") if text != "\xff\xfe"
                     else b"\xff\xfe")
    for load in (record.load, scenario.load):
        with pytest.raises(FileFormatError) as err:
            load(path)
        assert str(err.value).startswith(f"{path}: ") and message in str(err.value)
    for command in ("check", "replay"):
        result = cli(command, str(path))
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert message in result.stderr.replace("\\\\", "\\")


def test_a_file_over_the_size_limit_is_refused_unread(tmp_path):
    path = tmp_path / "big.json"
    path.write_text('{"title": "' + "x" * MAX_FILE_BYTES + '"}', encoding="utf-8")
    with pytest.raises(RecordError, match=f"larger than the limit of {MAX_FILE_BYTES} bytes"):
        record.load(path)


def test_the_bounds_of_a_file():
    players = [f"P{i}" for i in range(MAX_PLAYERS + 1)]
    assert f"the limit is at most {MAX_PLAYERS}" in refused(dict(RECORD, players=players),
                                                           "record")
    long_name = "N" * (MAX_NAME + 1)
    assert f"use 1-{MAX_NAME} characters" in refused(
        dict(RECORD, players=["A", long_name]), "record")
    deep = {"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {}}}}}}}}}
    assert f"nested deeper than {MAX_DEPTH} levels" in refused(dict(RECORD, options=deep),
                                                              "record")
    assert "a number of more than 20 digits" in refused(dict(RECORD, seed=10**30), "record")


# Finding 5: many player names are refused at once, in linear time.

def test_many_names_are_refused_quickly():
    names = [f"player {i}" for i in range(30_000)] + ["player 7"]
    started = time.perf_counter()
    message = refused(dict(RECORD, players=names), "record")
    assert f"the limit is at most {MAX_PLAYERS}" in message
    with pytest.raises(RulesError, match="a game needs 2-16 players"):
        Game(names)
    with pytest.raises(RulesError, match="'B' is named twice"):
        Game(["A", "B", "C", "B"])
    elapsed = time.perf_counter() - started
    assert elapsed < 5, f"{elapsed:.1f} s"  # the quadratic check it replaced took seconds


# Finding 6: names and titles cannot drive the terminal.

@pytest.mark.parametrize("name", ["A\x1b[2J", "A\nok: forged", "A\r", "\x9bB", "A\u202eB",
                                  " A", "A:B", ""])
def test_control_characters_in_names_are_refused(name):
    message = refused(dict(RECORD, players=[name, "B", "C"]), "record")
    assert "players[0]: " in message and "not a usable player name" in message
    assert "\x1b" not in message and "\n" not in message and "\r" not in message
    with pytest.raises(RulesError, match="not a usable player name"):
        Game([name, "B", "C"])


def test_control_characters_in_titles_are_refused_and_never_printed(tmp_path):
    data = dict(SPEC_EXAMPLE, title="ok\x1b[1A\rok: forged")
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = cli("check", str(path))
    assert result.returncode == 2
    assert "title: " in result.stderr and "\x1b" not in result.stdout + result.stderr
    assert result.stdout == ""


# Finding 7: messages quote a bounded prefix of the bad value.

@pytest.mark.parametrize("kind, path", [
    ("record", ("actions", 0)), ("record", ("variant",)), ("record", ("players", 0)),
    ("scenario", ("moves", 0)), ("scenario", ("start", "hands", "A", 0)),
    ("scenario", ("expect", 0, "illegal", 0)), ("scenario", ("start", "table")),
    ("scenario", ("options",)), ("scenario", ("title",)),
])
def test_messages_quote_a_bounded_prefix(kind, path):
    for value in ("Q" * 100_000, "A: play " + "7D " * 30_000, ["7D"] * 100_000,
                  {f"k{i}": i for i in range(10_000)}):
        base = SPEC_EXAMPLE if kind == "scenario" else RECORD
        refused(edited(base, path, value), kind)


# Finding 9: a closed pipe ends the command quietly.

def test_a_closed_pipe_ends_the_command_quietly():
    # An 8-player Mattis game narrates more than a pipe holds (64 kB), so the
    # command is still writing when the pipe closes, however fast the engine is.
    command = [sys.executable, "-m", "skitgubbe_core.cli", "play", "--variant", "mattis",
               "--players", "8", "--seed", "1"]
    play = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    play.stdout.readline()
    play.stdout.close()
    stderr = play.stderr.read().decode()
    assert play.wait() == 141
    assert stderr == ""


def test_a_seed_outside_the_format_is_refused_by_the_cli():
    result = cli("play", "--seed", "-1")
    assert result.returncode == 2 and "seed" in result.stderr


# The schemas are written once: the docs hold them, and the limits are documented.

def test_the_docs_hold_the_schemas_and_state_the_limits():
    from pathlib import Path

    docs = Path(__file__).resolve().parent.parent / "docs"
    for name, schema in (("scenario", SCENARIO_SCHEMA), ("record", RECORD_SCHEMA),
                         ("match", MATCH_SCHEMA)):
        text = (docs / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8")
        assert json.loads(text) == json.loads(json.dumps(schema)), (
            f"docs/schemas/{name}.schema.json is stale: run python -c 'from "
            "skitgubbe_core.schema import write_schemas; write_schemas(\"docs/schemas\")'")
    guide = (docs / "scenarios.md").read_text(encoding="utf-8")
    for bound, what in LIMITS.values():
        assert f"| {bound:,} | {what} |" in guide, (bound, what)


# Finding 3: a start position is refused unless it can be played to the end.

@pytest.mark.parametrize("preset, start, message", [
    ("skitgubbe", phase1({"A": "7D 8D", "B": "", "C": "2H"}, "QH 6S 9C"),
     "start.hands: B cannot be without cards while the stock lasts"),
    ("atlanta", phase1({"A": "", "B": "", "C": "2S"}, "2C", trump_holder="A"),
     "start.hands: A, B cannot be without cards while the stock lasts"),
    ("skitgubbe", phase1({"A": "", "B": "2C", "C": "2H"}, "", trump_card="3S", trump_holder="B"),
     "start.to_play: A has no card to play and cannot turn one, so phase 1 would be over"),
    ("skitgubbe", phase1({"A": "7D", "B": "2C", "C": "2H"}, "4S 5S", trump_card="3S",
                         trump_holder="B"),
     "start.trump_card: the trump card is the last card of the stock"),
    ("mas", phase1({"A": "7D", "B": "2C"}, "", trump="S", trump_card="3S", trump_holder="B"),
     "start.trump_card: with a turned-up trump the last stock card goes to a hand"),
    ("skitgubbe", phase1({"A": "7D", "B": "2C", "C": "2H"}, "4S 5S", table=["9H", "KH"]),
     "start.table[1]: 9♥ and K♥ differ in rank, so the trick would have been taken"),
    ("skitgubbe", phase2({"A": "7D", "B": "2C", "C": ""}, out=["B"], to_play="A"),
     "start.out: B cannot be out while holding cards"),
    ("skitgubbe", phase2({"A": "7D", "B": "2C", "C": ""}, out=[]),
     "start.out: C must be out: in this variant a player without cards in phase 2"),
    ("skitgubbe", phase2({"A": "7D", "B": "2C", "C": "3C"}, table=["9H"], trick_size=9),
     "start.trick_size: a trick has at most 3 plays, one per player, not 9"),
])
def test_positions_the_engine_cannot_play_are_refused(tmp_path, preset, start, message):
    players = "AB" if preset == "mas" else "ABC"
    with pytest.raises(PositionError) as err:
        Game(list(players), preset, start=start)
    assert str(err.value).startswith(message), str(err.value)
    data = {"format": "skitgubbe-scenario/1", "variant": preset, "players": list(players),
            "start": start, "moves": []}
    path = tmp_path / "impossible.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = cli("check", str(path))
    assert result.returncode == 2 and "ok" not in result.stdout
    assert result.stderr.startswith(f"skitgubbe: {path}: {message}")


@pytest.mark.parametrize("seed", ["7", 1.5, {"a": 1}, -1, True, 2**64])
def test_a_game_refuses_a_seed_no_record_could_store(seed):
    with pytest.raises(RulesError, match="should be a whole number from 0 to"):
        Game(3, seed=seed)


def test_a_match_record_is_read_with_its_schema():
    from skitgubbe_core import match

    data = match.to_json(match.play_match(3, 2, seed=1))
    for path, value, message in ((("deals", 0, "actions", 0), 7, "deals[0].actions[0]: 7 is not"),
                                 (("players", 0), "A\x1b[2J", "players[0]: "),
                                 (("counts", "A"), -1, "counts.A: -1 should be at least 0"),
                                 (("deals",), [{}] * 101, "deals: a list of 101 items")):
        with pytest.raises(match.MatchError) as err:
            match.from_json(edited(data, path, value), "m.json")
        assert str(err.value).startswith(f"m.json: {message}"), str(err.value)
    with pytest.raises(RulesError, match="at most 100 deals"):
        match.play_match(3, 101, seed=1)
