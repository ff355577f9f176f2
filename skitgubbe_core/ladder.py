"""A rated ladder of the computer players.

Every lineup of distinct players (each choice of as many players as there are
seats) plays the same deals, moving one seat on per game, so each sits in every
seat equally often.  After each finished game the players are rated with
``openskill``'s Plackett-Luce model (Weng & Lin's Bayesian rating for games of more
than two players): the Skitgubbe is ranked last and everyone else ties first, since
going out first or last makes no difference in this game.  The games are rated in
a fixed order (deal by deal, lineup by lineup), so a ladder gives the same table
whether its games ran serially, on processes or on Dask.

The table is ordered by the conservative estimate ``mu - 3 sigma`` (openskill's
``ordinal``), best first.  ``ratings.csv`` beside this module keeps the tables of
seeded ladder runs (``skitgubbe ladder ... --out``) for the play table's menu:

>>> stored_ratings("skitgubbe", 3)["random"].place
4
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from itertools import combinations
from typing import Any

from .bots import BOTS
from .errors import quote
from .i18n import gettext as _
from .i18n import number
from .rules import PRESETS, Rules
from .simulate import SimulationError, check_bots, check_study, simulate


@dataclass(frozen=True)
class Rating:
    """One player's line of the ladder: ``place`` 1 is the best."""

    bot: str
    mu: float
    sigma: float
    games: int
    losses: int
    place: int = 0

    def line(self) -> str:
        """``1. search  mu 27.1  sigma 1.2  (lost 10 of 120 games)``"""
        return _("{place}. {bot} mu {mu}  sigma {sigma}  (lost {losses} of {games} games)").format(
            place=self.place, bot=f"{self.bot:<10}", mu=f"{number(self.mu, 2):>5}",
            sigma=f"{number(self.sigma, 2):>4}", losses=self.losses, games=self.games)


RATING_COLUMNS = ["variant", "players", "playouts", "seed", "place", "bot", "mu", "sigma",
                  "games", "losses"]
"""The columns of a stored ladder (``skitgubbe ladder --out``)."""


def rows(table: Sequence[Rating], variant: str, players: int, playouts: int,
         seed: int) -> list[dict[str, object]]:
    """A ladder's table as rows of :data:`RATING_COLUMNS`, best first."""
    return [{"variant": variant, "players": players, "playouts": playouts, "seed": seed,
             "place": r.place, "bot": r.bot, "mu": round(r.mu, 3), "sigma": round(r.sigma, 3),
             "games": r.games, "losses": r.losses} for r in table]


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every choice of ``players`` distinct ``bots``, in the order they are named.

    >>> lineups(["search", "heuristic", "random"], 2)
    [('search', 'heuristic'), ('search', 'random'), ('heuristic', 'random')]
    """
    if len(set(bots)) != len(bots):
        raise SimulationError(_("name each computer player once"))
    if len(bots) < players:
        raise SimulationError(_("a ladder of {players}-player games needs at least {players} "
                                "computer players, not {count}").format(players=players,
                                                                        count=len(bots)))
    return list(combinations(bots, players))


def ladder(variant: str = "skitgubbe", players: int | None = None, games: int = 60,
           seed: int = 0, bots: Sequence[str] | None = None, **kwargs: Any) -> list[Rating]:
    """Rate ``bots`` (default: every computer player) over about ``games`` games of
    ``variant`` with ``players`` seats (default: its usual count), shared equally
    among the lineups (:func:`lineups`); best first.  The other arguments go to
    :func:`.simulate.simulate` (``scheduler``, ``bot_options``...)."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise SimulationError(_("the ladder needs openskill: pip install 'skitgubbe[studies]'")
                              ) from None
    if variant not in PRESETS:
        raise SimulationError(_("unknown variant {variant}; see 'skitgubbe variants'").format(
            variant=repr(variant)))
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(_("a ladder needs at least one game, not {games}").format(
            games=quote(games)))
    if players is None:
        players = PRESETS[variant].usual_players
    elif isinstance(players, bool) or not isinstance(players, int):
        raise SimulationError(_("the players of a ladder are a whole number of seats, not "
                                "{players}").format(players=quote(players)))
    Rules.preset(variant).check_players(players)
    names = list(check_bots(BOTS if bots is None else bots))
    teams = lineups(names, players)
    each = -(-games // len(teams))
    for team in teams:  # every argument of every lineup, before the first game of any
        check_study(variant, players, each, seed, list(team), rotate=True, **kwargs)
    frames = [simulate(variant, players, each, seed, list(team), rotate=True, **kwargs)
              for team in teams]
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    played = dict.fromkeys(names, 0)
    lost = dict.fromkeys(names, 0)
    for game in range(each):
        for frame in frames:
            row = frame.iloc[game]
            if row["unfinished"]:
                continue
            seats = [row[f"bot_{p}"] for p in range(players)]
            loser = int(row["loser"])
            ranks = [2.0 if p == loser else 1.0 for p in range(players)]
            rated = model.rate([[ratings[b]] for b in seats], ranks=ranks)
            for b, [new] in zip(seats, rated, strict=True):
                ratings[b] = new
                played[b] += 1
            lost[seats[loser]] += 1
    table = sorted(((b, r) for b, r in ratings.items()), key=lambda br: -br[1].ordinal())
    return [Rating(b, r.mu, r.sigma, played[b], lost[b], place)
            for place, (b, r) in enumerate(table, 1)]


def stored_ratings(variant: str, players: int) -> dict[str, Rating]:
    """The stored ladder of ``variant`` with ``players`` seats (``ratings.csv``): a
    rating by player, with ``place`` (1 is best); empty if it was not rated."""
    text = resources.files(__package__).joinpath("ratings.csv").read_text(encoding="utf-8")
    return {row["bot"]: Rating(row["bot"], float(row["mu"]), float(row["sigma"]),
                               int(row["games"]), int(row["losses"]), int(row["place"]))
            for row in csv.DictReader(text.splitlines())
            if row["variant"] == variant and int(row["players"]) == players}
