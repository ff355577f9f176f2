"""Languages: every sentence a reader sees is looked up in a gettext catalogue at the
moment it is rendered, never while the engine plays.

The messages are the English text itself, so English needs no catalogue and stays
exactly as written.  Each other language is one compiled catalogue,
``locale/LANG/LC_MESSAGES/skitgubbe.mo``, made from the ``.po`` file beside it
(``python -m tools.catalogue update`` extracts, merges and compiles with Babel; the
runtime needs only the standard library).  Choose a language for a block of code:

>>> with language("sv"):
...     gettext("stock")
'talong'
>>> gettext("stock")
'stock'

Data defined once and rendered later (rule paragraphs, option descriptions) is
marked with :func:`N_` where it is written and translated with :func:`gettext` where
it is shown.

Numbers a reader sees are written the language's way too (:func:`number`,
:func:`percent`): Swedish has a decimal comma, a space before the per cent sign and
groups of three digits in long numbers (Språkrådet); files and records keep Python's
notation.

>>> percent(0.293, 1), percent(0.293, 1, lang="sv")
('29.3%', '29,3\xa0%')
"""

from __future__ import annotations

import gettext as _gettext
import re
import struct
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, wraps
from math import isfinite, isnan
from pathlib import Path
from typing import Any, Concatenate, ParamSpec, TypeVar

from .errors import SkitgubbeError, quote

DOMAIN = "skitgubbe"
LOCALE = Path(__file__).parent / "locale"
SOURCE_LANGUAGE = "en"

T = TypeVar("T")
S = TypeVar("S")
P = ParamSpec("P")

_current: ContextVar[str] = ContextVar("skitgubbe_language", default=SOURCE_LANGUAGE)


class LanguageError(SkitgubbeError):
    """No catalogue exists for that language."""


class CatalogueError(LanguageError):
    """A language's catalogue exists but cannot be read (empty, truncated, damaged)."""


