"""Turning what a reader names (a game, a record, a scenario, an example) into a game."""

from __future__ import annotations

from typing import Any

from skitgubbe_core import Game, examples, record, scenario
from skitgubbe_core.i18n import N_, gettext

from .arguments import wrong_kind


def resolve(source: Any) -> tuple[Game, str]:
    """(the game with all its moves played, a title) for ``source``: a :class:`Game`, a
    :class:`~skitgubbe_core.scenario.Scenario`, a built-in example's name, or a record
    or scenario as a dict.  A scenario's moves are played up to the first refused one; a
    built-in example's title is in the current language."""
    if isinstance(source, Game):
        return source, ""
    if isinstance(source, str):
        source = examples.load(source)
    if isinstance(source, dict):
        if source.get("format") in record.RECORD_FORMATS:
            return record.from_record(source), source.get("title", "")
        source = scenario.parse(source)
    if isinstance(source, scenario.Scenario):
        return scenario.run(source).game, gettext(source.title) if source.title else ""
    raise wrong_kind("source", source, N_("a Game, a Scenario, a built-in example's name, or "
                                          "a record or scenario as a dict"))
