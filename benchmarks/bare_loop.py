"""The bare tight loop: 3-player basic Skitgubbe under uniform random play, written as
plainly and as fast as Python allows - no checks, no events, no history, no objects;
cards are small ints, the cards that beat a card come from a table, and small lists
are built with plain loops (cheaper than comprehensions on CPython 3.11).

It is the yardstick of ``bench_engine.py`` (the engine's speed is reported as a
fraction of this loop's, measured in the same run), not part of the package: it
knows only the default rules of basic Skitgubbe with three players (two-card tricks
with stunsa, turning the top stock card while more than one is left, the last trick
bounced to its leader; phase 2 with any trump beating a non-trump, pick up the top
play, tricks as large as the players still in, the lead passing to the left).

Usage: python -m benchmarks.bare_loop [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import time

N = 3
BEATS = [[frozenset(c for c in range(52) if (c > top and c & 3 == top & 3)
                    or (top & 3 != trump and c & 3 == trump)) for top in range(52)]
         for trump in range(4)]
"""``BEATS[trump][top]``: the cards that beat ``top`` (a table is faster than the test)."""
MAX_MOVES = 5000


def play_game(rng: random.Random, deal_rng: random.Random) -> int:
    """One whole game; returns the number of actions."""
    deck = list(range(52))
    deal_rng.shuffle(deck)
    hands = [deck[i:3 * N:N] for i in range(N)]
    stock = deck[3 * N:][::-1]
    piles: list[list[int]] = [[] for _ in range(N)]
    table: list[tuple[int, int]] = []  # phase 1: (player, card); phase 2: (player, card)
    leader, opponent, to_play = 0, 1, 0
    trump_card: int | None = None
    holder: int | None = None
    moves = 0
    rnd = rng.random  # tight.py's uniform choice, as bench_engine.py's
    # Phase 1: two-card tricks.
    while True:
        hand = hands[to_play]
        legal = hand[:]
        if len(stock) > 1:
            legal.append(-1)
        if not legal:
            break
        card = legal[int(rnd() * len(legal))]
        moves += 1
        p = to_play
        if card < 0:
            card = stock.pop()
        else:
            hand.remove(card)
            if len(stock) > 1:
                hand.append(stock.pop())
            elif stock:
                trump_card, holder = stock.pop(), p
        table.append((p, card))
        if len(table) & 1:
            to_play = opponent
        else:
            lead = table[-2][1]
            if lead >> 2 == card >> 2:
                to_play = leader
            else:
                winner = leader if lead >> 2 > card >> 2 else opponent
                pile = piles[winner]
                for _, c in table:
                    pile.append(c)
                table = []
                leader, opponent, to_play = winner, (winner + 1) % N, winner
    # End of phase 1: a lone lead bounces to its player's pile, else cards go back.
    if len(table) == 1:
        piles[table[0][0]].append(table[0][1])
    else:
        for p, c in table:
            hands[p].append(c)
    table = []
    for hand, pile in zip(hands, piles, strict=True):
        hand.extend(pile)
    assert holder is not None and trump_card is not None  # phase 1 drew the last card
    hands[holder].append(trump_card)
    trump = trump_card & 3
    in_game = [bool(h) for h in hands]
    still = sum(in_game)
    if still <= 1:
        return moves
    to_play = holder
    while not in_game[to_play]:
        to_play = (to_play + 1) % N
    trick_size = still
    # Phase 2: beat or pick up.
    while moves < MAX_MOVES:
        hand = hands[to_play]
        if table:
            top = table[-1][1]
            legal = []
            beats = BEATS[trump][top]
            for c in hand:
                if c in beats:
                    legal.append(c)
            legal.append(-1)
        else:
            legal = hand[:]
        card = legal[int(rnd() * len(legal))]
        moves += 1
        p = to_play
        if card < 0:
            hand.append(table.pop()[1])
            nxt = (p + 1) % N
            while not in_game[nxt]:
                nxt = (nxt + 1) % N
            to_play = nxt
            continue
        hand.remove(card)
        if not table:
            trick_size = still
        table.append((p, card))
        if not hand:
            in_game[p] = False
            still -= 1
            if still <= 1:
                return moves
        if len(table) == trick_size:
            table = []
            if not in_game[p]:
                p = (p + 1) % N
                while not in_game[p]:
                    p = (p + 1) % N
            to_play = p
        else:
            nxt = (p + 1) % N
            while not in_game[nxt]:
                nxt = (nxt + 1) % N
            to_play = nxt
    return moves


def measure(seconds: float) -> tuple[int, int, float]:
    """Play whole games until ``seconds`` have passed: (games, actions, elapsed)."""
    rng = random.Random(1)
    games = actions = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        actions += play_game(rng, random.Random(games))
        games += 1
    return games, actions, time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.5)
    args = ap.parse_args()
    games, actions, elapsed = measure(args.seconds)
    print(f"bare loop 3p: {games / elapsed:,.0f} games/s, {actions / elapsed:,.0f} actions/s, "
          f"{elapsed / actions * 1e6:.2f} us/action, {actions / games:.0f} actions/game")


if __name__ == "__main__":
    main()
