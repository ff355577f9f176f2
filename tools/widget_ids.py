"""Stable widget ids in stored notebook outputs, so that re-executing a notebook changes
only what really changed (``make notebooks`` runs this after executing them).

A displayed widget is stored as its model's id (``application/vnd.jupyter.widget-view+json``),
a random uuid the kernel draws anew on every run.  The notebooks are stored without widget
state, so the id refers to nothing and serves only to tell widgets apart; this tool
renames each to a hash of the cell's id and the widget's place among those first shown in
that cell (a widget shown again keeps its first name).  Inserting a cell renames nothing
in the others.  nbval ignores these ids; JupyterLab, Voila and JupyterLite run the code
again and draw new ones.

    python tools/widget_ids.py notebooks/*.ipynb notebooks/sv/*.ipynb
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

VIEW = "application/vnd.jupyter.widget-view+json"


def stable_id(cell: str, place: int) -> str:
    """The id of the ``place``-th widget first shown in the cell named ``cell``:
    32 hex digits, like the uuids it replaces."""
    return hashlib.blake2b(f"{cell}/{place}".encode(), digest_size=16).hexdigest()


def renamed(notebook: dict[str, Any]) -> dict[str, Any]:
    """``notebook`` (as JSON) with every widget view's model id made stable, in place."""
    if "widgets" in notebook.get("metadata", {}):
        raise ValueError("the notebook stores widget state; execute it with "
                         "--ExecutePreprocessor.store_widget_state=False")
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
        try:
            if rename_file(Path(name)):
                print(f"{name}: widget ids made stable")
        except ValueError as err:
            sys.exit(f"{name}: {err}")
