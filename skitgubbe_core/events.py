"""Events: what happened in a step, each able to explain itself in one sentence
and to name the rule it follows.

A step of the history is the action a player chose plus the automatic events it
caused (draws, stunsa, trick won or complete, all picked up, the lead passing, the
phase change, a player going out, the end of the game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol, cast

from .cards import Card, card_text, format_cards, suit_symbol
from .i18n import N_, ngettext
from .i18n import gettext as _
from .rulebook import RULEBOOK

if TYPE_CHECKING:
    from .actions import Action


Deals = Sequence[tuple[int, Card]]
"""The cards a deal gives, in order: ``(seat, card)`` pairs."""

Extra = int | str | tuple[Card, ...] | tuple[int, ...] | tuple[tuple[int, ...], int] | Deals | None
"""What an event's ``extra`` may hold; which one depends on its kind (``KINDS[kind].extra``
says it in words), and :class:`Event`'s properties below read it typed."""


class Event(NamedTuple):
    """One thing that happened.

    ``player`` is the seat it is about, ``cards`` the cards it moved, ``other`` a
    second seat (opponent, new leader) and ``extra`` a number or cards, by kind: read
    it through the property of its kind (:attr:`number`, :attr:`top`, :attr:`suit`,
    :attr:`why`, :attr:`seats`, :attr:`shared`, :attr:`deals`, :attr:`late`).
    tests/test_code_health.py checks each kind's ``extra`` in played games.
    """

    kind: str
    player: int | None
    cards: tuple[Card, ...]
    other: int | None
    extra: Extra
    rule: str

    @property
    def number(self) -> int:
        """``lead`` (phase 2), ``trick-complete``, ``trump-ends-trick``: the plays of the
        trick; the kinds of a trick won: the cards won into the pile."""
        return cast(int, self.extra)

    @property
    def top(self) -> tuple[Card, ...]:
        """``beat``: the cards beaten; ``pick-up``: the cards left to beat (none when all
        are up)."""
        return cast("tuple[Card, ...]", self.extra)

    @property
    def suit(self) -> int:
        """``phase-2``: the trump suit."""
        return cast(int, self.extra)

    @property
    def why(self) -> str:
        """``lead-passes``: ``blamattis``, ``beaten`` or ``next`` (the next player still in)."""
        return cast(str, self.extra)

    @property
    def seats(self) -> tuple[int, ...]:
        """``tie``: the tied seats."""
        return cast("tuple[int, ...]", self.extra)

    @property
    def shared(self) -> tuple[tuple[int, ...], int]:
        """``share``: the tied seats and how many cards they share."""
        return cast("tuple[tuple[int, ...], int]", self.extra)

    @property
    def deals(self) -> Deals:
        """``redistribute``, ``dreck``: the ``(seat, card)`` pairs dealt, in order."""
        return cast(Deals, self.extra)

    @property
    def late(self) -> int | None:
        """``slough``, ``exchange``, ``store``: whose turn it was, when played out of
        turn; else None."""
        return cast("int | None", self.extra)

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
the NamedTuple constructor's argument handling (the named builders below use it)."""

RawEvent = tuple[str, int | None, tuple[Card, ...], int | None, Extra, str]
"""An event as the transitions build it on the hot path: a plain tuple of
:class:`Event`'s fields, in order.  The events of every move or trick are appended so,
because an :class:`Event` costs a second object (what it cost: docs/benchmarks.md,
measured side by side by benchmarks/bench_engine.py); :attr:`Step.events` names their
fields when they are read.  The rarer events (phase ends, going out, the deals) use
their builders, whose :class:`Event` is a ``RawEvent`` too.  tests/test_code_health.py
checks that both agree with :data:`KINDS`."""


def as_event(raw: RawEvent) -> Event:
    """The :class:`Event` of a plain event tuple (``raw`` itself if it is one already,
    as a frame recorder's events are, so that a frame's events are its step's).

    >>> as_event(("out", 1, (), None, None, "going-out")).sentence(["A", "B"])
    'B has no cards left and is out: safe'
    """
    return raw if isinstance(raw, Event) else make(Event, raw)


def _plays(count: int) -> str:
    return ngettext("{count} play", "{count} plays", count).format(count=count)


