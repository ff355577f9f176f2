"""Frames: the pictures a step is made of, so that every decisive moment is on the board.

A step (one action and its automatic consequences) can change the table several
times: the last card of a trick lands (and the whole trick shows, its winning card
marked), the trick is taken, cards are drawn, the last stock card is laid aside,
phase 2 begins, a player goes out.  A stunsa or a tie gets a frame of its own, right
after the card that makes it and before anyone draws.  :func:`frames` replays a game's actions with an
events list that pictures the state each time an event is appended (the engine
changes the state, then appends the event describing the change), and groups
events that do not change the picture with the frame before them.  Koira's
redistribution and the start of phase 2, one event each, are split into one frame
per card (or per player taking up their pile).

The key cards of a frame are *marked*, each with one or more of :data:`MARKS`: the
pair of a stunsa, the tied cards of a tie, the card picked up (in the hand it went
to), each card dealt (in the hand or pile it went to; those frames show the piles'
cards), the card that beats in phase 2 and the trick about to be set aside, the card
that wins a phase-1 trick.  Until the move's outcome is known (a stunsa, a won
trick) the status line names the player who acted, so the picture never runs ahead
of the narration.

The normal play path is untouched: frames are built only when a view asks.

>>> from skitgubbe_core import examples, scenario
>>> game = scenario.run(examples.load("stunsa-higher")).game
>>> [f.label for f in frames(game)][:3]
['start', 'move 1, 1 of 2', 'move 1, 2 of 2']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from .actions import Action
from .cards import Card, format_cards
from .events import Event, RawEvent, Step, as_event, kinds_with
from .i18n import N_
from .i18n import gettext as _
from .rules import Rules
from .state import State

if TYPE_CHECKING:
    from .game import Game

MARKS = ("stunsa", "tie", "picked-up", "dealt", "beats", "set-aside", "wins")
"""The kinds of mark a card may carry (``wins`` only in phase 1: phase-2 tricks are
not won but set aside)."""

OWN_FRAME = kinds_with("own")
"""Events shown in a frame of their own, moved before the draws that follow the card
that made them."""

DECIDES = kinds_with("decides")
"""Events that decide who plays next in phase 1; the frames before them keep the turn
with the player who acted."""

FORWARD = kinds_with("forward")
"""Events narrated with the next frame: the turned card is in the air until it lands."""

TAKES = kinds_with("takes")
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
    marks: dict[Card, tuple[str, ...]] = field(default_factory=dict)
    open_piles: bool = False
    sorted_table: bool = False
    acted: bool = False
    step: Step | None = None

    @property
    def marked(self) -> tuple[Card, ...]:
        """The cards that win (phase 1) or beat (phase 2) the trick on the table."""
        return tuple(c for c, kinds in self.marks.items() if "wins" in kinds or "beats" in kinds)

    def mark(self, kind: str, cards: Iterable[Card]) -> None:
        """Mark ``cards`` with ``kind``."""
        for card in cards:
            if kind not in self.marks.get(card, ()):
                self.marks[card] = self.marks.get(card, ()) + (kind,)

    @property
    def label(self) -> str:
        """``'move 7, 3 of 5'`` (or ``'start'``)."""
        if self.move == 0:
            return _("start")
        if self.count == 1:
            return _("move {move}").format(move=self.move)
        return _("move {move}, {index} of {count}").format(move=self.move, index=self.index,
                                                           count=self.count)


class _Recorder(list[Event]):
    """An events list that pictures ``state`` each time an event is appended (and
    names the fields of the plain event tuples the transitions append)."""

    def __init__(self, state: State) -> None:
        super().__init__()
        self.state = state
        self.pictures: list[State] = []

    def append(self, event: RawEvent, /) -> None:
        super().append(as_event(event))
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
        result.extend(step_frames(replay, action, names))
    return result


def step_frames(game: Game, action: Action, players: Sequence[str] | None = None
                ) -> list[Frame]:
    """Play ``action`` (already checked legal) on ``game`` and return the frames of that
    one step: what a live table needs after each move, at a cost that does not grow
    with the game."""
    names = list(players or game.players)
    before = game.state.copy()
    recorder = _Recorder(game.state)
    step = game.record(action, recorder)
    events, pictures = _own_frames(list(recorder), recorder.pictures)
    group = _group(before, events, pictures, game.rules, names)
    group[-1].state = game.state.copy()
    _turn_to(group, game.state.to_play)
    _mark(group)
    for i, frame in enumerate(group, 1):
        frame.move, frame.index, frame.count, frame.step = step.number, i, len(group), step
    return group


def key_frames(shown: Sequence[Frame]) -> list[Frame]:
    """The frames a printed page needs: a frame that only leads up to a draw, a stunsa
    or a tie (no caption, no mark) is merged into the next one, its narration first,
    so no event is lost and no sentence comes before its picture; the frames kept are
    numbered again within each move.

    >>> from skitgubbe_core import examples, scenario
    >>> game = scenario.run(examples.load("stunsa-seven")).game
    >>> len(frames(game)), [f.label for f in key_frames(frames(game))][:4]
    (11, ['start', 'move 1', 'move 2, 1 of 2', 'move 2, 2 of 2'])
    """
    kept: list[Frame] = []
    carried: list[Event] = []
    for i, frame in enumerate(shown):
        after = shown[i + 1] if i + 1 < len(shown) else None
        if (after is not None and frame.move and after.move == frame.move and not frame.caption
                and not frame.marks and not after.caption
                and all(e.kind == "draw" or e.kind in OWN_FRAME for e in after.events)):
            carried += frame.events
            continue
        kept.append(replace(frame, events=carried + frame.events))
        carried = []
    for frame in kept:
        same = [f for f in kept if f.move == frame.move]
        frame.index, frame.count = same.index(frame) + 1, len(same)
    return kept


def _own_frames(events: list[Event], pictures: list[State]) -> tuple[list[Event], list[State]]:
    """Move each stunsa and tie before the draws just before it, pictured as the table
    was when its last card landed."""
    for j, event in enumerate(events):
        if event.kind not in OWN_FRAME:
            continue
        i = j
        while i > 0 and events[i - 1].kind == "draw":
            i -= 1
        if i < j and i > 0:
            events.insert(i, events.pop(j))
            pictures.insert(i, pictures[i - 1])
            del pictures[j + 1]
    return events, pictures


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
        if group and key == last_key and not pending and event.kind not in OWN_FRAME:
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
    next (the engine passes the turn after it has recorded the step's events), from the
    frame that decides it (a stunsa, a won trick) on, if there is one; at the end of
    the game the frames keep their own status."""
    if player is None:
        return
    decided = next((i for i, f in enumerate(group)
                    if any(e.kind in DECIDES for e in f.events)), 0)
    for frame in group[:decided]:
        frame.acted = True
    for frame in group[decided:-1]:
        if frame.state.to_play != player:
            frame.state = frame.state.copy()
            frame.state.to_play = player


