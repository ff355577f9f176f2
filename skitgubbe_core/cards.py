"""Cards: the 52-card pack, parsing and printing.

A card is a small ``int`` (``rank_index * 4 + suit``), so comparing two cards of
one suit compares their ranks, and sets and lists of cards stay cheap.  There are
exactly 52 card objects; :func:`parse_card` returns one of them.

>>> c = parse_card("10h")
>>> c, parse_card("TH") is c, parse_card("10♥") is c
(Card('10♥'), True, True)
>>> str(c), c.text, c.name
('10♥', 'TH', 'ten of hearts')
>>> from .i18n import language
>>> with language("sv"):
...     card_name(parse_card("8H")), card_name(parse_card("JC")), format_cards(parse_cards("JC AS"))
('hjärter åtta', 'klöver knekt', 'Kn♣ E♠')
>>> parse_card("QS") > parse_card("9S")
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .errors import CardError, quote
from .i18n import N_, NC_, gettext, pgettext

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))
SUIT_NAME_SINGULAR = (N_("spade"), N_("heart"), N_("diamond"), N_("club"))
RED_SUITS = frozenset((1, 2))
RANK_TEXT = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
RANK_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", NC_("rank", "J"), NC_("rank", "Q"),
               NC_("rank", "K"), NC_("rank", "A"))
RANK_NAMES = (
    N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"),
    N_("nine"), N_("ten"), N_("jack"), N_("queen"), N_("king"), N_("ace"),
)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)

CARD_SYNTAX = N_(
    "a card is a rank (2-10 or T, J, Q, K, A) followed by a suit "
    "(S, H, D, C or ♠ ♥ ♦ ♣), for example '10H', 'TH', '7♦' or 'as'"
)


class Card(int):
    """One of the 52 cards.  Use :func:`parse_card` or :data:`DECK` to get one."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        """Rank from 2 (two) to 14 (ace)."""
        return (self >> 2) + 2

    @property
    def suit(self) -> int:
        """Suit index: 0 spades, 1 hearts, 2 diamonds, 3 clubs."""
        return self & 3

    @property
    def text(self) -> str:
        """ASCII form, two characters: ``'TH'``, ``'7D'``."""
        return RANK_TEXT[self >> 2] + SUITS[self & 3]

    @property
    def label(self) -> str:
        """Rank as printed on the card: ``'10'``, ``'J'``."""
        return RANK_LABELS[self >> 2]

    @property
    def name(self) -> str:
        """Accessible name: ``'seven of diamonds'``."""
        return f"{RANK_NAMES[self >> 2]} of {SUIT_NAMES[self & 3]}"

    @property
    def is_red(self) -> bool:
        return (self & 3) in RED_SUITS

    def __str__(self) -> str:
        return RANK_LABELS[self >> 2] + SUIT_SYMBOLS[self & 3]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __reduce__(self) -> tuple[Callable[[int], Card], tuple[int]]:
        return (_card_from_index, (int(self),))


DECK: tuple[Card, ...] = tuple(Card(i) for i in range(52))
"""All 52 cards, from the two of spades to the ace of clubs (rank-major order)."""


def _card_from_index(index: int) -> Card:
    return DECK[index]


def make_card(rank: int, suit: int) -> Card:
    """The card of ``rank`` (2-14) and ``suit`` (0-3)."""
    return DECK[(rank - 2) * 4 + suit]


_RANK_LOOKUP = {t: i for i, t in enumerate(RANK_TEXT)}
_RANK_LOOKUP["10"] = 8
_SUIT_LOOKUP = {s: i for i, s in enumerate(SUITS)}
_SUIT_LOOKUP.update({s: i for i, s in enumerate(SUIT_SYMBOLS)})
_SUIT_LOOKUP.update({"♤": 0, "♡": 1, "♢": 2, "♧": 3})
_PARSED: dict[str, Card] = {}


def parse_card(text: str) -> Card:
    """Parse one card, case-insensitively: ``'10h'``, ``'TH'`` and ``'10♥'`` are one card.

    >>> parse_card("zz")
    Traceback (most recent call last):
    ...
    skitgubbe_core.errors.CardError: 'zz' is not a card: a card is a rank (2-10 or T, J, Q, K, A) followed by a suit (S, H, D, C or ♠ ♥ ♦ ♣), for example '10H', 'TH', '7♦' or 'as'
    """  # noqa: E501 (a doctest's expected output is one line)
    if isinstance(text, Card):
        return text
    card = _PARSED.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    if not isinstance(text, str):
        raise CardError(gettext("{text} is not a card: {syntax}").format(
            text=quote(text), syntax=gettext(CARD_SYNTAX)))
    cleaned = text.strip().upper().replace("\ufe0e", "").replace("\ufe0f", "")
    rank = _RANK_LOOKUP.get(cleaned[:-1])
    suit = _SUIT_LOOKUP.get(cleaned[-1:])
    if rank is None or suit is None:
        raise CardError(gettext("{text} is not a card: {syntax}").format(
            text=quote(text), syntax=gettext(CARD_SYNTAX)))
    card = DECK[rank * 4 + suit]
    _PARSED[text] = card
    return card


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas, or an iterable of card texts.

    >>> parse_cards("7H 8h, 9♥")
    [Card('7♥'), Card('8♥'), Card('9♥')]
    """
    if isinstance(text, str):
        text = text.replace(",", " ").split()
    return [parse_card(t) for t in text]


def parse_suit(text: str) -> int:
    """Parse a suit letter or symbol (``'S'``, ``'h'``, ``'♦'``) to its index."""
    suit = _SUIT_LOOKUP.get(text.strip().upper()) if isinstance(text, str) else None
    if suit is None:
        raise CardError(gettext("{text} is not a suit: a suit is one of S, H, D, C or "
                                "♠ ♥ ♦ ♣").format(text=quote(text)))
    return suit


def suit_symbol(suit: int) -> str:
    return SUIT_SYMBOLS[suit]


def rank_label(card: Card) -> str:
    """The rank as printed on the card in the current language: ``'J'``, in Swedish ``'Kn'``."""
    return pgettext("rank", RANK_LABELS[card >> 2])


def card_text(card: Card) -> str:
    """The card's rank label and suit symbol in the current language: ``'J♣'``."""
    return pgettext("rank", RANK_LABELS[card >> 2]) + SUIT_SYMBOLS[card & 3]


def card_name(card: Card) -> str:
    """The card's accessible name in the current language: ``'jack of clubs'``."""
    return gettext("{rank} of {suit}").format(rank=gettext(RANK_NAMES[card >> 2]),
                                              suit=gettext(SUIT_NAMES[card & 3]))


def suit_singular(suit: int) -> str:
    """A suit's name for one card in the current language: ``'heart'``."""
    return gettext(SUIT_NAME_SINGULAR[suit])


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as text separated by spaces, in the order given, in the current language."""
    return " ".join(card_text(c) for c in cards)


def deal(cards: Iterable[Card], seats: list[int]) -> tuple[tuple[int, Card], ...]:
    """Deal ``cards`` one at a time to ``seats`` in turn, as evenly as possible:
    (seat, card) pairs in dealing order.

    >>> [(seat, str(card)) for seat, card in deal(parse_cards("2S 3S 4S"), [2, 0])]
    [(2, '2♠'), (0, '3♠'), (2, '4♠')]
    """
    return tuple((seats[i % len(seats)], card) for i, card in enumerate(cards))


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards grouped by suit (♠ ♥ ♦ ♣), low to high within a suit: the order a
    player holds them in."""
    return sorted(cards, key=lambda c: ((c & 3), c))