def _cards(count: int) -> str:
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def _lead(e: Event, p: Names) -> str:
    if e.other is not None:
        return _("{player} leads {cards} against {other}").format(
            player=p[e.player], cards=format_cards(e.cards), other=p[e.other])
    return _("{player} leads {cards}; the trick needs {plays}").format(
        player=p[e.player], cards=format_cards(e.cards), plays=_plays(e.number))


def _pick_up(e: Event, p: Names) -> str:
    if e.top:
        return _("{player} picks up {cards}; {other} must now beat {top}").format(
            player=p[e.player], cards=format_cards(e.cards), other=p[e.other],
            top=format_cards(e.top))
    return _("{player} picks up {cards}").format(player=p[e.player], cards=format_cards(e.cards))


def _won(with_lead: str, without: str) -> Callable[[Event, Names], str]:
    """A trick's sentence: ``with_lead`` names who is led against next (``other``);
    ``without`` when ``other`` is None, as phase 1 ends with this trick and the phase-2
    event says who leads."""

    def render(e: Event, p: Names) -> str:
        return _(without if e.other is None else with_lead).format(
            cards=format_cards(e.cards), player=p[e.player], count=_cards(e.number),
            other="" if e.other is None else p[e.other])

    return render


def _lead_passes(e: Event, p: Names) -> str:
    if e.why == "blamattis":
        text = _("{player} has no cards to lead (Blåmattis), so the lead passes to {other}")
    elif e.why == "beaten":
        text = _("{player} has gone out, so the lead passes to {other}, whose play {player} "
                 "beat last")
    else:
        text = _("{player} has gone out, so the lead passes to {other}, the next player still in")
    return text.format(player=p[e.player], other=p[e.other])


def _phase_2(e: Event, p: Names) -> str:
    trump = suit_symbol(e.suit)
    if e.cards:
        return _("Phase 2: everyone takes up pile, hand and trump card; trumps are {trump} "
                 "(the trump card {card}, drawn by {player}), and {other} leads").format(
            trump=trump, card=card_text(e.cards[0]), player=p[e.player], other=p[e.other])
    return _("Phase 2: everyone takes up their cards; trumps are {trump}, and {other} "
             "leads").format(trump=trump, other=p[e.other])


def _simple(message: str) -> Callable[[Event, Names], str]:
    """A template filled from the event's fields: ``{player}``, ``{other}``, ``{cards}``,
    and ``{card}`` and ``{card2}`` (its first two cards)."""

    def render(e: Event, p: Names) -> str:
        cards = e.cards
        return _(message).format(
            player=p[e.player] if e.player is not None else "",
            other=p[e.other] if e.other is not None else "",
            cards=format_cards(cards),
            card=card_text(cards[0]) if cards else "",
            card2=card_text(cards[1]) if len(cards) > 1 else "")

    return render


def _leading(with_lead: str, without: str) -> Callable[[Event, Names], str]:
    """Two templates of :func:`_simple`: the second when ``other`` (who leads next) is
    None, as phase 1 ends with this event and the phase-2 event says who leads."""
    full, short = _simple(with_lead), _simple(without)
    return lambda e, p: (short if e.other is None else full)(e, p)


_DRAW = _simple(N_("{player} draws {card} from the stock"))
_SLOUGH_DRAW = _simple(N_("{player} draws {card} from the stock for a sloughed card; that a "
                          "player who sloughs draws is our reading, no source says so"))
"""A draw after a slough: the sources say nothing of it, so the sentence says it is ours."""

