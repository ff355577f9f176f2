"""The index from each rulebook key to the code that cites it: ``docs/rule-index.md``.

A rule tag in a notebook or a narration (``rule 4, stunsa``) names a key of
:data:`skitgubbe_core.rulebook.RULEBOOK`; the engine cites it as a string literal in
the function (or module-level table) that applies it.  This script lists them, and
``tests/test_code_health.py`` checks that the stored index is current.  After adding
or moving a rule, regenerate it:

    .venv/bin/python tests/rule_index.py > docs/rule-index.md
"""

from __future__ import annotations

import ast
from pathlib import Path

from skitgubbe_core.events import KINDS
from skitgubbe_core.rulebook import RULEBOOK

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "skitgubbe_core"
#: modules that define or list the rules rather than apply them
NOT_CITING = {"rulebook.py", "rules.py", "sources.py", "family.py"}


def _rule_expressions(node: ast.AST) -> list[ast.AST]:
    """The expressions in ``node`` that name a rule: an event's rule (the last item of
    a plain event tuple, the last argument of a named builder ``ev.out(...)``), a
    refusal's rule (``return reason, "key"``), a ``rule=`` argument, and what is assigned
    to a name or key holding ``rule``/``RULE``."""
    found: list[ast.AST] = [t.elts[-1] for t in event_tuples(node)]
    for n in ast.walk(node):
        if isinstance(n, ast.Call) and _builds_event(n.func) and n.args:
            found.append(n.args[-1])
        elif isinstance(n, ast.Return) and n.value is not None:
            values = n.value.values if isinstance(n.value, ast.BoolOp) else [n.value]
            found.extend(v.elts[1] for v in values
                         if isinstance(v, ast.Tuple) and len(v.elts) == 2)
        elif isinstance(n, ast.keyword) and n.arg == "rule":
            found.append(n.value)
        elif isinstance(n, (ast.Assign, ast.AnnAssign)):
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
            if any(isinstance(t, ast.Name) and "rule" in t.id.lower() for t in targets):
                value = n.value
                found.extend(value.values if isinstance(value, ast.Dict) else [value] if value
                             else [])
        elif isinstance(n, ast.FunctionDef) and "rule" in n.name:
            found.extend(r.value for r in ast.walk(n) if isinstance(r, ast.Return) and r.value)
    return found


def event_kinds(expr: ast.expr) -> list[str]:
    """The event kinds an expression names: a kind (``"lead"``) or a choice of two
    (``"lead" if ... else "answer"``); empty for anything else."""
    names = [expr.body, expr.orelse] if isinstance(expr, ast.IfExp) else [expr]
    kinds = [n.value for n in names if isinstance(n, ast.Constant) and n.value in KINDS]
    return kinds if len(kinds) == len(names) else []


def event_tuples(node: ast.AST) -> list[ast.Tuple]:
    """The plain event tuples built in ``node`` (:data:`~skitgubbe_core.events.RawEvent`:
    six items, the first an event kind)."""
    return [n for n in ast.walk(node)
            if isinstance(n, ast.Tuple) and len(n.elts) == 6 and event_kinds(n.elts[0])]


def _builds_event(func: ast.expr) -> bool:
    """``ev.kind`` (the phase modules' name for :mod:`skitgubbe_core.events`), or a choice
    between two such builders."""
    if isinstance(func, ast.IfExp):
        return _builds_event(func.body) and _builds_event(func.orelse)
    return (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)
            and func.value.id == "ev")


def _strings(nodes: list[ast.AST]) -> set[str]:
    return {n.value for node in nodes for n in ast.walk(node)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def citations() -> dict[str, list[str]]:
    """Each rulebook key and the places (``module.function``) citing it, sorted."""
    found: dict[str, set[str]] = {key: set() for key in RULEBOOK}
    for path in sorted(ENGINE.rglob("*.py")):
        if path.name in NOT_CITING:
            continue
        module = ".".join(path.relative_to(ENGINE).with_suffix("").parts).removesuffix(".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                places: list[tuple[str, ast.AST]] = [(f"{module}.{node.name}", node)]
            elif isinstance(node, ast.ClassDef):
                places = [(f"{module}.{node.name}.{item.name}", item) for item in node.body
                          if isinstance(item, ast.FunctionDef)]
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [t.id for t in targets if isinstance(t, ast.Name)]
                places = [(f"{module}.{names[0]}", node)] if names else []
            else:
                continue
            for place, body in places:
                for key in _strings(_rule_expressions(body)) & found.keys():
                    found[key].add(place)
    return {key: sorted(places) for key, places in found.items()}


def markdown() -> str:
    lines = ["# From a rule to its code", "",
             "Generated by `tests/rule_index.py` (checked by `tests/test_code_health.py`): each",
             "rule of `skitgubbe_core.rulebook` as the narration tags it, and the functions or",
             "tables of `skitgubbe_core` that cite its key. A rule with no code is explained",
             "but applied by the rules around it.", "",
             "| rule | key | cited by |", "| --- | --- | --- |"]
    for key, places in citations().items():
        rule = RULEBOOK[key]
        cited = ", ".join(f"`{p}`" for p in places) or "(explained only)"
        lines.append(f"| {rule.reference} | `{key}` | {cited} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
