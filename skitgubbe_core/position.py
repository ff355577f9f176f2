"""Starting positions given as data (the ``start`` object of scenarios and records).

A position may use a partial pack: cards named nowhere are out of play.  Every card
may appear once; a phase-2 position needs a trump suit.
"""

from __future__ import annotations

from typing import Any

from .cards import SUITS, Card, parse_cards, parse_suit
from .errors import CardError, PositionError, quote
from . import jsondata as jd
from .rules import Rules
from .schema import POSITION_SCHEMA, validate
from .state import State


def _table(value: Any, players: list[str], path: str) -> list[tuple[int | None, tuple[Card, ...]]]:
    """Table items: ``"9H"``, ``"7H 8H 9H"`` or ``"A: 9H"`` (who played it)."""
    if not isinstance(value, list):
        raise PositionError(f"{quote(value)} should be a list of plays", path=path)
    plays = []
    for i, item in enumerate(value):
        where = f"{path}[{i}]"
        if not isinstance(item, str):
            raise PositionError(f"{quote(item)} should be a play such as '9H' or 'A: 9H'", path=where)
        who = None
        if ":" in item:
            name, _, item = item.partition(":")
            who = jd.player(name.strip(), players, where, PositionError)
        try:
            cards = tuple(parse_cards(item))
        except CardError as err:
            raise PositionError(str(err), path=where) from None
        if not cards:
            raise PositionError("a play needs at least one card", path=where)
        plays.append((who, cards))
    return plays


def build_state(start: dict, players: list[str], rules: Rules, path: str = "start") -> State:
    """The :class:`State` that the JSON object ``start`` describes under ``rules``."""
    validate(start, POSITION_SCHEMA, PositionError, prefix=path)
    n = len(players)
    s = State(n)
    phase = jd.field(start, "phase", path, int, error=PositionError)
    if phase not in (1, 2):
        raise PositionError(f"{quote(phase)} should be 1 or 2", path=f"{path}.phase")
    s.phase = phase
    seen: dict[Card, str] = {}

    def claim(cards: list[Card], where: str) -> None:
        for i, c in enumerate(cards):
            here = f"{where}[{i}]"
            if c in seen:
                raise PositionError(f"{c} is named twice: also at {seen[c]}", path=here)
            seen[c] = here

    hands = jd.per_player(jd.field(start, "hands", path, dict, error=PositionError), players,
                          f"{path}.hands", PositionError)
    for p, cards in hands.items():
        claim(cards, f"{path}.hands.{players[p]}")
        s.hands[p] = cards
    s.to_play = jd.player(jd.field(start, "to_play", path, str, error=PositionError), players,
                          f"{path}.to_play", PositionError)
    piles = start.get("piles")
    if piles is not None:
        for p, cards in jd.per_player(piles, players, f"{path}.piles", PositionError).items():
            claim(cards, f"{path}.piles.{players[p]}")
            s.piles[p] = cards
    table = _table(start.get("table", []), players, f"{path}.table")
    for i, (_, cards) in enumerate(table):
        claim(list(cards), f"{path}.table[{i}]")
    trump = jd.field(start, "trump", path, str, required=False, error=PositionError)
    if trump is not None:
        try:
            s.trump = parse_suit(trump)
        except CardError as err:
            raise PositionError(str(err), path=f"{path}.trump") from None
    leader = jd.field(start, "leader", path, str, required=False, error=PositionError)
    if phase == 1:
        _phase1(s, rules, start, players, path, table, leader, claim)
    else:
        _phase2(s, rules, start, players, path, table, leader)
    return s