_TEMPLATES: dict[str, Callable[[Event, Names], str]] = {
    "turned": _simple(N_("{player} turns up the top stock card, {card}, and must play it")),
    "lead": _lead,
    "answer": _simple(N_("{player} answers with {cards}")),
    "draw": lambda e, p: (_SLOUGH_DRAW if e.rule == "slough" else _DRAW)(e, p),
    "trump-card": _simple(N_(
        "{player} draws the last stock card, {card}, and lays it face down beside them: it "
        "decides trumps for phase 2")),
    "trump-turned": _simple(N_(
        "{player} turned up the last stock card, {card}: it decides trumps, and {player} will "
        "lead phase 2")),
    "stunsa": _leading(
        N_("{card} and {card2} are equal: stunsa! The cards stay on the table and {player} "
           "leads again against {other}"),
        N_("{card} and {card2} are equal: stunsa! The cards stay on the table")),
    "trick-won": _won(
        N_("{cards} is higher: {player} wins the trick, puts {count} in their pile and leads "
           "next against {other}"),
        N_("{cards} is higher: {player} wins the trick and puts {count} in their pile")),
    "trick-trumped": _won(
        N_("{cards} is a trump: {player} trumps the lead, wins the trick, puts {count} in "
           "their pile and leads next against {other}"),
        N_("{cards} is a trump: {player} trumps the lead, wins the trick and puts {count} in "
           "their pile")),
    "phase-1-end": _simple(N_(
        "{player} has no card to play and the stock is empty: phase 1 is over")),
    "take-back": _simple(N_("{player} takes back {cards} from the unfinished last trick")),
    "lead-kept": _simple(N_(
        "Nobody could answer {player}'s {cards}: {player} wins it into their pile")),
    "phase-2": _phase_2,
    "beat": lambda e, p: _("{player} beats {top} with {cards}").format(
        player=p[e.player], top=format_cards(e.top), cards=format_cards(e.cards)),
    "pick-up": _pick_up,
    "out": _simple(N_("{player} has no cards left and is out: safe")),
    "trick-complete": lambda e, p: _(
        "The trick has its {plays} and is set aside; the lead goes to {other}, who played "
        "last").format(plays=_plays(e.number), other=p[e.other]),
    "all-picked-up": _simple(N_(
        "Every card of the trick has been picked up; the lead goes to {other}, on {player}'s "
        "left")),
    "lead-passes": _lead_passes,
    "game-over": _simple(N_(
        "Only {player} has cards left: {player} is the Skitgubbe and loses")),
}


def _names(players: Names, seats: Iterable[int]) -> str:
    names = [players[p] for p in seats]
    if len(names) == 1:
        return names[0]
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


_WHY_LATE = {
    "exchange": N_("Mas allows the exchange at any stage"),
    "store": N_("Mas allows storing three trumps at any stage"),
    "slough": N_("a slough may come at any moment while the trick is undecided"),
}


def _late(e: Event, p: Names) -> str:
    """The out-of-turn note: ``extra`` is the seat whose turn it was, or None."""
    if e.late is None:
        return ""
    return _(", out of turn while it is {other}'s turn: {why}").format(
        other=p[e.late], why=_(_WHY_LATE[e.kind]))


def _slough(e: Event, p: Names) -> str:
    if e.other is not None:
        text = _("{player} sloughs {cards} onto the trick that {other} takes")
    else:
        text = _("{player} sloughs {cards} onto the undecided trick")
    return text.format(player=p[e.player], cards=format_cards(e.cards),
                       other=p[e.other] if e.other is not None else "") + _late(e, p)


def _gets(player: str, cards: Sequence[Card]) -> str:
    return _("{player} gets {cards}").format(player=player, cards=format_cards(cards))


def _redistribute(e: Event, p: Names) -> str:
    deals = ", ".join(_gets(p[q], (card,)) for q, card in e.deals)
    return _("The tied players take back {cards}; the other cards, sorted low to high, are "
             "dealt from {player} counter-clockwise: {deals}").format(
        cards=format_cards(e.cards), player=p[e.player], deals=deals)


def _dreck(e: Event, p: Names) -> str:
    got: dict[int, list[Card]] = {}
    for q, card in e.deals:
        got.setdefault(q, []).append(card)
    shares = "; ".join(_gets(p[q], cards) for q, cards in got.items())
    return _("Someone holds fewer than six cards: the dreck ({count} cards: twos to fives and "
             "the six of trumps) is pooled and dealt at random: {shares}").format(
        count=len(e.cards), shares=shares)


def _exchange(e: Event, p: Names) -> str:
    return _("{player} exchanges {card} for the turned-up trump {card2}").format(
        player=p[e.player], card=card_text(e.cards[0]), card2=card_text(e.cards[1])) + _late(e, p)


def _store(e: Event, p: Names) -> str:
    return _("{player} shows three trumps, {cards}, stores them for phase 2 and draws a new "
             "hand").format(player=p[e.player], cards=format_cards(e.cards)) + _late(e, p)


