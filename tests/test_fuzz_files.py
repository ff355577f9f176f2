"""Fuzzing both file formats: documents generated from the schemas, and valid files
(the built-in scenarios, game records) mutated at random, as data and as text.

Whatever a file holds, reading it ends in a game or in one FileFormatError that names
the file and is short; a game it gives replays its moves and plays on to the end with
every card kept.  The run in ``make test`` is bounded (300 examples a test); set
``SKITGUBBE_FUZZ_EXAMPLES`` for a long run, e.g. 20000.
"""

from __future__ import annotations

import copy
import io
import json
import os
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skitgubbe_core import examples, quiz, record, scenario
from skitgubbe_core import match as matches
from skitgubbe_core.cli import main
from skitgubbe_core.errors import MAX_MESSAGE, FileFormatError
from skitgubbe_core.schema import RECORD_SCHEMA, SCENARIO_SCHEMA
from skitgubbe_core.simulate import random_game
from tests.odd_positions import play_to_the_end
from tests.schema_strategy import ANY_JSON, WORDS, from_schema, json_paths

EXAMPLES = int(os.environ.get("SKITGUBBE_FUZZ_EXAMPLES", "0"))
FUZZ = settings(max_examples=EXAMPLES or 300, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))
SCENARIOS = [examples.load(name).data for name in examples.names()]
RECORDS = [record.to_record(random_game(players, preset, seed, 400, None))
           for players, preset, seed in ((3, "skitgubbe", 1), (4, "mattis", 2), (3, "atlanta", 3),
                                         (2, "mas", 4), (3, "koira", 5))]
MATCHES = [matches.to_json(matches.play_match(3, 2, seed=6, rules="skitgubbe", max_moves=300))]
_BOUND = 2 * MAX_MESSAGE + 200


def read(data, kind: str):
    """Read ``data`` as ``kind``: a Scenario or Game, or None when it is refused."""
    try:
        if kind == "scenario":
            return scenario.parse(data, file="fuzz.json")
        if kind == "match":
            return matches.from_json(data, file="fuzz.json")
        return record.from_record(data, file="fuzz.json")
    except FileFormatError as err:
        message = str(err)
        assert message.startswith("fuzz.json: ") and len(message) < _BOUND, message
        return None


def check_accepted(thing, kind: str) -> None:
    """An accepted file is played without surprises: checkpoints are reported, and the
    game plays on to the end keeping every card."""
    if kind == "scenario":
        outcome = quiz.check(thing)
        assert all(len(line) < _BOUND for line in outcome.failures)
        game = outcome.game
    elif kind == "match":
        assert matches.from_json(matches.to_json(thing)).counts() == thing.counts()
        return
    else:
        game = thing
        again = record.from_record(record.to_record(game))
        assert again.snapshot() == game.snapshot()
    play_to_the_end(game, 0, game.move_count + 300)


@st.composite
def mutated(draw, bases):
    """A valid document with one to three random edits."""
    data = copy.deepcopy(draw(st.sampled_from(bases)))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(json_paths(data))
        path = draw(st.sampled_from(paths))
        parent, key = (None, None)
        target = data
        for step in path:
            parent, key, target = target, step, target[step]
        edit = draw(st.sampled_from(("replace", "word", "delete", "insert", "duplicate",
                                     "shuffle")))
        if parent is None:
            continue
        if edit == "replace":
            parent[key] = draw(ANY_JSON)
        elif edit == "word":
            parent[key] = " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1,
                                                 max_size=4)))
        elif edit == "delete":
            del parent[key]
        elif edit == "insert" and isinstance(target, list):
            target.insert(draw(st.integers(0, len(target))), draw(st.sampled_from(WORDS)))
        elif edit == "insert" and isinstance(target, dict):
            target[draw(st.sampled_from(WORDS))] = draw(ANY_JSON)
        elif edit == "duplicate" and isinstance(target, list) and target:
            target.append(copy.deepcopy(target[0]))
        elif edit == "shuffle" and isinstance(target, list):
            target[:] = draw(st.permutations(target))
    return data


SOURCES = {
    "mutated scenarios": (mutated(SCENARIOS), "scenario"),
    "mutated records": (mutated(RECORDS), "record"),
    "scenarios from the schema": (from_schema(SCENARIO_SCHEMA, valid_only=False), "scenario"),
    "records from the schema": (from_schema(RECORD_SCHEMA, valid_only=False), "record"),
    "mutated match records": (mutated(MATCHES), "match"),
}


@pytest.mark.parametrize("source", SOURCES)
@FUZZ
@given(data=st.data())
def test_files_are_refused_or_played_to_the_end(source, data):
    strategy, kind = SOURCES[source]
    thing = read(data.draw(strategy, label=source), kind)
    if thing is not None:
        check_accepted(thing, kind)


@st.composite
def mutated_text(draw):
    """A valid file as text, cut, spliced or nested."""
    data = draw(st.sampled_from(SCENARIOS + RECORDS))
    text = json.dumps(data, ensure_ascii=draw(st.booleans()))
    edit = draw(st.sampled_from(("cut", "splice", "nest", "number", "escape")))
    at = draw(st.integers(0, len(text)))
    if edit == "cut":
        return text[:at]
    if edit == "splice":
        return text[:at] + draw(st.text(max_size=8)) + text[at:]
    if edit == "nest":
        depth = draw(st.integers(1, 3000))
        return text[:at] + "[" * depth + "]" * depth + text[at:]
    if edit == "number":
        return text.replace("1", "9" * draw(st.integers(1, 6000)), 1)
    return text.replace('"A"', draw(st.sampled_from(('"\\ud800"', '"A\\u001b[2J"', '"A\\n"',
                                                      '"\\udfff\\ud800"'))))


@FUZZ
@given(text=mutated_text(), command=st.sampled_from(("check", "replay")))
def test_mutated_text_through_the_command_line(text, command):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.json"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            status = main([command, str(path)])
    assert status in (0, 1, 2)
    if status == 2:
        lines = err.getvalue().splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"skitgubbe: {path}")
        assert len(lines[0]) < _BOUND + len(str(path))
    assert "\x1b" not in out.getvalue() + err.getvalue()
