"""How fast can any engine with our public API be?  The ceiling, measured.

``../shared/bench/tight.py`` plays its game in one function with no API at all: it
picks a lead straight from the hand and builds a list only to beat.  Our API has duties
that loop does not: a ``Game`` object whose ``legal_actions()`` lists shared action
tuples (hand order, then pick up), whose ``play()`` checks the action against that list
and keeps it (for undo and records), and ``is_over`` / ``move_count`` read by the
caller's loop, two method calls a move.

This script plays tight.py's own game (its simpler rules: no stunsa, no turning, no
trump card, no options, no events) through the leanest engine with those duties that we
could write, every move's work inside ``play`` in one function, and prints its time per
action as a fraction of tight.py's, timed in turns in the same run (best of 8 rounds).
That fraction is the ceiling of an engine with this API on this interpreter; an engine
that plays 21 rulesets, narrates and checks more can only stay below it.

Usage: python -m benchmarks.api_ceiling
"""

from __future__ import annotations

import random
import time

from benchmarks.bench_engine import load_tight, measure_tight

BEATS = tuple(tuple(tuple((c & 3 == a & 3 and c >> 2 > a >> 2) or (c & 3 == t and a & 3 != t)
                          for c in range(52)) for a in range(52)) for t in range(4))
Action = tuple[int, str, tuple[int, ...]]
ROWS: tuple[tuple[Action, ...], ...] = tuple(tuple((p, "play", (c,)) for c in range(52))
                                             for p in range(8))
PICK_UP: tuple[Action, ...] = tuple((p, "pick up", ()) for p in range(8))


class LeanGame:
    """tight.py's game behind our API: ``legal_actions()``, a checked ``play()``, the
    actions kept, ``is_over`` and ``move_count`` as attributes."""

    def __init__(self, n: int, seed: int) -> None:
        deck = list(range(52))
        random.Random(seed).shuffle(deck)
        self.n, self.deck, self.last = n, deck, deck[0]
        self.hands = [[deck.pop() for _ in range(3)] for _ in range(n)]
        self.won: list[list[int]] = [[] for _ in range(n)]
        self.phase, self.to_play, self.leader, self.winner, self.best = 1, 0, 0, 0, -1
        self.trick: list[int] = []
        self.pile: list[int] = []
        self.need = self.active = 0
        self.beats = BEATS[0]
        self.actions: list[Action] = []
        self.move_count, self.is_over = 0, False
        self.legal = [ROWS[0][c] for c in self.hands[0]]

    def legal_actions(self) -> list[Action]:
        return self.legal

    def play(self, action: Action) -> None:
        if action not in self.legal:
            raise ValueError(f"{action} is not legal")
        self.actions.append(action)
        self.move_count += 1
        p, kind, cards = action
        n, hands = self.n, self.hands
        hand = hands[p]
        if self.phase == 1:
            c = cards[0]
            hand.remove(c)
            self.trick.append(c)
            if c >> 2 > self.best:
                self.best, self.winner = c >> 2, p
            if self.deck:
                self.last = self.deck.pop()
                hand.append(self.last)
            q = (p + 1) % n
            while q != self.leader and not hands[q]:
                q = (q + 1) % n
            if q == self.leader:  # everyone has played: the highest rank takes the trick
                self.won[self.winner] += self.trick
                self.trick, self.best, q = [], -1, self.winner
                self.leader = q
                if not any(hands):
                    self.phase, self.hands = 2, self.won
                    hands = self.hands
                    self.beats = BEATS[self.last & 3]
                    self.active = sum(1 for h in hands if h)
        elif kind == "pick up":
            hand += self.pile
            self.pile = []
            q = (p + 1) % n
        else:
            c = cards[0]
            hand.remove(c)
            pile = self.pile
            if not pile:
                self.need = self.active
            pile.append(c)
            if not hand:
                self.active -= 1
            if len(pile) >= self.need:
                self.pile, q = [], p
            else:
                q = (p + 1) % n
        if self.phase == 2 and self.active <= 1:
            self.is_over, self.legal = True, []
            return
        while not hands[q]:
            q = (q + 1) % n
        self.to_play = q
        row, hand, legal = ROWS[q], hands[q], []
        if self.pile:
            beats = self.beats[self.pile[-1]]
            for c in hand:
                if beats[c]:
                    legal.append(row[c])
            legal.append(PICK_UP[q])
        else:
            for c in hand:
                legal.append(row[c])
        self.legal = legal


def measure_lean(seconds: float) -> tuple[int, int, float]:
    """Whole games through the lean API, moves chosen as tight.py chooses its own:
    (games, actions, elapsed CPU seconds)."""
    rnd = random.Random(1).random
    games = actions = 0
    start = time.process_time()
    while time.process_time() < start + seconds:
        game = LeanGame(3, games)
        while not game.is_over and game.move_count < 5000:
            legal = game.legal_actions()
            game.play(legal[int(rnd() * len(legal))])
        games += 1
        actions += game.move_count
    return games, actions, time.process_time() - start


def main() -> None:
    tight = load_tight()
    if tight is None:
        print("tight.py is absent: it sits beside the developers' checkout")
        return
    best = {"tight": 1.0, "lean": 1.0}
    length = {}
    for _ in range(8):
        for name in ("tight", "lean"):
            games, actions, elapsed = measure_tight(tight, 0.3) if name == "tight" else measure_lean(0.3)
            best[name] = min(best[name], elapsed / actions)
            length[name] = actions / games
    print(f"tight.py: {best['tight'] * 1e6:.2f} us/action, {length['tight']:.0f} actions/game")
    print(f"lean engine with the public API's duties: {best['lean'] * 1e6:.2f} us/action, "
          f"{length['lean']:.0f} actions/game, {best['tight'] / best['lean']:.2f} of tight.py")


if __name__ == "__main__":
    main()
