"""Starting positions given as data (the ``start`` object of scenarios and records).

A position may use a partial pack: cards named nowhere are out of play.  Every card
may appear once; a phase-2 position needs a trump suit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import jsondata as jd
from .cards import SUITS, Card, parse_cards, parse_suit
from .errors import CardError, PositionError
from .i18n import gettext
from .phase1_common import can_turn
from .rules import Rules
from .schema import POSITION_SCHEMA, json_path, validate
from .state import State

Listed = list[tuple[int | None, tuple[Card, ...]]]
"""The table as a file lists it: each play's seat, when it names one, and cards."""


def _table(value: list[str], players: list[str],
           path: str) -> Listed:
    """Table items: ``"9H"``, ``"7H 8H 9H"`` or ``"A: 9H"`` (who played it)."""
    plays = []
    for i, item in enumerate(value):
        where = f"{path}[{i}]"
        who = None
        if ":" in item:
            name, _, item = item.partition(":")
            who = jd.player(name.strip(), players, where, PositionError)
        try:
            cards = tuple(parse_cards(item))
        except CardError as err:
            raise PositionError(str(err), path=where) from None
        if not cards:
            raise PositionError(gettext("a play needs at least one card"), path=where)
        plays.append((who, cards))
    return plays


def build_state(start: dict[str, Any], players: list[str], rules: Rules, path: str = "start") -> State:
    """The :class:`State` that the JSON object ``start`` describes under ``rules``."""
    validate(start, POSITION_SCHEMA, PositionError, prefix=path)
    n = len(players)
    s = State(n)
    phase = s.phase = start["phase"]
    seen: dict[Card, str] = {}

    def claim(cards: list[Card], where: str) -> None:
        for i, c in enumerate(cards):
            here = f"{where}[{i}]"
            if c in seen:
                raise PositionError(gettext("{card} is named twice: also at {where}").format(
                    card=c, where=seen[c]), path=here)
            seen[c] = here

    hands = jd.per_player(start["hands"], players,
                          f"{path}.hands", PositionError)
    for p, cards in hands.items():
        claim(cards, json_path((players[p],), f"{path}.hands"))
        s.hands[p] = cards
    s.to_play = jd.player(start["to_play"], players,
                          f"{path}.to_play", PositionError)
    piles = start.get("piles")
    if piles is not None:
        for p, cards in jd.per_player(piles, players, f"{path}.piles", PositionError).items():
            claim(cards, json_path((players[p],), f"{path}.piles"))
            s.piles[p] = cards
    table = _table(start.get("table", []), players, f"{path}.table")
    for i, (_, played) in enumerate(table):
        claim(list(played), f"{path}.table[{i}]")
    trump = start.get("trump")
    if trump is not None:
        try:
            s.trump = parse_suit(trump)
        except CardError as err:
            raise PositionError(str(err), path=f"{path}.trump") from None
    leader = start.get("leader")
    if phase == 1:
        _phase1(s, rules, start, players, path, table, leader, claim)
    else:
        _phase2(s, rules, start, players, path, table, leader)
    check_position(s, rules, players, path)
    return s


def check_position(s: State, rules: Rules, players: list[str], path: str = "start") -> None:
    """Refuse a position that no game under ``rules`` can reach, with the reason; every
    position it lets through can be played to the end with every card kept.

    What the reader already settles: every card is named once (a partial pack is fine);
    every name is a player; the player to act and the leader are players.  Then, per
    phase and variant:

    Phase 1
      - While the stock holds cards, every player holds at least one (hands are refilled
        from the stock, so nobody runs out before it is used up), and the last stock
        card is still in the stock: ``trump_card`` and ``trump_holder`` are given only
        once the stock is empty.
      - Once the stock is empty, the trump card is known: ``trump_card`` and
        ``trump_holder``, or ``trump`` and ``trump_holder`` when it was turned.  With a
        turned-up trump the trump is the last stock card's suit; in Mas that card goes
        to a hand, so there is no ``trump_card``; otherwise (rule V30) its drawer keeps
        it beside them as the ``trump_card``.
      - The player to act holds a card or may turn the stock card (else phase 1 would
        be over).
      - Two-card tricks: the table holds bounced pairs (equal ranks) and at most one
        unanswered lead; the leader and the player to act fit them.  Mas: at most the
        lead.  All-play variants start between tricks (no table).

    Phase 2
      - ``trump`` is given; no stock, piles or trump card remain.
      - At least two players are still in; the player to act is in and holds a card,
        or has none while plays lie on the table (a Blåmattis, who must pick up).
      - A player without cards is out (listed in ``out``) unless the variant keeps such
        players in as Blåmattis; nobody out holds cards.
      - A trick on the table is smaller than its ``trick_size``, which is at most the
        number of players.
    """
    names = players
    if s.phase == 1:
        _check_phase1(s, rules, names, path)
    else:
        _check_phase2(s, rules, names, path)


