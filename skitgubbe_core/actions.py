"""Actions: what a player does on a turn, as small printable values.

An action's text is what records and scenarios store: ``"A: play 7♦"``,
``"B: pick up"``, ``"C: turn"``; some variants add ``slough CARDS``, ``pass``,
``exchange`` and ``store``.  :func:`parse_action` reads it back.

>>> a = parse_action("B: play 10h", ["A", "B", "C"])
>>> a
Action(player=1, kind='play', cards=(Card('10♥'),))
>>> action_text(a, ["A", "B", "C"])
'B: play 10♥'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from .cards import DECK, Card, format_cards, parse_cards
from .errors import ActionError, CardError, quote
from .i18n import Messages
from .i18n import gettext as _
from .schema import MAX_PLAYERS

PLAY = "play"
PICK_UP = "pick up"
TURN = "turn"
SLOUGH = "slough"
PASS = "pass"
EXCHANGE = "exchange"
STORE = "store"
CARD_VERBS = (PLAY, SLOUGH)
BARE_VERBS = (PICK_UP, TURN, PASS, EXCHANGE, STORE)


class Action(NamedTuple):
    """``player`` (seat index) does ``kind`` (a verb) with ``cards`` (sorted, low first;
    a slough of several cards keeps the order it was written in, and is narrated so)."""

    player: int
    kind: str
    cards: tuple[Card, ...] = ()

    @property
    def text(self) -> str:
        """The action without its player, in the notation records and scenarios store
        (the same in every language): ``'play 7♦'``."""
        if self.cards:
            return self.kind + " " + " ".join(map(str, self.cards))
        return self.kind

    @property
    def label(self) -> str:
        """The action without its player as a reader reads it, in the current language:
        ``'play 7♦'``, in Swedish ``'lägg 7♦'`` (:attr:`text` stays the notation)."""
        verb = VERBS.get(self.kind, self.kind)
        return f"{verb} {format_cards(self.cards)}" if self.cards else verb


VERBS = Messages({"play": "play", "pick up": "pick up", "turn": "turn", "slough": "slough",
                  "pass": "pass", "exchange": "exchange", "store": "store"})
"""Each action's verb as a reader reads it (the notation's verbs stay English)."""


PLAY_ROWS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(p, PLAY, (card,)) for card in DECK) for p in range(MAX_PLAYERS))
"""``PLAY_ROWS[player][card]``: the shared action of ``player`` playing the single ``card``."""
SLOUGH_ROWS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(Action(p, SLOUGH, (card,)) for card in DECK) for p in range(MAX_PLAYERS))
"""``SLOUGH_ROWS[player][card]``: the shared action of ``player`` sloughing ``card``."""

TURN_ACTIONS = tuple(Action(p, TURN) for p in range(MAX_PLAYERS))
PICK_UP_ACTIONS = tuple(Action(p, PICK_UP) for p in range(MAX_PLAYERS))
PASS_ACTIONS = tuple(Action(p, PASS) for p in range(MAX_PLAYERS))
EXCHANGE_ACTIONS = tuple(Action(p, EXCHANGE) for p in range(MAX_PLAYERS))
STORE_ACTIONS = tuple(Action(p, STORE) for p in range(MAX_PLAYERS))


def play_card(player: int, card: Card) -> Action:
    """The (shared) action of ``player`` playing the single ``card``."""
    return PLAY_ROWS[player][card]


def action_text(action: Action, players: Sequence[str]) -> str:
    """``'NAME: verb cards'``, as records and scenarios store it."""
    return f"{players[action.player]}: {action.text}"


TYPED_VERBS = {"lägg": PLAY, "spela": PLAY, "ta upp": PICK_UP, "vänd upp": TURN,
               "vänd": TURN, "kasta": SLOUGH, "passa": PASS, "byt": EXCHANGE,
               "spara": STORE}
"""The Swedish verbs a reader may type (as the Swedish table and narration say them)."""
TYPED_RANKS = {"E": "A", "D": "Q", "KN": "J"}
"""The Swedish rank letters a reader may type, as the Swedish boards show them (ess,
dam, knekt; K is kung in both languages): none of them is an English rank letter."""
_TYPED_CARD = re.compile(r"^(E|D|KN)([SHDC♠♥♦♣♤♡♢♧].?)$", re.IGNORECASE)


def _typed(words: list[str]) -> list[str]:
    """``words`` of a typed move with Swedish verbs and rank letters put in the notation."""
    for typed, verb in TYPED_VERBS.items():
        count = len(typed.split())
        if " ".join(words[:count]).lower() == typed:
            words = [verb, *words[count:]]
            break
    return words[:1] + [_TYPED_CARD.sub(lambda m: TYPED_RANKS[m[1].upper()] + m[2], w)
                        for w in words[1:]]


def parse_action(text: str, players: Sequence[str], typed: bool = False) -> Action:
    """Parse ``'NAME: ACTION'``; raise :class:`ActionError` saying what is wrong.

    A move a reader ``typed`` may also be written in Swedish (``'A: lägg E♥'``, ``'B: ta
    upp'``, ``'C: vänd upp'``, ranks E, K, D, Kn), in any language, since no Swedish verb
    or rank letter is also an English one (files keep the notation).

    >>> parse_action("A: spela Kn♥ knh", ["A", "B"], typed=True)
    Action(player=0, kind='play', cards=(Card('J♥'), Card('J♥')))
    >>> parse_action("B: Ta upp", ["A", "B"], typed=True)
    Action(player=1, kind='pick up', cards=())
    """
    if not isinstance(text, str) or ":" not in text:
        raise ActionError(_(
            "{text} is not an action: write 'PLAYER: ACTION', for example 'A: play 7D', "
            "'B: pick up' or 'C: turn'").format(text=quote(text)))
    name, _colon, rest = text.partition(":")
    name = name.strip()
    if name not in players:
        raise ActionError(_("{text}: unknown player {name}; the players are {players}").format(
            text=quote(text), name=quote(name), players=", ".join(players)))
    player = list(players).index(name)
    words = _typed(rest.split()) if typed else rest.split()
    lowered = [w.lower() for w in words]
    bare = " ".join(lowered)
    if bare in BARE_VERBS:
        return Action(player, bare)
    if lowered and lowered[0] in CARD_VERBS and len(words) >= 2:
        try:
            cards = parse_cards(words[1:])
        except CardError as err:
            raise ActionError(_("{text}: {problem}").format(text=quote(text), problem=err)) from None
        if lowered[0] == PLAY and len(cards) == 1:
            return play_card(player, cards[0])
        if lowered[0] == SLOUGH:
            return Action(player, SLOUGH, tuple(cards))
        return Action(player, lowered[0], tuple(sorted(cards)))
    raise ActionError(_(
        "{text} is not an action: after the player's name write 'play CARD [CARD ...]', "
        "'pick up' or 'turn' (some variants add 'slough CARD ...', 'pass', 'exchange' and "
        "'store')").format(text=quote(text)))
