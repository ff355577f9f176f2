"""Reading JSON data with errors that name the JSON path of the bad value."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .cards import Card, parse_card
from .errors import CardError, FileFormatError, quote
from .files import shown_name
from .i18n import N_, number
from .i18n import gettext as _
from .schema import MAX_DEPTH, MAX_DIGITS, MAX_FILE_BYTES, check_tree, json_path

_TYPE_NAMES = {dict: N_("an object"), list: N_("a list"), str: N_("a string"),
               int: N_("a whole number")}


def field(data: dict[str, Any], key: str, path: str, kind: type, *, required: bool = True,
          error: type[FileFormatError] = FileFormatError) -> Any:
    """``data[key]``, checked to be of ``kind``; None when optional and absent."""
    where = json_path((key,), path)
    if key not in data:
        if required:
            raise error(_("the field {field} is required").format(field=quote(key)),
                        path=path or _("(top level)"))
        return None
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise error(_("{value} should be {kind}").format(value=quote(value),
                                                         kind=_(_TYPE_NAMES[kind])), path=where)
    return value


def card(value: Any, path: str, error: type[FileFormatError] = FileFormatError) -> Card:
    try:
        return parse_card(value)
    except CardError as err:
        raise error(str(err), path=path) from None


def cards(value: Any, path: str, error: type[FileFormatError] = FileFormatError) -> list[Card]:
    """A JSON list of card strings."""
    if not isinstance(value, list):
        raise error(_("{value} should be a list of cards").format(value=quote(value)), path=path)
    return [card(v, f"{path}[{i}]", error) for i, v in enumerate(value)]


def player(value: Any, players: list[str], path: str,
           error: type[FileFormatError] = FileFormatError) -> int:
    if value not in players:
        raise error(_("{value} is not a player; the players are {players}").format(
            value=quote(value), players=", ".join(players)), path=path)
    return players.index(value)


def per_player(value: Any, players: list[str], path: str,
               error: type[FileFormatError] = FileFormatError) -> dict[int, list[Card]]:
    """An object mapping player names to lists of cards."""
    if not isinstance(value, dict):
        raise error(_("{value} should be an object mapping players to cards").format(
            value=quote(value)), path=path)
    return {player(name, players, json_path((name,), path), error):
            cards(v, json_path((name,), path), error) for name, v in value.items()}


def document(data: Any, expected_format: str | tuple[str, ...], what: str,
             error: type[FileFormatError] = FileFormatError) -> dict[str, Any]:
    """``data`` checked to be a JSON object whose ``format`` is ``expected_format`` (or
    one of them, the newest last)."""
    if not isinstance(data, dict):
        raise error(_("{what} is a JSON object, not {kind}").format(
            what=_(what), kind=type(data).__name__))
    fmt = field(data, "format", "", str, error=error)
    formats = (expected_format,) if isinstance(expected_format, str) else expected_format
    if fmt not in formats:
        raise error(_("unknown format {value}: expected {format}").format(
            value=quote(fmt), format=quote(formats[-1])), path="format")
    return data


@contextmanager
def naming(file: str | None) -> Iterator[None]:
    """Errors about the JSON data read inside this block name ``file``."""
    try:
        yield
    except FileFormatError as err:
        if file and not err.file:
            raise err.in_file(shown_name(file)) from None
        raise


class _Refused(Exception):
    """A number the reader refuses, raised from inside the JSON parser."""


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(_("a number of {count} digits: at most {most} are allowed").format(
            count=len(text), most=MAX_DIGITS))
    return int(text)


def _parse_constant(text: str) -> float:
    raise _Refused(_("{text} is not a JSON number").format(text=text))


_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|NaN'
                     r'|-?Infinity|[\[{]|[\]}]')


def _refused_at(text: str) -> int:
    """Where the first number or constant the reader refuses starts in ``text``."""
    for token in _TOKENS.finditer(text):
        word = token.group()
        digits = word.lstrip("-")
        if word[0] in "NI-" and not digits[:1].isdigit() or (
                digits.isdigit() and len(digits) > MAX_DIGITS):
            return token.start()
    return 0


def _too_deep_at(text: str) -> int:
    """Where ``text`` first opens a list or object deeper than :data:`MAX_DEPTH`."""
    depth = 0
    for token in _TOKENS.finditer(text):
        word = token.group()
        if word in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return token.start()
        elif word in "]}":
            depth -= 1
    return 0


def _where(text: str, offset: int) -> str:
    """``'line L, column C'`` of ``offset`` in ``text``, counted as JSON errors are."""
    line = text.count("\n", 0, offset) + 1
    return _("line {line}, column {column}").format(
        line=line, column=offset - text.rfind(chr(10), 0, offset))


def read_json(path: str | os.PathLike[str], error: type[FileFormatError] = FileFormatError,
              max_bytes: int = MAX_FILE_BYTES, *, tree: bool = True) -> Any:
    """Parse a JSON file within the limits of :mod:`.schema`; any problem (not UTF-8,
    a syntax error with its line and column, too large, too deep) names the file.
    ``tree=False`` leaves the limits on depth and text to the caller's
    :func:`.schema.validate`, which checks them too."""
    file = shown_name(path)
    with open(path, "rb") as f:
        raw = f.read(max_bytes + 1)
    if len(raw) > max_bytes:
        raise error(_("larger than the limit of {size} bytes").format(size=number(max_bytes)),
                    file=file)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise error(_("not UTF-8 text ({reason})").format(reason=err.reason), file=file) from None
    try:
        data = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except json.JSONDecodeError as err:
        raise error(_("not valid JSON: {reason} at line {line}, column {column}").format(
            reason=err.msg, line=err.lineno, column=err.colno), file=file) from None
    except _Refused as err:
        raise error(_("not a valid file: {reason} ({where})").format(
            reason=err, where=_where(text, _refused_at(text))), file=file) from None
    except RecursionError:
        raise error(_("not a valid file: {reason} ({where})").format(
            reason=_("nested deeper than {levels} levels").format(levels=MAX_DEPTH),
            where=_where(text, _too_deep_at(text))), file=file) from None
    if tree:
        with naming(file):
            check_tree(data, error)
    return data
