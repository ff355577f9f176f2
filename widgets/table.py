"""A table to play at: the reader takes one seat against computer players.

Python keeps the engine (the game, the computer players, typed moves, hint, undo) and
after each change sets one trait, ``table`` (:meth:`PlayTable.view_data`); the shared
front end (:mod:`.frontend`) draws it with native buttons, a labelled move box and
menu, and sends each click back as a message (``{"event": ...}``, see
:meth:`PlayTable.received`).

Each move's frames are made from a copy of the game that trails it by one step (see
:func:`skitgubbe_core.frames.step_frames`), so a click costs the same at move 1,000 as
at move 10; the move log keeps one line per step and shows the latest
:data:`LOG_SHOWN`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import traitlets as t

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
    TEXT_STYLE,
    board_html,
    frame_board_html,
    hand_order,
    narration_html,
    sentence_for,
    text_presentation,
)

from . import arguments
from .classroom import default_size
from .frontend import View
from .static import StaticPicture

LOG_SHOWN = 40
"""The move log shows this many of the latest moves (a whole deal can have hundreds)."""
TYPED_SHOWN = 200
"""A move typed in the browser is read up to this many characters (a longer one is no move)."""
MOVE_WORDS = Messages({TURN: "turn up the top stock card", PICK_UP: "pick up",
                       PASS: "do not slough", EXCHANGE: "exchange the two of trumps",
                       STORE: "store three trumps"})
"""What the buttons of the moves that are not a single card say."""
CONTROLS = {  # name: (what it says, what it does)
    "next": (N_("next step"), N_("show the next thing that happens")),
    "skip": (N_("skip to my turn"), N_("let the computer players play on until it is your move")),
    "finish": (N_("play to the end"),
               N_("let the computer play your seat too, to the end of the deal")),
    "undo": (N_("undo"), N_("take back your last move and the replies to it")),
    "new": (N_("new deal"), N_("deal again (the next seed)")),
    "hint": (N_("hint"), N_("what you may do now, and why not the rest")),
}
"""The table's buttons, in their order; each sends its name as the event."""


def _card(card: Card, playable: bool, refusal: str | None) -> dict[str, Any]:
    """A card of the reader's hand as the browser draws it: a playable one is a button
    with a tick (not only a colour), the others are greyed out, their tip saying why the
    engine refuses them (``refusal``, with its rule) when the reader is to play."""
    name = card_name(card)
    if playable:
        tip = _("play the {card}").format(card=name)
    elif refusal is not None:
        tip = _("the {card} cannot be played now: {reason}").format(card=name, reason=refusal)
    else:
        tip = _("the {card} cannot be played now").format(card=name)
    return {"label": f"{rank_label(card)}{SUIT_SYMBOLS[card.suit]}{TEXT_STYLE}", "name": name,
            "playable": playable, "tip": tip, "red": card.is_red}


def _rated(title: str, rating: Rating | None) -> str:
    """An opponent's menu entry: its title and its stored ladder rating, if any."""
    if rating is None:
        return title
    return _("{title} (rating {mu})").format(title=title, mu=number(rating.mu, 1))


