"""A toy anywidget notebook for the static site's loader (tests/test_site.py): a stepper
(a default export with ``initialize`` and ``render``), a quiz (a named ``render`` export
that reaches the stepper's model through ``widget_manager.get_model``), a widget whose
module throws and a widget output with no stored state; the last two must keep their
stored pictures. Executed with its widget state stored, as ``make notebooks`` will."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

WIDGETS = r'''
import anywidget, traitlets
from ipywidgets import widget_serialization

class ToyStepper(anywidget.AnyWidget):
    _esm = """
export default {
  initialize({ model }) { model.set("ready", true); },
  render({ model, el }) {
    const frames = model.get("frames"), labels = model.get("labels");
    const box = document.createElement("div");
    box.className = "toy-stepper";
    box.setAttribute("data-lm-suppress-shortcuts", "true");
    const said = document.createElement("p");
    said.className = "toy-narration"; said.setAttribute("aria-live", "polite");
    const back = document.createElement("button"), next = document.createElement("button");
    back.className = "toy-back"; next.className = "toy-next";
    back.textContent = labels.back; next.textContent = labels.next;
    const go = (i) => { model.set("frame", Math.max(0, Math.min(frames.length - 1, i))); model.save_changes(); };
    back.addEventListener("click", () => go(model.get("frame") - 1));
    next.addEventListener("click", () => go(model.get("frame") + 1));
    box.addEventListener("keydown", (e) => {
      const to = {ArrowRight: model.get("frame") + 1, ArrowLeft: model.get("frame") - 1,
                  Home: 0, End: frames.length - 1}[e.key];
      if (to !== undefined) { e.preventDefault(); go(to); }
    });
    const show = () => { said.textContent = frames[model.get("frame")]; };
    model.on("change:frame", show); show();
    box.append(said, back, next); el.append(box);
  }
};"""
    _css = ".toy-stepper button { font-size: 1rem; margin: 0.2rem; }"
    frames = traitlets.List(traitlets.Unicode()).tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    frame = traitlets.Int(0).tag(sync=True)
    ready = traitlets.Bool(False).tag(sync=True)

class ToyQuiz(anywidget.AnyWidget):
    _esm = """
export async function render({ model, el }) {
  const stepper = await model.widget_manager.get_model(model.get("stepper"));
  const box = document.createElement("fieldset");
  const legend = document.createElement("legend");
  legend.textContent = model.get("question") + " (" + stepper.get("frames").length + ")";
  const feedback = document.createElement("p");
  feedback.className = "toy-feedback"; feedback.tabIndex = -1; feedback.setAttribute("role", "status");
  box.append(legend);
  for (const choice of model.get("choices")) {
    const b = document.createElement("button");
    b.className = "toy-choice"; b.textContent = choice;
    b.addEventListener("click", () => {
      const right = choice === model.get("answer");
      feedback.textContent = model.get(right ? "right" : "wrong") + " " + (stepper.get("ready") ? "" : "?");
      model.set("answered", choice); feedback.focus();
    });
    box.append(b);
  }
  box.append(feedback); el.append(box);
}"""
    question = traitlets.Unicode().tag(sync=True)
    choices = traitlets.List(traitlets.Unicode()).tag(sync=True)
    answer = traitlets.Unicode().tag(sync=True)
    right = traitlets.Unicode().tag(sync=True)
    wrong = traitlets.Unicode().tag(sync=True)
    answered = traitlets.Unicode("").tag(sync=True)
    stepper = traitlets.Instance(ToyStepper).tag(sync=True, **widget_serialization)

class Pictured(anywidget.AnyWidget):
    """A widget with a stored picture (its text/html), as ours have."""
    def _repr_mimebundle_(self, **kwargs):
        data, metadata = super()._repr_mimebundle_(**kwargs)
        return {**data, "text/html": '<p class="toy-picture">the stored picture</p>'}, metadata

class ToyBroken(Pictured):
    _esm = "export default { render() { throw new Error('broken on purpose'); } };"
'''

TEXT = {
    "en": {"title": "# A toy <stepper> & quiz", "frames": ["A leads", "B beats", "B takes"],
           "back": "back", "next": "next", "question": "Who takes the trick?",
           "right": "Right.", "wrong": "Wrong."},
    "sv": {"title": "# En leksaks-stegare & frågor", "frames": ["A spelar ut", "B sticker",
                                                               "B tar sticket"],
           "back": "bakåt", "next": "nästa", "question": "Vem tar sticket?",
           "right": "Rätt.", "wrong": "Fel."},
}
#: a widget output whose model the notebook did not store: its picture must stay
UNSTORED = {"output_type": "display_data", "metadata": {},
            "data": {"application/vnd.jupyter.widget-view+json":
                     {"model_id": "0" * 32, "version_major": 2, "version_minor": 0},
                     "text/html": '<p class="toy-unstored">picture without state</p>',
                     "text/plain": "Unstored()"}}


def notebook(lang: str) -> dict:
    """The toy notebook in ``lang``, not executed."""
    t = TEXT[lang]
    lines = {
        "stepper": f"stepper = ToyStepper(frames={t['frames']!r}, "
                   f"labels={{'back': {t['back']!r}, 'next': {t['next']!r}}})\nstepper",
        "quiz": f"ToyQuiz(question={t['question']!r}, choices=['A', 'B'], answer='B', "
                f"right={t['right']!r}, wrong={t['wrong']!r}, stepper=stepper)",
    }
    other = "../toy.ipynb" if lang == "sv" else "sv/toy.ipynb"
    cells = [("markdown", f"{t['title']}\n\n[{lang}]({other}) [index](00-index.ipynb)"),
             ("code", WIDGETS), ("code", lines["stepper"]), ("code", lines["quiz"]),
             ("code", "ToyBroken()"), ("code", "print('<b>not bold</b>')")]
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
            "cells": [{"cell_type": kind, "id": f"c{i}", "metadata": {}, "source": source,
                       **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                      for i, (kind, source) in enumerate(cells)]}


def index(lang: str) -> dict:
    return {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
        {"cell_type": "markdown", "id": "i", "metadata": {},
         "source": f"# Index {lang}\n\n[The toy](toy.ipynb)"}]}


def write(folder: Path) -> None:
    """The toy notebooks (English in ``folder``, Swedish in ``folder/sv``), executed with
    their widget state stored, plus an index for each language."""
    for lang, where in (("en", folder), ("sv", folder / "sv")):
        where.mkdir(parents=True, exist_ok=True)
        (where / "00-index.ipynb").write_text(json.dumps(index(lang)), encoding="utf-8")
        path = where / "toy.ipynb"
        path.write_text(json.dumps(notebook(lang)), encoding="utf-8")
        subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook",
                        "--execute", "--inplace", "--ExecutePreprocessor.store_widget_state=True",
                        str(path)], check=True, capture_output=True, timeout=300)
        executed = json.loads(path.read_text(encoding="utf-8"))
        executed["cells"][4]["outputs"].append(UNSTORED)
        path.write_text(json.dumps(executed), encoding="utf-8")
