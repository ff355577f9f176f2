"""The built-in worked examples, shipped as scenario files in ``scenarios/``.

>>> [n for n in names() if n.startswith("pickup")][:2]
['pickup-case-1', 'pickup-case-2']
>>> load("stunsa-seven").title
'Stunsa example, answer 3: B answers with a seven'
"""

from __future__ import annotations

import json
from importlib import resources

from . import scenario as _scenario
from .errors import SkitgubbeError, did_you_mean, quote
from .i18n import gettext as _

_FOLDER = resources.files(__package__) / "scenarios"


class UnknownExampleError(SkitgubbeError):
    """No built-in example has that name."""


def names() -> list[str]:
    """Every built-in example's name, sorted."""
    return sorted(f.name[:-5] for f in _FOLDER.iterdir() if f.name.endswith(".json"))


def text(name: str) -> str:
    """The scenario file of the built-in example ``name``, as JSON text: a model for
    writing your own."""
    if name not in names():
        raise UnknownExampleError(_(
            "no built-in example is called {name}{hint}; 'skitgubbe example --list' lists "
            "them").format(name=quote(name),
                           hint=did_you_mean(name, names(), _(" (did you mean {name}?)"))))
    return (_FOLDER / f"{name}.json").read_text(encoding="utf-8")


def load(name: str) -> _scenario.Scenario:
    """The built-in example ``name`` as a parsed scenario."""
    return _scenario.parse(json.loads(text(name)), file=f"{name}.json")


def catalogue() -> list[tuple[str, str]]:
    """(name, title) of every built-in example."""
    return [(name, load(name).title) for name in names()]
