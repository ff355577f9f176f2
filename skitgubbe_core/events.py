"""Events: what happened in a step, each able to explain itself in one sentence
and to name the rule it follows.

A step of the history is the action a player chose plus the automatic events it
caused (draws, stunsa, trick won or complete, all picked up, the lead passing, the
phase change, a player going out, the end of the game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, Protocol, cast

from .cards import Card, format_cards, suit_symbol
from .rulebook import RULEBOOK


class Event(NamedTuple):
    """One thing that happened.

    ``player`` is the seat it is about, ``cards`` the cards it moved, ``other`` a
    second seat (opponent, new leader) and ``extra`` a number or cards, by kind.
    """

    kind: str
    player: int | None
    cards: tuple[Card, ...]
    other: int | None
    extra: Any
    rule: str

    @property
    def automatic(self) -> bool:
        """False for the event that is the player's own action."""
        return self.kind not in ACTION_KINDS

    @property
    def citation(self) -> str:
        """The sources of the rule this event follows."""
        return RULEBOOK[self.rule].citation

    def sentence(self, players: Sequence[str]) -> str:
        """The plain sentence, without the rule: ``'B answers with 7♠'``."""
        return _TEMPLATES[self.kind](self, cast(Names, players))

    def explain(self, players: Sequence[str]) -> str:
        """One sentence, with the rule it follows: ``'... (rule 4, stunsa)'``."""
        return f"{self.sentence(players)} ({RULEBOOK[self.rule].reference})"


class Names(Protocol):
    """The players' names as a template reads them: indexed by the seats its event's
    kind always sets (``player``, and ``other`` where the sentence names it), so never
    by None."""

    def __getitem__(self, seat: int | None, /) -> str: ...


make = tuple.__new__
"""``make(Event, (kind, player, cards, other, extra, rule))`` builds an event without
the Python-level call of the NamedTuple constructor: the transitions build one or two
events per action, so this is the engine's hot path."""

