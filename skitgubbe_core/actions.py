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

from collections.abc import Sequence
from typing import NamedTuple

from .cards import DECK, Card, format_cards, parse_cards
from .errors import ActionError, CardError, quote
from .i18n import Messages
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


def parse_action(text: str, players: Sequence[str]) -> Action:
    """Parse ``'NAME: ACTION'``; raise :class:`ActionError` saying what is wrong."""
    if not isinstance(text, str) or ":" not in text:
        raise ActionError(
            f"{quote(text)} is not an action: write 'PLAYER: ACTION', for example 'A: play 7D', "
            "'B: pick up' or 'C: turn'"
        )
    name, _, rest = text.partition(":")
    name = name.strip()
    if name not in players:
        raise ActionError(f"{quote(text)}: unknown player {quote(name)}; the players are {', '.join(players)}")
    player = list(players).index(name)
    words = rest.split()
    lowered = [w.lower() for w in words]
    bare = " ".join(lowered)
    if bare in BARE_VERBS:
        return Action(player, bare)
    if lowered and lowered[0] in CARD_VERBS and len(words) >= 2:
        try:
            cards = parse_cards(words[1:])
        except CardError as err:
            raise ActionError(f"{quote(text)}: {err}") from None
        if lowered[0] == PLAY and len(cards) == 1:
            return play_card(player, cards[0])
        if lowered[0] == SLOUGH:
            return Action(player, SLOUGH, tuple(cards))
        return Action(player, lowered[0], tuple(sorted(cards)))
    raise ActionError(
        f"{quote(text)} is not an action: after the player's name write 'play CARD [CARD ...]', "
        "'pick up' or 'turn' (some variants add 'slough CARD ...', 'pass', 'exchange' and "
        "'store')"
    )