_TEMPLATES.update({
    "lead-all": _simple(N_("{player} leads {cards}; everyone plays to this trick")),
    "play-all": _simple(N_("{player} plays {cards}")),
    "tie-play": _simple(N_("{player} plays {cards} to break the tie")),
    "tie": lambda e, p: _("{names} tie with {cards}").format(
        names=_names(p, e.seats), cards=format_cards(e.cards)),
    "skipped": _simple(N_("{player} has no cards and is skipped")),
    "share": lambda e, p: _(
        "{player} has no card to break the tie: the trick's {count} cards are shuffled and "
        "shared face down among {names}").format(
        player=p[e.player], count=e.shared[1], names=_names(p, e.shared[0])),
    "redistribute": _redistribute,
    "slough": _slough,
    "pass": _simple(N_("{player} does not slough")),
    "trick-won-all": _won(
        N_("{cards} is highest: {player} wins the trick, puts {count} in their pile and leads "
           "next"),
        N_("{cards} is highest: {player} wins the trick and puts {count} in their pile")),
    "phase-1-all-played": _simple(N_("Every card has been played: phase 1 is over")),
    "phase-1-last-trick": _simple(N_(
        "The trick in which {player} drew the last stock card is over: phase 1 ends")),
    "trump-taken": _simple(N_(
        "{player} draws the last card, the turned-up trump {card}: phase 1 ends with this "
        "trick")),
    "exchange": _exchange,
    "store": _store,
    "turned-up-kept": _simple(N_(
        "{player} takes the last stock card, the turned-up trump {card}, and keeps it beside "
        "them for phase 2")),
    "trick-won-suit": _won(
        N_("{cards} takes the trick: {player} puts {count} in their pile and leads next "
           "against {other}"),
        N_("{cards} takes the trick: {player} puts {count} in their pile")),
    "pick-up-lead": _leading(N_("{player} picks up {cards}; {other} leads next"),
                             N_("{player} picks up {cards}")),
    "dreck": _dreck,
    "blamattis": _simple(N_(
        "{player} has no cards after phase 1 and is Blåmattis: still in, and must pick up on "
        "every turn")),
    "blamattis-loses": _simple(N_(
        "{player} has no cards after phase 1: Blåmattis, and loses at once")),
    "trump-ends-trick": _simple(N_(
        "{player}'s trump {cards} ends the trick at once: it is set aside and {player} "
        "leads")),
})


class EventKind(NamedTuple):
    """What an event of one kind is: whether it is a player's own action, what its
    ``other`` and ``extra`` hold (empty: unused, always None), its :data:`ROLES`, and its
    sentence (``sentence(event, players)``)."""

    name: str
    action: bool
    other: str
    extra: str
    roles: frozenset[str]
    sentence: Callable[[Event, Names], str]


ROLES = {
    "forward": "frames: told with the next picture",
    "own": "frames: a picture of its own, before the draws around it",
    "decides": "frames: decides who plays next in phase 1",
    "takes": "frames: takes a trick off the table",
    "split": "frames: one picture per card dealt",
    "turn": "quiz: decides who plays next in a way worth asking about, naming that player",
    "pick-up": "studies: a pick-up, counted as one",
}
"""The parts a kind may play for the modules that read events (:func:`kinds_with`)."""


