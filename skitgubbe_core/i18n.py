"""Languages: every sentence a reader sees is looked up in a gettext catalogue at the
moment it is rendered, never while the engine plays.

The messages are the English text itself, so English needs no catalogue and stays
exactly as written.  Each other language is one compiled catalogue,
``locale/LANG/LC_MESSAGES/skitgubbe.mo``, made from the ``.po`` file beside it
(``python tools/catalogue.py update`` extracts, merges and compiles with Babel; the
runtime needs only the standard library).  Choose a language for a block of code:

>>> with language("sv"):
...     gettext("stock")
'talong'
>>> gettext("stock")
'stock'

Data defined once and rendered later (rule paragraphs, option descriptions) is
marked with :func:`N_` where it is written and translated with :func:`gettext` where
it is shown.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, wraps
from pathlib import Path
from typing import Any, TypeVar

from .errors import SkitgubbeError, quote

DOMAIN = "skitgubbe"
LOCALE = Path(__file__).parent / "locale"
SOURCE_LANGUAGE = "en"

T = TypeVar("T")

_current: ContextVar[str] = ContextVar("skitgubbe_language", default=SOURCE_LANGUAGE)


class LanguageError(SkitgubbeError):
    """No catalogue exists for that language."""


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
        raise LanguageError(f"there is no {quote(lang)} catalogue: choose one of "
                            f"{', '.join(languages())}")
    with (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as file:
        return _gettext.GNUTranslations(file)


def current() -> str:
    """The language sentences are rendered in now."""
    return _current.get()


@contextmanager
def language(lang: str | None) -> Iterator[None]:
    """Render in ``lang`` inside the ``with`` block (None keeps the current language)."""
    if lang is None:
        yield
        return
    translations(lang)
    token = _current.set(lang)
    try:
        yield
    finally:
        _current.reset(token)


def gettext(message: str) -> str:
    """``message`` in the current language."""
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


def speaking(method: Callable[..., T]) -> Callable[..., T]:
    """Run a widget's ``method`` in the widget's language: its ``lang`` attribute, or the
    ``lang`` keyword of the ``__init__`` that sets it."""

    @wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> T:
        with language(kwargs.get("lang", getattr(self, "lang", None))):
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


_ = gettext
