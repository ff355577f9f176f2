"""The errors the engine raises: narrow ``ValueError`` subclasses whose messages
say what was wrong, where, and which rule forbids it."""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches
from typing import Any

MAX_QUOTE = 40
"""Characters of a bad value that an error message quotes."""
MAX_MESSAGE = 400
"""Characters of a file error's own sentence (the file name and path come on top)."""


def quote(value: Any, limit: int = MAX_QUOTE) -> str:
    """``repr(value)`` cut to a bounded prefix: a bad value of any size makes a short
    message.

    >>> quote("x" * 100, 10)
    "'xxxxxxxxx…' (100 characters)"
    >>> print(quote("abc" + "'" * 20, 4))
    'abc…' (23 characters)
    """
    if isinstance(value, (str, bytes)) and len(value) > limit:
        head = repr(value[:limit - 1])
        return f"{head[:-1]}…{head[-1]} ({len(value)} characters)"
    if isinstance(value, (list, dict, tuple)) and len(value) > 8:
        kind = type(value).__name__
        return f"a {'object' if kind == 'dict' else 'list'} of {len(value)} items"
    text = repr(value)
    if len(text) > limit:
        return text[:limit - 1] + "…"
    return text


def did_you_mean(word: str, known: Iterable[str], phrase: str = " (did you mean {name}?)") -> str:
    """``" (did you mean 'koira'?)"`` for a misspelt name close to one of ``known`` (the
    closest), else ``""``; ``phrase`` says it in the reader's language (this module is
    below the catalogue's: callers pass ``_(" (did you mean {name}?)")``).

    >>> did_you_mean("kiora", ["koira", "mattis"]), did_you_mean("poker", ["koira"])
    (" (did you mean 'koira'?)", '')
    """
    if len(word) > MAX_QUOTE:
        return ""
    close = get_close_matches(word, list(known), n=1)
    return phrase.format(name=repr(close[0])) if close else ""


class SkitgubbeError(ValueError):
    """Base class of every error the engine raises for bad input or illegal play."""


class CardError(SkitgubbeError):
    """A card, or a list of cards, could not be parsed."""


class ActionError(SkitgubbeError):
    """An action's text could not be parsed (unknown player, unknown verb, bad card)."""


class IllegalActionError(SkitgubbeError):
    """A well-formed action that the rules forbid in the current position.

    ``move_number`` is the 1-based number the action would have had, ``rule`` the
    rule that forbids it (a key of :data:`skitgubbe_core.rulebook.RULEBOOK`).
    """

    def __init__(self, message: str, *, move_number: int, rule: str | None) -> None:
        super().__init__(message)
        self.move_number = move_number
        self.rule = rule


class RulesError(SkitgubbeError):
    """An unknown ruleset or option, a bad option value, or a player count the
    ruleset's sources do not allow."""


class ArgumentError(SkitgubbeError):
    """A function or widget was given an argument it does not accept; the message names
    the argument, says what was wrong with it and what is accepted."""


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of a kind that is not accepted at all (a number where a title, a text,
    is needed); also a ``TypeError``, as Python's own checks raise."""


class FileFormatError(SkitgubbeError):
    """A scenario or record file is not valid; the message names the file and the
    JSON path of the offending value."""

    def __init__(self, message: str, *, path: str = "", file: str | None = None) -> None:
        self.path = path if len(path) <= MAX_MESSAGE else path[:MAX_MESSAGE - 1] + "…"
        self.file = file
        self.detail = message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE - 1] + "…"
        super().__init__(self._compose())

    def _compose(self) -> str:
        where = f"{self.path}: " if self.path else ""
        head = f"{self.file}: " if self.file else ""
        return f"{head}{where}{self.detail}"

    def in_file(self, file: str) -> FileFormatError:
        """The same error, naming ``file``."""
        return type(self)(self.detail, path=self.path, file=file)


class PositionError(FileFormatError):
    """A starting position is impossible or malformed: a card twice, an unknown
    player, a phase-2 position without trumps, ...  The path is a JSON path into
    the position, such as ``start.hands.B[2]``."""
