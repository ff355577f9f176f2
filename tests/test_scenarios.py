"""Scenario files: the documented format, every built-in example, and `skitgubbe check`."""

import copy
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import skitgubbe_core
from skitgubbe_core import examples, quiz, scenario
from skitgubbe_core.cli import main
from skitgubbe_core.scenario import ScenarioError

SPEC_EXAMPLE = {
    "format": "skitgubbe-scenario/2",
    "title": "Pick-up case 3: everything is picked up",
    "variant": "skitgubbe",
    "players": ["A", "B", "C"],
    "start": {"phase": 2, "trump": "S", "to_play": "A",
              "hands": {"A": ["9H", "2C"], "B": ["JH", "3C"], "C": ["4D", "5D"]}},
    "moves": ["A: play 9H", "B: play JH", "C: pick up", "A: pick up"],
    "expect": [
        {"after": 2, "to_play": "C", "table": ["9H", "JH"], "illegal": ["C: play 4D", "A: play 2C"]},
        {"to_play": "B", "table": [], "hands": {"A": ["9H", "2C"], "C": ["4D", "5D", "JH"]}},
    ],
}


def test_the_example_of_the_format_specification_passes():
    outcome = scenario.run(scenario.parse(SPEC_EXAMPLE))
    assert outcome.ok and len(outcome.passed) == 2


@pytest.mark.parametrize("name", examples.names())
def test_every_built_in_example_passes(name):
    outcome = quiz.check(examples.load(name))
    assert outcome.ok, outcome.failures
    assert outcome.passed


def test_the_built_in_examples_cover_stunsa_and_all_six_pick_up_cases():
    names = set(examples.names())
    assert {f"pickup-case-{i}" for i in range(1, 7)} <= names
    assert {"stunsa-higher", "stunsa-lower", "stunsa-seven", "stunsa-chain"} <= names


def test_case_5_gives_the_lead_to_c_and_explains_why_not_b():
    sc = examples.load("pickup-case-5")
    outcome = scenario.run(sc)
    last = outcome.steps[-1].narrate(outcome.game.players)
    assert last[-1] == ("B has gone out, so the lead passes to C, the next player still in "
                        "(rule 12, going out)")
    assert "'it is now B's lead'" in sc.description and "B has no cards" in sc.description


def test_a_failed_expectation_is_reported_with_checkpoint_move_and_values():
    data = copy.deepcopy(SPEC_EXAMPLE)
    data["expect"][1]["to_play"] = "C"
    outcome = scenario.run(scenario.parse(data))
    assert outcome.failures == ["checkpoint 2 (after move 4): to_play is B, expected C"]


def test_a_refused_move_is_reported_with_its_number_and_rule():
    data = copy.deepcopy(SPEC_EXAMPLE)
    data["moves"][1] = "B: play 3C"
    outcome = scenario.run(scenario.parse(data))
    assert outcome.failures[0].startswith("move 2, B: play 3♣: 3♣ does not beat 9♥")
    assert "(rule 9, beating)" in outcome.failures[0]


def test_an_illegal_expectation_that_is_legal_fails():
    data = copy.deepcopy(SPEC_EXAMPLE)
    data["expect"][0]["illegal"] = ["C: pick up"]
    outcome = scenario.run(scenario.parse(data))
    assert outcome.failures == [
        "checkpoint 1 (after move 2): 'C: pick up' should be refused here, but it is legal"]


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.update(format="skitgubbe-scenario/3"), "format: unknown format"),
    (lambda d: d.pop("variant"), "(top level): the field 'variant' is required"),
    (lambda d: d.update(variant="mattis-x"), "variant: unknown ruleset 'mattis-x'"),
    (lambda d: d.update(options={"turn_from_stock": "sometimes"}),
     "options.turn_from_stock: option 'turn_from_stock' cannot be 'sometimes'"),
    (lambda d: d["start"]["hands"]["B"].append("ZZ"), "start.hands.B[2]: 'ZZ' is not a card"),
    (lambda d: d["start"]["hands"]["C"].append("9H"),
     "start.hands.C[2]: 9♥ is named twice: also at start.hands.A[0]"),
    (lambda d: d["moves"].append("Q: pick up"), "moves[4]: 'Q: pick up': unknown player 'Q'"),
    (lambda d: d["moves"].append(7), "moves[4]: 7 is not an action"),
    (lambda d: d["expect"][0].update(after=9), "expect[0].after: after must be between 0 and 4"),
    (lambda d: d["expect"][0].update(colour="red"), "expect[0]: unknown field 'colour'; known fields: after,"),
    (lambda d: d["expect"][1]["hands"].update(X=[]), "expect[1].hands.X: 'X' is not a player"),
    (lambda d: d.update(players=["A"]), "players: a game needs at least 2 players"),
])
def test_malformed_scenarios_name_the_json_path(edit, message):
    data = copy.deepcopy(SPEC_EXAMPLE)
    edit(data)
    with pytest.raises(ScenarioError) as err:
        scenario.parse(data, file="x.json")
    assert str(err.value).startswith(f"x.json: {message}"), str(err.value)


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return str(path)