def _mark(group: list[Frame]) -> None:
    """Mark the key cards of each frame: the cards of a stunsa or tie, the cards picked
    up, the card that beats, and the trick about to be won (phase 1) or set aside
    (phase 2)."""
    for i, frame in enumerate(group):
        on_table = {c for _, cards in frame.state.table for c in cards}
        for e in frame.events:
            if e.kind in OWN_FRAME:
                frame.mark(e.kind, [c for c in e.cards if c in on_table])
            elif e.kind in ("pick-up", "pick-up-lead") and e.player is not None:
                frame.mark("picked-up", [c for c in e.cards if c in frame.state.hands[e.player]])
            elif e.kind == "beat" and frame.state.phase == 2:
                frame.mark("beats", [c for c in e.cards if c in on_table])
        take = next((e for e in group[i + 1].events if e.kind in TAKES), None) \
            if i + 1 < len(group) else None
        if take is None or not on_table:
            continue
        if frame.state.phase == 2:
            frame.mark("set-aside", [c for _, cards in frame.state.table for c in cards])
            continue
        if take.kind == "trick-complete":
            plays = [cards for p, cards in frame.state.table if p == take.player]
            winning = plays[-1] if plays else ()
        else:
            winning = take.cards
        if winning and all(c in on_table for c in winning):
            frame.mark("wins", winning)


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
                     note: str = N_("{player} gets {cards}"),
                     in_order: bool = False) -> list[Frame]:
    """One frame per ``(player, card)`` of ``deals``: the card leaves the table (lying
    sorted if ``in_order``) for the player's ``into`` (hand or pile), marked there;
    ``note`` is the caption's message."""
    split = []
    for p, card in deals:
        s = s.copy()
        _remove_from_table(s, card)
        (s.piles if into == "pile" else s.hands)[p].append(card)
        caption = _(note).format(player=names[p], cards=format_cards((card,)))
        frame = Frame(0, 0, 0, s, [], caption, open_piles=into == "pile",
                      sorted_table=in_order)
        frame.mark("dealt", (card,))
        split.append(frame)
    return split