def _check_phase1(s: State, rules: Rules, names: list[str], path: str) -> None:
    if s.stock:
        empty = [names[p] for p in range(s.n) if not s.hands[p]]
        if empty:
            raise PositionError(gettext("{players} cannot be without cards while the stock "
                                        "lasts: hands are refilled from it").format(
                                            players=", ".join(empty)), path=f"{path}.hands")
        if s.trump_card is not None or s.trump_holder is not None:
            raise PositionError(gettext("the trump card is the last card of the stock: give "
                                        "trump_card and trump_holder only once the stock is empty"),
                                path=f"{path}.trump_card" if s.trump_card is not None
                                else f"{path}.trump_holder")
    elif (rules.turned_up_trump == "yes" and rules.phase1_end == "last-draw"
          and s.trump_card is not None):
        raise PositionError(gettext("with a turned-up trump the last stock card goes to a hand: "
                                    "give trump and trump_holder, not trump_card"),
                            path=f"{path}.trump_card")
    elif (rules.turned_up_trump == "yes" and s.trump_card is not None
          and s.trump is not None and s.trump != s.trump_card & 3):
        raise PositionError(gettext("the turned-up trump {card} sets trumps: trump is {suit}"
                                    ).format(card=s.trump_card, suit=SUITS[s.trump_card & 3]),
                            path=f"{path}.trump")
    p = s.to_play
    assert p is not None  # read from the file's to_play
    if not s.hands[p] and not can_turn(s, rules):
        raise PositionError(gettext("{player} has no card to play and cannot turn one, so phase 1 "
                                    "would be over: give the phase-2 position instead").format(
                                  player=names[p]),
                            path=f"{path}.to_play")
    if rules.phase1_tricks == "pairs":
        plays = s.table
        for i in range(1, len(plays), 2):
            lead, answer = plays[i - 1][1][0], plays[i][1][0]
            if lead.rank != answer.rank:
                raise PositionError(gettext("{lead} and {answer} differ in rank, so the trick "
                                            "would have been taken: the table holds bounced "
                                            "pairs and at most one unanswered lead").format(
                                                lead=lead, answer=answer),
                                    path=f"{path}.table[{i}]")


def _check_phase2(s: State, rules: Rules, names: list[str], path: str) -> None:
    if rules.empty_hand_after_phase1 != "blamattis":
        empty = [names[p] for p in range(s.n) if s.in_game[p] and not s.hands[p]]
        if empty:
            raise PositionError(gettext("{players} must be out: in this variant a player "
                                        "without cards in phase 2 has gone out").format(
                                            players=", ".join(empty)), path=f"{path}.out")
    if s.table and s.trick_size > s.n:
        raise PositionError(gettext("a trick has at most {most} plays, one per player, not "
                                    "{size}").format(most=s.n, size=s.trick_size),
                            path=f"{path}.trick_size")


