"""Checking a widget's arguments before anything is built: a wrong one is refused at once
with an :class:`~skitgubbe_core.errors.ArgumentError` (an
:class:`~skitgubbe_core.errors.ArgumentTypeError` for a value of the wrong kind) whose
message names the argument, says what was wrong and what is accepted, in the widget's
language.

>>> deck("four-colour")
'four-colour'
>>> deck("three-colour")
Traceback (most recent call last):
...
skitgubbe_core.errors.ArgumentError: deck cannot be 'three-colour': choose one of two-colour, four-colour
>>> whole_number("seat", -1, 0, 2)
Traceback (most recent call last):
...
skitgubbe_core.errors.ArgumentError: seat cannot be -1: use a whole number from 0 to 2
"""

from __future__ import annotations

import operator
from collections.abc import Collection, Sequence
from typing import Any

from skitgubbe_core import examples, scenario
from skitgubbe_core.errors import ArgumentError, ArgumentTypeError, quote
from skitgubbe_core.files import shown_name
from skitgubbe_core.i18n import N_
from skitgubbe_core.i18n import gettext as _
from skitgubbe_core.rules import OPTIONS, Option
from skitgubbe_core.view import DECKS, SIZES

FILE_QUOTE = 200
"""Characters of a file's name that a message quotes."""
EXAMPLE = N_("a Scenario or a built-in example's name")
"""What a widget that replays a scenario's moves under other rules accepts."""


def wrong_kind(argument: str, value: Any, expected: str) -> ArgumentTypeError:
    """The error for ``value`` not being ``expected`` (a phrase marked with ``N_``)."""
    return ArgumentTypeError(_("{argument} must be {expected}, not {kind}").format(
        argument=argument, expected=_(expected), kind=type(value).__name__))


def unreadable(argument: str, file: str, err: OSError) -> ArgumentError:
    """The error for the file named by ``argument`` that cannot be read."""
    return ArgumentError(_("{argument}: {file} cannot be read: {why}").format(
        argument=argument, file=quote(shown_name(file), FILE_QUOTE), why=err.strerror or err))


def text(argument: str, value: Any) -> str | None:
    """``value`` if it is text or None."""
    if value is None or isinstance(value, str):
        return value
    raise wrong_kind(argument, value, N_("text"))


def one_of(argument: str, value: Any, choices: Collection[str]) -> str:
    """``value`` if it is one of ``choices``."""
    if isinstance(value, str) and value in choices:
        return value
    kind = ArgumentError if isinstance(value, str) else ArgumentTypeError
    raise kind(_choose(argument, value, choices))


def one_of_or_none(argument: str, value: Any, choices: Collection[str]) -> str | None:
    """``value`` if it is None or one of ``choices``."""
    if value is None or isinstance(value, str) and value in choices:
        return value
    kind = ArgumentError if isinstance(value, str) else ArgumentTypeError
    raise kind(_choose(argument, value, [*choices, "None"]))


def _choose(argument: str, value: Any, choices: Collection[str]) -> str:
    return _("{argument} cannot be {value}: choose one of {choices}").format(
        argument=argument, value=quote(value), choices=", ".join(choices))


def whole_number(argument: str, value: Any, low: int | None = None,
                 high: int | None = None) -> int:
    """``value`` if it is a whole number (not a bool) from ``low`` to ``high``."""
    try:
        number = None if isinstance(value, bool) else operator.index(value)
    except TypeError:
        number = None
    if number is not None and (low is None or number >= low) and (high is None or number <= high):
        return number
    if low is not None and high is not None:
        message = _("{argument} cannot be {value}: use a whole number from {low} to {high}")
    elif low is not None:
        message = _("{argument} cannot be {value}: use a whole number of at least {low}")
    else:
        message = _("{argument} cannot be {value}: use a whole number")
    message = message.format(argument=argument, value=quote(value), low=low, high=high)
    raise ArgumentError(message) if number is not None else ArgumentTypeError(message)


def size(value: Any) -> str | None:
    """A widget's ``size``, or None (the size :func:`~.classroom.classroom` set)."""
    return one_of_or_none("size", value, SIZES)


def deck(value: Any) -> str:
    """A widget's ``deck`` of card colours."""
    return one_of("deck", value, DECKS)


def names(argument: str, value: Any) -> list[str]:
    """A list (or tuple) of player names; the game checks the names themselves."""
    if isinstance(value, (list, tuple)) and all(isinstance(name, str) for name in value):
        return list(value)
    raise wrong_kind(argument, value, N_("a list of player names"))


def example(argument: str, value: Any) -> scenario.Scenario:
    """A scenario, or a built-in example's name loaded."""
    if isinstance(value, scenario.Scenario):
        return value
    if isinstance(value, str):
        return examples.load(value)
    raise wrong_kind(argument, value, EXAMPLE)


def readings(option: Any, values: Any) -> tuple[Option, list[str]]:
    """A rule option by name and the readings of it to show: every value, or those of
    ``values`` (a list of the option's values)."""
    chosen = OPTIONS[one_of("option", option, OPTIONS)]
    allowed = [c.value for c in chosen.choices]
    if values is None:
        return chosen, allowed
    if not isinstance(values, Sequence) or isinstance(values, str):
        raise wrong_kind("values", values, N_("a list of the option's values"))
    if not values:
        raise ArgumentError(_choose("values", values, allowed))
    return chosen, [one_of(f"values[{i}]", v, allowed) for i, v in enumerate(values)]
