"""Computer players: ``random``, ``heuristic``, ``search`` and ``memory``.

A bot has a ``choose(game)`` method that returns one of ``game.legal_actions()``.
Every bot sees only what its seat may see (:class:`Seen`): its own hand, the
table, the cards set aside, the phase-1 piles (won from the table, face up when
played), how many cards each player and the stock hold, the trump once it is known
and - in Mas - the trump card turned up under the stock.  Other players' hands, the
order of the stock and the face-down trump card are never read.

Make one by name (the play table's opponent chooser uses this):

>>> from skitgubbe_core import Game
>>> bot = make_bot("heuristic", seed=1)
>>> game = Game(3, seed=7)
>>> bot.choose(game) in game.legal_actions()
True
>>> sorted(BOTS)
['heuristic', 'memory', 'random', 'search']
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .actions import EXCHANGE, PICK_UP, PLAY, SLOUGH, STORE, TURN, Action
from .cards import Card
from .errors import RulesError
from .events import DROP
from .game import Game
from .i18n import Messages, gettext
from .phases import Phase, modules
from .rules import Rules
from .state import State


class Bot(Protocol):
    """What every computer player offers."""

    name: str

    def choose(self, game: Game) -> Action: ...


class Seen:
    """What ``seat`` may see of a position: the only input of the bots' reasoning.

    ``unseen`` is every card in play that the seat cannot see (others' hands, the
    stock, the face-down trump card), sorted, so it does not reveal where they are.
    ``to_come`` counts the players still to play in the current all-play round, the
    seat to act included (0 in other tricks): everyone at the table sees who has played.
    ``piles`` and ``discarded`` are the cards won in phase 1 and the finished phase-2
    tricks, which every seat sees.
    """

    __slots__ = ("seat", "rules", "phase", "hand", "table", "trump", "sizes", "stock_size",
                 "turned_up", "to_come", "piles", "discarded", "_unseen", "_state")

    def __init__(self, state: State, rules: Rules, seat: int) -> None:
        s = state
        self._state = s
        self.seat = seat
        self.rules = rules
        self.phase = s.phase
        self.hand = s.hands[seat]
        self.table = s.table
        self.trump = s.trump
        self.sizes = [len(h) for h in s.hands]
        self.stock_size = len(s.stock)
        self.turned_up = (s.stock[0] if s.phase == 1 and s.stock
                          and rules.turned_up_trump == "yes" else None)
        self.to_come = len(s.queue)
        self.piles = s.piles
        self.discarded = s.discarded
        self._unseen: list[Card] | None = None

    @property
    def unseen(self) -> list[Card]:
        if self._unseen is None:
            s = self._state
            visible = set(self.hand)
            visible.update(c for _, play in s.table for c in play)
            visible.update(s.discarded)
            for pile in s.piles:
                visible.update(pile)
            if self.turned_up is not None:
                visible.add(self.turned_up)
            self._unseen = sorted(set(s.all_cards()) - visible)
        return self._unseen

    def likely_trump(self) -> int:
        """The trump if known; in phase 1 the suit with the most unseen cards (the
        last stock card, which decides trumps, is among them)."""
        if self.trump is not None:
            return self.trump
        counts = [0, 0, 0, 0]
        for c in self.unseen:
            counts[c & 3] += 1
        return counts.index(max(counts))

    def sample(self, rng: random.Random, known: Sequence[Sequence[Card]] = ()) -> State:
        """A full position consistent with what the seat sees: the unseen cards dealt
        at random to the others' hands, the stock and the face-down trump card.
        ``known`` lists by seat the cards a seat is known to hold (a memory's), dealt
        to it first."""
        s = self._state.copy()
        held = {c for cards in known for c in cards}
        pool = [c for c in self.unseen if c not in held]
        rng.shuffle(pool)
        at = 0
        for q, size in enumerate(self.sizes):
            if q != self.seat:
                mine = list(known[q]) if known else []
                need = size - len(mine)
                s.hands[q] = mine + pool[at:at + need]
                at += need
        if s.trump_card is not None:
            s.trump_card = pool[at]
            at += 1
        if self.turned_up is not None:
            s.stock = [self.turned_up] + pool[at:]
        else:
            s.stock = pool[at:]
        s.rng = random.Random(rng.random())
        return s


class RandomBot:
    """Chooses uniformly among the legal actions, with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        return self.rng.choice(game.legal_actions())


class OutOfTurn:
    """A table's computer player that also lets the others act out of turn where the
    rules allow it (Mas's exchange and storing at any stage, Atlanta's slough while the
    trick is undecided): before ``bot`` chooses for the player to act, with chance
    ``rate`` one of the other players' out-of-turn actions is taken instead."""

    name = "out-of-turn"

    def __init__(self, bot: Bot, seed: int | None = None, rate: float = 0.5) -> None:
        self.bot = bot
        self.rng = random.Random(seed)
        self.rate = rate

    def choose(self, game: Game) -> Action:
        late = [a for seat, actions in game.legal_actions_by_player().items()
                if seat != game.to_play for a in actions]
        if late and self.rng.random() < self.rate:
            return self.rng.choice(late)
        return self.bot.choose(game)


# Rank indexes (``card >> 2``, 0 for a two): the thresholds of the rules of thumb,
# kept as arithmetic because the search bot's playouts run them at every move.
_SEVEN, _TEN, _QUEEN = 5, 8, 10


def _value(card: int, trump: int) -> int:
    """How much a card is worth keeping: its rank, a trump above every non-trump."""
    return (card >> 2) + (13 if card & 3 == trump else 0)


def _play_value(action: Action, trump: int) -> int:
    return max(_value(c, trump) for c in action.cards) if action.cards else 0


def heuristic_choice(seen: Seen, legal: list[Action]) -> Action:
    """The heuristic player's rules of thumb (each one a line of the docstrings below)."""
    if len(legal) == 1:
        return legal[0]
    if seen.phase == 2:
        return _phase2_choice(seen, legal)
    kinds = {a.kind for a in legal}
    if EXCHANGE in kinds or STORE in kinds:
        # Mas: take the turned-up trump for the two; store three trumps for phase 2.
        return next(a for a in legal if a.kind in (EXCHANGE, STORE))
    if SLOUGH in kinds:
        # Atlanta: slough as many cards as allowed - they go into the winner's pile.
        return max((a for a in legal if a.kind == SLOUGH), key=lambda a: len(a.cards))
    if seen.rules.phase1_tricks == "pairs":
        return _pairs_choice(seen, legal)
    if seen.rules.phase1_tricks == "beat-or-pick-up":
        return _mas_choice(seen, legal)
    return _all_play_choice(seen, legal)


def _lowest(actions: list[Action], trump: int) -> Action:
    return min(actions, key=lambda a: (_play_value(a, trump), -len(a.cards)))


def _pairs_choice(seen: Seen, legal: list[Action]) -> Action:
    """Phase 1, two-card tricks.

    - Lead the card least worth keeping: whoever wins the trick takes it.
    - Answer a good lead (a ten or better, or a likely trump) with the cheapest card
      that wins it; answer a poor lead with the card least worth keeping, which the
      leader then has to take.
    - Turn the top stock card only when every card in hand is worth keeping (a
      queen or better, or a likely trump).
    """
    trump = seen.likely_trump()
    plays = [a for a in legal if a.kind == PLAY]
    turn = next((a for a in legal if a.kind == TURN), None)
    if turn is not None and (not plays or min(_value(a.cards[0], trump) for a in plays) >= _QUEEN):
        return turn
    if len(seen.table) % 2 == 0:
        return _lowest(plays, trump)
    lead = seen.table[-1][1][0]
    winners = [a for a in plays if a.cards[0] >> 2 > lead >> 2]
    if winners and _value(lead, trump) >= _TEN:
        return _lowest(winners, trump)
    return _lowest(plays, trump)


def _mas_choice(seen: Seen, legal: list[Action]) -> Action:
    """Phase 1 of Mas (beat or pick up): lead the card least worth keeping; beat with
    the cheapest non-trump that beats; spend a trump only on a ten or better; else
    pick up."""
    trump = seen.likely_trump()
    plays = [a for a in legal if a.kind == PLAY]
    if not seen.table:
        return _lowest(plays, trump)
    lead = seen.table[0][1][0]
    plain = [a for a in plays if a.cards[0] & 3 != trump]
    if plain:
        return _lowest(plain, trump)
    if plays and (lead >> 2 >= _TEN or len(seen.hand) <= 1):
        return _lowest(plays, trump)
    return next(a for a in legal if a.kind == PICK_UP)


def _all_play_choice(seen: Seen, legal: list[Action]) -> Action:
    """Phase 1 with all-play tricks: as last to play, win a good trick with the
    cheapest winning card; otherwise play the card least worth keeping."""
    trump = seen.likely_trump()
    plays = [a for a in legal if a.kind == PLAY] or legal
    if seen.table and seen.to_come == 1:
        top = max(c >> 2 for _, cards in seen.table for c in cards)
        worth = max(_value(c, trump) for _, cards in seen.table for c in cards)
        winners = [a for a in plays if a.cards and a.cards[0] >> 2 > top]
        if winners and worth >= _TEN:
            return _lowest(winners, trump)
    return _lowest(plays, trump)


def _phase2_choice(seen: Seen, legal: list[Action]) -> Action:
    """Phase 2.

    - Lead the lowest non-trump (the longest run among the lowest, where runs are
      allowed); lead trumps only when nothing else is left.
    - Beat with the lowest card that beats, a non-trump before any trump.
    - Pick up rather than spend a queen or better of trumps on a non-trump seven or
      lower while still holding more than four cards.
    """
    trump = seen.trump
    plays = [a for a in legal if a.kind == PLAY]
    pick_up = next((a for a in legal if a.kind == PICK_UP), None)
    if not plays:
        return legal[0]
    if pick_up is None:
        return min(plays, key=lambda a: (a.cards[0] & 3 == trump, a.cards[0] >> 2, -len(a.cards)))
    plain = [a for a in plays if a.cards[0] & 3 != trump]
    if plain:
        return min(plain, key=lambda a: (a.cards[-1] >> 2, -len(a.cards)))
    cheapest = min(plays, key=lambda a: (a.cards[-1] >> 2, -len(a.cards)))
    top = seen.table[-1][1][-1]
    if (cheapest.cards[-1] >> 2 >= _QUEEN and top >> 2 <= _SEVEN and top & 3 != trump
            and len(seen.hand) > 4):
        return pick_up
    return cheapest


class HeuristicBot:
    """Plays by documented rules of thumb (see :func:`heuristic_choice`), and one
    more: never go round in circles.  Phase 2 can cycle (a trump played, picked up,
    played again), and so can phase 1 of Mas (hands of three or more do not refill:
    lead, pick up, lead...); when the bot meets the same hand and table again (in
    phase 1, with the same stock and leader) it varies its choice: in phase 2 picking
    up if it may, in phase 1 playing another card rather than picking up.  No chance
    is involved: ``seed`` is accepted for a uniform interface."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.met: dict[tuple[object, ...], int] = {}

    def choose(self, game: Game) -> Action:
        s = game.state
        seat = s.to_play
        assert seat is not None  # a bot is asked only while the deal goes on
        legal = game.legal_actions()
        choice = heuristic_choice(Seen(s, game.rules, seat), legal)
        if len(legal) > 1:
            hand = tuple(sorted(s.hands[seat]))
            key = ((seat, hand, tuple(s.table)) if s.phase == 2 else
                   (seat, hand, tuple(s.table), len(s.stock), s.leader))
            again = self.met.get(key, 0)
            self.met[key] = again + 1
            if again:
                others = [a for a in legal if a != choice]
                if s.phase == 2:
                    others = [a for a in legal if a.kind == PICK_UP] or others
                else:
                    others = [a for a in others if a.kind != PICK_UP] or others
                choice = others[(again - 1) % len(others)]
        return choice


def playout(s: State, rules: Rules, max_moves: int = 600, rng: random.Random | None = None,
            epsilon: float = 0.0) -> int | None:
    """Play ``s`` to the end with heuristic players for every seat (changing ``s``);
    the loser's seat, or None if ``max_moves`` pass first.  With ``epsilon`` (and
    ``rng``) each choice is a uniformly random legal action with that chance."""
    phases = modules(rules)
    for _ in range(max_moves):
        seat = s.to_play
        if seat is None:
            return s.loser
        module = phases[s.phase - 1]
        legal = module.legal(s, rules)
        if len(legal) == 1:
            action = legal[0]
        elif rng is not None and epsilon and rng.random() < epsilon:
            action = rng.choice(legal)
        else:
            action = heuristic_choice(Seen(s, rules, seat), legal)
        module.apply(s, rules, action, DROP)
    return s.loser if s.to_play is None else None


class SearchBot:
    """Determinized Monte Carlo search.

    For each decision with a choice, deal the unseen cards at random consistently
    with what the seat has seen (:meth:`Seen.sample`), try every legal action in
    each such deal and play the game out with heuristic players; choose the action
    that lost least often (ties go to the heuristic's own choice).  ``playouts`` is
    the number of playouts per decision, shared among the actions; ``seconds``
    optionally caps the time per decision (results then depend on the machine's
    speed, so leave it None for reproducible studies).
    """

    name = "search"
    epsilon = 0.0

    def __init__(self, seed: int | None = None, playouts: int = 48,
                 seconds: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.seconds = seconds

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        s = game.state
        assert s.to_play is not None  # a bot is asked only while the deal goes on
        seen = Seen(s, game.rules, s.to_play)
        default = heuristic_choice(seen, legal)
        if len(legal) == 1:
            return default
        return self.search(seen, legal, default)

    def search(self, seen: Seen, legal: list[Action], default: Action) -> Action:
        rules, seat = seen.rules, seen.seat
        phases: tuple[Phase, Phase] = modules(rules)
        deals = max(1, self.playouts // len(legal))
        losses = [0.0] * len(legal)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for _ in range(deals):
            world = self.sample(seen)
            chance = self.rng.random()
            for i, action in enumerate(legal):
                s = world.copy()
                s.rng = random.Random(chance)
                phases[s.phase - 1].apply(s, rules, action, DROP)
                loser = playout(s, rules, rng=self.rng, epsilon=self.epsilon)
                losses[i] += 0.5 if loser is None else loser == seat
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = min(losses)
        if losses[legal.index(default)] == best:
            return default
        return legal[losses.index(best)]

    def sample(self, seen: Seen) -> State:
        """A deal of the unseen cards to try the actions in (:meth:`Seen.sample`)."""
        return seen.sample(self.rng)


class MemoryBot(SearchBot):
    """The search player (:class:`SearchBot`) with a memory of public information.

    The search player deals every unseen card at random in each sampled deal.  This
    player also remembers where public cards went: each phase-1 pile (face up) once
    its owner takes it into hand at the start of phase 2, the cards a player picks up
    from the table, Mas's turned-up trump taken in exchange for the two.  A card
    leaves the memory when it is played; the sampled deals put every remembered card
    in its holder's hand and deal only the rest at random.

    It learns only from what it sees at its own turns (the table, piles, discards,
    hand sizes) and from the list of actions played, which everyone sees.  Cards that
    leave the table between its turns are credited to a player only when exactly one
    player picked up in between and phase 1 did not end meanwhile; a memory that
    contradicts what it sees (more cards remembered than a player holds) is dropped
    for that player.  Its imagined players vary a little: each choice in a playout is
    a random legal action with chance ``epsilon`` (0.1), which keeps the estimate
    graded when most cards are known (heuristic playouts of a known deal all end
    alike).  Same ``playouts`` as the search player, so about the same time per
    decision.
    """

    name = "memory"

    def __init__(self, seed: int | None = None, playouts: int = 48,
                 seconds: float | None = None, epsilon: float = 0.1) -> None:
        super().__init__(seed, playouts, seconds)
        self.epsilon = epsilon
        self._game: tuple[object, ...] | None = None
        self.known: list[set[Card]] = []
        self._last = 0
        self._phase = 1
        self._table: set[Card] = set()
        self._piles: list[set[Card]] = []
        self._turned_up: Card | None = None

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        s = game.state
        assert s.to_play is not None  # a bot is asked only while the deal goes on
        seen = Seen(s, game.rules, s.to_play)
        self.observe(game, seen)
        default = heuristic_choice(seen, legal)
        if len(legal) == 1:
            return default
        return self.search(seen, legal, default)

    def observe(self, game: Game, seen: Seen) -> None:
        """Bring the memory up to date with the actions since this player's last turn
        and with what it sees now (forgetting everything in a new or undone game)."""
        key = (game.seed, game.players, game.rules)
        if key != self._game or game.move_count < self._last:
            self._game = key
            self.known = [set() for _ in seen.sizes]
            self._last, self._phase, self._table = 0, 1, set()
            self._piles = [set() for _ in seen.sizes]
            self._turned_up = None
        actions = game.actions[self._last:]
        played: set[Card] = set()
        for a in actions:
            if a.kind in (PLAY, SLOUGH):
                played.update(a.cards)
                self.known[a.player].difference_update(a.cards)
            elif a.kind == EXCHANGE and self._turned_up is not None:
                self.known[a.player].add(self._turned_up)
        table = {c for _, cards in seen.table for c in cards}
        piles = [set(p) for p in seen.piles]
        visible = set(seen.hand) | table | set(seen.discarded)
        visible.update(*piles)
        if seen.turned_up is not None:
            visible.add(seen.turned_up)
        pickers = {a.player for a in actions if a.kind == PICK_UP}
        if self._phase == 1 and seen.phase == 2:
            for q, pile in enumerate(self._piles):
                self.known[q].update(pile - visible)
        elif len(pickers) == 1:
            (picker,) = pickers
            self.known[picker].update((self._table | played) - visible)
        unseen = set(seen.unseen)
        for q, cards in enumerate(self.known):
            cards.intersection_update(unseen)
            if q == seen.seat or len(cards) > seen.sizes[q]:
                cards.clear()
        self._last, self._phase, self._table = game.move_count, seen.phase, table
        self._piles, self._turned_up = piles, seen.turned_up

    def sample(self, seen: Seen) -> State:
        """A deal consistent with what this player has seen and remembers."""
        return seen.sample(self.rng, [sorted(cards) for cards in self.known])


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "search": SearchBot,
    "memory": MemoryBot,
}
"""The computer players by name: ``BOTS[name](seed)`` makes one."""

BOT_TITLES = Messages({
    "random": "Random: any legal move, uniformly",
    "heuristic": "Heuristic: rules of thumb (cheap wins, low leads, save trumps)",
    "search": "Search: tries each move in sampled deals, played out by the heuristic",
    "memory": "Memory: search that remembers the piles and pick-ups it has seen",
})

BOT_NAMES = Messages({"random": "random", "heuristic": "heuristic", "search": "search",
                      "memory": "memory"})
"""Each computer player's short name as a reader reads it in tables, as its title begins
(``--bots``, records and study files keep the names of :data:`BOTS`)."""

SEARCHERS = ("search", "memory")
"""The bots that take search options (``playouts``, ``seconds``)."""


def make_bot(name: str, seed: int | None = None, **options: Any) -> Bot:
    """A computer player by name (``random``, ``heuristic``, ``search`` or ``memory``)."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise RulesError(gettext("unknown bot {bot}; the bots are {bots}").format(
            bot=repr(name), bots=", ".join(BOTS))) from None
    return factory(seed, **options)
