"""A table to play at: the reader takes one seat against computer players.

Each move's frames are made from a copy of the game that trails it by one step (see
:func:`skitgubbe_core.frames.step_frames`), so a click costs the same at move 1,000 as
at move 10; the move log keeps one line per step and shows the latest
:data:`LOG_SHOWN`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from html import escape
from typing import Any

import ipywidgets as w

from skitgubbe_core import PRESETS, Game, Rules, SkitgubbeError
from skitgubbe_core.actions import (
    EXCHANGE,
    PASS,
    PICK_UP,
    PLAY,
    STORE,
    TURN,
    Action,
    parse_action,
)
from skitgubbe_core.bots import BOT_TITLES, BOTS, Bot, make_bot
from skitgubbe_core.cards import SUIT_SYMBOLS, Card, card_name, rank_label
from skitgubbe_core.events import Step
from skitgubbe_core.frames import Frame, step_frames
from skitgubbe_core.i18n import N_, Messages, ngettext, number, speaking
from skitgubbe_core.i18n import gettext as _
from skitgubbe_core.ladder import Rating, stored_ratings
from skitgubbe_core.quiz import legal_question
from skitgubbe_core.rulebook import RULEBOOK
from skitgubbe_core.schema import MAX_SEED
from skitgubbe_core.view import (
    SIZES,
    TEXT_STYLE,
    board_html,
    frame_board_html,
    hand_order,
    narration_html,
    sentence_for,
    text_presentation,
)

from . import arguments
from .classroom import SizeSwitch, default_size
from .static import StaticPicture

_RED = "#c8102e"
_CARD_SIZES = {"normal": "16px", "large": "26px", "huge": "36px"}
"""The card buttons' type size at each size of the table."""
LOG_SHOWN = 40
"""The move log shows this many of the latest moves (a whole deal can have hundreds)."""
MOVE_WORDS = Messages({TURN: "turn up the top stock card", PICK_UP: "pick up",
                       PASS: "do not slough", EXCHANGE: "exchange the two of trumps",
                       STORE: "store three trumps"})
"""What the buttons of the moves that are not a single card say."""


_PLAYABLE = "#1b5e20"
"""A playable card's button: white text on it has a contrast of 7.9:1."""


def _card_button(card: Card, enabled: bool, on_click: Callable[[Any], None],
                 size: str = "normal", refusal: str | None = None) -> w.Button:
    """A card of the reader's hand: a playable one is enabled and carries a tick (not
    only a colour), the others are greyed out, their tooltip saying why the engine
    refuses them (``refusal``, with its rule) when the reader is to play."""
    name = card_name(card)
    if enabled:
        tooltip = _("play the {card}").format(card=name)
    elif refusal is not None:
        tooltip = _("the {card} cannot be played now: {reason}").format(card=name,
                                                                          reason=refusal)
    else:
        tooltip = _("the {card} cannot be played now").format(card=name)
    button = w.Button(description=f"{rank_label(card)}{SUIT_SYMBOLS[card.suit]}{TEXT_STYLE}",
                      tooltip=tooltip,
                      disabled=not enabled, icon="check" if enabled else "",
                      button_style="success" if enabled else "",
                      layout=w.Layout(width="auto", min_width="3.2em", height="2.6em",
                                      flex="0 0 auto"))
    button.style.font_weight = "bold"
    button.style.font_size = _CARD_SIZES[size]
    if enabled:  # the theme's success green is too light for white text (WCAG AA 4.5:1)
        button.style.button_color = _PLAYABLE
    elif card.is_red:
        button.style.text_color = _RED
    button.on_click(on_click)
    return button


def _button(description: str, icon: str, tooltip: str, style: str = "") -> w.Button:
    return w.Button(description=_(description), icon=icon, tooltip=_(tooltip), button_style=style,
                    layout=w.Layout(width="auto", flex="0 0 auto"))


def _rated(title: str, rating: Rating | None) -> str:
    """An opponent's menu entry: its title and its stored ladder rating, if any."""
    if rating is None:
        return title
    return _("{title} (rating {mu})").format(title=title, mu=number(rating.mu, 1))


