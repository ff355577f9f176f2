"""Scenarios (format ``skitgubbe-scenario/2``): worked examples as data.

A scenario is a starting position (or a deal: a seed and a dealer), moves, and
checkpoints that must hold along the way.  :func:`parse` validates one (raising :class:`ScenarioError` with the
JSON path of what is wrong), :func:`run` replays it and reports every failure.
The format is documented for users in ``docs/scenarios.md``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import jsondata as jd
from .actions import Action
from .cards import SUITS, Card, format_cards, parse_cards, parse_suit
from .errors import ActionError, CardError, FileFormatError, IllegalActionError, quote
from .events import Step
from .game import Game
from .i18n import N_
from .i18n import gettext as _
from .record import new_game
from .rules import Rules
from .schema import SCENARIO_FORMATS, SCENARIO_SCHEMA, validate

SCENARIO_FORMAT = SCENARIO_FORMATS[-1]


class ScenarioError(FileFormatError):
    """A file is not a valid scenario."""


@dataclass
class Scenario:
    """A parsed, valid scenario.  ``game()`` gives a fresh game at its start."""

    data: dict[str, Any]
    title: str
    variant: str
    players: list[str]
    moves: list[str]
    expect: list[dict[str, Any]]
    description: str = ""
    sources: list[str] = field(default_factory=list)
    file: str | None = None

    @property
    def dealt(self) -> bool:
        """True if the scenario starts from a deal (a seed and a dealer)."""
        return is_dealt(self.data)

    def game(self, rules: Rules | None = None) -> Game:
        """A fresh game at the scenario's start (under other ``rules`` if given)."""
        game = _new_game(self.data)
        if rules is None:
            return game
        return Game(game.players, rules, seed=game.seed, start=game.start, dealer=game.dealer)


def is_dealt(data: dict[str, Any]) -> bool:
    """True if scenario ``data`` (valid) starts from a deal."""
    return "dealer" in data["start"]


def _new_game(data: dict[str, Any]) -> Game:
    """The game at the start of valid scenario ``data``: dealt by ``start.dealer``
    with ``start.seed``, or standing at the position ``start`` (with ``seed``)."""
    if not is_dealt(data):
        return new_game(data, ScenarioError, seed=data.get("seed"))
    start = data["start"]
    dealer = jd.player(start["dealer"], list(data["players"]), "start.dealer", ScenarioError)
    return new_game(data, ScenarioError, start=None, seed=start["seed"], dealer=dealer)


@dataclass
class Outcome:
    """What :func:`run` found: the game, its steps, checkpoint results and failures."""

    scenario: Scenario
    game: Game
    steps: list[Step]
    passed: list[str]
    failures: list[str]

    @property
    def ok(self) -> bool:
        return not self.failures


def parse(data: Any, file: str | None = None) -> Scenario:
    """Validate a scenario's JSON data."""
    with jd.naming(file):
        scenario = _parse(data)
    scenario.file = file
    return scenario


def load(path: str | Path) -> Scenario:
    return parse(jd.read_json(path, ScenarioError), str(path))


def _parse(data: Any) -> Scenario:
    jd.document(data, SCENARIO_FORMATS, N_("a scenario"), ScenarioError)
    validate(data, SCENARIO_SCHEMA, ScenarioError)
    if is_dealt(data):
        if data["format"] != SCENARIO_FORMAT:
            raise ScenarioError(_("a dealt start (seed and dealer) needs the format {format}"
                                  ).format(format=quote(SCENARIO_FORMAT)), path="format")
        if "seed" in data:
            raise ScenarioError(_("a dealt start's seed (start.seed) shuffles the pack and "
                                  "decides every later chance: give no other seed"),
                                path="seed")
    game = _new_game(data)
    moves = data["moves"]
    for i, text in enumerate(moves):
        _action(game, text, f"moves[{i}]")
    expect = data.get("expect", [])
    for i, check in enumerate(expect):
        _check_form(game, check, f"expect[{i}]", len(moves))
    for i, item in enumerate(data.get("exercises", [])):
        if item["after"] > len(moves):
            raise ScenarioError(_("after must be between 0 and {last}, the number of moves").format(
                last=len(moves)),
                                path=f"exercises[{i}].after")
        if "player" in item:
            jd.player(item["player"], list(game.players), f"exercises[{i}].player", ScenarioError)
    return Scenario(data, data.get("title", ""), data["variant"], list(game.players), moves,
                    expect, data.get("description", ""), data.get("sources", []))


def _action(game: Game, text: Any, path: str) -> Action:
    try:
        return game.parse_action(text)
    except ActionError as err:
        raise ScenarioError(str(err), path=path) from None


