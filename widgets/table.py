"""A table to play at: the reader takes one seat against computer players."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from skitgubbe_core import Game, SkitgubbeError
from skitgubbe_core.actions import PLAY, Action
from skitgubbe_core.bots import BOT_TITLES, make_bot
from skitgubbe_core.cards import SUIT_SYMBOLS
from skitgubbe_core.frames import Frame, frames
from skitgubbe_core.ladder import Rating, stored_ratings
from skitgubbe_core.view import (
    SIZES,
    TEXT_STYLE,
    board_html,
    frame_board_html,
    hand_order,
    narration_html,
    text_presentation,
)

from .static import StaticPicture

_RED = "#c8102e"


def _card_button(card, enabled: bool, on_click) -> w.Button:
    button = w.Button(description=f"{card.label}{SUIT_SYMBOLS[card.suit]}{TEXT_STYLE}",
                      tooltip=f"play the {card.name}", disabled=not enabled,
                      layout=w.Layout(width="auto", min_width="3.2em", height="2.6em",
                                      flex="0 0 auto"))
    button.style.font_weight = "bold"
    if card.is_red:
        button.style.text_color = _RED
    button.on_click(on_click)
    return button


def _rated(title: str, rating: Rating | None) -> str:
    """An opponent's menu entry: its title and its stored ladder rating, if any."""
    return title if rating is None else f"{title} (rating {rating.mu:.1f})"