def _phase1(s, rules, start, players, path, table, leader, claim) -> None:
    stock = jd.cards(start.get("stock", []), f"{path}.stock", PositionError)
    claim(stock, f"{path}.stock")
    s.stock = stock[::-1]
    if rules.turned_up_trump == "yes" and stock:
        if s.trump is not None and s.trump != stock[-1] & 3:
            raise PositionError("the turned-up trump is the last stock card, and its suit is "
                                "trump", path=f"{path}.trump")
        s.trump = stock[-1] & 3
    if rules.phase1_tricks == "all-play" and table:
        raise PositionError("an all-play phase-1 position must start between tricks (no "
                            "table)", path=f"{path}.table")
    holder = jd.field(start, "trump_holder", path, str, required=False, error=PositionError)
    if "trump_card" in start:
        s.trump_card = jd.card(start["trump_card"], f"{path}.trump_card", PositionError)
        claim([s.trump_card], f"{path}.trump_card")
        if holder is None:
            raise PositionError("a trump_card needs a trump_holder", path=path)
    if holder is not None:
        s.trump_holder = jd.player(holder, players, f"{path}.trump_holder", PositionError)
    if rules.phase1_tricks == "beat-or-pick-up" and len(table) > 1:
        raise PositionError("in Mas a phase-1 trick holds at most the lead", path=f"{path}.table")
    if not stock and s.trump_card is None and (s.trump is None or s.trump_holder is None):
        raise PositionError(
            "a phase-1 position whose stock is empty needs a trump_card and trump_holder "
            "(or trump and trump_holder): the last stock card decides trumps", path=path)
    odd = len(table) % 2
    s.leader = (jd.player(leader, players, f"{path}.leader", PositionError) if leader is not None
                else (s.to_play - odd) % s.n)
    s.opponent = (s.leader + 1) % s.n
    expected = s.opponent if odd else s.leader
    if s.to_play != expected:
        raise PositionError(
            f"with {len(table)} card(s) on the table and {players[s.leader]} leading, "
            f"{players[expected]} is to play, not {players[s.to_play]}", path=f"{path}.to_play")
    pair = (s.leader, s.opponent)
    for i, (who, cards) in enumerate(table):
        if len(cards) != 1:
            raise PositionError("phase-1 plays are single cards", path=f"{path}.table[{i}]")
        if who is not None and who != pair[i % 2]:
            raise PositionError(f"this play belongs to {players[pair[i % 2]]}, who plays "
                                "every other card of the trick", path=f"{path}.table[{i}]")
        s.table.append((pair[i % 2], cards))


def _phase2(s, rules, start, players, path, table, leader) -> None:
    if s.trump is None:
        raise PositionError("a phase-2 position needs 'trump' (a suit letter)", path=path)
    for key in ("stock", "trump_card", "piles"):
        if start.get(key):
            raise PositionError(f"phase 2 has no {key}: in phase 2 every card is in a hand",
                                path=f"{path}.{key}")
    out = start.get("out")
    if out is None:
        blamattis = rules.empty_hand_after_phase1 == "blamattis"
        order = [] if blamattis else [p for p in range(s.n) if not s.hands[p]]
    else:
        order = [jd.player(name, players, f"{path}.out[{i}]", PositionError)
                 for i, name in enumerate(out if isinstance(out, list) else [out])]
        holding = [players[p] for p in order if s.hands[p]]
        if holding:
            raise PositionError(f"{', '.join(holding)} cannot be out while holding cards",
                                path=f"{path}.out")
    for p in order:
        s.in_game[p] = False
    s.out = order
    if not s.in_game[s.to_play] or (not s.hands[s.to_play] and not table):
        raise PositionError(f"{players[s.to_play]} has no cards and cannot be to play",
                            path=f"{path}.to_play")
    who = s.to_play
    attributed = []
    for i in range(len(table) - 1, -1, -1):
        explicit, cards = table[i]
        if explicit is None:
            who = _previous_in(s, who)
        else:
            who = explicit
        attributed.append((who, cards))
    s.table = attributed[::-1]
    s.leader = (s.table[0][0] if s.table else s.to_play) if leader is None else jd.player(
        leader, players, f"{path}.leader", PositionError)
    size = jd.field(start, "trick_size", path, int, required=False, error=PositionError)
    active = s.n - len(s.out)
    s.trick_size = size if size is not None else active
    if s.table and not len(s.table) < s.trick_size:
        raise PositionError(f"a trick of {s.trick_size} plays cannot already hold "
                            f"{len(s.table)}", path=f"{path}.table")
    if active < 2:
        raise PositionError("a phase-2 position needs at least two players with cards",
                            path=f"{path}.hands")


def _previous_in(s: State, player: int) -> int:
    p = (player - 1) % s.n
    while not s.in_game[p]:
        p = (p - 1) % s.n
    return p


def state_to_json(s: State, players: list[str]) -> dict[str, Any]:
    """The JSON ``start`` object for ``s`` (the inverse of :func:`build_state`)."""
    data: dict[str, Any] = {"phase": s.phase}
    data["hands"] = {players[p]: [c.text for c in s.hands[p]] for p in range(s.n)}
    if s.phase == 1:
        data["stock"] = [c.text for c in reversed(s.stock)]
        if any(s.piles):
            data["piles"] = {players[p]: [c.text for c in s.piles[p]] for p in range(s.n)
                             if s.piles[p]}
        if s.trump_card is not None:
            data["trump_card"] = s.trump_card.text
        if s.trump_holder is not None:
            data["trump_holder"] = players[s.trump_holder]
    if s.trump is not None:
        data["trump"] = SUITS[s.trump]
    data["to_play"] = players[s.to_play]
    if s.table:
        data["table"] = [f"{players[p]}: {' '.join(c.text for c in cards)}" for p, cards in s.table]
        data["leader"] = players[s.leader]
        if s.phase == 2:
            data["trick_size"] = s.trick_size
    if s.phase == 2 and s.out:
        data["out"] = [players[p] for p in s.out]
    return data