def test_check_exit_status_0_when_all_pass(tmp_path, capsys):
    assert main(["check", write(tmp_path, "a.json", SPEC_EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "A picks up 9♥ (rule 10, picking up)" in out and out.rstrip().endswith("a.json")


def test_check_exit_status_1_when_a_check_fails(tmp_path, capsys):
    data = copy.deepcopy(SPEC_EXAMPLE)
    data["expect"][1]["to_play"] = "A"
    path = write(tmp_path, "b.json", data)
    assert main(["check", write(tmp_path, "a.json", SPEC_EXAMPLE), path]) == 1
    assert f"FAILED: {path}: checkpoint 2 (after move 4): to_play is B, expected A" in capsys.readouterr().out


def test_check_exit_status_2_for_an_invalid_file(tmp_path, capsys):
    data = copy.deepcopy(SPEC_EXAMPLE)
    data["start"]["hands"]["B"][1] = "ZZ"
    path = write(tmp_path, "c.json", data)
    assert main(["check", path]) == 2
    assert f"{path}: start.hands.B[1]: 'ZZ' is not a card" in capsys.readouterr().err


def test_check_a_missing_file_and_broken_json(tmp_path, capsys):
    assert main(["check", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["check", write(tmp_path, "d.json", "[1,")]) == 2
    assert "not valid JSON" in capsys.readouterr().err


def test_check_every_shipped_example_through_the_command_line(tmp_path):
    from importlib import resources
    folder = resources.files("skitgubbe_core") / "scenarios"
    files = [str(folder / f"{name}.json") for name in examples.names()]
    result = subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", "check", *files],
                            capture_output=True, text=True, encoding="utf-8")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("\nok: ") + result.stdout.startswith("ok: ") == len(files)


def test_the_example_in_the_users_documentation_is_the_specified_one_and_passes():
    from pathlib import Path
    text = (Path(__file__).parent.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")
    block = text.split("```json\n", 1)[1].split("```", 1)[0]
    data = json.loads(block)
    assert data == SPEC_EXAMPLE
    assert scenario.run(scenario.parse(data)).ok


SOURCES_DIR = Path(__file__).resolve().parents[2] / "shared" / "sources"
SCENARIO_DIR = Path(skitgubbe_core.__file__).parent / "scenarios"
QUOTED = re.compile(r"(?<![\w])['\"“”‘’]([^'\"“”‘’]{3,}?)['\"“”‘’](?![\w])")


def _quotes(text: str) -> list[str]:
    """The quoted phrases of two words or more in ``text`` (single quotes inside a word,
    as in "pagat.com's", are apostrophes)."""
    return [q for q in QUOTED.findall(text) if len(q.split()) >= 2]


@pytest.mark.skipif(not SOURCES_DIR.is_dir(), reason="the sources sit in ../shared/sources")
def test_what_a_built_in_example_quotes_stands_in_a_source_word_for_word():
    """We quote only exactly: every phrase in quotation marks in an example's title or
    description, English or Swedish, stands in one of the source texts (a translation or
    paraphrase is told without quotation marks)."""
    from skitgubbe_core.i18n import gettext, language
    from skitgubbe_core.rules import OPTIONS

    sources = " ".join(path.read_text(encoding="utf-8")
                       for path in sorted(SOURCES_DIR.glob("*.txt")))
    words = re.sub(r"\s+", " ", sources).lower()
    texts = []
    for path in sorted(SCENARIO_DIR.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for field in ("title", "description"):
            with language("sv"):
                texts += [(path.name, data[field]), (path.name, gettext(data[field]))]
    # an option's title quoted as the rule switcher shows it names our interface, not a source
    with language("sv"):
        ours = tuple(t for o in OPTIONS.values() for t in (o.title, gettext(o.title)))
    quoted = [(name, q) for name, text in texts for q in _quotes(text) if not q.startswith(ours)]
    assert quoted, "no example quotes a source: the check would check nothing"
    inexact = [(name, q) for name, q in quoted
               if re.sub(r"\s+", " ", q).lower().rstrip(".") not in words]
    assert inexact == []