def _check_form(game: Game, check: dict[str, Any], path: str, move_count: int) -> None:
    """Checkpoint fields (already of the schema's types) must name real players,
    cards and suits, and a move count the scenario reaches."""
    after = check.get("after")
    if after is not None and after > move_count:
        raise ScenarioError(_("after must be between 0 and {last}, the number of moves").format(
            last=move_count),
                            path=f"{path}.after")
    names = list(game.players)
    for key in ("hands", "piles"):
        if key in check:
            jd.per_player(check[key], names, f"{path}.{key}", ScenarioError)
    for key in ("to_play", "loser"):
        if check.get(key) is not None:
            jd.player(check[key], names, f"{path}.{key}", ScenarioError)
    for i, name in enumerate(check.get("out", [])):
        jd.player(name, names, f"{path}.out[{i}]", ScenarioError)
    if "trump" in check:
        try:
            parse_suit(check["trump"])
        except CardError as err:
            raise ScenarioError(str(err), path=f"{path}.trump") from None
    for i, play in enumerate(check.get("table", [])):
        try:
            parse_cards(play)
        except CardError as err:
            raise ScenarioError(_("{problem}; a play is a card or cards such as '7H 8H 9H'").format(
                problem=err),
                                path=f"{path}.table[{i}]") from None
    stock = check.get("stock")
    if isinstance(stock, list):
        jd.cards(stock, f"{path}.stock", ScenarioError)
    for i, text in enumerate(check.get("illegal", [])):
        _action(game, text, f"{path}.illegal[{i}]")


def run(scenario: Scenario) -> Outcome:
    """Replay the moves, checking each checkpoint when its move count is reached.

    A refused move stops the replay and is reported (with its move number and rule).
    :func:`skitgubbe_core.scenario_check.check` also checks the exercises, as
    ``skitgubbe check`` does.
    """
    game = scenario.game()
    moves = scenario.moves
    by_after: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    for i, check in enumerate(scenario.expect):
        by_after.setdefault(check.get("after", len(moves)), []).append((i, check))
    steps: list[Step] = []
    passed: list[str] = []
    failures: list[str] = []

    def check_at(count: int) -> None:
        for i, check in by_after.get(count, []):
            problems = _compare(game, check)
            label = _("checkpoint {number} (after move {count})").format(number=i + 1,
                                                                         count=count)
            if problems:
                failures.extend(f"{label}: {p}" for p in problems)
            else:
                passed.append(label)

    check_at(0)
    for text in moves:
        try:
            step = game.play(text)
        except IllegalActionError as err:
            failures.append(_("{error} [the move was refused]").format(error=err))
            break
        assert step is not None  # a scenario's game narrates
        steps.append(step)
        check_at(game.move_count)
    return Outcome(scenario, game, steps, passed, failures)


def _cards(value: Any) -> Counter[Card]:
    return Counter(parse_cards(value))


def _names(game: Game, seats: Iterable[int]) -> list[str]:
    return [game.players[p] for p in seats]


def _compare(game: Game, check: dict[str, Any]) -> list[str]:
    """Every way the game differs from the checkpoint, as sentences."""
    problems = []
    players = list(game.players)

    def differ(what: str, actual: Any, expected: Any) -> None:
        problems.append(_("{what} is {actual}, expected {expected}").format(
            what=what, actual=actual, expected=expected))

    if "phase" in check and game.phase != check["phase"]:
        differ("phase", game.phase, check["phase"])
    if "to_play" in check:
        actual = None if game.to_play is None else players[game.to_play]
        if actual != check["to_play"]:
            differ("to_play", actual, check["to_play"])
    if "trump" in check:
        expected = parse_suit(check["trump"])
        if game.trump != expected:
            differ("trump", None if game.trump is None else SUITS[game.trump], SUITS[expected])
    if "table" in check:
        actual_plays = [sorted(cards) for _, cards in game.table]
        expected_plays = [sorted(parse_cards(p)) for p in check["table"]]
        if actual_plays != expected_plays:
            differ("the table", _show_plays(actual_plays), _show_plays(expected_plays))
    for key, seats in (("hands", game.hands), ("piles", game.piles)):
        for name, cards in check.get(key, {}).items():
            held = Counter(seats[players.index(name)])
            if held != _cards(cards):
                differ(f"{name}'s {key[:-1]}", _show(held), _show(_cards(cards)))
    if "stock" in check:
        expected = check["stock"]
        if isinstance(expected, int):
            if len(game.stock) != expected:
                differ("the stock size", len(game.stock), expected)
        elif game.stock != parse_cards(expected):
            differ("the stock", _show(game.stock), _show(parse_cards(expected)))
    if "out" in check and _names(game, game.out) != check["out"]:
        differ("out", _names(game, game.out), check["out"])
    if "loser" in check:
        actual = None if game.loser is None else players[game.loser]
        if actual != check["loser"]:
            differ("the loser", actual, check["loser"])
    if "trick_size" in check and game.trick_size != check["trick_size"]:
        differ("trick_size", game.trick_size, check["trick_size"])
    for text in check.get("illegal", []):
        if game.why_illegal(text) is None:
            problems.append(_("{action} should be refused here, but it is legal").format(
                action=quote(text)))
    return problems


def _show(cards: Counter[Card] | Sequence[Card]) -> str:
    cards = sorted(cards.elements()) if isinstance(cards, Counter) else cards
    return "[" + format_cards(cards) + "]"


def _show_plays(plays: list[list[Card]]) -> str:
    return "[" + ", ".join(format_cards(p) for p in plays) + "]"
