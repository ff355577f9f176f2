"""The widget state the notebooks store (``make notebooks``) and what the site keeps of it:
the models a page shows and those they refer to, which of them the loader draws and which
need Python, and the long strings (modules, stylesheets) kept once in the site."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

STATE = "application/vnd.jupyter.widget-state+json"
#: a widget's module and stylesheet (anywidget), kept once in the site and shared by pages
SOURCES = ("_esm", "_css")
#: a string of state this long shown by two pages or more is kept once too
SHARED_LENGTH = 1024
#: The one place the site says which widgets Python drives, by the front end's view kind
#: (``kind`` in a widget's stored state): the play table, whose moves its engine answers.
#: The loader does not draw them: their page shows the stored picture and, beside it, a
#: link to play in the app. (A drill, drawn, needs Python for its next batch only:
#: :func:`needs_python`.)
ENGINE_KINDS = frozenset({"table"})
_MODEL_REF = re.compile(r"^IPY_MODEL_")


class Sources:
    """The strings of widget state the site keeps once (modules, stylesheets, what several
    pages share), each written into ``assets/widgets/`` as a small script that registers
    it (a classic script, so that a page opened from ``file://`` loads it too); the stored
    state then names it by its hash."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.written: set[str] = set()

    def keep(self, source: str) -> str:
        key = hashlib.sha256(source.encode("utf-8")).hexdigest()[:16]
        if key not in self.written:
            self.folder.mkdir(parents=True, exist_ok=True)
            script = (f"(self.SKITGUBBE_SOURCES = self.SKITGUBBE_SOURCES || {{}})"
                      f"[{json.dumps(key)}] = {script_json(source)};\n")
            (self.folder / f"{key}.js").write_text(script, encoding="utf-8")
            self.written.add(key)
        return key


def script_json(value: object) -> str:
    """JSON that may stand inside a ``<script>`` element (no ``<`` to close it)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def stored_models(notebook: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The widget models a notebook stored (``make notebooks``), by id."""
    found: object = notebook
    for key in ("metadata", "widgets", STATE, "state"):
        found = found.get(key) if isinstance(found, dict) else None
    return found if isinstance(found, dict) else {}


def references(value: object) -> Iterator[str]:
    """The ids of the models a state refers to (``IPY_MODEL_...``), at any depth."""
    if isinstance(value, str) and _MODEL_REF.match(value):
        yield _MODEL_REF.sub("", value)
    elif isinstance(value, list):
        for item in value:
            yield from references(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from references(item)


def model_state(model: object) -> dict[str, Any]:
    """A stored model's state (empty for anything else)."""
    state = model.get("state") if isinstance(model, dict) else None
    return state if isinstance(state, dict) else {}


def engine_driven(model: object) -> bool:
    """Whether a model is a view Python drives (its kind in :data:`ENGINE_KINDS`)."""
    return model_state(model).get("kind") in ENGINE_KINDS


def drawable(model: object) -> bool:
    """Whether the loader can draw a model: it holds its module (anywidget's ``_esm``)
    and needs no kernel (the play table's engine is Python: the site shows its stored
    picture, beside the link to its app)."""
    return isinstance(model_state(model).get("_esm"), str) and not engine_driven(model)


def needs_python(model: object) -> bool:
    """Whether a widget does something only Python can: the play table (its engine) and
    a drill (its next batch of questions)."""
    return engine_driven(model) or model_state(model).get("endless") is True


def shown_state(models: dict[str, dict[str, Any]], shown: list[str]) -> dict[str, Any]:
    """The models of the widgets the page shows and the loader can draw, and those they
    refer to (``{id: {name, state}}``); the others keep their pictures."""
    kept: dict[str, Any] = {}
    waiting = [model_id for model_id in shown if drawable(models.get(model_id))]
    while waiting:
        model_id = waiting.pop()
        model = models.get(model_id)
        if model_id in kept or not isinstance(model, dict):
            continue
        state = dict(model.get("state") or {})
        if not any(name in state for name in SOURCES):
            # ipywidgets' own models (layouts, styles...): only what is set
            state = {k: v for k, v in state.items() if v is not None}
        kept[model_id] = {"name": model.get("model_name"), "state": state}
        waiting += references(state)
    return kept


def shared_strings(states: list[dict[str, Any]]) -> set[str]:
    """The strings kept once in the site: every widget's module and stylesheet, and any
    long value two pages or more show (a module a shared model holds, say)."""
    pages_of: dict[str, int] = {}
    found: set[str] = set()
    for state in states:
        seen = set()
        for model in state.values():
            for name, value in model["state"].items():
                if isinstance(value, str) and value and name in SOURCES:
                    found.add(value)
                elif isinstance(value, str) and len(value) >= SHARED_LENGTH:
                    seen.add(value)
        for value in seen:
            pages_of[value] = pages_of.get(value, 0) + 1
    return found | {value for value, count in pages_of.items() if count > 1}


def hoisted(state: dict[str, Any], shared: set[str], sources: Sources) -> dict[str, Any]:
    """``state`` with each shared string replaced by its copy's hash (``{"source": hash}``)."""
    return {model_id: {**model, "state": {
        name: {"source": sources.keep(value)} if isinstance(value, str) and value in shared
        else value for name, value in model["state"].items()}}
        for model_id, model in state.items()}
