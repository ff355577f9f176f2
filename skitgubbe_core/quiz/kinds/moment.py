"""What every kind of question reads: a game's moments (:class:`_Moment`), the events
that decide them, and the registry of kinds (:func:`asks`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...events import Event, kinds_with
from ...frames import frames
from ...game import Game
from ...i18n import Messages, gettext
from ..model import TEXT, Question, QuizError

NEEDS = Messages({
    "winner": "a move that settles a trick",
    "skitgubbe": "the move that ends the deal",
    "trump": "the move that starts phase 2, or a card turned up at the deal",
    "pick-up": "a pick-up as the next move",
    "tie-cards": "a move that redistributes a tie",
    "legal": "a player to act",
    "out-of-turn": "a player who may act out of turn",
    "sets-aside": "a move that completes a phase-2 trick",
    "dreck": "the move that deals the dreck",
    "trick-size": "a lead in phase 2",
    "anti-trump": "a phase 2 with anti-trumps",
    "blamattis": "a Blåmattis in phase 2",
})
"""What each kind asks of its moment, for :data:`TEXT` ``error.moment``."""

TURN_EVENTS = kinds_with("turn")
"""Events that decide who plays next in a way worth asking about, each naming that
player."""

WIN_EVENTS = frozenset(("trick-won", "trick-trumped", "trick-won-all", "trick-won-suit",
                        "lead-kept"))
"""Events that give a trick to a player, who takes it into their pile."""


COMMON_REFUSALS = frozenset(("beat", "pick-up", "turn-order"))
"""Rules behind the refusals of nearly every position (a card that does not beat, no
pick-up from an empty table): a ``legal`` question explains with another refusal when
there is one, the rule that makes this position special."""


class _Moment:
    """What the questions of one game need: its frames grouped by move, with the
    range of events each frame narrates (as places in its step: a stunsa or tie is
    narrated before the draws that come before it in the step).  The position after
    each move is the state its last frame keeps: nothing more is kept per move, so a
    long record costs memory in proportion to its length."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.names = list(game.players)
        self.frames = frames(game)
        self.steps = game.history
        self.actions = game.actions
        self._at: tuple[int, Game] | None = None
        self.by_move: dict[int, list[int]] = {}
        self.spans: dict[int, tuple[int, int]] = {}
        counted: dict[int, int] = {}
        for i, f in enumerate(self.frames):
            self.by_move.setdefault(f.move, []).append(i)
            start = counted.get(f.move, 0)
            events = f.step.events if f.step is not None else ()
            places = [next(j for j, e in enumerate(events) if e is told) for told in f.events]
            span = (min(places), max(places) + 1) if places else (start, start)
            counted[f.move] = max(start, span[1])
            self.spans[i] = span

    def last_frame(self, move: int) -> int:
        return self.by_move[move][-1]

    def before(self, move: int, event: int) -> int | None:
        """The last frame of step ``move`` that shows nothing of its ``event``-th event
        and later ones."""
        found = None
        for i in self.by_move[move]:
            start, end = self.spans[i]
            if end > event:
                break
            if start < event:
                found = i
        return found

    def at(self, moves: int) -> Game:
        """The game standing at its position after ``moves`` moves (without history;
        the last one asked for is kept, as each move's questions ask for it in turn)."""
        if self._at is None or self._at[0] != moves:
            state = self.frames[self.last_frame(moves)].state
            self._at = moves, self.game.at_position(state, moves)
        return self._at[1]


Ask = Callable[[_Moment, int, str | None], Question]
"""A kind's question: asked of a moment after a number of moves, of a player or None."""

ASKS: dict[str, Ask] = {}
"""Each kind of question and the function that asks it, as :func:`asks` registers them."""


def asks(kind: str) -> Callable[[Ask], Ask]:
    """Register the decorated function as the question of ``kind`` (see :func:`.ask`)."""
    def register(function: Ask) -> Ask:
        ASKS[kind] = function
        return function
    return register


def _event(moment: _Moment, k: int, kinds: Iterable[str],
           last: bool = False) -> tuple[int, Event] | None:
    if k == 0:
        return None
    found = [(i, e) for i, e in enumerate(moment.steps[k - 1].events) if e.kind in kinds]
    if not found:
        return None
    return found[-1] if last else found[0]


def _not_here(kind: str, after: int) -> QuizError:
    return QuizError(TEXT["error.moment"].format(kind=kind, needs=NEEDS[kind], after=after))


def _check_player(kind: str, needed: str | None, player: str | None) -> None:
    if player is not None and player != needed:
        raise QuizError(TEXT["error.player"].format(kind=kind, needed=needed, player=player))


def _seat(seat: int | None) -> int:
    """A seat the moment is known to have (a player to act, an event's player)."""
    if seat is None:
        raise QuizError(gettext("nobody is to act here"))
    return seat


def _told_all(moment: _Moment, k: int) -> int:
    return len(moment.steps[k - 1].events) if k else 0


def _first_sentence(text: str) -> str:
    head = text.split(". ")[0].rstrip(".")
    return head[:1].lower() + head[1:]