_A, _E = True, False  # a player's own action; an automatic event
_KIND_FACTS: dict[str, tuple[bool, str, str, str]] = {
    # kind: (action, other, extra, roles)
    "turned": (_A, "", "", "forward"),
    "lead": (_A, "the opponent of a two-card trick", "plays the trick needs (phase 2)", ""),
    "answer": (_A, "", "", ""),
    "draw": (_E, "", "", ""),
    "trump-card": (_E, "", "", ""),
    "trump-turned": (_E, "", "", "forward"),
    "stunsa": (_E, "the opponent of the replayed trick (None: phase 1 ends)", "",
               "own decides turn"),
    "trick-won": (_E, "the next trick's opponent (None: phase 1 ends)",
                  "cards won into the pile", "takes decides turn"),
    "trick-trumped": (_E, "the next trick's opponent (None: phase 1 ends)",
                      "cards won into the pile", "takes decides turn"),
    "phase-1-end": (_E, "", "", ""),
    "take-back": (_E, "", "", ""),
    "lead-kept": (_E, "", "", "decides"),
    "phase-2": (_E, "who leads phase 2", "the trump suit", "split turn"),
    "beat": (_A, "", "the cards beaten", ""),
    "pick-up": (_A, "who must now beat", "the cards left to beat", "pick-up"),
    "out": (_E, "", "", ""),
    "trick-complete": (_E, "who leads next", "plays in the trick", "takes turn"),
    "all-picked-up": (_E, "who leads next", "", "turn"),
    "lead-passes": (_E, "who leads instead", "why: blamattis, beaten or next", "turn"),
    "game-over": (_E, "", "", ""),
    "lead-all": (_A, "", "", ""),
    "play-all": (_A, "", "", ""),
    "tie-play": (_A, "", "", ""),
    "tie": (_E, "", "the tied seats", "own decides"),
    "skipped": (_E, "", "", "turn"),
    "share": (_E, "", "(the tied seats, how many cards)", ""),
    "redistribute": (_E, "", "(seat, card) pairs dealt", "split"),
    "slough": (_A, "who takes the trick, once decided", "whose turn it was, when out of turn",
               ""),
    "pass": (_A, "", "", ""),
    "trick-won-all": (_E, "who leads next (None: phase 1 ends)", "cards won into the pile",
                      "takes decides turn"),
    "phase-1-all-played": (_E, "", "", ""),
    "phase-1-last-trick": (_E, "", "", ""),
    "trump-taken": (_E, "", "", ""),
    "exchange": (_A, "", "whose turn it was, when out of turn", ""),
    "store": (_A, "", "whose turn it was, when out of turn", ""),
    "turned-up-kept": (_E, "", "", ""),
    # Mas's trick leaves its frame without marking the winner (as before the registry).
    "trick-won-suit": (_E, "the next trick's opponent (None: phase 1 ends)",
                       "cards won into the pile", "turn"),
    "pick-up-lead": (_A, "who leads next (None: phase 1 ends)", "", "turn pick-up"),
    "dreck": (_E, "", "(seat, card) pairs dealt", "split"),
    "blamattis": (_E, "", "", ""),
    "blamattis-loses": (_E, "", "", ""),
    "trump-ends-trick": (_E, "who leads next", "plays in the trick", "takes turn"),
}

KINDS: dict[str, EventKind] = {
    name: EventKind(name, action, other, extra, frozenset(roles.split()), _TEMPLATES[name])
    for name, (action, other, extra, roles) in _KIND_FACTS.items()}
"""Every event kind, by name: the one place to declare a new kind (its sentence goes in
``_TEMPLATES`` above; tests/test_code_health.py checks that both agree and that every
kind the transitions build is here)."""

ACTION_KINDS = frozenset(name for name, kind in KINDS.items() if kind.action)
"""The kinds that are a player's own action (the first event of a step)."""


def kinds_with(role: str) -> frozenset[str]:
    """The kinds that play ``role`` (one of :data:`ROLES`).

    >>> sorted(kinds_with("pick-up"))
    ['pick-up', 'pick-up-lead']
    """
    if role not in ROLES:
        raise KeyError(role)
    return frozenset(name for name, kind in KINDS.items() if role in kind.roles)


# Named builders of the rarer events (the deals, phase ends, going out, the end of the
# game): ``make`` with the kind fixed and the fields the kind does not use None (or no
# cards). The events of every move or trick are plain tuples built in the phase modules
# (see :data:`RawEvent`); tests/test_code_health.py checks both kinds of site against
# :data:`KINDS`, and that every builder here is used.
Cards = tuple[Card, ...]


def trump_card(player: int, card: Card, rule: str) -> Event:
    return make(Event, ("trump-card", player, (card,), None, None, rule))


def trump_turned(player: int, card: Card, rule: str) -> Event:
    return make(Event, ("trump-turned", player, (card,), None, None, rule))


def phase_1_end(player: int, rule: str) -> Event:
    return make(Event, ("phase-1-end", player, (), None, None, rule))


def take_back(player: int, cards: Cards, rule: str) -> Event:
    return make(Event, ("take-back", player, cards, None, None, rule))


def lead_kept(player: int, cards: Cards, rule: str) -> Event:
    return make(Event, ("lead-kept", player, cards, None, None, rule))


def phase_2(drew: int, shown: Cards, leader: int, trump: int | None, rule: str) -> Event:
    """``shown``: the trump card ``drew`` drew, or none; ``trump``: the suit (set by now,
    though the state types it optional)."""
    return make(Event, ("phase-2", drew, shown, leader, trump, rule))


def out(player: int, rule: str) -> Event:
    return make(Event, ("out", player, (), None, None, rule))


def lead_passes(player: int, leader: int, why: str, rule: str) -> Event:
    """``why``: ``blamattis``, ``beaten`` or ``next``."""
    return make(Event, ("lead-passes", player, (), leader, why, rule))


