"""Computer players."""

from __future__ import annotations

import random

from .actions import Action
from .game import Game


class RandomBot:
    """Chooses uniformly among the legal actions, with its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())