class PlayTable(StaticPicture, w.VBox):
    """Play ``seat`` of a game of ``variant``; the other seats are computer players
    (``opponent``: ``random``, ``heuristic`` or ``search``).

    Your hand is a row of cards, sorted by suit (trumps last in phase 2) and rank; only
    the cards you may play are enabled.  Other moves (pick up, turn, runs, variant
    actions) are buttons; **undo** takes back your last move and the replies to it;
    **new deal** deals again.  The computer players' moves are shown frame by frame:
    press **continue** to see the next.  Where the rules let the reader act out of turn
    (Mas's exchange and storing, Atlanta's slough while the trick is undecided), those
    moves are offered while the computer players wait, beside a button to let them play
    on.  A move typed into the box that the rules forbid is refused with the reason and
    the rule.
    """

    def __init__(self, variant: str = "skitgubbe", players: Sequence[str] = ("Alex", "Bo", "Cai"),
                 seat: int = 0, seed: int = 1, deck: str = "two-colour",
                 opponent: str = "random", size: str = "normal") -> None:
        self.variant, self.names, self.seat = variant, list(players), seat
        self.deck, self.size, self.opponent = deck, size, opponent
        self.board = w.HTML()
        self.narration = w.HTML()
        self.message = w.HTML()
        self.hand = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.moves = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.proceed = w.Button(description="continue", icon="play", button_style="info",
                                tooltip="show the next thing that happens",
                                layout=w.Layout(width="auto"))
        self.undo_button = w.Button(description="undo", icon="undo",
                                    tooltip="take back your last move and the replies to it",
                                    layout=w.Layout(width="auto"))
        self.new_button = w.Button(description="new deal", icon="refresh",
                                   tooltip="deal again (the next seed)",
                                   layout=w.Layout(width="auto"))
        self.entry = w.Text(placeholder="or type a move, e.g. play 7D", description="move",
                            layout=w.Layout(width="auto", min_width="14em", flex="1 1 14em"))
        self.submit = w.Button(description="play it", layout=w.Layout(width="auto"))
        ratings = stored_ratings(variant, len(self.names))
        self.chooser = w.Dropdown(options=[(_rated(title, ratings.get(name)), name)
                                           for name, title in BOT_TITLES.items()],
                                  value=opponent, description="opponents",
                                  layout=w.Layout(width="auto", max_width="100%"))
        self.chooser.observe(lambda change: self.choose_opponent(change["new"]), names="value")
        self.proceed.on_click(lambda _: self.step_on())
        self.undo_button.on_click(lambda _: self.undo())
        self.new_button.on_click(lambda _: self.new_deal())
        self.submit.on_click(lambda _: self.play(self.entry.value))
        wrap = w.Layout(flex_flow="row wrap", align_items="center")
        super().__init__([
            self.board, self.narration,
            w.HBox([w.HTML("<b>Your hand:</b>&nbsp;"), self.hand], layout=wrap),
            self.moves,
            w.HBox([self.proceed, self.undo_button, self.new_button], layout=wrap),
            w.HBox([self.entry, self.submit], layout=wrap), self.chooser, self.message])
        self.deal(seed)

    # -- the game ---------------------------------------------------------------------

    def deal(self, seed: int) -> None:
        """A new deal from ``seed``."""
        self.seed = seed
        self.game = Game(self.names, self.variant, seed=seed)
        self.choose_opponent(self.opponent)
        self._decisions: list[int] = []
        self._queue: list[Frame] = []
        self._shown: Frame | None = None
        self.message.value = ""
        self._refresh()

    def choose_opponent(self, name: str) -> None:
        """Let ``name`` (a bot of :data:`skitgubbe_core.bots.BOTS`) play every other seat
        from now on."""
        self.opponent = name
        self.bots = {p: make_bot(name, seed=self.seed * 16 + p)
                     for p in range(len(self.names)) if p != self.seat}
        self.chooser.value = name

    def new_deal(self) -> None:
        self.deal(self.seed + 1)

    def play(self, action: Action | str) -> None:
        """Play for the reader's seat; an illegal move is explained, not played."""
        if self._queue:
            self.message.value = ('<span style="color:#a00">Not yet: press <b>continue</b> to '
                                  "see what the others did.</span>")
            return
        if isinstance(action, str):
            text = action.strip()
            action = text if ":" in text else f"{self.game.players[self.seat]}: {text}"
        moves = self.game.move_count
        try:
            self.game.play(action)
        except SkitgubbeError as err:
            self.message.value = f'<span style="color:#a00">Not allowed: {escape(str(err))}</span>'
            return
        self.message.value = ""
        self.entry.value = ""
        self._decisions.append(moves)
        self._queue = self._frames_of_last_step()
        self.step_on()

    def step_on(self) -> None:
        """Show the next frame; when none is waiting, let the next computer player move."""
        game = self.game
        if not self._queue and not game.is_over and game.to_play != self.seat:
            game.play(self.bots[game.to_play].choose(game))
            self._queue = self._frames_of_last_step()
        if self._queue:
            self._shown = self._queue.pop(0)
        self._refresh()

    def undo(self) -> None:
        """Take back the reader's last move and every computer move after it."""
        if not self._decisions:
            self.message.value = '<span style="color:#a00">There is no move of yours to undo.</span>'
            return
        self.game = self.game.copy_at(self._decisions.pop())
        self._queue, self._shown = [], None
        self.message.value = ""
        self._refresh()

    def _frames_of_last_step(self) -> list[Frame]:
        last = self.game.move_count
        return [f for f in frames(self.game) if f.move == last]

    # -- the view -----------------------------------------------------------------------

    @property
    def waiting(self) -> bool:
        """True while there is something to see before the reader may move."""
        game = self.game
        return bool(self._queue) or (not game.is_over and game.to_play != self.seat)

    def _refresh(self) -> None:
        game = self.game
        frame = self._shown
        if frame is not None and (self._queue or frame.move == game.move_count):
            board = frame_board_html(frame, game.players, game.rules, viewer=self.seat,
                                     deck=self.deck, size=self.size)
            told = narration_html(frame, game.players)
        else:
            board = board_html(game._state, game.players, game.rules, viewer=self.seat,
                               deck=self.deck, size=self.size)
            told = ""
        self.board.value = board
        self.narration.value = f'<div style="font-size:{SIZES[self.size]}">{told}</div>'
        waiting = self.waiting
        mine = not self._queue and not game.is_over
        legal = game.legal_actions(self.seat) if mine else []
        singles = {a.cards[0]: a for a in legal if a.kind == PLAY and len(a.cards) == 1}
        trump = game.trump if game.phase == 2 else None
        self.hand.children = [
            _card_button(c, c in singles, lambda _, a=singles.get(c): self.play(a))  # noqa: B008 (binds c's action)
            for c in hand_order(game.hands[self.seat], trump)]
        others = sorted((a for a in legal if not (a.kind == PLAY and len(a.cards) == 1)),
                        key=lambda a: a.text)
        buttons = [self._move_button(a) for a in others]
        if legal and game.to_play != self.seat:
            play_on = w.Button(description=f"let {game.players[game.to_play]} play on",
                               layout=w.Layout(width="auto", flex="0 0 auto"))
            play_on.on_click(lambda _: self.step_on())
            buttons.append(play_on)
        self.moves.children = buttons
        self.proceed.disabled = not waiting
        self.proceed.description = ("continue" if waiting else "your turn" if mine
                                    else "game over")
        self.undo_button.disabled = not self._decisions
        self.entry.disabled = self.submit.disabled = not mine

    def _move_button(self, action: Action) -> w.Button:
        button = w.Button(description=text_presentation(action.text),
                          layout=w.Layout(width="auto", flex="0 0 auto"))
        button.on_click(lambda _: self.play(action))
        return button

    def static_html(self) -> str:
        return self.board.value + self.narration.value

    def __repr__(self) -> str:
        return f"PlayTable({self.game.rules.describe()!r}, seat {self.game.players[self.seat]!r})"
