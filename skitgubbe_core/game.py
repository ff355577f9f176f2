"""The game: a deal of Skitgubbe under a set of rules, with its history.

>>> g = Game(["A", "B", "C"], seed=7)
>>> g.phase, g.player_name(g.to_play), len(g.stock)
(1, 'A', 43)
>>> step = g.play(g.legal_actions()[0])
>>> step.narrate(g.players)[0]
'A leads 6♥ against B (rule 1, two-card tricks)'
>>> g.undo() == step, g.move_count
(True, 0)
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Any

from .actions import BARE_VERBS, CARD_VERBS, PLAY, Action, action_text, parse_action
from .cards import DECK, Card
from .errors import ActionError, IllegalActionError, PositionError, RulesError, quote
from .events import DROP, Listener, Played, RawEvent, Recording, Step
from .i18n import gettext as _
from .phase1_common import HAND_SIZE
from .phases import Phase, module_for, modules
from .position import build_state, state_to_json
from .rulebook import RULEBOOK
from .rules import Rules
from .schema import MAX_NAME, MAX_PLAYERS, MAX_SEED, is_name
from .state import State

DEFAULT_NAMES = ("A", "B", "C", "D", "E", "F", "G", "H")


def _deal(n: int, rules: Rules, rng: random.Random, dealer: int) -> State:
    """Rule 0: shuffle, three cards each one at a time clockwise from the dealer's
    left; the rest is the stock.  The dealer's left leads (with the dealer in the last
    seat, seat 0).  In Mas the next card is turned up under the stock: its suit is
    trump."""
    deck = list(DECK)
    rng.shuffle(deck)
    s = State(n)
    first = (dealer + 1) % n
    for i in range(HAND_SIZE * n):
        s.hands[(first + i) % n].append(deck[i])
    s.to_play = s.leader = first
    s.opponent = (first + 1) % n
    stock = deck[HAND_SIZE * n:]
    if rules.turned_up_trump == "yes":
        s.trump = stock[0] & 3
        stock = stock[1:] + stock[:1]
    s.stock = stock[::-1]
    return s


class Game:
    """One deal of Skitgubbe.

    Create it from a seed (a reproducible shuffle and deal by ``dealer``, a seat: by
    default the last, so that seat 0 leads) or from an explicit ``start`` position (a
    dict in the scenario format; any chance during play then uses ``seed``, or 0).
    Players are seats 0..n-1, named by ``players``; actions, hands and events refer to
    seats.

    ``narrate=False`` is the headless mode for simulations: moves are checked as
    always and the actions kept (for undo and records), but no events are kept and
    :meth:`play` returns None; :attr:`history` then narrates by replaying the game.
    A headless game can still be watched: ``listener`` (anything with ``append``)
    receives each event as it happens (a plain tuple of :class:`~.events.Event`'s
    fields, :data:`~.events.RawEvent`) and the game keeps none, so a simulation can
    count stunsas without narrating.

    ``is_over`` and ``move_count`` are plain attributes, kept up to date by the game
    (read them, don't set them): a loop reads them on every move, and an attribute
    costs a fifth of a property.
    """

    is_over: bool
    """True once the game is over (nobody is to play)."""
    move_count: int
    """The number of actions played so far."""

    def __init__(
        self,
        players: int | Sequence[str] = 3,
        rules: Rules | str = "skitgubbe",
        *,
        seed: int | None = None,
        start: dict[str, Any] | None = None,
        dealer: int | None = None,
        narrate: bool = True,
        listener: Listener | None = None,
    ) -> None:
        if isinstance(players, int):
            if not 2 <= players <= len(DEFAULT_NAMES):
                raise RulesError(_("a game needs 2-{most} players by number, not {count}").format(
                    most=len(DEFAULT_NAMES), count=players))
            self.players: tuple[str, ...] = DEFAULT_NAMES[:players]
        else:
            self.players = _check_names(players)
        self.rules: Rules = Rules.preset(rules) if isinstance(rules, str) else rules
        self.rules.check_players(len(self.players))
        if seed is None and start is None:
            seed = random.SystemRandom().randrange(2**32)
        self.seed = seed if seed is None else _check_seed(seed)
        self.start = start
        if dealer is not None and start is not None:
            raise RulesError(_("a game from a start position has no deal, so no dealer"))
        if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)
                                   or not 0 <= dealer < len(self.players)):
            raise RulesError(_("the dealer is a seat from 0 to {last}, not {dealer}").format(
                last=len(self.players) - 1, dealer=quote(dealer)))
        self.dealer: int | None = None if start is not None else (
            len(self.players) - 1 if dealer is None else dealer)
        """The dealer's seat, or None for a game from a start position."""
        self.narrate = narrate
        self._sink = DROP if listener is None else listener
        rng = random.Random(self.seed if self.seed is not None else 0)
        if start is not None:
            initial = build_state(start, list(self.players), self.rules)
        else:
            assert self.dealer is not None  # a game without a start position is dealt
            initial = _deal(len(self.players), self.rules, rng, self.dealer)
        module_for(initial, self.rules).prepare(initial, self.rules)
        self._initial = initial
        self._phases: tuple[Phase, Phase] = modules(self.rules)
        self._restart(rng)

    def _restart(self, rng: random.Random | None = None) -> None:
        """Back to the initial position; ``rng`` is the game's generator if it is
        still in its initial state (as after the deal), else it is made again by
        seeding and dealing once more (cheaper, for every game, than keeping a copy
        of the generator's state for the few that are taken back)."""
        self._state = self._initial.copy()
        if rng is None:
            rng = random.Random(self.seed if self.seed is not None else 0)
            if self.dealer is not None:
                _deal(len(self.players), self.rules, rng, self.dealer)
        self._state.rng = rng
        self._steps: list[Step] = []
        self._actions: list[Action] = []
        self._legal: list[Action] | None = None
        self.move_count = 0
        self.is_over = self._state.to_play is None

    # -- the position -------------------------------------------------------------

    @property
    def state(self) -> State:
        """The live position as plain data, for the bots, the frames and the views:
        read it, never change it (``game.state.copy()`` is yours to play ahead on).
        The properties below are copies of its parts, safe to keep."""
        return self._state

    @property
    def phase(self) -> int:
        return self._state.phase

    @property
    def to_play(self) -> int | None:
        """The seat whose turn it is, or None when the game is over."""
        return self._state.to_play

    @property
    def loser(self) -> int | None:
        """The Skitgubbe's seat once the game is over."""
        return self._state.loser

    @property
    def out(self) -> list[int]:
        """Seats that have gone out (safe), in the order they went out."""
        return list(self._state.out)

    @property
    def hands(self) -> list[tuple[Card, ...]]:
        return [tuple(h) for h in self._state.hands]

    @property
    def piles(self) -> list[tuple[Card, ...]]:
        """Cards each player has won in phase 1."""
        return [tuple(p) for p in self._state.piles]

    @property
    def stock(self) -> list[Card]:
        """The stock, top card first."""
        return self._state.stock[::-1]

    @property
    def table(self) -> list[tuple[int, tuple[Card, ...]]]:
        """The plays of the current trick, oldest first: (seat, cards).  In phase 1
        this includes bounced (stunsa) cards."""
        return list(self._state.table)

    @property
    def trump(self) -> int | None:
        """The trump suit (0-3) once it is known: from phase 2, or when turned."""
        return self._state.trump

    @property
    def trump_card(self) -> Card | None:
        """The last stock card, lying face down beside its holder during phase 1."""
        return self._state.trump_card

    @property
    def trump_holder(self) -> int | None:
        return self._state.trump_holder

    @property
    def discarded(self) -> list[Card]:
        """Cards of completed phase-2 tricks, set aside."""
        return list(self._state.discarded)

    @property
    def trick_size(self) -> int:
        """Plays that complete the current phase-2 trick (fixed when it was led), or
        that the next trick will need when the table is empty; 2 in phase 1."""
        s = self._state
        if s.phase == 1:
            return 2
        return s.trick_size if s.table else s.n - len(s.out)

    @property
    def leader(self) -> int:
        return self._state.leader

    @property
    def first_to_play(self) -> int | None:
        """Whose turn it was at the start: after a deal, who leads first."""
        return self._initial.to_play

    def deal_line(self) -> str | None:
        """Who dealt and who leads first, with the rule, or None for a game from a
        start position (it was not dealt).

        >>> Game(["A", "B", "C"], seed=1, dealer=1).deal_line()
        "B dealt, and C, on the dealer's left, leads first (rule 0, the deal)"
        """
        if self.dealer is None or self.first_to_play is None:
            return None
        return _("{dealer} dealt, and {leader}, on the dealer's left, leads first").format(
            dealer=self.players[self.dealer], leader=self.players[self.first_to_play]
        ) + f" ({RULEBOOK['deal'].reference})"

    @property
    def history(self) -> list[Step]:
        """Every step so far, with its events (replayed with narration if this game is
        headless)."""
        if not self.narrate:
            return self.copy_at(self.move_count, narrate=True)._steps
        return list(self._steps)

    @property
    def actions(self) -> list[Action]:
        return list(self._actions)

    def player_name(self, seat: int) -> str:
        return self.players[seat]

    def snapshot(self) -> tuple[object, ...]:
        """A hashable value that is equal for equal positions."""
        return self._state.key()

    def all_cards(self) -> list[Card]:
        """Every card of the deal wherever it is (hands, piles, stock, table,
        trump card, discarded)."""
        return self._state.all_cards()

    def position(self) -> dict[str, Any]:
        """The current position as a ``start`` object (scenario format), which
        ``Game(players, rules, start=...)`` accepts back.  There is none once the game
        is over, nor in the middle of an all-play phase-1 trick (such positions are
        given between tricks): :class:`PositionError` says so."""
        s = self._state
        if s.to_play is None:
            raise PositionError(_("the game is over: there is no position to play on from"))
        if s.phase == 1 and self.rules.phase1_tricks == "all-play" and (
                s.table or s.stage != "play"):
            raise PositionError(_("an all-play phase-1 trick is under way: positions of these "
                                  "variants are given between tricks"))
        return state_to_json(s, list(self.players))

    # -- playing ------------------------------------------------------------------

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The legal actions of ``player`` (a seat), by default of the player to act
        (empty once the game is over).

        Some variants let a player act out of turn: Mas's exchange of the two of trumps
        and storing of three trumps "at any stage" (``mas_timing=any-time``), Atlanta's
        slough while the trick is undecided (``slough_timing``).  Ask for such a
        player's actions by seat, or all of them with :meth:`legal_actions_by_player`.
        A slough of several cards is legal when each card is, though only single
        cards and whole groups of a rank are listed.
        """
        legal = self._legal
        if legal is not None and player is None:  # play has found them already
            return legal
        s = self._state
        if player is None or player == s.to_play:
            if legal is None:
                legal = ([] if s.to_play is None
                         else self._phases[s.phase - 1].legal(s, self.rules))
                self._legal = legal
            return legal
        if s.to_play is None:
            return []
        return self._phases[s.phase - 1].out_of_turn(s, self.rules, player)

    def legal_actions_by_player(self) -> dict[int, list[Action]]:
        """Every player who may act now and their legal actions: the player to act
        first, then the others clockwise (those acting out of turn)."""
        s = self._state
        if s.to_play is None:
            return {}
        found = {}
        for p in s.seats_from(s.to_play):
            actions = self.legal_actions(p)
            if actions:
                found[p] = actions
        return found

    def _accepts(self, action: Action) -> bool:
        """A legal action that :meth:`legal_actions` does not list for the player to
        act: an action out of turn, or a slough of several cards."""
        s = self._state
        if s.to_play is None:
            return False
        module = self._phases[s.phase - 1]
        if action.player != s.to_play and action in module.out_of_turn(
                s, self.rules, action.player):
            return True
        return module.accepts(s, self.rules, action)

    def parse_action(self, text: str) -> Action:
        """``'A: play 7D'`` -> :class:`Action` (raises :class:`ActionError`)."""
        return parse_action(text, self.players)

    def action_text(self, action: Action) -> str:
        return action_text(action, self.players)

    def why_illegal(self, action: Action | str) -> str | None:
        """None if ``action`` is legal now, else the reason and the rule."""
        if isinstance(action, str):
            action = self.parse_action(action)
        self._check_form(action)
        if action in self.legal_actions() or self._accepts(action):
            return None
        reason, rule = self._reason(action)
        return f"{reason} ({RULEBOOK[rule].reference})"

    def _check_form(self, action: object) -> None:
        """Refuse what is not an action of a seat of this game (:class:`ActionError`): no
        seat, no verb, cards where the verb takes none or none where it needs them; the
        phase modules see only actions of this shape."""
        if not isinstance(action, Action):
            raise ActionError(_("{action} is not an action: give an Action, or its text such as "
                                "'A: play 7D'").format(action=quote(action)))
        seat = action.player
        if isinstance(seat, bool) or not isinstance(seat, int) or not (
                0 <= seat < len(self.players)):
            raise ActionError(_("{action}: there is no seat {seat}; the seats are 0-{last} "
                                "({players})").format(
                action=quote(action), seat=quote(seat), last=len(self.players) - 1,
                players=", ".join(self.players)))
        if not isinstance(action.kind, str) or not isinstance(action.cards, tuple) or not all(
                isinstance(c, Card) for c in action.cards):
            raise ActionError(_("{action} is not an action: its kind is a verb and its cards are "
                                "Card values").format(action=quote(action)))
        kind, cards = action.kind, action.cards
        if kind in CARD_VERBS and not cards:
            raise ActionError(_("{action}: {verb} needs at least one card").format(
                action=quote(action), verb=quote(kind)))
        if kind in BARE_VERBS and cards:
            raise ActionError(_("{action}: {verb} takes no cards").format(
                action=quote(action), verb=quote(kind)))
        if kind not in CARD_VERBS and kind not in BARE_VERBS:
            raise ActionError(_("{action}: unknown verb {verb}; the verbs are {verbs}").format(
                action=quote(action), verb=quote(kind),
                verbs=", ".join(CARD_VERBS + BARE_VERBS)))
        if kind == PLAY and list(cards) != sorted(cards):
            raise ActionError(_("{action} is not an action: a play lists its cards low first, "
                                "as legal_actions() and parse_action() give them").format(
                action=quote(action)))

    def refusal(self, action: Action | str) -> tuple[str, str] | None:
        """None if ``action`` is legal now, else (the reason, the key of the rule that
        forbids it), as :meth:`why_illegal` words them."""
        if isinstance(action, str):
            action = self.parse_action(action)
        self._check_form(action)
        if action in self.legal_actions() or self._accepts(action):
            return None
        return self._reason(action)

    def _reason(self, action: Action) -> tuple[str, str]:
        s = self._state
        names = self.players
        if s.to_play is None:
            return (_("the game is over: {player} is the Skitgubbe").format(player=names[s.loser])
                    if s.loser is not None else _("the game is over")), "loser"
        module = self._phases[s.phase - 1]
        if action.player != s.to_play:
            late = module.why_out_of_turn(s, self.rules, action, names)
            return late or (_("it is {other}'s turn, not {player}'s").format(
                other=names[s.to_play], player=names[action.player]), "turn-order")
        return module.why_illegal(s, self.rules, action, names)

    def play(self, action: Action | str) -> Step | None:
        """Apply a legal action and return the step it made (None when headless).

        Raises :class:`IllegalActionError` (naming the move number, the reason and
        the rule) and leaves the game unchanged if the action is not legal.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:
            if isinstance(action, str):
                return self.play(self.parse_action(action))
            self._check_form(action)
            if not self._accepts(action):
                self._refuse(action)
        # _apply's work done here, one call shorter: play is the hot path of every game.
        # The next position's legal actions are found at once: the next play checks
        # its action against them, and legal_actions() then returns them without a call.
        s = self._state
        self._actions.append(action)
        phases, rules = self._phases, self.rules
        if not self.narrate:
            phases[s.phase - 1].apply(s, rules, action, self._sink)
            self.move_count += 1
            if s.to_play is None:
                self.is_over, self._legal = True, []
            else:
                self._legal = phases[s.phase - 1].legal(s, rules)
            return None
        events: list[RawEvent] = []
        phases[s.phase - 1].apply(s, rules, action, events)
        self.move_count = number = self.move_count + 1
        if s.to_play is None:
            self.is_over, self._legal = True, []
        else:
            self._legal = phases[s.phase - 1].legal(s, rules)
        step: Step = Played()
        step.number, step.action, step.happened = number, action, events
        self._steps.append(step)
        return step

    def _refuse(self, action: Action) -> None:
        """Raise the error saying why ``action`` is not legal now (the action as the
        reader reads it: ``'B: lägg 9♥'`` in Swedish, the notation in English)."""
        reason, rule = self._reason(action)
        number = len(self._actions) + 1
        raise IllegalActionError(
            _("move {number}, {action}: {reason} ({rule})").format(
                number=number, action=f"{self.players[action.player]}: {action.label}",
                reason=reason,
                rule=RULEBOOK[rule].reference),
            move_number=number, rule=rule)

    def _apply(self, action: Action, events: Recording | None = None) -> Step | None:
        """Apply ``action``.  Its events go to ``events`` when given (the frame
        recorder passes a list that also pictures the table at each event), else to a
        fresh list, or nowhere in the headless mode."""
        s = self._state
        module = self._phases[s.phase - 1]
        self._legal = None
        actions = self._actions
        actions.append(action)
        headless = events is None and not self.narrate
        if events is None:
            events = []
        module.apply(s, self.rules, action, self._sink if headless else events)
        self.move_count = number = len(actions)
        self.is_over = s.to_play is None
        if headless:
            return None
        step = Step(number, action, list(events))
        self._steps.append(step)
        return step

    def record(self, action: Action, events: Recording) -> Step:
        """Play ``action``, already checked legal (one of a game's recorded actions when
        replaying a history, as :func:`.frames.frames` does, or one the live table has
        checked), putting its events into ``events`` as they happen (a list, or a
        recorder that pictures the state at each event) and returning its step,
        narrated even in a headless game."""
        step = self._apply(action, events)
        assert step is not None  # given events, a step is always made
        return step

    def undo(self) -> Step:
        """Take back the last step (by replaying the others from the start) and
        return it."""
        if not self._actions:
            raise IllegalActionError(_("there is no move to undo"), move_number=0, rule=None)
        actions = self.actions
        undone = self._steps[-1] if self.narrate else self.history[-1]
        self._restart()
        for action in actions[:-1]:
            self._apply(action)
        return undone

    def at_position(self, state: State, moves: int) -> Game:
        """A game of these players and rules standing at ``state``, this game's position
        after ``moves`` moves (as its frames keep it), without the history that led
        there: a question about a position costs the position, not a copy of the whole
        game (a copy per position grows with the square of the game's length).  It
        says what is legal there and why a move is refused; it has no steps to narrate
        or undo, and the chance of a move played on it (Koira's share, the dreck) comes
        from a generator of its own, seeded with the game's seed and ``moves``."""
        game = Game.__new__(Game)
        game.players, game.rules, game.seed, game.start, game.dealer = (
            self.players, self.rules, self.seed, self.start, self.dealer)
        game.narrate = self.narrate
        game._sink = DROP
        game._initial = self._initial
        game._phases = self._phases
        game._state = state.copy()
        game._state.rng = random.Random(moves << 64 | (self.seed or 0))
        game._steps, game._actions, game._legal = [], [], None
        game.move_count, game.is_over = moves, state.to_play is None
        return game

    def copy(self) -> Game:
        """An independent copy of this game, history included."""
        game = self.copy_at(0)
        game._state = self._state.copy()
        rng = self._state.rng
        assert rng is not None  # a game's state always has its generator
        game._state.rng = random.Random()
        game._state.rng.setstate(rng.getstate())
        game._steps = list(self._steps)
        game._actions = list(self._actions)
        game.move_count, game.is_over = self.move_count, self.is_over
        return game

    def copy_at(self, moves: int, narrate: bool | None = None) -> Game:
        """A copy of this game after its first ``moves`` actions (narrated or headless
        as this game is, unless ``narrate`` says)."""
        game = Game.__new__(Game)
        game.players, game.rules, game.seed, game.start, game.dealer = (
            self.players, self.rules, self.seed, self.start, self.dealer)
        game.narrate = self.narrate if narrate is None else narrate
        game._sink = DROP
        game._initial = self._initial
        game._phases = self._phases
        game._restart()
        for action in self.actions[:moves]:
            game._apply(action)
        return game

    def _repr_html_(self) -> str:
        """The table as HTML, so a notebook cell showing a game draws it."""
        from .view import position_html  # only a notebook display needs the HTML

        return position_html(self)

    def __repr__(self) -> str:
        s = self._state
        status = (f"over, {self.players[s.loser]} is the Skitgubbe" if s.to_play is None
                  and s.loser is not None else
                  "over" if s.to_play is None else f"{self.players[s.to_play]} to play")
        return (f"<Game {self.rules.describe()}, {len(self.players)} players, "
                f"phase {s.phase}, move {self.move_count}, {status}>")


def _check_seed(seed: int) -> int:
    """A seed a record can store: a whole number from 0 to 2**64 - 1."""
    try:
        value = operator.index(seed)
    except TypeError:
        value = -1
    if isinstance(seed, bool) or not 0 <= value <= MAX_SEED:
        raise RulesError(_("the seed {seed} should be a whole number from 0 to {most}").format(
            seed=quote(seed), most=MAX_SEED))
    return value


def _check_names(players: Sequence[str]) -> tuple[str, ...]:
    names = tuple(players)
    if not 2 <= len(names) <= MAX_PLAYERS:
        raise RulesError(_("a game needs 2-{most} players, not {count}").format(
            most=MAX_PLAYERS, count=len(names)))
    seen: set[str] = set()
    for name in names:
        if not is_name(name):
            raise RulesError(_("{name} is not a usable player name: use 1-{most} characters "
                               "without ':', control characters or surrounding spaces").format(
                name=quote(name), most=MAX_NAME))
        if name in seen:
            raise RulesError(_("player names must differ: {name} is named twice").format(
                name=quote(name)))
        seen.add(name)
    return names
