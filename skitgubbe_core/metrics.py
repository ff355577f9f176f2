"""Play metrics: how a ruleset plays, measured over many games.

The ideas come from game-analysis research: CardStock (Goadrich et al.) scores card
games by drama, decisiveness, fairness by seat and length; Ludii's metrics include
lead changes, drama, decisiveness, first-player advantage and duration.  Both are
written for games with winners and scores.  Skitgubbe has one *loser* and no score,
so the adaptation below is ours: in phase 2 the player in danger is the one holding
the most cards (the *leader* here means leading towards losing).

Measured on the phase-2 *trace*: the hand sizes at the start of phase 2 and after
each later move.

- **lead changes**: how often the one seat holding strictly the most cards changes
  (a tie keeps the previous leader: A, tie, B is one change; A, tie, A none);
- **decisiveness**: the share of phase 2 played after the eventual Skitgubbe took
  the lead for good (1: the loser led from the start of phase 2; near 0: decided on
  the last moves);
- **drama**: how far back the survivors were at their worst: for each player who
  went out, the most cards they ever held beyond the eventual Skitgubbe (0 if
  never), averaged over them;
- **seat spread**: the largest minus the smallest loss rate by seat.

>>> trace = [(5, 7, 6), (5, 6, 6), (4, 6, 7), (0, 3, 7), (0, 0, 4)]
>>> lead_changes(trace), decisiveness(trace, loser=2), drama(trace, loser=2)
(1, 0.5, 0.5)

The intervals are 95% intervals: Wilson's for rates, the normal one for means, the
distribution-free order-statistic interval for medians, and for the seat spread one
built from the seats' Wilson intervals (:func:`spread_interval`).

>>> median_interval([3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5])
(4.0, 1.0, 6.0)
>>> mean_interval([1.0, 2.0, 3.0, 4.0])
(2.5, 1.235, 3.765)
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb, sqrt
from statistics import NormalDist

Z95 = 1.959964

Trace = Sequence[Sequence[int]]


def leader(sizes: Sequence[int]) -> int | None:
    """The seat holding strictly the most cards, or None on a tie for most.

    >>> leader((3, 9, 4)), leader((9, 9, 4))
    (1, None)
    """
    top = max(sizes)
    if sizes.count(top) > 1:
        return None
    return sizes.index(top)


def lead_changes(trace: Trace) -> int:
    """How often the seat holding strictly the most cards changes along ``trace``."""
    changes = 0
    current = None
    for sizes in trace:
        now = leader(sizes)
        if now is not None:
            if current is not None and now != current:
                changes += 1
            current = now
    return changes


def decided_at(trace: Trace, loser: int) -> int:
    """The first index of ``trace`` from which ``loser`` holds strictly the most
    cards at every later position (``len(trace)`` if not even at the end)."""
    at = len(trace)
    for i in range(len(trace) - 1, -1, -1):
        if leader(trace[i]) != loser:
            break
        at = i
    return at


def decisiveness(trace: Trace, loser: int) -> float:
    """The share of phase 2's moves played after ``loser`` took the lead for good."""
    moves = len(trace) - 1
    if moves <= 0:
        return 1.0
    return round(1 - decided_at(trace, loser) / moves, 4)


def drama(trace: Trace, loser: int) -> float:
    """The survivors' worst deficit: for each seat but ``loser``, the most cards it
    held beyond ``loser`` at any position of ``trace`` (0 if never), averaged."""
    seats = [p for p in range(len(trace[0])) if p != loser] if trace else []
    if not seats:
        return 0.0
    worst = [max(0, max(sizes[p] - sizes[loser] for sizes in trace)) for p in seats]
    return round(sum(worst) / len(worst), 4)


# -- intervals ---------------------------------------------------------------------

def wilson(hits: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a rate of ``hits`` in ``n``, rounded to three
    places: sound also for rates near 0 or 1 and for few games.

    >>> wilson(30, 150)
    (0.144, 0.271)
    """
    if n == 0:
        return (0.0, 1.0)
    p = hits / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3))


def mean_interval(values: Sequence[float], low: float = 0.0, high: float = float("inf"),
                  z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal 95% interval, kept within the values'
    range ``low..high`` (every metric here is at least 0), rounded to three places."""
    n = len(values)
    if n == 0:
        return (float("nan"),) * 3
    mean = sum(values) / n
    if n == 1:
        return (round(mean, 3), float("nan"), float("nan"))
    sd = sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / sqrt(n)
    return (round(mean, 3), round(max(low, mean - half), 3), round(min(high, mean + half), 3))


def median_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The median of ``values`` and the distribution-free interval between two order
    statistics that covers the true median with at least 95% chance (the widest,
    the smallest and largest value, when there are too few values)."""
    xs = sorted(values)
    n = len(xs)
    if n == 0:
        return (float("nan"),) * 3
    mid = n // 2
    median = float(xs[mid]) if n % 2 else (xs[mid - 1] + xs[mid]) / 2
    # the largest k with P(Binomial(n, 1/2) < k) <= 2.5%: then [x_k, x_(n-k+1)] covers it
    k, below = 0, 0.0
    while k < n and below + comb(n, k) / 2 ** n <= 0.025:
        below += comb(n, k) / 2 ** n
        k += 1
    low, high = (xs[k - 1], xs[n - k]) if k >= 1 else (xs[0], xs[-1])
    return (median, float(low), float(high))


def spread(losers: Sequence[int], players: int) -> float:
    """The largest minus the smallest loss rate by seat, among ``losers`` (a seat per
    finished game)."""
    if not losers:
        return float("nan")
    counts = [0] * players
    for seat in losers:
        counts[seat] += 1
    return round((max(counts) - min(counts)) / len(losers), 3)


def spread_interval(losers: Sequence[int], players: int) -> tuple[float, float, float]:
    """The seat spread of ``losers`` and an interval for it that covers the true
    spread with at least 95% chance: each seat's loss rate gets a Wilson interval at
    the Bonferroni level (95% for all seats at once), and the spread's interval runs
    from the gap between the nearest ends of the highest and lowest seats' intervals
    (0 if they overlap) to the gap between the farthest ends.

    >>> spread_interval([0, 1, 2] * 30, 3)
    (0.0, 0.0, 0.231)
    """
    value = spread(losers, players)
    n = len(losers)
    if not n:
        return (value, float("nan"), float("nan"))
    z = NormalDist().inv_cdf(1 - 0.025 / players)
    counts = [0] * players
    for seat in losers:
        counts[seat] += 1
    bounds = [wilson(k, n, z) for k in counts]
    low = max(0.0, max(b[0] for b in bounds) - min(b[1] for b in bounds))
    high = max(b[1] for b in bounds) - min(b[0] for b in bounds)
    return (value, round(low, 3), round(high, 3))