def _pl(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _lead(e: Event, p: Names) -> str:
    if e.other is not None:
        return f"{p[e.player]} leads {format_cards(e.cards)} against {p[e.other]}"
    return f"{p[e.player]} leads {format_cards(e.cards)}; the trick needs {_pl(e.extra, 'play')}"


def _pick_up(e: Event, p: Names) -> str:
    head = f"{p[e.player]} picks up {format_cards(e.cards)}"
    if e.extra:
        return f"{head}; {p[e.other]} must now beat {format_cards(e.extra)}"
    return head


def _trick_won(e: Event, p: Names) -> str:
    return (f"{format_cards(e.cards)} is higher: {p[e.player]} wins the trick, puts "
            f"{_pl(e.extra, 'card')} in their pile and leads next against {p[e.other]}")


def _lead_passes(e: Event, p: Names) -> str:
    if e.extra == "blamattis":
        return (f"{p[e.player]} has no cards to lead (Blåmattis), so the lead passes to "
                f"{p[e.other]}")
    head = f"{p[e.player]} has gone out, so the lead passes to {p[e.other]}"
    if e.extra == "beaten":
        return f"{head}, whose play {p[e.player]} beat last"
    return f"{head}, the next player still in"


def _phase_2(e: Event, p: Names) -> str:
    trump = suit_symbol(e.extra)
    if e.cards:
        return (f"Phase 2: everyone takes up pile, hand and trump card; trumps are {trump} "
                f"(the trump card {e.cards[0]}, drawn by {p[e.player]}), and "
                f"{p[e.other]} leads")
    return f"Phase 2: everyone takes up their cards; trumps are {trump}, and {p[e.other]} leads"


_TEMPLATES: dict[str, Callable[[Event, Names], str]] = {
    "turned": lambda e, p: f"{p[e.player]} turns up the top stock card, {e.cards[0]}, and must play it",
    "lead": _lead,
    "answer": lambda e, p: f"{p[e.player]} answers with {format_cards(e.cards)}",
    "draw": lambda e, p: f"{p[e.player]} draws {e.cards[0]} from the stock",
    "trump-card": lambda e, p: (
        f"{p[e.player]} draws the last stock card, {e.cards[0]}, and lays it face down "
        "beside them: it decides trumps for phase 2"),
    "trump-turned": lambda e, p: (
        f"{p[e.player]} turned up the last stock card, {e.cards[0]}: it decides trumps, "
        f"and {p[e.player]} will lead phase 2"),
    "stunsa": lambda e, p: (
        f"{e.cards[0]} and {e.cards[1]} are equal: stunsa! The cards stay on the table and "
        f"{p[e.player]} leads again against {p[e.other]}"),
    "trick-won": _trick_won,
    "phase-1-end": lambda e, p: (
        f"{p[e.player]} has no card to play and the stock is empty: phase 1 is over"),
    "take-back": lambda e, p: (
        f"{p[e.player]} takes back {format_cards(e.cards)} from the unfinished last trick"),
    "lead-kept": lambda e, p: (
        f"Nobody could answer {p[e.player]}'s {format_cards(e.cards)}: {p[e.player]} wins it "
        "into their pile"),
    "phase-2": _phase_2,
    "beat": lambda e, p: f"{p[e.player]} beats {format_cards(e.extra)} with {format_cards(e.cards)}",
    "pick-up": _pick_up,
    "out": lambda e, p: f"{p[e.player]} has no cards left and is out: safe",
    "trick-complete": lambda e, p: (
        f"The trick has its {_pl(e.extra, 'play')} and is set aside; the lead goes to "
        f"{p[e.other]}, who played last"),
    "all-picked-up": lambda e, p: (
        f"Every card of the trick has been picked up; the lead goes to {p[e.other]}, on "
        f"{p[e.player]}'s left"),
    "lead-passes": _lead_passes,
    "game-over": lambda e, p: (
        f"Only {p[e.player]} has cards left: {p[e.player]} is the Skitgubbe and loses"),
}


def _names(players: Names, seats: Iterable[int]) -> str:
    names = [players[p] for p in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


_WHY_LATE = {
    "exchange": "Mas allows the exchange at any stage",
    "store": "Mas allows storing three trumps at any stage",
    "slough": "a slough may come at any moment while the trick is undecided",
}


def _late(e: Event, p: Names) -> str:
    """The out-of-turn note: ``extra`` is the seat whose turn it was, or None."""
    if e.extra is None:
        return ""
    return f", out of turn while it is {p[e.extra]}'s turn: {_WHY_LATE[e.kind]}"


def _slough(e: Event, p: Names) -> str:
    onto = (f"onto the trick that {p[e.other]} takes" if e.other is not None
            else "onto the undecided trick")
    return f"{p[e.player]} sloughs {format_cards(e.cards)} {onto}{_late(e, p)}"


def _redistribute(e: Event, p: Names) -> str:
    deals = ", ".join(f"{p[q]} gets {card}" for q, card in e.extra)
    return (f"The tied players take back {format_cards(e.cards)}; the other cards, sorted low "
            f"to high, are dealt from {p[e.player]} counter-clockwise: {deals}")


def _dreck(e: Event, p: Names) -> str:
    got: dict[int, list[Card]] = {}
    for q, card in e.extra:
        got.setdefault(q, []).append(card)
    shares = "; ".join(f"{p[q]} gets {format_cards(cards)}" for q, cards in got.items())
    return (f"Someone holds fewer than six cards: the dreck ({len(e.cards)} cards: twos to "
            f"fives and the six of trumps) is pooled and dealt at random: {shares}")


_TEMPLATES.update({
    "lead-all": lambda e, p: f"{p[e.player]} leads {format_cards(e.cards)}; everyone plays to this trick",
    "play-all": lambda e, p: f"{p[e.player]} plays {format_cards(e.cards)}",
    "tie-play": lambda e, p: f"{p[e.player]} plays {format_cards(e.cards)} to break the tie",
    "tie": lambda e, p: (
        f"{_names(p, e.extra)} tie with {format_cards(e.cards)}"),
    "skipped": lambda e, p: f"{p[e.player]} has no cards and is skipped",
    "share": lambda e, p: (
        f"{p[e.player]} has no card to break the tie: the trick's {e.extra[1]} cards are "
        f"shuffled and shared face down among {_names(p, e.extra[0])}"),
    "redistribute": _redistribute,
    "slough": _slough,
    "pass": lambda e, p: f"{p[e.player]} does not slough",
    "trick-won-all": lambda e, p: (
        f"{format_cards(e.cards)} is highest: {p[e.player]} wins the trick, puts "
        f"{_pl(e.extra, 'card')} in their pile and leads next"),
    "phase-1-all-played": lambda e, p: "Every card has been played: phase 1 is over",
    "phase-1-last-trick": lambda e, p: (
        f"The trick in which {p[e.player]} drew the last stock card is over: phase 1 ends"),
    "trump-taken": lambda e, p: (
        f"{p[e.player]} draws the last card, the turned-up trump {e.cards[0]}: phase 1 ends "
        "with this trick"),
    "exchange": lambda e, p: (
        f"{p[e.player]} exchanges {e.cards[0]} for the turned-up trump {e.cards[1]}"
        f"{_late(e, p)}"),
    "store": lambda e, p: (
        f"{p[e.player]} shows three trumps, {format_cards(e.cards)}, stores them for phase 2 "
        f"and draws a new hand{_late(e, p)}"),
    "turned-up-kept": lambda e, p: (
        f"{p[e.player]} takes the last stock card, the turned-up trump {e.cards[0]}, and "
        "keeps it beside them for phase 2"),
    "trick-won-suit": lambda e, p: (
        f"{format_cards(e.cards)} takes the trick: {p[e.player]} puts "
        f"{_pl(e.extra, 'card')} in their pile and leads next against {p[e.other]}"),
    "pick-up-lead": lambda e, p: (
        f"{p[e.player]} picks up {format_cards(e.cards)}; {p[e.other]} leads next"),
    "dreck": _dreck,
    "blamattis": lambda e, p: (
        f"{p[e.player]} has no cards after phase 1 and is Blåmattis: still in, and must pick "
        "up on every turn"),
    "blamattis-loses": lambda e, p: (
        f"{p[e.player]} has no cards after phase 1: Blåmattis, and loses at once"),
    "trump-ends-trick": lambda e, p: (
        f"{p[e.player]}'s trump {format_cards(e.cards)} ends the trick at once: it is set "
        f"aside and {p[e.player]} leads"),
})


class EventKind(NamedTuple):
    """What an event of one kind is: whether it is a player's own action, what its
    ``other`` and ``extra`` hold (empty: unused, always None), how the frames picture it
    (:mod:`.frames`: ``""`` a picture of its own, ``"forward"`` told with the next
    picture, ``"takes"`` takes a trick off the table, ``"split"`` one picture per card
    dealt), and its sentence (``sentence(event, players)``)."""

    name: str
    action: bool
    other: str
    extra: str
    frames: str
    sentence: Callable[[Event, Names], str]


_A, _E = True, False  # a player's own action; an automatic event
_KIND_FACTS: dict[str, tuple[bool, str, str, str]] = {
    # kind: (action, other, extra, frames)
    "turned": (_A, "", "", "forward"),
    "lead": (_A, "the opponent of a two-card trick", "plays the trick needs (phase 2)", ""),
    "answer": (_A, "", "", ""),
    "draw": (_E, "", "", ""),
    "trump-card": (_E, "", "", ""),
    "trump-turned": (_E, "", "", "forward"),
    "stunsa": (_E, "the opponent of the replayed trick", "", ""),
    "trick-won": (_E, "the next trick's opponent", "cards won into the pile", "takes"),
    "phase-1-end": (_E, "", "", ""),
    "take-back": (_E, "", "", ""),
    "lead-kept": (_E, "", "", ""),
    "phase-2": (_E, "who leads phase 2", "the trump suit", "split"),
    "beat": (_A, "", "the cards beaten", ""),
    "pick-up": (_A, "who must now beat", "the cards left to beat", ""),
    "out": (_E, "", "", ""),
    "trick-complete": (_E, "who leads next", "plays in the trick", "takes"),
    "all-picked-up": (_E, "who leads next", "", ""),
    "lead-passes": (_E, "who leads instead", "why: blamattis, beaten or next-left", ""),
    "game-over": (_E, "", "", ""),
    "lead-all": (_A, "", "", ""),
    "play-all": (_A, "", "", ""),
    "tie-play": (_A, "", "", ""),
    "tie": (_E, "", "the tied seats", ""),
    "skipped": (_E, "", "", ""),
    "share": (_E, "", "(the tied seats, how many cards)", ""),
    "redistribute": (_E, "", "(seat, card) pairs dealt", "split"),
    "slough": (_A, "who takes the trick, once decided", "whose turn it was, when out of turn",
               ""),
    "pass": (_A, "", "", ""),
    "trick-won-all": (_E, "", "cards won into the pile", "takes"),
    "phase-1-all-played": (_E, "", "", ""),
    "phase-1-last-trick": (_E, "", "", ""),
    "trump-taken": (_E, "", "", ""),
    "exchange": (_A, "", "whose turn it was, when out of turn", ""),
    "store": (_A, "", "whose turn it was, when out of turn", ""),
    "turned-up-kept": (_E, "", "", ""),
    # Mas's trick leaves its frame without marking the winner (as before the registry).
    "trick-won-suit": (_E, "the next trick's opponent", "cards won into the pile", ""),
    "pick-up-lead": (_A, "who leads next", "", ""),
    "dreck": (_E, "", "(seat, card) pairs dealt", "split"),
    "blamattis": (_E, "", "", ""),
    "blamattis-loses": (_E, "", "", ""),
    "trump-ends-trick": (_E, "who leads next", "plays in the trick", "takes"),
}

KINDS: dict[str, EventKind] = {
    name: EventKind(name, *facts, _TEMPLATES[name]) for name, facts in _KIND_FACTS.items()}
"""Every event kind, by name: the one place to declare a new kind (its sentence goes in
``_TEMPLATES`` above; tests/test_code_health.py checks that both agree and that every
kind the transitions build is here)."""

ACTION_KINDS = frozenset(name for name, kind in KINDS.items() if kind.action)
"""The kinds that are a player's own action (the first event of a step)."""


class Listener(Protocol):
    """Where the transitions put the events of a step: a list, the frame recorder, a
    headless game's listener (``Game(narrate=False, listener=...)``), or :data:`DROP`."""

    def append(self, event: Event) -> None: ...


class _Drop:
    """An events sink that keeps nothing, for headless play."""

    __slots__ = ()

    def append(self, event: Event) -> None:
        pass


DROP = _Drop()
"""Pass as ``events`` to a phase transition for headless play: the transitions then
skip building their events (``if events is not DROP: events.append(...)``); any other sink
with ``append`` (a list, a recorder) receives every event."""


class Step(NamedTuple):
    """One action and the events it caused; ``number`` counts from 1."""

    number: int
    action: Any
    events: tuple[Event, ...]

    def narrate(self, players: Sequence[str]) -> list[str]:
        """Every event's sentence, in order."""
        return [e.explain(players) for e in self.events]
