"""Playing games to the end with computer players, never hanging.

Random play in phase 2 can in principle cycle (cards picked up and played again
forever), so every game here runs under a move cap and an unfinished game is
reported as such.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Iterator, Sequence

from .bots import RandomBot
from .events import Step
from .game import Game
from .rules import Rules

DEFAULT_MAX_MOVES = 5000


def play_out(game: Game, bots: list, max_moves: int = DEFAULT_MAX_MOVES,
             on_step: Callable[[Game, Step], None] | None = None) -> bool:
    """Let ``bots`` (one per seat) play ``game`` until it is over or has made
    ``max_moves`` moves; True if it finished."""
    while not game.is_over and game.move_count < max_moves:
        step = game.play(bots[game.to_play].choose(game))
        if on_step is not None:
            on_step(game, step)
    return game.is_over


@dataclass
class Summary:
    """How a batch of games ended: Skitgubbes per seat, unfinished games, moves."""

    games: int = 0
    unfinished: int = 0
    moves: int = 0
    losers: Counter = field(default_factory=Counter)


def random_game(players: int | Sequence[str] = 3, rules: Rules | str = "skitgubbe",
                seed: int = 0, max_moves: int = DEFAULT_MAX_MOVES,
                on_step: Callable[[Game, Step], None] | None = None) -> Game:
    """A whole game between random players, dealt with ``seed`` (each player's choices
    seeded from it too), stopped at ``max_moves`` if it has not ended.

    >>> game = random_game(["Anna", "Bo", "Cai"], seed=7)
    >>> game.is_over, game.players[game.loser]
    (True, 'Cai')
    """
    game = Game(players, rules, seed=seed)
    play_out(game, [RandomBot(seed * 16 + p) for p in range(len(game.players))], max_moves, on_step)
    return game


def random_games(count: int, players: int = 3, rules: Rules | str = "skitgubbe", seed: int = 0,
                 max_moves: int = DEFAULT_MAX_MOVES) -> Iterator[Game]:
    """``count`` games between random players, game ``i`` dealt with seed ``seed + i``."""
    for i in range(count):
        yield random_game(players, rules, seed + i, max_moves)


def summarise(games: Iterator[Game]) -> Summary:
    summary = Summary()
    for game in games:
        summary.games += 1
        summary.moves += game.move_count
        if game.loser is None:
            summary.unfinished += 1
        else:
            summary.losers[game.players[game.loser]] += 1
    return summary