def _split_redistribute(event: Event, before: State, after: State, rules: Rules,
                        names: Sequence[str]) -> list[Frame]:
    """Koira's sorted redistribution: the tied cards go back to hand, the other cards
    lie sorted low to high, then one frame per card dealt; the event's sentence, which
    states the whole result, comes with the last of them."""
    assert event.player is not None  # the redistribution is dealt from a seat
    s = before.copy()
    owner = {c: p for p, cards in s.table for c in cards}
    for card in event.cards:
        _remove_from_table(s, card)
        s.hands[owner[card]].append(card)
    back = Frame(0, 0, 0, s, [], _("{names} take back {cards}").format(
        names=_names(names, sorted({owner[c] for c in event.cards})),
        cards=format_cards(event.cards)))
    back.mark("tie", event.cards)
    s = s.copy()
    s.table.sort(key=lambda play: play[1][0])
    rest = [c for _, cards in s.table for c in cards]
    lay = Frame(0, 0, 0, s, [], _("The other cards, sorted low to high: {cards}; they are "
                                  "dealt from {player} counter-clockwise").format(
        cards=format_cards(rest), player=names[event.player]), sorted_table=True)
    into, note = (("pile", N_("{player} gets {cards}, into their pile"))
                  if rules.tie_cards_to == "pile" else
                  ("hand", N_("{player} gets {cards}, into their hand")))
    split = [back, lay] + _deal_from_table(s, event.deals, into, names, note, in_order=True)
    split[-1].events = [event]
    return split


def _names(names: Sequence[str], seats: Iterable[int]) -> str:
    shown = [names[p] for p in seats]
    if len(shown) == 1:
        return shown[0]
    return _("{names} and {last}").format(names=", ".join(shown[:-1]), last=shown[-1])


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
            split.append(Frame(0, 0, 0, s, [], _(
                "{player} takes up the {count} cards of their pile").format(
                player=names[p], count=taken)))
    split.append(Frame(0, 0, 0, after, [event]))
    return split


def _split_dreck(event: Event, before: State, after: State, rules: Rules,
                 names: Sequence[str]) -> list[Frame]:
    """Atlanta's dreck: every low card pooled on the table (beside who gave it), then one
    frame per card dealt; the event's sentence, which states every share, comes with
    the last of them."""
    s = before.copy()
    for card in event.cards:
        giver = next(p for p, hand in enumerate(s.hands) if card in hand)
        s.hands[giver].remove(card)
        s.table.append((giver, (card,)))
    pooled = Frame(0, 0, 0, s, [], _("Someone holds fewer than six cards: the dreck ({count} "
                                     "cards) is pooled on the table, to be dealt at "
                                     "random").format(count=len(event.cards)))
    split = [pooled] + _deal_from_table(s, event.deals, "hand", names)
    split[-1].state = after
    split[-1].events = [event]
    split[-1].mark("dealt", [c for p, c in event.deals[-1:]])
    return split


_SPLIT = {"redistribute": _split_redistribute, "phase-2": _split_phase_2, "dreck": _split_dreck}
