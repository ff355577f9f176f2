"""Several deals: a match, counting how often each player became the Skitgubbe.

The common-disputes page (Swedish rules page "Skitgubbe", "Vanliga tvister") says
that when several deals are played, one counts how often each player became the
Skitgubbe, and whoever has the most after the agreed number of deals has truly
lost.  It does not say who deals next: **our reading** passes the deal to the left
after every deal, so each deal is led by the next player clockwise.

>>> m = play_match(["A", "B", "C"], deals=3, seed=1)
>>> [deal.players[0] for deal in m.deals]
['A', 'B', 'C']
>>> m.counts_line() == "Skitgubbe counts: " + ", ".join(f"{p} {n}" for p, n in m.counts().items())
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import jsondata as jd
from .errors import FileFormatError, RulesError, quote
from .files import save_text
from .game import DEFAULT_NAMES, Game
from .i18n import N_
from .i18n import gettext as _
from .jsondata import read_json
from .record import RecordError, from_record, rules_from_json, to_record
from .rules import Rules
from .schema import MATCH_SCHEMA, MAX_DEALS, MAX_MATCH_BYTES, validate
from .simulate import DEFAULT_MAX_MOVES, random_game

MATCH_FORMAT = "skitgubbe-match/1"
DEAL_PASSES = "left (our reading)"
"""What a match record stores as ``deal_passes``: no source says who deals next."""


class MatchError(FileFormatError):
    """A match record is not valid, or its deals do not give its counts."""


@dataclass
class Match:
    """The deals of a match, in order.  Each deal's game lists the players from the
    dealer's left (the first of them leads), so seat 0 of a deal is not always the
    match's first player."""

    players: tuple[str, ...]
    rules: Rules
    seed: int | None
    deals: list[Game]

    def dealer(self, number: int) -> str:
        """Who dealt deal ``number`` (from 1)."""
        game = self.deals[number - 1]
        return game.players[-1 if game.dealer is None else game.dealer]

    def leader(self, number: int) -> str:
        """Who led first in deal ``number`` (from 1)."""
        game = self.deals[number - 1]
        return game.players[game.first_to_play or 0]

    def losers(self) -> list[str | None]:
        """Each deal's Skitgubbe (None for a deal stopped at the move cap)."""
        return [None if g.loser is None else g.players[g.loser] for g in self.deals]

    def counts(self) -> dict[str, int]:
        """How often each player became the Skitgubbe, every player in seat order."""
        counts = dict.fromkeys(self.players, 0)
        for name in self.losers():
            if name is not None:
                counts[name] += 1
        return counts

    def match_losers(self) -> list[str]:
        """The players with the most Skitgubbes: the match's real losers (ties shared)."""
        counts = self.counts()
        most = max(counts.values())
        return [p for p, n in counts.items() if n == most] if most else []

    def counts_line(self) -> str:
        """``'Skitgubbe counts: A 2, B 1, C 2'``."""
        counts = ", ".join(f"{p} {n}" for p, n in self.counts().items())
        return _("Skitgubbe counts: {counts}").format(counts=counts)

    def deal_heading(self, number: int) -> str:
        """``'Deal 2: A deals, B leads'``."""
        return _("Deal {number}: {dealer} deals, {leader} leads").format(
            number=number, dealer=self.dealer(number), leader=self.leader(number))

    def deal_line(self, number: int) -> str:
        """One sentence about deal ``number`` (from 1)."""
        game = self.deals[number - 1]
        head = self.deal_heading(number)
        if game.loser is None:
            return _("{deal}; unfinished after {count} moves (the move cap)").format(
                deal=head, count=game.move_count)
        return _("{deal}; {player} is the Skitgubbe after {count} moves").format(
            deal=head, player=game.players[game.loser], count=game.move_count)

    def rows(self) -> list[dict[str, Any]]:
        """One row per deal (for a table): deal, dealer, leader, Skitgubbe, moves."""
        return [{"deal": i, "dealer": self.dealer(i), "leads": self.leader(i),
                 "Skitgubbe": loser or "(unfinished)", "moves": g.move_count}
                for i, (g, loser) in enumerate(zip(self.deals, self.losers(), strict=True), 1)]


def seats_for_deal(players: Sequence[str], number: int) -> tuple[str, ...]:
    """The players of deal ``number`` (from 1) listed from the dealer's left: the
    deal passes to the left each time (our reading), so deal 1 is led by the first
    player, deal 2 by the second, and so on.

    >>> seats_for_deal("ABC", 2)
    ('B', 'C', 'A')
    """
    k = (number - 1) % len(players)
    return tuple(players[k:]) + tuple(players[:k])


