"""The layers of the package: each module imports only modules of its own layer or
below, and no import cycle, counting the imports inside functions (``TYPE_CHECKING``
imports are types only and do not count).  This is the one map of the code (README and
CONTRIBUTING point here); each module's docstring says what it holds."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = {"skitgubbe_core": ROOT / "skitgubbe_core", "skitgubbe_widgets": ROOT / "widgets"}

LAYERS: list[tuple[str, list[str]]] = [
    ("base", ["errors", "interrupt", "metrics", "family", "i18n", "cards", "schema", "actions",
              "files", "jsondata"]),
    ("rules", ["sources", "rulebook", "option_fields", "rules"]),
    ("position", ["state", "events", "in_turn"]),
    ("phases", ["phase2", "phase1_common", "phase1", "phase1_all", "phase1_mas", "phases"]),
    # The pictures read a Game through its public properties; they import game for its
    # type only, and game imports view inside Game._repr_html_.
    ("pictures", ["frames", "view"]),
    ("game", ["position", "game"]),
    ("files", ["record", "scenario", "examples"]),
    ("players", ["bots", "simulate", "studies", "ladder", "match"]),
    # The quiz package's parts bottom up; the scenario checker asks a scenario's exercises
    # as the quiz does, so it sits here too, and quiz re-exports it (quiz.check).
    ("teaching", ["quiz.model", "quiz.kinds.moment", "quiz.kinds.moves", "quiz.kinds.turns",
                  "quiz.kinds.outcomes", "quiz.kinds.shares", "quiz.kinds.trumps",
                  "quiz.kinds.__init__", "quiz.exercises", "quiz.sheets", "quiz.practice",
                  "scenario_check", "quiz.__init__", "handout", "worksheet"]),
    ("interface", ["cli", "__main__", "__init__"]),
    ("widget parts", ["skitgubbe_widgets." + m for m in (
        "arguments", "static", "offline", "classroom", "frontend", "sources", "charts", "tables")]),
    ("widgets", ["skitgubbe_widgets." + m for m in ("quiz", "stepper", "switcher", "table")]),
    ("widget package", ["skitgubbe_widgets.__init__"]),
]
"""Bottom up: each layer's modules (``skitgubbe_core`` unless named)."""

LAYER = {(name if name.startswith("skitgubbe_") else f"skitgubbe_core.{name}"): rank
         for rank, (_, names) in enumerate(LAYERS) for name in names}


def _modules() -> dict[str, Path]:
    """Every module of the packages, subpackages included (``skitgubbe_core.quiz.model``,
    ``skitgubbe_core.quiz.__init__``), with its file."""
    return {".".join((package, *path.relative_to(folder).with_suffix("").parts)): path
            for package, folder in PACKAGES.items() for path in sorted(folder.rglob("*.py"))}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _run_time_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth, except those under ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for branch in node.orelse:
                visit(branch)
            return
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def imports(module: str, source: str) -> dict[str, int]:
    """The package's modules that ``module`` imports at run time, each with the line of
    its first import (``from . import x`` and ``from pkg import x`` name module ``x`` if
    there is one, else the package's ``__init__``)."""
    modules = _modules()
    package = module.split(".")[:-1]  # a relative import's ``.``: the module's package
    found: dict[str, int] = {}
    for node in _run_time_imports(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            base = ".".join(package[:len(package) - node.level + 1]) if node.level else (
                node.module or "")
            if node.level and node.module:
                base = f"{base}.{node.module}"
            if base.split(".")[0] not in PACKAGES:
                continue
            targets = [f"{base}.{a.name}" if {f"{base}.{a.name}", f"{base}.{a.name}.__init__"}
                       & modules.keys() else base for a in node.names]
        for target in targets:
            if target.split(".")[0] not in PACKAGES:
                continue
            target = target if target in modules else f"{target}.__init__"
            if target != module:
                found.setdefault(target, node.lineno)
    return found


def graph() -> dict[str, dict[str, int]]:
    return {module: imports(module, path.read_text(encoding="utf-8"))
            for module, path in _modules().items()}


def upward(graph: dict[str, dict[str, int]]) -> list[str]:
    """Every import of a module from a higher layer, as ``module:line -> target``."""
    return [f"{module}:{line} imports {target} ({LAYERS[LAYER[target]][0]} is above "
            f"{LAYERS[LAYER[module]][0]})"
            for module, targets in sorted(graph.items())
            for target, line in targets.items() if LAYER[target] > LAYER[module]]


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The import cycles: for each strongly connected group of modules larger than one,
    its modules in order (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_every_module_has_exactly_one_layer():
    listed = [name for _, names in LAYERS for name in names]
    assert len(listed) == len(set(listed))
    assert set(LAYER) == set(_modules())


def test_no_module_imports_from_a_layer_above_its_own():
    assert upward(graph()) == []


def test_there_is_no_import_cycle():
    assert cycles(graph()) == []


@pytest.mark.parametrize("module, line, why", [
    ("skitgubbe_core.scenario", "    from .quiz import check_exercises\n", "teaching is above"),
    ("skitgubbe_core.frames", "from .game import Game\n", "game is above"),
    ("skitgubbe_core.cards", "def f():\n    from skitgubbe_core import game\n", "game is above"),
    ("skitgubbe_core.state", "import skitgubbe_core.quiz\n", "teaching is above"),
    ("skitgubbe_core.quiz.kinds.moment", "    from ...cli import main\n", "interface is above"),
])
def test_an_upward_import_is_found_even_inside_a_function(module, line, why):
    path = _modules()[module]
    source = path.read_text(encoding="utf-8") + "\n\ndef _added():\n" + "".join(
        "    " + text + "\n" for text in line.splitlines())
    found = graph() | {module: imports(module, source)}
    assert any(why in text for text in upward(found) if text.startswith(module)), upward(found)


def test_a_cycle_within_a_layer_is_found():
    g = graph()
    g["skitgubbe_core.record"] = g["skitgubbe_core.record"] | {"skitgubbe_core.examples": 1}
    assert cycles(g) == [["skitgubbe_core.examples", "skitgubbe_core.record",
                          "skitgubbe_core.scenario"]]


def test_type_checking_imports_do_not_count():
    source = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .quiz import Sheet\n"
    assert imports("skitgubbe_core.cards", source) == {}
