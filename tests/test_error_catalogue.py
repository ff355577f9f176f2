"""Every error sentence of the engine goes through the message catalogue (issue 27, item 6):
no ``raise SomeError(f"...")`` written in English in ``skitgubbe_core``, and the command
line errs in Swedish under ``--lang sv``."""

from __future__ import annotations

import ast
import copy
import json
import re
from pathlib import Path

import pytest

from tests.test_swedish import _cli, english_words

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "skitgubbe_core"

ALLOWED = {
    ("errors.py", "*"): "below the catalogue in the layers: it cannot import i18n",
    ("i18n.py", "CatalogueError"): "the catalogue itself cannot be read, so it cannot "
                                   "translate the sentence saying so",
    ("rules.py", "Choice.__post_init__"): "a check of the option table as the code "
                                          "defines it, at import: no user can cause it",
}
"""(module, where) of the raises allowed an English sentence, and why: ``where`` is the
error's class name, the enclosing function's qualified name, or ``*`` for the module."""


def _english(node: ast.expr | None) -> bool:
    """Whether ``node`` is a sentence written in the code and not looked up: an f-string,
    a string with letters, a sum of them, or ``.format`` of one."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return any(c.isalpha() for c in node.value)
    if isinstance(node, ast.BinOp):
        return _english(node.left) or _english(node.right)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"):
        return _english(node.func.value)
    return False


def _name(node: ast.expr) -> str:
    return node.id if isinstance(node, ast.Name) else (
        node.attr if isinstance(node, ast.Attribute) else "")


def english_raises(source: str, module: str = "<test>") -> list[str]:
    """``module:line where`` of each ``raise XError(<English sentence>)`` in ``source`` (or
    ``raise error(...)``, an error class passed in), counting a message put in a local
    variable first (``message = f"..."; raise XError(message)``); :data:`ALLOWED` left out."""
    found: list[str] = []

    def visit(node: ast.AST, where: list[str], assigned: dict[str, ast.expr]) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            where = [*where, node.name]
            assigned = {}
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    assigned[target.id] = node.value
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            error, first = _name(node.exc.func), node.exc.args[0]
            if isinstance(first, ast.Name) and first.id in assigned:
                first = assigned[first.id]
            qualified = ".".join(where)
            if (error.lower().endswith("error") and _english(first)
                    and not {(module, "*"), (module, error), (module, qualified)} & ALLOWED.keys()):
                found.append(f"{module}:{node.lineno} {qualified or '(module)'}")
        for child in ast.iter_child_nodes(node):
            visit(child, where, assigned)

    visit(ast.parse(source), [], {})
    return found


def test_the_scan_finds_an_english_error_and_passes_a_looked_up_one():
    source = '''
def f(x):
    raise RulesError(f"the seed {x} is wrong")
def g(x):
    raise RulesError("no seed")
def h(x):
    message = "the seed " + str(x)
    raise PositionError(message, path="seed")
def k(x):
    raise RulesError("the seed {x} is wrong".format(x=x))
def ok(x):
    raise RulesError(_("the seed {x} is wrong").format(x=x))
def ok2(err):
    raise RulesError(str(err), path="seed") from None
def ok3(k):
    raise _not_here("legal", k)
def m(error):
    raise error("no dealer", path="dealer")
'''
    assert [hit.split(" ")[1] for hit in english_raises(source)] == ["f", "g", "h", "k", "m"]
    assert english_raises('class Choice:\n    def __post_init__(self):\n'
                          '        raise RulesError("x")\n', "rules.py") == []


def test_no_error_of_the_engine_is_written_in_english():
    """Every ``raise`` in ``skitgubbe_core`` whose sentence is written in the code passes
    it through ``_``/``gettext``/``ngettext`` (the catalogue), except :data:`ALLOWED`."""
    found = [hit for path in sorted(CORE.rglob("*.py"))
             for hit in english_raises(path.read_text(encoding="utf-8"),
                                       path.relative_to(CORE).as_posix())]
    assert found == []


def _pickup(change) -> dict:
    data = json.loads((CORE / "scenarios" / "pickup-case-1.json").read_text("utf-8"))
    change(data)
    return data


BROKEN_POSITIONS = [
    lambda d: d["start"].pop("trump"),                                  # phase 2, no trump
    lambda d: d["start"]["hands"]["B"].append("8H"),                    # named twice
    lambda d: d["start"].update(stock=["2S"]),                          # phase 2 has a stock
    lambda d: d["start"].update(out=["A"]),                             # out with cards
    lambda d: d["start"]["hands"].update(A=[]),                         # to play, no cards
    lambda d: d["start"]["hands"].update(B=[], C=[]),                   # one player with cards
    lambda d: d["exercises"][0].update(after=9),                        # after past the end
]


def test_the_swedish_command_line_errs_in_swedish(tmp_path):
    """Errors of the simulator, the studies, the ladder, a replayed record and a checked
    position under ``--lang sv``: one Swedish line each, no English word in it (the
    quoted values, file names and JSON paths stay as they are)."""
    record = tmp_path / "game.json"
    assert _cli("play", "--seed", "1", "--quiet", "--record", str(record)).returncode == 0
    game = json.loads(record.read_text("utf-8"))
    refused, wrong = copy.deepcopy(game), copy.deepcopy(game)
    refused["actions"][1] = refused["actions"][0]
    wrong["result"]["loser"] = "A"
    files = []
    for i, data in enumerate([refused, wrong, *map(_pickup, BROKEN_POSITIONS)]):
        files.append(tmp_path / f"bad-{i}.json")
        files[-1].write_text(json.dumps(data), encoding="utf-8")
    said = [_cli("--lang", "sv", *args).stderr for args in (
        ("simulate", "--games", "-1"), ("compare", "--variants", "nosuch"),
        ("ladder", "--bots", "random,heuristic,typo"),
        ("replay", str(files[0])), ("replay", str(files[1])),
        *(("check", str(f)) for f in files[2:]))]
    assert said[0] == "skitgubbe: antalet partier ska vara ett heltal, inte negativt: -1\n"
    assert said[1] == "skitgubbe: okänd regeluppsättning 'nosuch'; se 'skitgubbe variants'\n"
    assert "okänd datorspelare 'typo'" in said[2] and "drag 2" in said[3]
    assert "stämmer inte med dragen" in said[4] and "förekommer två gånger" in said[6]
    assert all(s.count("\n") == 1 and s.startswith("skitgubbe: ") for s in said), said
    for text in said:
        text = re.sub(r"^skitgubbe: (?:\S+\.json: )?(?:\S+: )?|'[^']*'|\{[^}]*\}", " ", text)
        assert english_words(text) == set(), text


@pytest.mark.parametrize("args, english", [
    (("simulate", "--games", "-1"), "the number of games must be a whole number, not "
                                    "negative: -1"),
    (("compare", "--variants", "nosuch"), "unknown variant 'nosuch'; see 'skitgubbe variants'"),
])
def test_english_errors_are_unchanged(args, english):
    assert _cli(*args).stderr == f"skitgubbe: {english}\n"
