"""The widgets' front-end module (``widgets/front/skitgubbe.js``) in a bare page, drawn
from the traits Python sends, with a model of our own in place of a kernel's: what it
is sent as text appears as text, never as markup."""

from __future__ import annotations

import json

import pytest

from skitgubbe_core.simulate import random_game
from skitgubbe_widgets import Quiz, Stepper
from skitgubbe_widgets.frontend import FOLDER
from tests.browsing import StaticSite, require_chromium

sync_api = require_chromium()

PAGE = """<!doctype html><html lang="en"><meta charset="utf-8"><title>front</title>
<body><div id="stepper"></div><div id="quiz"></div>
<script type="module">
import { render } from "./skitgubbe.js";
const states = await (await fetch("./states.json")).json();
const front = { get: () => "" };
for (const [id, state] of Object.entries(states)) {
  const model = { get: (name) => state[name], set() {}, on() {}, off() {}, send() {},
                  save_changes() {} };
  render({ model, el: document.getElementById(id), front });
}
document.body.dataset.drawn = "yes";
</script></body></html>"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("front")
    game = random_game(["<i>A</i>", "Bo", "Cai"], seed=3)
    widgets = {"stepper": Stepper(game, title="<b>T</b>"),
               "quiz": Quiz(game, title="<b>Q</b>")}
    states = {name: {key: value for key, value in widget.get_state().items()
                     if isinstance(value, (str, int, float, bool, list, dict, type(None)))}
              for name, widget in widgets.items()}
    (folder / "states.json").write_text(json.dumps(states), encoding="utf-8")
    (folder / "index.html").write_text(PAGE, encoding="utf-8")
    (folder / "skitgubbe.js").write_text((FOLDER / "skitgubbe.js").read_text(encoding="utf-8"),
                                         encoding="utf-8")
    server = StaticSite(folder)
    yield server.url
    server.close()


def test_names_and_titles_sent_as_text_are_shown_as_text(site, chromium_page):
    tab = chromium_page
    tab.goto(f"{site}/index.html")
    tab.wait_for_selector("body[data-drawn=yes]")
    assert tab.locator("#stepper .sg-heading").inner_text() == "<b>T</b>"
    assert tab.locator("#quiz .sg-heading").first.inner_text() == "<b>Q</b>"
    assert "<i>A</i>" in [o.inner_text() for o in tab.locator("#stepper option").all()]
    assert tab.locator("#stepper h3 b, #stepper option i, #quiz h3 b").count() == 0