def game_over(loser: int, rule: str) -> Event:
    return make(Event, ("game-over", loser, (), None, None, rule))


def skipped(player: int, rule: str) -> Event:
    return make(Event, ("skipped", player, (), None, None, rule))


def share(player: int, tied: tuple[int, ...], count: int, rule: str) -> Event:
    """``player`` cannot break the tie; ``count`` cards are shared among ``tied``."""
    return make(Event, ("share", player, (), None, (tied, count), rule))


def redistribute(player: int, kept: Cards, deals: Sequence[tuple[int, Card]], rule: str
                 ) -> Event:
    return make(Event, ("redistribute", player, kept, None, deals, rule))


def phase_1_all_played(player: int | None, rule: str) -> Event:
    return make(Event, ("phase-1-all-played", player, (), None, None, rule))


def phase_1_last_trick(player: int | None, rule: str) -> Event:
    return make(Event, ("phase-1-last-trick", player, (), None, None, rule))


def trump_taken(player: int, card: Card, rule: str) -> Event:
    return make(Event, ("trump-taken", player, (card,), None, None, rule))


def exchange(player: int, cards: Cards, late: int | None, rule: str) -> Event:
    """``late``: whose turn it was, when out of turn (also for :func:`store`)."""
    return make(Event, ("exchange", player, cards, None, late, rule))


def store(player: int, cards: Cards, late: int | None, rule: str) -> Event:
    return make(Event, ("store", player, cards, None, late, rule))


def turned_up_kept(player: int, card: Card, rule: str) -> Event:
    return make(Event, ("turned-up-kept", player, (card,), None, None, rule))


def dreck(player: int, pool: Cards, deals: Sequence[tuple[int, Card]], rule: str) -> Event:
    return make(Event, ("dreck", player, pool, None, deals, rule))


def blamattis(player: int, rule: str) -> Event:
    return make(Event, ("blamattis", player, (), None, None, rule))


def blamattis_loses(player: int, rule: str) -> Event:
    return make(Event, ("blamattis-loses", player, (), None, None, rule))


class Listener(Protocol):
    """Where the transitions put the events of a step: a list, the frame recorder, a
    headless game's listener (``Game(narrate=False, listener=...)``), or :data:`DROP`.
    Each event arrives as a :data:`RawEvent` (:func:`as_event` names its fields)."""

    def append(self, event: RawEvent, /) -> None: ...


class Recording(Listener, Protocol):
    """A listener that keeps the events it receives, in order: a step is made of them
    (a list, or the frame recorder)."""

    def __iter__(self) -> Iterator[RawEvent]: ...


class _Drop:
    """An events sink that keeps nothing, for headless play."""

    __slots__ = ()

    def append(self, event: RawEvent, /) -> None:
        pass


DROP = _Drop()
"""Pass as ``events`` to a phase transition for headless play: the transitions then
skip building their events (``if events is not DROP: events.append(...)``); any other sink
with ``append`` (a list, a recorder) receives every event."""


class Step:
    """One action and the events it caused; ``number`` counts from 1.  ``happened``
    holds the events as the transitions appended them (:data:`RawEvent`); read them as
    :attr:`events`.  A step is a value: never change it.

    >>> step = Step(1, None, [("out", 1, (), None, None, "going-out")])
    >>> step.narrate(["A", "B"]), step == Step(1, None, (step.events[0],))
    (['B has no cards left and is out: safe (rule 12, going out)'], True)
    """

    __slots__ = ("number", "action", "happened")

    number: int
    action: Action
    happened: Sequence[RawEvent]

    def __init__(self, number: int, action: Action, happened: Sequence[RawEvent]) -> None:
        self.number, self.action, self.happened = number, action, happened

    @property
    def events(self) -> tuple[Event, ...]:
        """The events, in order."""
        return tuple(map(as_event, self.happened))

    def narrate(self, players: Sequence[str]) -> list[str]:
        """Every event's sentence, in order."""
        return [e.explain(players) for e in self.events]

    def _key(self) -> tuple[int, Action, tuple[RawEvent, ...]]:
        return self.number, self.action, tuple(self.happened)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Step) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Step(number={self.number!r}, action={self.action!r}, events={self.events!r})"


class Played(Step):
    """A step as :meth:`.game.Game.play` makes it, on the hot path: created without
    :class:`Step`'s ``__init__`` call (a call shorter), its fields then set one by one."""

    __slots__ = ()
    __init__ = object.__init__
