"""The JSON Schemas of both file formats, and the limits a file must keep.

One definition serves the reader (:func:`validate`, called on every scenario and
record before anything else reads it), the documentation (``docs/schemas/*.json``
are these dicts, written out; a test keeps them equal) and the tests (hypothesis
generates documents from them).  The schemas say the shape and the bounds; what a
valid *position* is (a card named once, a player able to act, ...) is decided by
:func:`skitgubbe_core.position.check_position`.

>>> validate({"format": "skitgubbe-record/1", "variant": "skitgubbe",
...           "players": ["A", "B"], "seed": "7", "actions": []}, RECORD_SCHEMA)
Traceback (most recent call last):
...
skitgubbe_core.errors.FileFormatError: seed: '7' should be a whole number
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from .errors import FileFormatError, quote
from .i18n import N_, NC_
from .i18n import gettext as _

if TYPE_CHECKING:
    from fastjsonschema import JsonSchemaValueException

MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 8
MAX_DIGITS = 20
MAX_PLAYERS = 16
MAX_NAME = 40
MAX_TITLE = 200
MAX_TEXT = 10_000
MAX_MOVES = 20_000
MAX_CHECKPOINTS = 1_000
MAX_CHOICES = 64
MAX_SEED = 2**64 - 1
MAX_DEALS = 100
MAX_MATCH_BYTES = 32 * 1024 * 1024

LIMITS: dict[str, tuple[int, str]] = {
    "file": (MAX_FILE_BYTES, "bytes in a file"),
    "depth": (MAX_DEPTH, "levels of nesting of JSON lists and objects"),
    "digits": (MAX_DIGITS, "digits in a number"),
    "players": (MAX_PLAYERS, "players (a ruleset may allow fewer)"),
    "name": (MAX_NAME, "characters in a player name, a ruleset or a rule option"),
    "title": (MAX_TITLE, "characters in a title or a source"),
    "text": (MAX_TEXT, "characters in a description or a checkpoint note"),
    "moves": (MAX_MOVES, "moves of a scenario or actions of a record"),
    "checkpoints": (MAX_CHECKPOINTS, "checkpoints, exercises, and illegal moves per checkpoint"),
    "choices": (MAX_CHOICES, "choices of an exercise"),
    "seed": (MAX_SEED, "the largest seed (the smallest is 0)"),
    "deals": (MAX_DEALS, "deals of a match record"),
    "match file": (MAX_MATCH_BYTES, "bytes in a match record file"),
}
"""Each limit: (bound, what it bounds).  docs/scenarios.md lists them."""

_INVISIBLE = "\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069"
CONTROL = "\x00-\x1f\x7f-\x9f" + _INVISIBLE
"""Control characters (C0, DEL, C1) and the invisible direction marks (the Arabic
letter mark, zero-width marks and joiners, embeddings, overrides, isolates): refused
in names and titles, where a terminal would obey them or a reader be misled;
descriptions and notes may hold line breaks and tabs."""

_NAME: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": MAX_NAME,
                         "pattern": f"^[^{CONTROL}:\\s](?:[^{CONTROL}:]*[^{CONTROL}:\\s])?$"}
_NAME_RE = re.compile(_NAME["pattern"])


def is_name(value: Any) -> bool:
    """A usable player name: 1-40 characters of text, no ':', no control characters,
    no surrounding spaces.

    >>> is_name("Anna"), is_name("A: B"), is_name("Bo\x1b[2J"), is_name(" Cai")
    (True, False, False, False)
    """
    return (isinstance(value, str) and 0 < len(value) <= MAX_NAME
            and _NAME_RE.search(value) is not None and value.isprintable()
            and not any("\ud800" <= c <= "\udfff" for c in value))


_LINE = {"type": "string", "maxLength": MAX_TITLE, "pattern": f"^[^{CONTROL}]*$"}
_TEXT = {"type": "string", "maxLength": MAX_TEXT,
         "pattern": f"^[^\x00-\x08\x0b-\x1f\x7f-\x9f{_INVISIBLE}]*$"}
_CARD = {"type": "string", "maxLength": 8,
         "pattern": "^\\s*(?:10|[2-9TJQKAtjqka])[SHDCshdc♠♥♦♣♤♡♢♧][\\ufe0e\\ufe0f]?\\s*$"}
_CARDS = {"type": "array", "maxItems": 52, "items": {"$ref": "#/$defs/card"}}
_PER_PLAYER = {"type": "object", "maxProperties": MAX_PLAYERS,
               "propertyNames": {"maxLength": MAX_NAME},
               "additionalProperties": {"$ref": "#/$defs/cards"}}
_PLAYS = {"type": "array", "maxItems": 52,
          "items": {"type": "string", "minLength": 1, "maxLength": 2 * MAX_NAME + 200}}
_SUIT = {"type": "string", "maxLength": 8}
_PLAYER_REF = {"$ref": "#/$defs/name"}
_ACTION = {"type": "string", "minLength": 1, "maxLength": MAX_NAME + 200}
_ACTIONS = {"type": "array", "maxItems": MAX_MOVES, "items": {"$ref": "#/$defs/action"}}
_COUNT = {"type": "integer", "minimum": 0, "maximum": 1_000_000}

_POSITION = {
    "type": "object",
    "description": "A starting position (docs/scenarios.md, 'start').",
    "required": ["phase", "hands", "to_play"],
    "additionalProperties": False,
    "properties": {
        "phase": {"enum": [1, 2]},
        "hands": _PER_PLAYER | {"minProperties": 1},
        "to_play": _PLAYER_REF,
        "stock": {"$ref": "#/$defs/cards"},
        "piles": {"$ref": "#/$defs/per_player"},
        "table": _PLAYS,
        "trump": _SUIT,
        "trump_card": {"$ref": "#/$defs/card"},
        "trump_holder": _PLAYER_REF,
        "leader": _PLAYER_REF,
        "trick_size": {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS},
        "out": {"oneOf": [_PLAYER_REF, {"type": "array", "maxItems": MAX_PLAYERS,
                                        "items": _PLAYER_REF}]},
    },
}

_DEALT = {
    "type": "object",
    "description": "A dealt start: the pack shuffled with seed and dealt by dealer "
                   "(docs/scenarios.md, 'start').",
    "required": ["seed", "dealer"],
    "additionalProperties": False,
    "properties": {
        "seed": {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
        "dealer": _PLAYER_REF,
    },
}

_DEFS = {
    "name": _NAME, "card": _CARD, "cards": _CARDS, "per_player": _PER_PLAYER,
    "action": _ACTION, "position": _POSITION, "dealt": _DEALT,
}

_COMMON = {
    "format": {"type": "string", "maxLength": 40},
    "variant": {"type": "string", "minLength": 1, "maxLength": MAX_NAME},
    "options": {"type": "object", "maxProperties": 64,
                "propertyNames": {"maxLength": MAX_NAME},
                "additionalProperties": {"type": "string", "maxLength": MAX_NAME}},
    "players": {"type": "array", "minItems": 2, "maxItems": MAX_PLAYERS, "uniqueItems": True,
                "items": _PLAYER_REF},
    "start": {"$ref": "#/$defs/position"},
    "seed": {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
}

_CHECKPOINT = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "after": {"type": "integer", "minimum": 0, "maximum": MAX_MOVES},
        "phase": {"enum": [1, 2]},
        "to_play": {"oneOf": [_PLAYER_REF, {"type": "null"}]},
        "trump": _SUIT,
        "table": _PLAYS,
        "hands": {"$ref": "#/$defs/per_player"},
        "piles": {"$ref": "#/$defs/per_player"},
        "stock": {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 52},
                            {"$ref": "#/$defs/cards"}]},
        "out": {"type": "array", "maxItems": MAX_PLAYERS, "items": _PLAYER_REF},
        "loser": {"oneOf": [_PLAYER_REF, {"type": "null"}]},
        "trick_size": {"type": "integer", "minimum": 0, "maximum": MAX_PLAYERS},
        "illegal": {"type": "array", "maxItems": MAX_CHECKPOINTS,
                    "items": {"$ref": "#/$defs/action"}},
        "note": _TEXT,
    },
}

EXERCISE_KINDS = ("legal", "pick-up", "winner", "tie-cards", "trump", "to-play", "skitgubbe",
                  "out-of-turn", "sets-aside", "dreck", "trick-size", "anti-trump", "blamattis")
"""The kinds of question an exercise may ask (:mod:`skitgubbe_core.quiz`)."""
EXERCISE_KIND_WORDS = (
    NC_("exercise kind", "legal"), NC_("exercise kind", "pick-up"),
    NC_("exercise kind", "winner"), NC_("exercise kind", "tie-cards"),
    NC_("exercise kind", "trump"), NC_("exercise kind", "to-play"),
    NC_("exercise kind", "skitgubbe"), NC_("exercise kind", "out-of-turn"),
    NC_("exercise kind", "sets-aside"), NC_("exercise kind", "dreck"),
    NC_("exercise kind", "trick-size"), NC_("exercise kind", "anti-trump"),
    NC_("exercise kind", "blamattis"))
"""The kinds for the catalogue: in English the notation itself, in another language a
few words (``pgettext("exercise kind", kind)``; a kind without them shows its notation)."""
_CHOICE = {"type": "string", "minLength": 1, "maxLength": MAX_NAME + 200,
           "pattern": f"^[^{CONTROL}]*$"}

_EXERCISE = {
    "type": "object",
    "description": "A question the engine asks and answers (docs/scenarios.md, 'exercises').",
    "required": ["after", "ask"],
    "additionalProperties": False,
    "properties": {
        "after": {"type": "integer", "minimum": 0, "maximum": MAX_MOVES},
        "ask": {"enum": list(EXERCISE_KINDS)},
        "player": _PLAYER_REF,
        "prompt": _LINE,
        "choices": {"type": "array", "minItems": 2, "maxItems": MAX_CHOICES,
                    "uniqueItems": True, "items": _CHOICE},
        "answer": {"type": "array", "maxItems": MAX_CHOICES, "items": _CHOICE},
        "note": _TEXT,
    },
}

SCENARIO_FORMATS = ("skitgubbe-scenario/1", "skitgubbe-scenario/2")
"""The formats a scenario may have, the newest last: ``/2`` (since 2026-12-02) may
start from a deal (``start``: ``seed`` and ``dealer``); ``/1`` files read as before."""

SCENARIO_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "skitgubbe-scenario/2",
    "description": "A worked example: a starting position or a deal, moves and "
                   "checkpoints (docs/scenarios.md).",
    "type": "object",
    "required": ["format", "variant", "players", "start", "moves"],
    "additionalProperties": False,
    "properties": _COMMON | {
        "format": {"enum": list(SCENARIO_FORMATS)},
        "start": {"if": {"type": "object",
                         "anyOf": [{"required": ["seed"]}, {"required": ["dealer"]}]},
                  "then": {"$ref": "#/$defs/dealt"}, "else": {"$ref": "#/$defs/position"}},
        "title": _LINE,
        "description": _TEXT,
        "sources": {"type": "array", "maxItems": 50, "items": _LINE},
        "moves": _ACTIONS,
        "expect": {"type": "array", "maxItems": MAX_CHECKPOINTS, "items": _CHECKPOINT},
        "exercises": {"type": "array", "maxItems": MAX_CHECKPOINTS, "items": _EXERCISE},
    },
    "$defs": _DEFS,
}

RECORD_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "skitgubbe-record/2",
    "description": "A game record: the rules (skitgubbe-record/2: every option's value; "
                   "/1: the options that differ from the preset's values of its day), the "
                   "players, a seed (and the dealer, if not the last player) or a start "
                   "position, and every action, replayable exactly.",
    "type": "object",
    "required": ["format", "variant", "players", "actions"],
    "anyOf": [{"required": ["seed"]}, {"required": ["start"]}],
    "additionalProperties": False,
    "properties": _COMMON | {
        "format": {"enum": ["skitgubbe-record/1", "skitgubbe-record/2"]},
        "dealer": _PLAYER_REF,
        "actions": _ACTIONS,
        "result": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "moves": _COUNT,
                "over": {"type": "boolean"},
                "out": {"type": "array", "maxItems": MAX_PLAYERS, "items": _PLAYER_REF},
                "loser": {"oneOf": [_PLAYER_REF, {"type": "null"}]},
            },
        },
    },
    "$defs": _DEFS,
}

MATCH_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "skitgubbe-match/1",
    "description": "Several deals: the rules, the players, and each deal's game record "
                   "(the deal passes to the left: our reading, as no source says who deals "
                   "next), with the Skitgubbe counts.",
    "type": "object",
    "required": ["format", "variant", "players", "deals"],
    "additionalProperties": False,
    "properties": {key: _COMMON[key] for key in ("variant", "options", "players")} | {
        "seed": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_SEED},
        "format": {"const": "skitgubbe-match/1"},
        "deal_passes": {"enum": ["left (our reading)", "left"]},
        "deals": {"type": "array", "maxItems": MAX_DEALS, "items": {"$ref": "#/$defs/record"}},
        "counts": {"type": "object", "maxProperties": MAX_PLAYERS,
                   "propertyNames": {"maxLength": MAX_NAME},
                   "additionalProperties": {"type": "integer", "minimum": 0,
                                            "maximum": MAX_DEALS}},
    },
    "$defs": _DEFS | {"record": {k: v for k, v in RECORD_SCHEMA.items()
                                 if k not in ("$schema", "$defs")}},
}

POSITION_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$ref": "#/$defs/position",
    "$defs": _DEFS,
}

_TYPE_NAMES = {"object": N_("an object"), "array": N_("a list"), "string": N_("a string"),
               "integer": N_("a whole number"), "boolean": N_("true or false"),
               "null": N_("null"), "number": N_("a number")}


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    """``node`` with every ``$ref`` replaced by its definition (the schemas are not
    recursive): compiled validators check inlined definitions several times faster."""
    if isinstance(node, dict):
        if "$ref" in node:
            return _inline(defs[node["$ref"].rsplit("/", 1)[1]], defs)
        return {k: _inline(v, defs) for k, v in node.items() if k not in ("$defs", "$schema")}
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    return node


@cache
def _validator(which: str) -> Callable[[Any], Any]:
    """A compiled validator (fastjsonschema, far quicker than the interpreting
    ``jsonschema``)."""
    import fastjsonschema

    schema = {"scenario": SCENARIO_SCHEMA, "record": RECORD_SCHEMA, "match": MATCH_SCHEMA,
              "position": POSITION_SCHEMA}[which]
    return fastjsonschema.compile(_inline(schema, schema["$defs"]))


def _which(schema: dict[str, Any]) -> str:
    if schema is SCENARIO_SCHEMA:
        return "scenario"
    if schema is RECORD_SCHEMA:
        return "record"
    if schema is MATCH_SCHEMA:
        return "match"
    return "position"


def json_path(parts: Iterable[str | int], prefix: str = "") -> str:
    """``('start', 'hands', 'B', 2)`` -> ``'start.hands.B[2]'``; a key that would not
    read plainly there (empty, long, with surrounding spaces, control characters, dots,
    brackets or quotes) is quoted in brackets:

    >>> json_path(["options", "dreck "]), json_path(["a.b", ""], "start")
    ("options['dreck ']", "start['a.b']['']")
    """
    path = prefix
    for part in parts:
        if isinstance(part, int):
            path += f"[{part}]"
        elif _PLAIN_KEY.fullmatch(part) and part.isprintable():
            path = f"{path}.{part}" if path else part
        else:
            path += f"[{quote(part, 24)}]"
    return path


_PLAIN_KEY = re.compile(r"[^\s.\[\]'\"](?:[^.\[\]'\"]{0,22}[^\s.\[\]'\"])?")
"""A key shown as it is in a JSON path: 1-24 characters, no surrounding space, no dot,
bracket or quote."""


def check_tree(data: Any, error: type[FileFormatError] = FileFormatError,
               prefix: str = "") -> None:
    """Depth, number size and text every JSON value must keep (read from a file or
    handed over as a dict): no lone surrogates, no number beyond the bounds."""
    stack: list[tuple[Any, int, tuple[str | int, ...]]] = [(data, 1, ())]
    while stack:
        value, depth, parts = stack.pop()
        if isinstance(value, str):
            if not value.isascii():
                try:
                    value.encode("utf-8")
                except UnicodeEncodeError:
                    raise error(_("{value} holds a lone surrogate, which is not text").format(
                        value=quote(value)), path=json_path(parts, prefix)) from None
            continue
        if isinstance(value, bool) or value is None:
            continue
        if isinstance(value, int):
            if not -10**MAX_DIGITS < value < 10**MAX_DIGITS:
                raise error(_("a number of more than {digits} digits").format(
                    digits=MAX_DIGITS), path=json_path(parts, prefix))
            continue
        if isinstance(value, float):
            if value != value or value in (float("inf"), float("-inf")):
                raise error(_("NaN and Infinity are not JSON numbers"),
                            path=json_path(parts, prefix))
            continue
        if depth > MAX_DEPTH:
            raise error(_("nested deeper than {levels} levels").format(levels=MAX_DEPTH),
                        path=json_path(parts, prefix))
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise error(_("key {key} is not text").format(key=quote(key)),
                                path=json_path(parts, prefix))
                stack.append((key, depth + 1, parts))
                stack.append((item, depth + 1, parts + (key,)))
        elif isinstance(value, (list, tuple)):
            stack.extend((item, depth + 1, parts + (i,)) for i, item in enumerate(value))
        else:
            raise error(_("{value} is not a JSON value").format(value=quote(value)),
                        path=json_path(parts, prefix))


def validate(data: Any, schema: dict[str, Any], error: type[FileFormatError] = FileFormatError,
             prefix: str = "") -> None:
    """Raise ``error`` naming the JSON path and the rule of the first place where
    ``data`` breaks ``schema`` (one of the three schemas above)."""
    from fastjsonschema import JsonSchemaValueException

    check_tree(data, error, prefix)
    try:
        _validator(_which(schema))(data)
    except JsonSchemaValueException as err:
        parts = _parts(data, err.path[1:])
        if err.rule == "uniqueItems":
            seen: set[str] = set()
            for i, item in enumerate(err.value):
                if repr(item) in seen:
                    raise error(_("{item} is named twice").format(item=quote(item)),
                                path=json_path(parts + [i], prefix)) from None
                seen.add(repr(item))
        raise error(_sentence(err, parts),
                    path=json_path(parts, prefix) or _("(top level)")) from None


def _parts(data: Any, names: list[str]) -> list[str | int]:
    """The validator's path (all text) with list indexes as numbers.  The validator
    splits its path at ``.`` and ``[``, so a key holding those is cut short: the path
    then ends at the last step that exists."""
    parts: list[str | int] = []
    for name in names:
        try:
            step = int(name) if isinstance(data, list) else name
            data = data[step]
        except (KeyError, IndexError, ValueError, TypeError):
            break
        parts.append(step)
    return parts


_BOUNDS = {
    "maxLength": N_("{value} is too long: at most {count} characters"),
    "minLength": N_("{value} is too short: at least {count} characters"),
    "maxItems": N_("a list of {size} items; the limit is at most {count}"),
    "minItems": N_("a list of {size} items; the limit is at least {count}"),
    "maxProperties": N_("an object of {size} fields; the limit is at most {count}"),
    "minProperties": N_("an object of {size} fields; the limit is at least {count}"),
    "maximum": N_("{value} should be at most {bound}"),
    "minimum": N_("{value} should be at least {bound}"),
}
"""The sentence for a value beyond a schema bound (``count`` or ``bound``), of ``size``
items."""


def _sentence(err: JsonSchemaValueException, parts: list[str | int]) -> str:
    """A short sentence for a schema error, quoting a bounded prefix of the value."""
    kind, schema, value = err.rule, err.definition, err.value
    expected = schema.get(kind)
    shown = quote(value)
    if kind == "type" and schema == _ACTION:
        return _("{text} is not an action: write 'PLAYER: ACTION', for example 'A: play 7D', "
                 "'B: pick up' or 'C: turn'").format(text=shown)
    if schema == _NAME and kind != "type":
        return _("{name} is not a usable player name: use 1-{most} characters without ':', "
                 "control characters or surrounding spaces").format(name=shown, most=MAX_NAME)
    if kind == "type":
        kinds = [expected] if isinstance(expected, str) else expected
        names = [_(_TYPE_NAMES[k]) for k in kinds]
        wanted = names[0] if len(names) == 1 else _("{some} or {last}").format(
            some=", ".join(names[:-1]), last=names[-1])
        return _("{value} should be {kind}").format(value=shown, kind=wanted)
    if kind == "required":
        missing = [k for k in expected if k not in value]
        return _("the field {field} is required").format(field=quote(missing[0]))
    if kind == "additionalProperties":
        known = sorted(schema.get("properties", {}))
        extra = [k for k in value if k not in known]
        return _("unknown field {field}; known fields: {known}").format(
            field=quote(extra[0]), known=", ".join(known))
    if kind == "const":
        return _("unknown format {value}: expected {format}").format(
            value=shown, format=quote(expected))
    if kind == "enum":
        return _("{value} should be one of {choices}").format(
            value=shown, choices=", ".join(map(quote, expected)))
    if kind == "minItems" and parts == ["players"]:
        return _("a game needs at least {count} players").format(count=expected)
    if kind in _BOUNDS:
        size = len(value) if isinstance(value, (str, list, dict)) else 0
        return _(_BOUNDS[kind]).format(value=shown, count=expected, bound=expected, size=size)
    if kind == "pattern":
        return _pattern_sentence(expected, shown)
    if kind == "anyOf" and "anyOf" in schema:
        return _("a record needs 'seed' or 'start'")
    if kind == "oneOf" and {"type": "null"} in expected:
        return _("{value} should be a player name or null").format(value=shown)
    if kind == "oneOf":
        return _("{value} should be a player name or a list of them").format(value=shown)
    return _("{value} is not allowed here ({rule})").format(value=shown, rule=kind)


def _pattern_sentence(pattern: str, shown: str) -> str:
    if pattern == _CARD["pattern"]:
        from .cards import CARD_SYNTAX

        return _("{value} is not a card: {syntax}").format(value=shown, syntax=_(CARD_SYNTAX))
    return _("{value} holds control characters, which a terminal would obey").format(value=shown)


def write_schemas(folder: str) -> None:
    """Write ``scenario.schema.json``, ``record.schema.json`` and ``match.schema.json``
    (for the docs)."""
    import json
    from pathlib import Path

    for name, schema in (("scenario", SCENARIO_SCHEMA), ("record", RECORD_SCHEMA),
                         ("match", MATCH_SCHEMA)):
        text = json.dumps(schema, indent=1, ensure_ascii=False) + "\n"
        (Path(folder) / f"{name}.schema.json").write_text(text, encoding="utf-8")

