"""Stable widget ids in the stored notebooks (``tools/widget_ids.py``, run by
``make notebooks``): re-executing a notebook changes no id, so its diff shows only what
really changed."""

from __future__ import annotations

import copy
import json
import re
import uuid
from pathlib import Path

import pytest

from tools import widget_ids

ROOT = Path(__file__).resolve().parent.parent

NOTEBOOKS = sorted((ROOT / "notebooks").glob("**/*.ipynb"))


def shown(model: str) -> dict:
    return {"output_type": "display_data",
            "data": {widget_ids.VIEW: {"model_id": model, "version_major": 2,
                                       "version_minor": 0}, "text/plain": "PlayTable()"}}


def executed(*cells: tuple[str, list[str]]) -> dict:
    """A notebook whose code cells, named by id, showed these widgets (fresh uuids for
    the names given, as a kernel draws them)."""
    fresh: dict[str, str] = {}
    return {"metadata": {}, "nbformat": 4, "nbformat_minor": 5,
            "cells": [{"cell_type": "code", "id": cell, "source": "", "metadata": {},
                       "outputs": [shown(fresh.setdefault(w, uuid.uuid4().hex)) for w in widgets]}
                      for cell, widgets in cells]}


def ids(notebook: dict) -> list[list[str]]:
    return [[o["data"][widget_ids.VIEW]["model_id"] for o in c["outputs"]]
            for c in notebook["cells"]]


def test_two_runs_store_the_same_ids_and_a_widget_shown_twice_keeps_its_name():
    cells = ("a", ["table", "quiz"]), ("b", ["table", "chart"])
    first, second = (ids(widget_ids.renamed(executed(*cells))) for _ in range(2))
    assert first == second
    assert first[0][0] == first[1][0] != first[0][1] != first[1][1]
    assert first[0][1] == widget_ids.stable_id("a", 1)
    assert first[1][1] == widget_ids.stable_id("b", 0)


def test_renaming_again_changes_nothing_and_a_new_cell_renames_nothing_else():
    notebook = widget_ids.renamed(executed(("a", ["x"]), ("b", ["y"])))
    assert widget_ids.renamed(copy.deepcopy(notebook)) == notebook
    inserted = widget_ids.renamed(executed(("a", ["x"]), ("new", ["z"]), ("b", ["y"])))
    assert ids(inserted)[0] == ids(notebook)[0] and ids(inserted)[2] == ids(notebook)[1]


def stored(*cells: tuple[str, list[str]], hidden: int = 1) -> dict:
    """A notebook executed with its widget state stored: each view shown refers to its own
    layout and to one shared model, as ours do; ``hidden`` models nothing shown reaches.
    Every id a fresh uuid."""
    notebook = executed(*cells)
    fresh = lambda: uuid.uuid4().hex  # noqa: E731
    front = fresh()
    state = {front: {"model_name": "WidgetModel", "state": {"source": "export default {}"}}}
    for model in {m for row in ids(notebook) for m in row}:
        layout = fresh()
        state[layout] = {"model_name": "LayoutModel", "state": {"width": None}}
        state[model] = {"model_name": "AnyModel",
                        "state": {"front": f"IPY_MODEL_{front}", "layout": f"IPY_MODEL_{layout}",
                                  "children": [f"IPY_MODEL_{front}"]}}
    for n in range(hidden):
        state[fresh()] = {"model_name": "LayoutModel", "state": {"width": f"{n}px"}}
    notebook["metadata"]["widgets"] = {widget_ids.STATE: {"state": dict(sorted(state.items())),
                                                          "version_major": 2,
                                                          "version_minor": 0}}
    return notebook


def test_stored_widget_state_gets_the_same_ids_in_two_runs_and_its_references_follow():
    cells = ("a", ["table", "quiz"]), ("b", ["table", "chart"])
    first, second = (widget_ids.renamed(stored(*cells, hidden=2)) for _ in range(2))
    assert first == second
    state = first["metadata"]["widgets"][widget_ids.STATE]["state"]
    assert list(state) == sorted(state) and len(state) == 1 + 2 * 3 + 2
    shown = {m for row in ids(first) for m in row}
    assert shown <= set(state)
    text = json.dumps(state)
    for model in state:
        assert f"IPY_MODEL_{model}" in text or model in shown or \
            state[model]["state"]["width"] is not None  # every reference renamed with it
    assert set(re.findall(r"IPY_MODEL_(\w+)", text)) <= set(state)
    assert widget_ids.renamed(copy.deepcopy(first)) == first


def test_a_stored_notebook_keeps_its_ids_when_renamed_again(tmp_path):
    path = tmp_path / "n.ipynb"
    path.write_text(json.dumps(stored(("a", ["x"]))), encoding="utf-8")
    assert widget_ids.rename_file(path)
    assert not widget_ids.rename_file(path)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_stored_notebook_has_stable_widget_ids(path, tmp_path):
    copied = tmp_path / path.name
    copied.write_bytes(path.read_bytes())
    assert not widget_ids.rename_file(copied), (
        f"{path.relative_to(ROOT)} has random widget ids: run "
        f".venv/bin/python -m tools.widget_ids {path.relative_to(ROOT)} (make notebooks does)")
