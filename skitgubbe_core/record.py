"""Game records: a finished or unfinished game as JSON, replayable exactly.

>>> from skitgubbe_core import Game
>>> from skitgubbe_core.rules import OPTIONS
>>> g = Game(["A", "B", "C"], seed=3)
>>> _ = g.play(g.legal_actions()[0])
>>> data = to_record(g)
>>> data["format"], data["actions"], len(data["options"]) == len(OPTIONS)
('skitgubbe-record/2', ['A: play 5♥'], True)
>>> to_record(from_record(data)) == data
True
"""

from __future__ import annotations

import json
import os
from typing import Any

from . import jsondata as jd
from .actions import Action
from .errors import ActionError, FileFormatError, IllegalActionError, RulesError, quote
from .files import save_text
from .game import Game
from .i18n import N_
from .i18n import gettext as _
from .rules import Rules
from .schema import RECORD_SCHEMA, json_path, validate

RECORD_FORMAT = "skitgubbe-record/2"
RECORD_FORMATS = ("skitgubbe-record/1", RECORD_FORMAT)
"""The formats a record may have, the newest last.  ``/2`` (since 2026-12-02) gives
every rule option's value, so a record replays under the rules it was played under
whatever a later version corrects in its preset; ``/1`` gave only the options that
differ from the preset's values of its day (see :data:`EARLIER_PRESETS`)."""

EARLIER_PRESETS: dict[str, tuple[dict[str, str], ...]] = {
    # Until 2026-11-30 (commit 5c33629) the Swedish house-rules preset allowed runs in
    # phase 2 (the house-rules page plays single cards), and in Atlanta only the losers
    # of a trick sloughed (pagat.com: any player, the winner too).
    "skitgubbe-follow-suit": ({"phase2_plays": "runs"},),
    "atlanta": ({"slough_timing": "losers"},),
}
"""Option values that presets had in earlier versions and no longer have, newest first:
a ``/1`` record that does not replay under its preset's values of today is replayed
under these (and its own options) before it is refused."""


class RecordError(FileFormatError):
    """A record file is not valid, or its actions cannot be replayed."""


def to_record(game: Game) -> dict[str, Any]:
    """The game as a JSON-ready dict."""
    data: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "variant": game.rules.preset_name,
        "options": game.rules.options(),
        "players": list(game.players),
    }
    if game.start is not None:
        data["start"] = game.start
        if game.seed is not None:
            data["seed"] = game.seed
    else:
        data["seed"] = game.seed
        if game.dealer is not None and game.dealer != len(game.players) - 1:
            data["dealer"] = game.players[game.dealer]
    data["actions"] = [game.action_text(a) for a in game.actions]
    data["result"] = result(game)
    return data


def result(game: Game) -> dict[str, Any]:
    """The ``result`` field of the game's record: moves, over, out, loser."""
    return {
        "moves": game.move_count,
        "over": game.is_over,
        "out": [game.players[p] for p in game.out],
        "loser": None if game.loser is None else game.players[game.loser],
    }


def rules_from_json(data: dict[str, Any], error: type[FileFormatError],
                    earlier: dict[str, str] | None = None) -> Rules:
    """The rules named by ``variant`` and ``options`` of a scenario or record (the
    options applied over the preset's values, or over those with ``earlier`` values)."""
    variant = jd.field(data, "variant", "", str, error=error)
    options = jd.field(data, "options", "", dict, required=False, error=error) or {}
    try:
        rules = Rules.preset(variant, **(earlier or {}))
    except RulesError as err:
        raise error(str(err), path="variant") from None
    for name, value in options.items():
        try:
            rules = rules.replace(**{name: value})
        except (RulesError, TypeError) as err:
            raise error(str(err), path=json_path((name,), "options")) from None
    return rules


def new_game(data: dict[str, Any], error: type[FileFormatError],
             earlier: dict[str, str] | None = None, **kwargs: Any) -> Game:
    """A game from the ``variant``, ``options``, ``players`` and ``start`` or ``dealer``
    fields (see :func:`rules_from_json` for ``earlier``); ``kwargs`` go to
    :class:`Game` (``start`` among them overrides the field)."""
    rules = rules_from_json(data, error, earlier)
    kwargs.setdefault("start", data.get("start"))
    if "dealer" in data:
        if kwargs["start"] is not None:
            raise error(_("a game from a start position was not dealt, so it has no dealer"),
                        path="dealer")
        kwargs["dealer"] = jd.player(data["dealer"], list(data["players"]), "dealer", error)
    try:
        return Game(data["players"], rules, **kwargs)
    except FileFormatError as err:
        raise error(err.detail, path=err.path) from None
    except RulesError as err:
        raise error(str(err), path="players") from None


def from_record(data: Any, file: str | None = None, *, narrate: bool = True,
                validated: bool = False) -> Game:
    """Rebuild the game a record describes by replaying its actions (headless, keeping
    no events, unless ``narrate``).  ``validated``: ``data`` has passed the record
    schema already (inside a match record)."""
    with jd.naming(file):
        return _from_record(data, narrate, validated)


def _from_record(data: Any, narrate: bool, validated: bool) -> Game:
    if not validated:
        jd.document(data, RECORD_FORMATS, N_("a record"), RecordError)
        validate(data, RECORD_SCHEMA, RecordError)
    try:
        return _replay(data, narrate)
    except RecordError as refused:
        if data["format"] != RECORD_FORMATS[0] or refused.path == "variant":
            raise
        for earlier in EARLIER_PRESETS.get(data["variant"], ()):
            try:
                return _replay(data, narrate, earlier)
            except RecordError:
                pass
        raise refused


def _replay(data: dict[str, Any], narrate: bool, earlier: dict[str, str] | None = None
            ) -> Game:
    """The game of a record, its rules as :func:`rules_from_json` reads them."""
    game = new_game(data, RecordError, earlier, seed=data.get("seed"), narrate=narrate)
    parsed: dict[str, Action] = {}
    for i, text in enumerate(data["actions"]):
        try:
            action = parsed.get(text)
            if action is None:
                action = parsed[text] = game.parse_action(text)
            game.play(action)
        except (ActionError, IllegalActionError) as err:
            raise RecordError(str(err), path=f"actions[{i}]") from None
    recorded, actual = data.get("result"), result(game)
    if recorded is not None and recorded != actual:
        raise RecordError(_("the recorded result {recorded} is not what the actions give: "
                            "{actual}").format(recorded=quote(recorded, 200),
                                               actual=quote(actual, 200)), path="result")
    return game


def dumps(game: Game) -> str:
    return json.dumps(to_record(game), ensure_ascii=False, indent=1) + "\n"


def save(game: Game, path: str | os.PathLike[str]) -> None:
    """Write the record atomically: an existing file is replaced only by a complete one."""
    save_text(dumps(game), path)


def load(path: str | os.PathLike[str]) -> Game:
    """Read and replay a record file."""
    data = jd.read_json(path, RecordError)
    return from_record(data, str(path))
