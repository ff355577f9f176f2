"""Stable widget ids in stored notebooks, so that re-executing a notebook changes only what
really changed (``make notebooks`` runs this after executing them).

A displayed widget is stored as its model's id (``application/vnd.jupyter.widget-view+json``),
a random uuid the kernel draws anew on every run, and the notebook's widget state
(``metadata.widgets``, which ``make notebooks`` stores so that a notebook opened without
a kernel still steps and answers) keys every model by such an id and refers to models
by ``IPY_MODEL_<id>``.  This tool renames each shown model to a hash of the cell's id and
the widget's place among those first shown in that cell (a widget shown again keeps its
first name), then each model the state reaches from it (its layout, the shared front-end
model, a box's children) to a hash of the name that first reaches it, the trait and the
place in it; a model nothing shown reaches is named by a hash of its own state (its own
references left out).  The state's keys are sorted.  Inserting a cell renames nothing in
the others.  nbval ignores these ids; JupyterLab, Voila and JupyterLite running the code
draw new ones.

    python -m tools.widget_ids notebooks/*.ipynb notebooks/sv/*.ipynb
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"
REFERENCE = "IPY_MODEL_"


def stable_id(cell: str, place: int) -> str:
    """The id of the ``place``-th widget first shown in the cell named ``cell``:
    32 hex digits, like the uuids it replaces."""
    return _digest(f"{cell}/{place}")


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _references(value: Any, path: str) -> list[tuple[str, str]]:
    """The models ``value`` (a trait's value) refers to, each with its place in it."""
    if isinstance(value, str):
        return [(value[len(REFERENCE):], path)] if value.startswith(REFERENCE) else []
    if isinstance(value, list):
        return [r for i, v in enumerate(value) for r in _references(v, f"{path}/{i}")]
    if isinstance(value, dict):
        return [r for k in sorted(value) for r in _references(value[k], f"{path}/{k}")]
    return []


def _renamed_value(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str) and value.startswith(REFERENCE):
        return REFERENCE + names.get(value[len(REFERENCE):], value[len(REFERENCE):])
    if isinstance(value, list):
        return [_renamed_value(v, names) for v in value]
    if isinstance(value, dict):
        return {k: _renamed_value(v, names) for k, v in value.items()}
    return value


def renamed(notebook: dict[str, Any]) -> dict[str, Any]:
    """``notebook`` (as JSON) with every widget model's id made stable, in place."""
    names: dict[str, str] = {}
    for number, cell in enumerate(notebook["cells"]):
        first_shown = 0
        for output in cell.get("outputs", ()):
            view = output.get("data", {}).get(VIEW)
            if view is None:
                continue
            if view["model_id"] not in names:
                names[view["model_id"]] = stable_id(cell.get("id", str(number)), first_shown)
                first_shown += 1
            view["model_id"] = names[view["model_id"]]
    stored = notebook.get("metadata", {}).get("widgets", {}).get(STATE)
    if stored is None:
        return notebook
    models: dict[str, Any] = stored["state"]
    reverse = {new: old for old, new in names.items()}
    queue = [reverse[new] for new in dict.fromkeys(names.values()) if reverse.get(new) in models]
    for old in queue:  # breadth first, from the models shown, in the order shown
        for child, path in _references(models[old].get("state", {}), ""):
            if child in models and child not in names:
                names[child] = _digest(f"{names[old]}{path}")
                queue.append(child)
    unreached = sorted((re.sub(f"{REFERENCE}\\w+", REFERENCE, json.dumps(model, sort_keys=True)), old)
                       for old, model in models.items() if old not in names)
    for place, (text, old) in enumerate(unreached):
        names[old] = _digest(f"{text}/{place}")
    stored["state"] = {names[old]: _renamed_value(model, names)
                       for old, model in sorted(models.items(), key=lambda m: names[m[0]])}
    return notebook


def rename_file(path: Path) -> bool:
    """Rewrite the notebook at ``path`` with stable ids; whether anything changed."""
    text = path.read_text(encoding="utf-8")
    # nbformat's own layout (as nbconvert writes it), so only the ids change
    new = json.dumps(renamed(json.loads(text)), indent=1, sort_keys=True,
                     ensure_ascii=False) + "\n"
    if new == text:
        return False
    path.write_text(new, encoding="utf-8")
    return True


if __name__ == "__main__":
    for name in sys.argv[1:]:
        if rename_file(Path(name)):
            print(f"{name}: widget ids made stable")
