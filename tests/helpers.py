"""Shared helpers for building positions in tests."""

from __future__ import annotations

from skitgubbe_core import Game, Rules
from skitgubbe_core.cards import parse_cards


def game(start: dict, players: str = "ABC", preset: str = "skitgubbe", seed: int | None = None,
         **options: str) -> Game:
    """A game of ``preset`` (basic Skitgubbe unless named, with ``options``) from a
    ``start`` position."""
    return Game(list(players), Rules.preset(preset, **options), start=start, seed=seed)


def texts(g: Game) -> set[str]:
    """The legal actions as text, e.g. ``{'play 7♥ 8♥', 'pick up'}``."""
    return {a.text for a in g.legal_actions()}


def cards(text: str) -> list:
    return parse_cards(text)


def hand(g: Game, name: str) -> list:
    return sorted(g.hands[g.players.index(name)])


def pile(g: Game, name: str) -> list:
    return sorted(g.piles[g.players.index(name)])


def name_to_play(g: Game) -> str | None:
    return None if g.to_play is None else g.players[g.to_play]


def phase1(hands: dict, stock: str, to_play: str = "A", **extra) -> dict:
    start = {"phase": 1, "to_play": to_play, "stock": stock.split(),
             "hands": {k: v.split() for k, v in hands.items()}}
    start.update(extra)
    return start


def phase2(hands: dict, trump: str = "S", to_play: str = "A", **extra) -> dict:
    start = {"phase": 2, "trump": trump, "to_play": to_play,
             "hands": {k: v.split() for k, v in hands.items()}}
    start.update(extra)
    return start
