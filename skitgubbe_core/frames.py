"""Frames: the pictures a step is made of, so that every decisive moment is on the board.

A step (one action and its automatic consequences) can change the table several
times: the last card of a trick lands (and the whole trick shows, its winning card
marked), the trick is taken, cards are drawn, the last stock card is laid aside,
phase 2 begins, a player goes out.  :func:`frames` replays a game's actions with an
events list that pictures the state each time an event is appended (the engine
changes the state, then appends the event describing the change), and groups
events that do not change the picture with the frame before them.  Koira's
redistribution and the start of phase 2, one event each, are split into one frame
per card (or per player taking up their pile).

The normal play path is untouched: frames are built only when a view asks.

>>> from skitgubbe_core import examples, scenario
>>> game = scenario.run(examples.load("stunsa-higher")).game
>>> [f.label for f in frames(game)][:3]
['start', 'move 1, 1 of 2', 'move 1, 2 of 2']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .cards import Card, format_cards
from .events import KINDS, Event, Step
from .rules import Rules
from .state import State

if TYPE_CHECKING:
    from .game import Game

FORWARD = frozenset(name for name, kind in KINDS.items() if kind.frames == "forward")
"""Events narrated with the next frame: the turned card is in the air until it lands."""

TAKES = frozenset(name for name, kind in KINDS.items() if kind.frames == "takes")
"""Events that take a trick off the table; the frame before shows the trick whole."""


@dataclass
class Frame:
    """One picture of the table and what it narrates.

    ``move`` is the step's number (0 for the start), ``index`` and ``count`` place the
    frame within its step; ``events`` are narrated here; ``caption`` describes a frame
    that splits one event (a card dealt); ``marked`` are the cards that win the trick
    on the table.
    """

    move: int
    index: int
    count: int
    state: State
    events: list[Event] = field(default_factory=list)
    caption: str = ""
    marked: tuple[Card, ...] = ()
    step: Step | None = None

    @property
    def label(self) -> str:
        """``'move 7, 3 of 5'`` (or ``'start'``)."""
        if self.move == 0:
            return "start"
        return f"move {self.move}, {self.index} of {self.count}"


class _Recorder(list[Event]):
    """An events list that pictures ``state`` each time an event is appended."""

    def __init__(self, state: State) -> None:
        super().__init__()
        self.state = state
        self.pictures: list[State] = []

    def append(self, event: Event) -> None:
        super().append(event)
        self.pictures.append(self.state.copy())


def picture_key(s: State) -> tuple[object, ...]:
    """What the board shows of a state (not whose turn it is, which moves with the
    narration)."""
    return (s.phase, tuple(map(tuple, s.hands)), tuple(map(tuple, s.piles)), len(s.stock),
            tuple(s.table), s.trump, s.trump_card, s.trump_holder, tuple(s.out), s.loser,
            len(s.discarded))


def frames(game: Game, players: Sequence[str] | None = None) -> list[Frame]:
    """Every frame of ``game`` from the start, the last frame of each step showing the
    position after it."""
    names = list(players or game.players)
    replay = game.copy_at(0)
    result = [Frame(0, 1, 1, replay.state.copy())]
    for action in game.actions:
        before = replay.state.copy()
        recorder = _Recorder(replay.state)
        step = replay.record(action, recorder)
        group = _group(before, recorder, recorder.pictures, game.rules, names)
        group[-1].state = replay.state.copy()
        _turn_to(group, replay.state.to_play)
        _mark(group)
        for i, frame in enumerate(group, 1):
            frame.move, frame.index, frame.count, frame.step = step.number, i, len(group), step
        result.extend(group)
    return result


def _group(before: State, events: list[Event], pictures: list[State], rules: Rules,
           names: Sequence[str]) -> list[Frame]:
    group: list[Frame] = []
    pending: list[Event] = []
    last_key = picture_key(before)
    last_state = before
    for event, state in zip(events, pictures, strict=True):
        if event.kind in FORWARD:
            pending.append(event)
            continue
        if event.kind in _SPLIT:
            split = _SPLIT[event.kind](event, last_state, state, rules, names)
            split[-1].events = pending + split[-1].events
            pending = []
            group.extend(split)
            last_state = split[-1].state
            last_key = picture_key(last_state)
            continue
        key = picture_key(state)
        if group and key == last_key and not pending:
            group[-1].events.append(event)
            continue
        group.append(Frame(0, 0, 0, state, pending + [event]))
        pending = []
        last_key, last_state = key, state
    if pending or not group:
        group.append(Frame(0, 0, 0, last_state, pending))
    return group


def _turn_to(group: list[Frame], player: int | None) -> None:
    """Show the frames inside a step with the turn already passed to ``player``, who acts
    next (the engine passes the turn after it has recorded the step's events); at the
    end of the game the frames keep their own status."""
    if player is None:
        return
    for frame in group[:-1]:
        if frame.state.to_play != player:
            frame.state = frame.state.copy()
            frame.state.to_play = player


def _mark(group: list[Frame]) -> None:
    """Mark the winning cards in each frame that shows a trick about to be taken."""
    for i, frame in enumerate(group):
        later = [e for f in group[i + 1:] for e in f.events]
        take = next((e for e in later if e.kind in TAKES), None)
        if take is None or not frame.state.table:
            continue
        if take.kind == "trick-complete":
            plays = [cards for p, cards in frame.state.table if p == take.player]
            winning = plays[-1] if plays else ()
        else:
            winning = take.cards
        on_table = {c for _, cards in frame.state.table for c in cards}
        if winning and all(c in on_table for c in winning):
            frame.marked = tuple(winning)


def _remove_from_table(s: State, card: Card) -> None:
    for i, (p, cards) in enumerate(s.table):
        if card in cards:
            rest = tuple(c for c in cards if c != card)
            if rest:
                s.table[i] = (p, rest)
            else:
                del s.table[i]
            return


def _deal_from_table(s: State, deals: Iterable[tuple[int, Card]], into: str, names: Sequence[str],
                     note: str = "") -> list[Frame]:
    """One frame per ``(player, card)`` of ``deals``: the card leaves the table for the
    player's ``into`` (hand or pile)."""
    split = []
    for p, card in deals:
        s = s.copy()
        _remove_from_table(s, card)
        (s.piles if into == "pile" else s.hands)[p].append(card)
        split.append(Frame(0, 0, 0, s, [], f"{names[p]} gets {format_cards((card,))}{note}"))
    return split


def _split_redistribute(event: Event, before: State, after: State, rules: Rules,
                        names: Sequence[str]) -> list[Frame]:
    """Koira's sorted redistribution: the tied cards go back to hand, then one frame per
    card dealt."""
    s = before.copy()
    owner = {c: p for p, cards in s.table for c in cards}
    for card in event.cards:
        _remove_from_table(s, card)
        s.hands[owner[card]].append(card)
    into = "pile" if rules.tie_cards_to == "pile" else "hand"
    return [Frame(0, 0, 0, s, [event])] + _deal_from_table(s, event.extra, into, names,
                                                           f", into their {into}")


def _split_phase_2(event: Event, before: State, after: State, rules: Rules,
                   names: Sequence[str]) -> list[Frame]:
    """Phase 2 begins: one frame per player taking up their pile, then the trump card."""
    split = []
    s = before.copy()
    for p in range(s.n):
        if s.piles[p]:
            s = s.copy()
            taken = len(s.piles[p])
            s.hands[p].extend(s.piles[p])
            s.piles[p] = []
            split.append(Frame(0, 0, 0, s, [], f"{names[p]} takes up the {taken} cards of "
                                                "their pile"))
    split.append(Frame(0, 0, 0, after, [event]))
    return split


def _split_dreck(event: Event, before: State, after: State, rules: Rules,
                 names: Sequence[str]) -> list[Frame]:
    """Atlanta's dreck: every low card pooled on the table (beside who gave it), then one
    frame per card dealt."""
    s = before.copy()
    for card in event.cards:
        giver = next(p for p, hand in enumerate(s.hands) if card in hand)
        s.hands[giver].remove(card)
        s.table.append((giver, (card,)))
    split = [Frame(0, 0, 0, s, [event])] + _deal_from_table(s, event.extra, "hand", names)
    split[-1].state = after
    return split


_SPLIT = {"redistribute": _split_redistribute, "phase-2": _split_phase_2, "dreck": _split_dreck}
