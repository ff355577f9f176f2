"""A table to play at: the reader takes one seat against random computer players."""

from __future__ import annotations

from html import escape
from typing import Sequence

import ipywidgets as w

from skitgubbe_core import Game, SkitgubbeError
from skitgubbe_core.actions import Action
from skitgubbe_core.bots import RandomBot
from skitgubbe_core.view import position_html, text_presentation

from .static import StaticPicture


class PlayTable(StaticPicture, w.VBox):
    """Play ``seat`` of a game of ``variant``; the other seats are random players.

    Only legal moves are offered as buttons; a move typed into the box that the rules
    forbid is refused with the reason and the rule.  Where the rules let the reader act
    out of turn (Mas's exchange and storing, Atlanta's slough while the trick is
    undecided), the computer players pause to offer it, with a button to play on.
    """

    def __init__(self, variant: str = "skitgubbe", players: Sequence[str] = ("Alex", "Bo", "Cai"),
                 seat: int = 0, seed: int = 1, deck: str = "two-colour") -> None:
        self.game = Game(list(players), variant, seed=seed)
        self.seat = seat
        self.deck = deck
        self.bots = {p: RandomBot(seed * 16 + p) for p in range(len(players)) if p != seat}
        self.board = w.HTML()
        self.narration = w.HTML()
        self.message = w.HTML()
        self.moves = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.entry = w.Text(placeholder="or type a move, e.g. play 7D", description="move")
        self.submit = w.Button(description="play it")
        self.submit.on_click(lambda _: self.play(self.entry.value))
        super().__init__([self.board, self.moves, w.HBox([self.entry, self.submit]),
                          self.message, self.narration])
        self._lines: list[str] = []
        self._advance()

    def play(self, action: Action | str) -> None:
        """Play for the reader's seat; an illegal move is explained, not played."""
        if isinstance(action, str):
            text = action.strip()
            action = text if ":" in text else f"{self.game.players[self.seat]}: {text}"
        try:
            step = self.game.play(action)
        except SkitgubbeError as err:
            self.message.value = f'<span style="color:#a00">Not allowed: {escape(str(err))}</span>'
            return
        self.message.value = ""
        self._lines = [escape(line) for line in step.narrate(self.game.players)]
        self._advance()

    def _advance(self, play_on: bool = False) -> None:
        """Let the computer players move until it is the reader's turn, the reader may
        act out of turn (unless ``play_on``), or the game ends."""
        game = self.game
        while not game.is_over and game.to_play != self.seat:
            if not play_on and game.legal_actions(self.seat):
                break
            step = game.play(self.bots[game.to_play].choose(game))
            self._lines += [escape(line) for line in step.narrate(game.players)]
        self.board.value = position_html(game, viewer=self.seat, deck=self.deck)
        self.narration.value = "<ul>" + "".join(f"<li>{line}</li>" for line in self._lines) + "</ul>"
        buttons = []
        for action in game.legal_actions(self.seat):
            button = w.Button(description=text_presentation(action.text),
                              layout=w.Layout(width="auto"))
            button.on_click(lambda _, a=action: self.play(a))
            buttons.append(button)
        if buttons and game.to_play != self.seat:
            wait = w.Button(description=f"let {game.players[game.to_play]} play on",
                            layout=w.Layout(width="auto"))
            wait.on_click(lambda _: self._advance(play_on=True))
            buttons.append(wait)
        self.moves.children = buttons
        self.entry.disabled = self.submit.disabled = game.is_over

    def static_html(self) -> str:
        return self.board.value + self.narration.value

    def __repr__(self) -> str:
        return f"PlayTable({self.game.rules.describe()!r}, seat {self.game.players[self.seat]!r})"