def languages() -> tuple[str, ...]:
    """English and every language with a compiled catalogue.

    >>> languages()
    ('en', 'sv')
    """
    found = sorted(p.parent.parent.name for p in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (SOURCE_LANGUAGE, *found)


@cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The catalogue of ``lang`` (English: the messages unchanged)."""
    if lang == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    if lang not in languages():
        raise LanguageError(gettext("there is no {lang} catalogue: choose one of {languages}"
                                    ).format(lang=quote(lang), languages=", ".join(languages())))
    path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with path.open("rb") as file:
            return _gettext.GNUTranslations(file)
    except (OSError, struct.error, ValueError, IndexError, KeyError) as err:
        # an empty, truncated or damaged file (each raises one of these), or unreadable
        why = err.strerror if isinstance(err, OSError) and err.strerror else err
        raise CatalogueError(f"the {quote(lang)} message catalogue cannot be read ({path}: "
                             f"{why}): reinstall skitgubbe, or choose --lang en") from None


def current() -> str:
    """The language sentences are rendered in now."""
    return _current.get()


@contextmanager
def language(lang: str | None) -> Iterator[None]:
    """Render in ``lang`` inside the ``with`` block (None keeps the current language)."""
    if lang is None:
        yield
        return
    if not isinstance(lang, str):
        raise LanguageError(gettext("lang must be a language's code ({languages}) or None, not "
                                    "{kind}").format(languages=", ".join(languages()),
                                                     kind=type(lang).__name__))
    translations(lang)
    token = _current.set(lang)
    try:
        yield
    finally:
        _current.reset(token)


def gettext(message: str) -> str:
    """``message`` in the current language; an empty text stays empty (a catalogue
    keeps its header under the empty message, and a file's empty title is no header).

    >>> with language("sv"):
    ...     gettext("")
    ''
    """
    if not message:
        return message
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form of a message for ``count``, in the current language."""
    return translations(_current.get()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells apart equal English
    texts (the rank letter ``'A'`` from other A's)."""
    return translations(_current.get()).pgettext(context, message)


def NC_(context: str, message: str) -> str:
    """Mark ``message`` with its ``context`` for the catalogue without translating it."""
    return message


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (data translated when
    it is shown)."""
    return message


def localized(function: Callable[..., T]) -> Callable[..., T]:
    """Let ``function`` take a ``lang`` keyword: it runs in that language."""

    @wraps(function)
    def wrapper(*args: Any, lang: str | None = None, **kwargs: Any) -> T:
        with language(lang):
            return function(*args, **kwargs)

    return wrapper


def speaking(method: Callable[Concatenate[S, P], T]) -> Callable[Concatenate[S, P], T]:
    """Run a widget's ``method`` in the widget's language: its ``lang`` attribute, or the
    ``lang`` keyword of the ``__init__`` that sets it.  The method keeps its signature."""

    @wraps(method)
    def wrapper(self: S, /, *args: P.args, **kwargs: P.kwargs) -> T:
        lang: Any = kwargs.get("lang", getattr(self, "lang", None))  # checked by language()
        with language(lang):
            return method(self, *args, **kwargs)

    return wrapper


class Messages(Mapping[str, str]):
    """Templates kept as data, by key, each looked up in the current language when it is
    read (``TEXT["score"]``); ``tools/catalogue.py`` extracts the English values.

    >>> TEXT = Messages({"stock": "stock"})
    >>> with language("sv"):
    ...     TEXT["stock"]
    'talong'
    """

    def __init__(self, english: Mapping[str, str]) -> None:
        self.english = dict(english)

    def __getitem__(self, key: str) -> str:
        return gettext(self.english[key])

    def __iter__(self) -> Iterator[str]:
        return iter(self.english)

    def __len__(self) -> int:
        return len(self.english)


class Numerals:
    """How a language writes numbers: its ``decimal`` mark, the ``group`` separator put
    between groups of three digits from ``grouped`` digits up ("" for none), and the
    ``percent`` pattern."""

    def __init__(self, decimal: str, group: str = "", grouped: int = 5,
                 percent: str = "{}%") -> None:
        self.decimal, self.group, self.grouped, self.percent = decimal, group, grouped, percent


NUMERALS = {SOURCE_LANGUAGE: Numerals("."),
            "sv": Numerals(",", "\u202f", percent="{}\u00a0%")}
"""Each language's way with numbers (Swedish: ``3,5``, ``12\u202f500``, ``29\u00a0%``, with a
narrow no-break space between digit groups and a no-break space before the sign);
a language missing here writes them as English does."""

_NUMERAL = re.compile(r"([-\u2212]?)(\d+)(?:\.(\d+))?(%?)")


def pythons_numerals() -> bool:
    """Whether the current language writes numbers as Python does (English does)."""
    return NUMERALS.get(current(), NUMERALS[SOURCE_LANGUAGE]) is NUMERALS[SOURCE_LANGUAGE]


def numeral(text: str) -> str:
    """A number written in Python's notation (``"-1234.5"``, ``"29.3%"``) as the current
    language writes it; any other text (``"nan"``, ``"1e+20"``) unchanged.

    >>> with language("sv"):
    ...     numeral("0.113"), numeral("12500"), numeral("-1234567.25"), numeral("25%")
    ('0,113', '12\u202f500', '-1\u202f234\u202f567,25', '25\xa0%')
    >>> numeral("12500.5"), numeral("nan")
    ('12500.5', 'nan')
    """
    found = _NUMERAL.fullmatch(text)
    if found is None or pythons_numerals():
        return text
    way = NUMERALS[current()]
    sign, whole, fraction, per_cent = found.groups()
    if way.group and len(whole) >= way.grouped:
        head = len(whole) % 3 or 3
        whole = way.group.join([whole[:head]] + [whole[i:i + 3]
                                                 for i in range(head, len(whole), 3)])
    written = sign + whole + (way.decimal + fraction if fraction is not None else "")
    return way.percent.format(written) if per_cent else written


@localized
def number(value: float, digits: int | None = None) -> str:
    """``value`` with ``digits`` decimals (None: as Python's ``str`` writes it), in ``lang``.

    >>> number(10.367, 1), number(10.367, 1, lang="sv"), number(0.113, lang="sv")
    ('10.4', '10,4', '0,113')
    >>> number(100000, lang="sv"), number(5000, lang="sv")
    ('100\u202f000', '5000')
    """
    return numeral(str(value) if digits is None else f"{value:.{digits}f}")


@localized
def percent(share: float, digits: int = 0) -> str:
    """``share`` (0.25 for a quarter) in per cent with ``digits`` decimals, in ``lang``.

    >>> percent(0.75), percent(0.75, lang="sv"), percent(1 / 3, 1, lang="sv")
    ('75%', '75\xa0%', '33,3\xa0%')
    """
    return numeral(f"{share:.{digits}%}")


@localized
def column(values: Iterable[float]) -> list[str]:
    """Numbers as a table column shows them in ``lang``: all with the same number of
    decimals, the fewest (at least one, at most six) that write each value as pandas
    would; a missing value as ``NaN``, an infinite one as ``inf``.

    >>> column([0.34, 0.3, 275.0], lang="sv")
    ['0,34', '0,30', '275,00']
    >>> column([275.0, float("nan"), float("-inf")])
    ['275.0', 'NaN', '-inf']
    """
    written = [f"{v:.6f}" if isfinite(v) else "NaN" if isnan(v) else str(v) for v in values]
    digits = max([1, *(len(w.rstrip("0")) - w.index(".") - 1 for w in written if "." in w)])
    return [numeral(w[:len(w) - 6 + digits]) if "." in w else w for w in written]


_ = gettext
