"""The state of one deal: plain data that the phase transitions change.

Internally the stock keeps its top card at the end of the list (so drawing is a
cheap ``pop``); :attr:`Game.stock` shows it top first.  ``queue`` holds the players
still to play in the current round of an all-play trick (``round_start`` indexes
the round's first play on the table), or those still to decide whether to slough
(``stage == "slough"``, the trick going to ``winner``); ``sloughs`` indexes the
table's plays that are sloughs (Atlanta), which never win.  ``rng`` is the game's own
seeded generator, for variants that shuffle during play; copies leave it unset.
"""

from __future__ import annotations

import random

from .cards import Card

Play = tuple[int, tuple[Card, ...]]
"""One play on the table: (player, the cards played)."""


class State:
    """Everything that changes during a deal.  Copy with :meth:`copy`, compare
    with :meth:`key`."""

    __slots__ = (
        "n", "phase", "hands", "piles", "stock", "table", "to_play", "leader",
        "opponent", "trump", "trump_card", "trump_holder", "trick_size", "in_game",
        "out", "loser", "discarded", "queue", "round_start", "set_size", "last_drawn",
        "stage", "winner", "sloughs", "rng",
    )

    def __init__(self, n: int) -> None:
        self.n = n
        self.phase = 1
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.piles: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []
        self.table: list[Play] = []
        self.to_play: int | None = 0
        self.leader = 0
        self.opponent = 1 % n
        self.trump: int | None = None
        self.trump_card: Card | None = None
        self.trump_holder: int | None = None
        self.trick_size = 0
        self.in_game = [True] * n
        self.out: list[int] = []
        self.loser: int | None = None
        self.discarded: list[Card] = []
        self.queue: list[int] = []
        self.round_start = 0
        self.set_size = 0
        self.last_drawn = False
        self.stage = "play"
        self.winner: int | None = None
        self.sloughs: list[int] = []
        self.rng: random.Random | None = None

    def copy(self) -> State:
        s = State.__new__(State)
        s.n = self.n
        s.phase = self.phase
        s.hands = [h[:] for h in self.hands]
        s.piles = [p[:] for p in self.piles]
        s.stock = self.stock[:]
        s.table = self.table[:]
        s.to_play = self.to_play
        s.leader = self.leader
        s.opponent = self.opponent
        s.trump = self.trump
        s.trump_card = self.trump_card
        s.trump_holder = self.trump_holder
        s.trick_size = self.trick_size
        s.in_game = self.in_game[:]
        s.out = self.out[:]
        s.loser = self.loser
        s.discarded = self.discarded[:]
        s.queue = self.queue[:]
        s.round_start = self.round_start
        s.set_size = self.set_size
        s.last_drawn = self.last_drawn
        s.stage = self.stage
        s.winner = self.winner
        s.sloughs = self.sloughs[:]
        s.rng = None
        return s

    def key(self) -> tuple[object, ...]:
        """A hashable value equal for equal states (hands compared as held)."""
        return (
            self.phase, tuple(map(tuple, self.hands)), tuple(map(tuple, self.piles)),
            tuple(self.stock), tuple(self.table), self.to_play, self.leader, self.opponent,
            self.trump, self.trump_card, self.trump_holder, self.trick_size,
            tuple(self.in_game), tuple(self.out), self.loser, tuple(self.discarded),
            tuple(self.queue), self.round_start, self.set_size, self.last_drawn,
            self.stage, self.winner, tuple(self.sloughs),
        )

    def all_cards(self) -> list[Card]:
        """Every card of the deal, wherever it is."""
        cards = [c for h in self.hands for c in h]
        cards += [c for p in self.piles for c in p]
        cards += self.stock
        cards += [c for _, play in self.table for c in play]
        cards += self.discarded
        if self.trump_card is not None:
            cards.append(self.trump_card)
        return cards

    def seats_from(self, player: int) -> list[int]:
        """Every seat, clockwise, starting with ``player``."""
        return [(player + i) % self.n for i in range(self.n)]

    def next_in(self, player: int) -> int:
        """The next player to the left of ``player`` who is still in."""
        n, in_game = self.n, self.in_game
        p = (player + 1) % n
        while not in_game[p]:
            p = (p + 1) % n
        return p