def _phase1(s: State, rules: Rules, start: dict[str, Any], players: list[str], path: str,
            table: Listed, leader: Any, claim: Callable[[list[Card], str], None]) -> None:
    to_play = s.to_play
    assert to_play is not None  # read from the file's to_play
    stock = jd.cards(start.get("stock", []), f"{path}.stock", PositionError)
    claim(stock, f"{path}.stock")
    s.stock = stock[::-1]
    if rules.turned_up_trump == "yes" and stock:
        if s.trump is not None and s.trump != stock[-1].suit:
            raise PositionError(gettext("the turned-up trump is the last stock card, and its "
                                        "suit is trump"), path=f"{path}.trump")
        s.trump = stock[-1].suit
    if rules.phase1_tricks == "all-play" and table:
        raise PositionError(gettext("an all-play phase-1 position must start between tricks (no "
                                    "table)"), path=f"{path}.table")
    holder = start.get("trump_holder")
    if "trump_card" in start:
        s.trump_card = jd.card(start["trump_card"], f"{path}.trump_card", PositionError)
        claim([s.trump_card], f"{path}.trump_card")
        if holder is None:
            raise PositionError(gettext("a trump_card needs a trump_holder"), path=path)
    if holder is not None:
        s.trump_holder = jd.player(holder, players, f"{path}.trump_holder", PositionError)
    if rules.phase1_tricks == "beat-or-pick-up" and len(table) > 1:
        raise PositionError(gettext("in Mas a phase-1 trick holds at most the lead"),
                            path=f"{path}.table")
    if not stock and s.trump_card is None and (s.trump is None or s.trump_holder is None):
        raise PositionError(gettext(
            "a phase-1 position whose stock is empty needs a trump_card and trump_holder "
            "(or trump and trump_holder): the last stock card decides trumps"), path=path)
    odd = len(table) % 2
    s.leader = (jd.player(leader, players, f"{path}.leader", PositionError) if leader is not None
                else (to_play - odd) % s.n)
    s.opponent = (s.leader + 1) % s.n
    expected = s.opponent if odd else s.leader
    if to_play != expected:
        raise PositionError(gettext(
            "with {count} card(s) on the table and {leader} leading, {expected} is to play, "
            "not {player}").format(count=len(table), leader=players[s.leader],
                                   expected=players[expected], player=players[to_play]),
            path=f"{path}.to_play")
    pair = (s.leader, s.opponent)
    for i, (who, cards) in enumerate(table):
        if len(cards) != 1:
            raise PositionError(gettext("phase-1 plays are single cards"),
                                path=f"{path}.table[{i}]")
        if who is not None and who != pair[i % 2]:
            raise PositionError(gettext("this play belongs to {player}, who plays every other "
                                        "card of the trick").format(player=players[pair[i % 2]]),
                                path=f"{path}.table[{i}]")
        s.table.append((pair[i % 2], cards))


def _phase2(s: State, rules: Rules, start: dict[str, Any], players: list[str], path: str,
            table: Listed, leader: Any) -> None:
    to_play = s.to_play
    assert to_play is not None  # read from the file's to_play
    if s.trump is None:
        raise PositionError(gettext("a phase-2 position needs 'trump' (a suit letter)"), path=path)
    for key in ("stock", "trump_card", "piles"):
        if start.get(key):
            raise PositionError(gettext("phase 2 has no {field}: in phase 2 every card is in a "
                                        "hand").format(field=key), path=f"{path}.{key}")
    out = start.get("out")
    if out is None:
        blamattis = rules.empty_hand_after_phase1 == "blamattis"
        order = [] if blamattis else [p for p in range(s.n) if not s.hands[p]]
    else:
        order = [jd.player(name, players, f"{path}.out[{i}]", PositionError)
                 for i, name in enumerate(out if isinstance(out, list) else [out])]
        holding = [players[p] for p in order if s.hands[p]]
        if holding:
            raise PositionError(gettext("{players} cannot be out while holding cards").format(
                                players=", ".join(holding)),
                                path=f"{path}.out")
    for p in order:
        s.in_game[p] = False
    s.out = order
    if not s.in_game[to_play] or (not s.hands[to_play] and not table):
        raise PositionError(gettext("{player} has no cards and cannot be to play").format(
                                player=players[to_play]),
                            path=f"{path}.to_play")
    who = to_play
    attributed = []
    for i in range(len(table) - 1, -1, -1):
        explicit, cards = table[i]
        who = _previous_in(s, who) if explicit is None else explicit
        attributed.append((who, cards))
    s.table = attributed[::-1]
    s.leader = (s.table[0][0] if s.table else to_play) if leader is None else jd.player(
        leader, players, f"{path}.leader", PositionError)
    size = start.get("trick_size")
    active = s.n - len(s.out)
    s.trick_size = size if size is not None else active
    if s.table and not len(s.table) < s.trick_size:
        raise PositionError(gettext("a trick of {size} plays cannot already hold {count}").format(
                                size=s.trick_size, count=len(s.table)), path=f"{path}.table")
    if active < 2:
        raise PositionError(gettext("a phase-2 position needs at least two players with cards"),
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
    assert s.to_play is not None  # a position is written while the deal goes on
    data["to_play"] = players[s.to_play]
    if s.table:
        data["table"] = [f"{players[p]}: {' '.join(c.text for c in cards)}" for p, cards in s.table]
        data["leader"] = players[s.leader]
        if s.phase == 2:
            data["trick_size"] = s.trick_size
    if s.phase == 2 and s.out:
        data["out"] = [players[p] for p in s.out]
    return data