class PlayTable(StaticPicture, View):
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

    The browser draws the trait ``table`` (see :meth:`view_data`) and sends each click
    as a message, which :meth:`received` answers by playing and setting ``table`` again.
    """

    table = t.Dict().tag(sync=True)

    @speaking
    def __init__(self, variant: str = "skitgubbe", players: Sequence[str] = ("Alex", "Bo", "Cai"),
                 seat: int = 0, seed: int = 1, deck: str = "two-colour",
                 opponent: str = "random", size: str | None = None, lang: str | None = None) -> None:
        self.lang = lang
        names = arguments.names("players", players)
        self.variant, self.names = arguments.one_of("variant", variant, PRESETS), names
        Rules.preset(variant).check_players(len(names))
        self.seat = arguments.whole_number("seat", seat, 0, len(names) - 1)
        self.deck, size = arguments.deck(deck), arguments.size(size) or default_size()
        self.opponent = arguments.one_of("opponent", opponent, BOTS)
        arguments.whole_number("seed", seed, 0, MAX_SEED)
        ratings = stored_ratings(variant, len(self.names))
        self.opponents = [{"name": name, "label": _rated(title, ratings.get(name))}
                          for name, title in BOT_TITLES.items()]
        words = {name: _(said) for name, (said, _tip) in CONTROLS.items()}
        words |= {f"{name}_tip": _(tip) for name, (_said, tip) in CONTROLS.items()}
        words |= {"entry": _("your move"), "placeholder": _("or type a move, e.g. play 7D"),
                  "submit": _("play it"), "submit_tip": _("play the move typed in the box"),
                  "opponents": _("computer players"), "log": _("Moves of this deal"),
                  "no-python": _("No answer from Python: the rules and the computer players "
                                 "run in Python, so the table plays only in a running "
                                 "notebook or in its app.")}
        self._message, self._alert, self._said = "", False, 0
        self._hand: list[Action | None] = []
        self._hand_key: tuple[object, ...] = ()
        self._cards: list[dict[str, Any]] = []
        self._moves: list[Action] = []
        super().__init__(size, words, kind="table")
        self.on_msg(self.received)
        self.deal(seed)

    # -- the browser's messages ----------------------------------------------------------

    @speaking
    def received(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        """Answer a message of the front end: ``{"event": name}`` for the buttons of
        :data:`CONTROLS`, ``card`` and ``move`` (with the ``index`` of the hand's card or
        of the other moves), ``play`` (with the ``text`` typed) and ``opponent`` (with
        its ``name``).  A control the table shows disabled, or a message of another
        shape, is ignored.  Every message is answered (``{"answered": true}``), so the
        front end knows that Python runs."""
        self.send({"answered": True})
        if not isinstance(content, dict):
            return
        event, enabled = content.get("event"), self.table.get("enabled", {})
        index = content.get("index")
        if event in ("card", "move") and type(index) is int:
            shown = self._hand if event == "card" else self._moves
            chosen = shown[index] if 0 <= index < len(shown) else None
            if chosen is not None:
                self.play(chosen)
        elif event == "play" and isinstance(content.get("text"), str) and enabled.get("entry"):
            self.play(content["text"][:TYPED_SHOWN])
        elif event == "opponent" and content.get("name") in BOTS:
            self.choose_opponent(content["name"])
        elif event in CONTROLS and enabled.get(event):
            {"next": self.step_on, "skip": self.skip_to_my_turn, "finish": self.play_to_the_end,
             "undo": self.undo, "new": self.new_deal, "hint": self.hint}[event]()

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
        self._message, self._alert = "", False
        self._refresh()

    @speaking
    def choose_opponent(self, name: str) -> None:
        """Let ``name`` (a bot of :data:`skitgubbe_core.bots.BOTS`) play every other seat
        from now on."""
        self.opponent = arguments.one_of("name", name, BOTS)
        self.bots = {p: make_bot(name, seed=self.seed * 16 + p)
                     for p in range(len(self.names)) if p != self.seat}
        self.table = {**self.table, "opponent": name}

    def new_deal(self) -> None:
        """Deal again, from the next seed."""
        self.deal((self.seed + 1) % (MAX_SEED + 1))

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

    def _say(self, message: str, alert: bool = True) -> None:
        """Show ``message`` (HTML) below the table; ``alert``: a refusal."""
        self._message, self._alert, self._said = message, alert, self._said + 1
        self.table = {**self.table, "message": message, "alert": alert, "said": self._said}

    @property
    def message(self) -> str:
        """What the table says below the board (HTML): a refusal, a hint, or nothing."""
        return self._message

    @speaking
    def play(self, action: Action | str) -> None:
        """Play for the reader's seat; an illegal move is explained, not played."""
        if not isinstance(action, (Action, str)):
            raise arguments.wrong_kind("action", action, N_("a move as text or an Action"))
        if self._queue:
            self._say(_("Not yet: press <b>next step</b> (or <b>skip to my turn</b>) to see "
                        "what the others did."))
            return
        name = self.game.players[self.seat]
        only = _("Not allowed: you play for {player} only; type the move alone, e.g. "
                 "<b>play 7D</b>.").format(player=escape(name))
        if isinstance(action, str):
            text = action.strip()
            who, said, move = text.partition(":")
            if said and who.strip() != name:
                self._say(only)
                return
            action = f"{name}: {move.strip() if said else text}"
        elif isinstance(action, Action) and action.player != self.seat:
            self._say(only)
            return
        moves = self.game.move_count
        try:
            if isinstance(action, str):  # typed: the notation, or Swedish words and ranks
                action = parse_action(action, self.game.players, typed=True)
            self._queue = self._advance(action)
        except SkitgubbeError as err:
            self._say(_("Not allowed: {reason}").format(reason=escape(str(err))))
            return
        self._message, self._alert = "", False
        self._decisions.append(moves)
        self.step_on()

    @speaking
    def hint(self) -> None:
        """Say what the reader may do now and why each other move would be refused (the
        engine's reason and rule)."""
        game = self.game
        if self.waiting or game.is_over or game.to_play != self.seat:
            self._say("", alert=False)
            return
        q = legal_question(game)
        allowed = ", ".join(q.label(a) for a in q.answer)
        refused = "".join(f"<li>{escape(q.label(c))}: {escape(why)}</li>"
                          for c, why in q.refusals.items())
        note = (f"<ul>{refused}</ul>" if refused
                else f"<p>{escape(q.why[:1].upper() + q.why[1:])} ({escape(q.rule)}).</p>")
        self._say(text_presentation(
            '<div class="sg-hint"><b>' + _("You may:") + f"</b> {escape(allowed)}.{note}</div>"),
            alert=False)

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
            self._say(_("There is no move of yours to undo."))
            return
        moves = self._decisions.pop()
        self.game = self.game.copy_at(moves)
        self._log = self._log[:moves]
        self._replay = self.game.copy()
        self._queue, self._shown = [], None
        self._message, self._alert = "", False
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

    def _frame(self) -> Frame | None:
        """The frame on show, if the table shows one (else the game as it stands)."""
        frame = self._shown
        if frame is not None and (self._queue or frame.move == self.game.move_count):
            return frame
        return None

    def _board(self, held: int | None) -> str:
        game, frame = self.game, self._frame()
        if frame is not None:
            return frame_board_html(frame, game.players, game.rules, viewer=self.seat,
                                    deck=self.deck, held=held)
        return board_html(game.state, game.players, game.rules, viewer=self.seat,
                          deck=self.deck, held=held)

    @property
    def board(self) -> str:
        """The board on show (HTML), the reader's hand left to the card buttons."""
        return str(self.table["board"])

    @property
    def narration(self) -> str:
        """What the frame on show narrates (HTML; empty between frames)."""
        return str(self.table["told"])

    @speaking
    def _refresh(self) -> None:
        self.table = self.view_data()

    def view_data(self) -> dict[str, Any]:
        """What the browser draws: the board and narration (HTML), the hand's cards
        (``label``, ``name``, ``playable``, ``tip``, ``red``), the other ``moves``, which
        controls are ``enabled``, the ``message``, the ``log`` and the opponents."""
        game, frame = self.game, self._frame()
        state = frame.state if frame is not None else game.state
        waiting = self.waiting
        mine = not self._queue and not game.is_over
        legal = game.legal_actions(self.seat) if mine else []
        singles = {a.cards[0]: a for a in legal if a.kind == PLAY and len(a.cards) == 1}
        trump = state.trump if state.phase == 2 else None
        cards = hand_order(state.hands[self.seat], trump)
        key = (tuple(cards), tuple(singles.get(c) for c in cards),
               game.move_count if legal else None)  # refusals change with each move
        if key != self._hand_key:
            self._hand_key, self._hand = key, [singles.get(c) for c in cards]
            self._cards = [_card(c, c in singles,
                                 None if c in singles or not legal else self._refusal(c))
                           for c in cards]
        self._moves = sorted((a for a in legal if not (a.kind == PLAY and len(a.cards) == 1)),
                             key=lambda a: a.text)
        turn = game.to_play
        play_on = (_("let {player} play on").format(player=game.players[turn])
                   if legal and turn is not None and turn != self.seat else "")
        earlier = len(self._log) - LOG_SHOWN
        return {
            "board": self._board(self.seat),
            "told": narration_html(frame, game.players, viewer=self.seat) if frame else "",
            "yours": _("Your hand ({player}):").format(player=game.players[self.seat]),
            "ticks": _("the cards with a tick may be played") if singles else "",
            "hand": self._cards,
            "moves": [self._move_label(a) for a in self._moves],
            "play_on": play_on,
            "next_label": (_("next step") if waiting else _("your move") if mine
                           else _("game over")),
            "enabled": {"next": waiting, "skip": waiting, "finish": not game.is_over,
                        "undo": bool(self._decisions), "new": True,
                        "hint": mine and not waiting, "entry": mine},
            "message": self._message, "alert": self._alert, "said": self._said,
            "log": {"count": _("({count}, latest first)").format(count=len(self._log)),
                    "lines": self._log[:-LOG_SHOWN - 1:-1],
                    "more": ngettext("... and {count} earlier move", "... and {count} earlier moves",
                                     earlier).format(count=earlier) if earlier > 0 else ""},
            "opponents": self.opponents, "opponent": self.opponent,
        }

    def _refusal(self, card: Card) -> str | None:
        """Why the engine refuses the reader playing ``card`` now, with its rule."""
        refused = self.game.refusal(Action(self.seat, PLAY, (card,)))
        return None if refused is None else f"{refused[0]} ({RULEBOOK[refused[1]].reference})"

    @staticmethod
    def _move_label(action: Action) -> str:
        return text_presentation(MOVE_WORDS.get(action.kind, action.kind) if not action.cards
                                 else action.label)

    @speaking
    def static_html(self) -> str:
        """The table as the reader sees it, their hand on the board (no buttons)."""
        told = self.table["told"]
        return self._board(None) + (f'<div class="sg-narration">{told}</div>' if told else "")

    def __repr__(self) -> str:
        return f"PlayTable({self.game.rules.describe()!r}, seat {self.game.players[self.seat]!r})"