def check(players: int | Sequence[str], deals: int,
          rules: Rules | str) -> tuple[tuple[str, ...], Rules]:
    """The players' names and the rules of a match, refusing a bad player count or
    number of deals."""
    if isinstance(players, int):
        if not 2 <= players <= len(DEFAULT_NAMES):
            raise RulesError(_("a match needs 2-{most} players by number, not {count}").format(
                most=len(DEFAULT_NAMES), count=players))
        players = DEFAULT_NAMES[:players]
    if deals < 1:
        raise RulesError(_("a match needs at least one deal, not {deals}").format(deals=deals))
    if deals > MAX_DEALS:
        raise RulesError(_("a match has at most {most} deals (so that its record stays "
                           "readable), not {deals}").format(most=MAX_DEALS, deals=deals))
    rules = Rules.preset(rules) if isinstance(rules, str) else rules
    rules.check_players(len(players))
    return tuple(players), rules


def play_match(players: int | Sequence[str] = 3, deals: int = 3, seed: int | None = None,
               rules: Rules | str = "skitgubbe", max_moves: int = DEFAULT_MAX_MOVES,
               on_deal: Callable[[Match, int], None] | None = None) -> Match:
    """A match of ``deals`` deals between random players.  Each deal is shuffled
    with a seed drawn from ``seed`` (so the whole match is reproducible);
    ``on_deal(match, number)`` is called after each deal."""
    players, rules = check(players, deals, rules)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    rng = random.Random(seed)
    match = Match(tuple(players), rules, seed, [])
    for number in range(1, deals + 1):
        deal_seed = rng.randrange(2**32)
        match.deals.append(random_game(seats_for_deal(match.players, number), rules,
                                       deal_seed, max_moves))
        if on_deal is not None:
            on_deal(match, number)
    return match


def to_json(match: Match) -> dict[str, Any]:
    """The match as a JSON-ready dict: every deal's record, and the counts."""
    return {
        "format": MATCH_FORMAT,
        "variant": match.rules.preset_name,
        "options": match.rules.options(),
        "players": list(match.players),
        "seed": match.seed,
        "deal_passes": DEAL_PASSES,
        "deals": [to_record(g) for g in match.deals],
        "counts": match.counts(),
    }


def from_json(data: Any, file: str | None = None) -> Match:
    """Rebuild a match by replaying each deal's record; its players must sit as the
    deal passing to the left says, and its counts must be what the deals give."""
    with jd.naming(file):
        jd.document(data, MATCH_FORMAT, N_("a match record"), MatchError)
        validate(data, MATCH_SCHEMA, MatchError)
        rules = rules_from_json(data, MatchError)
        deals = data["deals"]
        if not deals:
            raise MatchError(_("a match has at least one deal"), path="deals")
        try:
            rules.check_players(len(data["players"]))
        except RulesError as err:
            raise MatchError(str(err), path="players") from None
        match = Match(tuple(data["players"]), rules, data.get("seed"), [])
        for i, deal in enumerate(deals):
            try:
                game = from_record(deal, narrate=False, validated=True)
            except RecordError as err:
                raise MatchError(err.detail, path=f"deals[{i}]" + (f".{err.path}" if err.path
                                                                   else "")) from None
            expected = seats_for_deal(match.players, i + 1)
            if game.players != expected:
                raise MatchError(_("deal {deal} should list the players from the dealer's left as "
                                   "{players} (the deal passes to the left: our reading)"
                                   ).format(deal=i + 1, players=", ".join(expected)),
                                 path=f"deals[{i}].players")
            if game.rules != rules:
                raise MatchError(_("deal {deal} is played under other rules than the match").format(
                    deal=i + 1),
                                 path=f"deals[{i}].variant")
            match.deals.append(game)
        counts = data.get("counts")
        if counts is not None and counts != match.counts():
            raise MatchError(_("the recorded counts {recorded} are not what the deals give: "
                               "{actual}").format(recorded=quote(counts, 200),
                                                  actual=quote(match.counts(), 200)),
                             path="counts")
        return match


def dumps(match: Match) -> str:
    return json.dumps(to_json(match), ensure_ascii=False, indent=1) + "\n"


def save(match: Match, path: str | Path) -> None:
    """Write the match record atomically."""
    save_text(dumps(match), path)


def load(path: str | Path) -> Match:
    """Read and replay a match record file."""
    return from_json(read_json(path, MatchError, MAX_MATCH_BYTES, tree=False), str(path))