class PlayTable(StaticPicture, w.VBox):
    """Play ``seat`` of a game of ``variant``; the other seats are computer players
    (``opponent``: ``random``, ``heuristic`` or ``search``).

    Your hand is a row of cards, sorted by suit (trumps last in phase 2) and rank; the
    cards you may play carry a tick, the others are greyed out.  Other moves (pick up,
    turn up the stock card, runs, variant actions) are buttons; **undo** takes back
    your last move and the replies to it; **new deal** deals again.  The computer
    players' moves are shown frame by frame: **next step** shows the next, **skip to
    my turn** jumps to your next move, **play to the end** lets the computer play your
    seat too, to the end of the deal.  The move log lists the deal's moves in
    sentences, latest first.  Where the rules let the reader act out of turn (Mas's
    exchange and storing, Atlanta's slough while the trick is undecided), those moves
    are offered while the computer players wait, beside a button to let them play on.
    A move is typed into the box in the notation (``play 7D``) or in Swedish (``lägg E♥``,
    ``spela Kn♣``, ``ta upp``, ``vänd upp``); one the rules forbid is refused with the
    reason and the rule.  ``lang="sv"`` shows every word in Swedish.
    """

    children: tuple[Any, ...]  # ipywidgets' trait (untyped): the widgets shown

    @speaking
    def __init__(self, variant: str = "skitgubbe", players: Sequence[str] = ("Alex", "Bo", "Cai"),
                 seat: int = 0, seed: int = 1, deck: str = "two-colour",
                 opponent: str = "random", size: str | None = None, lang: str | None = None) -> None:
        self.lang = lang
        names = arguments.names("players", players)
        self.variant, self.names = arguments.one_of("variant", variant, PRESETS), names
        Rules.preset(variant).check_players(len(names))
        self.seat = arguments.whole_number("seat", seat, 0, len(names) - 1)
        self.deck, self.size = arguments.deck(deck), arguments.size(size) or default_size()
        self.opponent = arguments.one_of("opponent", opponent, BOTS)
        arguments.whole_number("seed", seed, 0, MAX_SEED)
        self.board = w.HTML()
        self.narration = w.HTML()
        self.message = w.HTML()
        self.move_log = w.HTML()
        self.hand_label = w.HTML()
        self.hand = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self._hand_key: tuple[object, ...] = ()
        self.moves = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.proceed = _button(N_("next step"), "play", N_("show the next thing that happens"),
                               "info")
        self.skip = _button(N_("skip to my turn"), "fast-forward",
                            N_("let the computer players play on until it is your move"))
        self.finish = _button(N_("play to the end"), "flag-checkered",
                              N_("let the computer play your seat too, to the end of the deal"))
        self.undo_button = _button(N_("undo"), "undo",
                                   N_("take back your last move and the replies to it"))
        self.new_button = _button(N_("new deal"), "refresh", N_("deal again (the next seed)"))
        self.entry = w.Text(placeholder=_("or type a move, e.g. play 7D"),
                            description=_("your move"),
                            style={"description_width": "initial"},
                            layout=w.Layout(width="auto", min_width="14em", flex="1 1 14em"))
        self.submit = _button(N_("play it"), "", N_("play the move typed in the box"))
        self.hint_button = _button(N_("hint"), "question-circle",
                                   N_("what you may do now, and why not the rest"))
        self.hint_button.on_click(lambda _: self.hint())
        ratings = stored_ratings(variant, len(self.names))
        self.chooser = w.Dropdown(options=[(_rated(title, ratings.get(name)), name)
                                           for name, title in BOT_TITLES.items()],
                                  value=opponent, description=_("computer players"),
                                  style={"description_width": "initial"},
                                  layout=w.Layout(width="auto", max_width="100%"))
        self.chooser.observe(lambda change: self.choose_opponent(change["new"]), names="value")
        self.proceed.on_click(lambda _: self.step_on())
        self.skip.on_click(lambda _: self.skip_to_my_turn())
        self.finish.on_click(lambda _: self.play_to_the_end())
        self.undo_button.on_click(lambda _: self.undo())
        self.new_button.on_click(lambda _: self.new_deal())
        self.submit.on_click(lambda _: self.play(self.entry.value))
        self.entry.on_msg(self._entered)
        wrap = w.Layout(flex_flow="row wrap", align_items="center")
        super().__init__([
            self.board, self.narration,
            w.HBox([self.hand_label, self.hand], layout=wrap),
            self.moves,
            w.HBox([self.proceed, self.skip, self.finish, self.undo_button, self.new_button,
                    self.hint_button], layout=wrap),
            w.HBox([self.entry, self.submit], layout=wrap), self.chooser, self.message,
            self.move_log])
        self.size_switch = SizeSwitch(self, self.size, self._resize)
        self.children = (*self.children, self.size_switch)
        self.deal(seed)

    def _entered(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        """Enter in the move box plays the move typed, as the "play it" button does (the
        box's front end sends a ``submit`` message)."""
        if content.get("event") == "submit" and not self.entry.disabled:
            self.play(self.entry.value)

    def _resize(self, size: str) -> None:
        self.size = size
        self._hand_key = ()
        self._refresh()

    # -- the game ---------------------------------------------------------------------

    @speaking
    def deal(self, seed: int) -> None:
        """A new deal from ``seed``."""
        self.seed = arguments.whole_number("seed", seed, 0, MAX_SEED)
        self.game = Game(self.names, self.variant, seed=seed)
        self.choose_opponent(self.opponent)
        self._replay = self.game.copy()
        self._decisions: list[int] = []
        self._log: list[str] = []
        self._queue: list[Frame] = []
        self._shown: Frame | None = None
        self.message.value = ""
        self._refresh()

    @speaking
    def choose_opponent(self, name: str) -> None:
        """Let ``name`` (a bot of :data:`skitgubbe_core.bots.BOTS`) play every other seat
        from now on."""
        self.opponent = arguments.one_of("name", name, BOTS)
        self.bots = {p: make_bot(name, seed=self.seed * 16 + p)
                     for p in range(len(self.names)) if p != self.seat}
        self.chooser.value = name

    def new_deal(self) -> None:
        """Deal again, from the next seed."""
        self.deal((self.seed + 1) % (MAX_SEED + 1))

    def _click(self, action: Action | None, _button: Any) -> None:
        """A card button's click: play its action (a card without one is disabled)."""
        if action is not None:
            self.play(action)

    def _advance(self, action: Action | str) -> list[Frame]:
        """Play ``action`` (checked by the game: an illegal one raises), log it, and
        return its frames, made on the trailing copy."""
        return step_frames(self._replay, self._unpictured(action))

    def _unpictured(self, action: Action | str) -> Action:
        """Play ``action`` on the game and log it, leaving the trailing copy one step
        behind; returns the action played."""
        step = self.game.play(action)
        assert isinstance(step, Step)
        self._log.append(self._log_line(step))
        return step.action

    @speaking
    def play(self, action: Action | str) -> None:
        """Play for the reader's seat; an illegal move is explained, not played."""
        if not isinstance(action, (Action, str)):
            raise arguments.wrong_kind("action", action, N_("a move as text or an Action"))
        if self._queue:
            wait = _("Not yet: press <b>next step</b> (or <b>skip to my turn</b>) to see what "
                     "the others did.")
            self.message.value = f'<span style="color:#a00">{wait}</span>'
            return
        name = self.game.players[self.seat]
        only = _("Not allowed: you play for {player} only; type the move alone, e.g. "
                 "<b>play 7D</b>.").format(player=escape(name))
        if isinstance(action, str):
            text = action.strip()
            who, said, move = text.partition(":")
            if said and who.strip() != name:
                self.message.value = f'<span style="color:#a00">{only}</span>'
                return
            action = f"{name}: {move.strip() if said else text}"
        elif isinstance(action, Action) and action.player != self.seat:
            self.message.value = f'<span style="color:#a00">{only}</span>'
            return
        moves = self.game.move_count
        try:
            if isinstance(action, str):  # typed: the notation, or Swedish words and ranks
                action = parse_action(action, self.game.players, typed=True)
            self._queue = self._advance(action)
        except SkitgubbeError as err:
            refused = _("Not allowed: {reason}").format(reason=escape(str(err)))
            self.message.value = f'<span style="color:#a00">{refused}</span>'
            return
        self.message.value = ""
        self.entry.value = ""
        self._decisions.append(moves)
        self.step_on()

    @speaking
    def hint(self) -> None:
        """Say what the reader may do now and why each other move would be refused (the
        engine's reason and rule)."""
        game = self.game
        if self.waiting or game.is_over or game.to_play != self.seat:
            self.message.value = ""
            return
        q = legal_question(game)
        allowed = ", ".join(q.label(a) for a in q.answer)
        refused = "".join(f"<li>{escape(q.label(c))}: {escape(why)}</li>"
                          for c, why in q.refusals.items())
        note = (f"<ul>{refused}</ul>" if refused
                else f"<p>{escape(q.why[:1].upper() + q.why[1:])} ({escape(q.rule)}).</p>")
        self.message.value = text_presentation(
            '<div class="sg-hint"><b>' + _("You may:") + f"</b> {escape(allowed)}.{note}</div>")

    @speaking
    def step_on(self) -> None:
        """Show the next frame; when none is waiting, let the next computer player move."""
        game = self.game
        turn = game.to_play
        if not self._queue and turn is not None and turn != self.seat:
            self._queue = self._advance(self.bots[turn].choose(game))
        if self._queue:
            self._shown = self._queue.pop(0)
        self._refresh()

    @speaking
    def skip_to_my_turn(self) -> None:
        """Let the computer players move until it is the reader's move (or the game is
        over), and show the last frame."""
        game = self.game
        self._play_out(lambda: not game.is_over and game.to_play != self.seat, self.bots)

    @speaking
    def play_to_the_end(self) -> None:
        """Let the computer play every seat, the reader's too, to the end of the deal
        (``undo`` comes back here)."""
        game = self.game
        moves = game.move_count
        mine = make_bot(self.opponent, seed=self.seed * 16 + self.seat)
        self._play_out(lambda: not game.is_over, {**self.bots, self.seat: mine})
        if game.move_count > moves:
            self._decisions.append(moves)
            self._refresh()

    def _play_out(self, going_on: Callable[[], bool], players: dict[int, Bot]) -> None:
        """Let ``players`` (seat: bot) move while ``going_on()``, then show the last
        frame; the trailing copy follows one step behind, so only the last step is
        pictured."""
        game = self.game
        last = None
        while going_on():
            if last is not None:
                self._replay.play(last)
            turn = game.to_play
            assert turn is not None  # going_on() holds only while the deal goes on
            last = self._unpictured(players[turn].choose(game))
        if last is not None:
            self._shown = step_frames(self._replay, last)[-1]
        self._queue = []
        self._refresh()

    @speaking
    def undo(self) -> None:
        """Take back the reader's last move and every computer move after it."""
        if not self._decisions:
            none = _("There is no move of yours to undo.")
            self.message.value = f'<span style="color:#a00">{none}</span>'
            return
        moves = self._decisions.pop()
        self.game = self.game.copy_at(moves)
        self._log = self._log[:moves]
        self._replay = self.game.copy()
        self._queue, self._shown = [], None
        self.message.value = ""
        self._refresh()

    # -- the view -----------------------------------------------------------------------

    def _log_line(self, step: Step) -> str:
        said = "; ".join(sentence_for(e, self.game.players, self.seat) for e in step.events)
        return f"<li><b>{step.number}.</b> {escape(text_presentation(said))}.</li>"

    @property
    def waiting(self) -> bool:
        """True while there is something to see before the reader may move."""
        game = self.game
        return bool(self._queue) or (not game.is_over and game.to_play != self.seat)

    @speaking
    def _refresh(self) -> None:
        game = self.game
        frame = self._shown
        if frame is not None and (self._queue or frame.move == game.move_count):
            state = frame.state
            board = frame_board_html(frame, game.players, game.rules, viewer=self.seat,
                                     deck=self.deck, size=self.size, held=self.seat)
            told = narration_html(frame, game.players, viewer=self.seat)
        else:
            state = game.state
            board = board_html(state, game.players, game.rules, viewer=self.seat,
                               deck=self.deck, size=self.size, held=self.seat)
            told = ""
        self.board.value = board
        size = SIZES[self.size]
        self.narration.value = (f'<div role="status" aria-live="polite" '  # read out on change
                                f'style="font-size:{size}">{told}</div>')
        waiting = self.waiting
        mine = not self._queue and not game.is_over
        legal = game.legal_actions(self.seat) if mine else []
        singles = {a.cards[0]: a for a in legal if a.kind == PLAY and len(a.cards) == 1}
        trump = state.trump if state.phase == 2 else None
        name = escape(game.players[self.seat])
        yours = _("Your hand ({player}):").format(player=name)
        ticks = _("the cards with a tick may be played") if singles else ""
        self.hand_label.value = (f'<span style="font-size:{size}"><b>{yours}</b> '
                                 f"{ticks}&nbsp;</span>")
        cards = hand_order(state.hands[self.seat], trump)
        key = (tuple(cards), tuple(singles.get(c) for c in cards),
               game.move_count if legal else None)  # refusals change with each move
        if key != self._hand_key:
            self._hand_key = key
            self.hand.children = [
                _card_button(c, c in singles, partial(self._click, singles.get(c)), self.size,
                             None if c in singles or not legal else self._refusal(c))
                for c in cards]
        others = sorted((a for a in legal if not (a.kind == PLAY and len(a.cards) == 1)),
                        key=lambda a: a.text)
        buttons = [self._move_button(a) for a in others]
        turn = game.to_play
        if legal and turn is not None and turn != self.seat:
            play_on = w.Button(description=_("let {player} play on").format(
                player=game.players[turn]),
                               layout=w.Layout(width="auto", flex="0 0 auto"))
            play_on.on_click(lambda _: self.step_on())
            buttons.append(play_on)
        self.moves.children = buttons
        self.proceed.disabled = self.skip.disabled = not waiting
        self.finish.disabled = game.is_over
        self.proceed.description = (_("next step") if waiting else _("your move") if mine
                                    else _("game over"))
        self.undo_button.disabled = not self._decisions
        self.entry.disabled = self.submit.disabled = not mine
        self.hint_button.disabled = waiting or not mine
        earlier = len(self._log) - LOG_SHOWN
        more = ('<li style="list-style:none;color:#555">' + ngettext(
            "... and {count} earlier move", "... and {count} earlier moves", earlier).format(
            count=earlier) + "</li>" if earlier > 0 else "")
        heading = _("Moves of this deal")
        latest = _("({count}, latest first)").format(count=len(self._log))
        lines = "".join(reversed(self._log[-LOG_SHOWN:]))
        self.move_log.value = (
            f'<details class="sg-log" open style="font-size:{size}"><summary style="cursor:'
            f'pointer"><b>{heading}</b> {latest}</summary>'
            f'<ul class="sg-log-moves" style="list-style:none;padding-left:0.5em;max-height:14em;'
            f'overflow-y:auto;margin:0.2em 0;line-height:1.35">{lines}{more}</ul></details>'
            if self._log else "")

    def _refusal(self, card: Card) -> str | None:
        """Why the engine refuses the reader playing ``card`` now, with its rule."""
        refused = self.game.refusal(Action(self.seat, PLAY, (card,)))
        return None if refused is None else f"{refused[0]} ({RULEBOOK[refused[1]].reference})"

    def _move_button(self, action: Action) -> w.Button:
        words = MOVE_WORDS.get(action.kind, action.kind) if not action.cards else action.label
        button = w.Button(description=text_presentation(words),
                          layout=w.Layout(width="auto", flex="0 0 auto"))
        button.on_click(lambda _: self.play(action))
        return button

    @speaking
    def static_html(self) -> str:
        """The table as the reader sees it, their hand on the board (no buttons)."""
        game, frame = self.game, self._shown
        if frame is not None and (self._queue or frame.move == game.move_count):
            board = frame_board_html(frame, game.players, game.rules, viewer=self.seat,
                                     deck=self.deck, size=self.size)
        else:
            board = board_html(game.state, game.players, game.rules, viewer=self.seat,
                               deck=self.deck, size=self.size)
        return f"{board}{self.narration.value}"

    def __repr__(self) -> str:
        return f"PlayTable({self.game.rules.describe()!r}, seat {self.game.players[self.seat]!r})"
