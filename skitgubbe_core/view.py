"""HTML views of cards, positions and steps, shared by ``Game._repr_html_`` and the
widgets.  Plain HTML and CSS (no SVG, no playing-card glyphs); every card carries an
accessible label (``aria-label``, and ``title``, which JupyterLab's sanitizer keeps in
untrusted output), and suit symbols are followed by U+FE0E so they never turn into
emoji.  Every name a user supplies is escaped.

>>> from skitgubbe_core.cards import parse_card
>>> html = card_html(parse_card("7D"))
>>> 'aria-label="seven of diamonds"' in html and "7<" in html
True
"""

from __future__ import annotations

from html import escape
from typing import Iterable, Sequence

from .cards import SUIT_SYMBOLS, Card, sort_cards
from .events import Step
from .rulebook import RULEBOOK

TEXT_STYLE = "\ufe0e"
TWO_COLOUR = ("#111111", "#c8102e", "#c8102e", "#111111")
FOUR_COLOUR = ("#111111", "#c8102e", "#0b5fb3", "#6a2c91")
"""Four colours that do not rely on red against green: black spades, red hearts,
blue diamonds, purple clubs.  The suit symbol is always printed as well."""

_CARD_STYLE = ("display:inline-block;min-width:2.1em;padding:0.1em 0.3em;margin:0.1em;"
               "border:1px solid #777;border-radius:0.3em;background:#ffffff;"
               "font-weight:bold;text-align:center;font-family:sans-serif;")
_BACK_STYLE = ("display:inline-block;min-width:2.1em;padding:0.1em 0.3em;margin:0.1em;"
               "border:1px solid #777;border-radius:0.3em;background:#34568b;color:#ffffff;"
               "text-align:center;font-family:sans-serif;")
_BOX_STYLE = ("display:inline-block;vertical-align:top;margin:0.2em;padding:0.2em 0.4em;"
              "border:1px dashed #999;border-radius:0.3em;text-align:center;")
CSS = (
    "<style>.sg-card{" + _CARD_STYLE + "} .sg-back{" + _BACK_STYLE + "} .sg-play{" + _BOX_STYLE
    + "} .sg-who{font-size:0.8em;color:#555;} .sg-players td,.sg-players th{padding:0.15em "
    "0.6em;text-align:left;vertical-align:middle;} .sg-turn{background:#fff4c2;} "
    ".sg-note{font-size:0.85em;color:#555;}</style>"
)
DECKS = {"two-colour": TWO_COLOUR, "four-colour": FOUR_COLOUR}


def text_presentation(text: str) -> str:
    """``text`` with U+FE0E after every suit symbol, so none is drawn as an emoji.

    >>> text_presentation("play 7♦") == "play 7♦\ufe0e"
    True
    """
    for symbol in SUIT_SYMBOLS:
        text = text.replace(symbol, symbol + TEXT_STYLE)
    return text


def card_html(card: Card, deck: str = "two-colour") -> str:
    """One card as a labelled HTML span; ``deck`` is ``two-colour`` or ``four-colour``."""
    colour = DECKS[deck][card.suit]
    return (f'<span class="sg-card" role="img" aria-label="{card.name}" title="{card.name}" '
            f'style="{_CARD_STYLE}color:{colour}">{card.label}'
            f'<span class="sg-suit">{SUIT_SYMBOLS[card.suit]}{TEXT_STYLE}</span></span>')


def cards_html(cards: Iterable[Card], deck: str = "two-colour") -> str:
    return "".join(card_html(c, deck) for c in cards) or '<span class="sg-note">none</span>'


def backs_html(count: int, what: str = "card") -> str:
    """``count`` face-down cards as one labelled back with the number."""
    label = f"{count} face-down {what}{'s' if count != 1 else ''}"
    return (f'<span class="sg-back" role="img" aria-label="{label}" title="{label}" '
            f'style="{_BACK_STYLE}">'
            f'{count}</span>')


def _suit(suit: int | None) -> str:
    return "not known yet" if suit is None else f"{SUIT_SYMBOLS[suit]}{TEXT_STYLE}"


def position_html(game, *, viewer: int | None = None, deck: str = "two-colour") -> str:
    """The whole table: status line, the plays of the current trick (each separate),
    every player's hand (others' face down when ``viewer`` is a seat), piles, stock,
    trump."""
    names = [escape(n) for n in game.players]
    parts = [CSS, '<div class="sg-position" style="font-family:sans-serif;line-height:1.6">']
    parts.append(f'<div class="sg-status"><b>{_status(game, names)}</b></div>')
    if game.table:
        plays = "".join(
            f'<span class="sg-play" style="{_BOX_STYLE}"><span class="sg-who">{names[p]}</span>'
            f'<br>{cards_html(cards, deck)}</span>' for p, cards in game.table)
        parts.append(f'<div class="sg-trick">On the table, oldest first: {plays}</div>')
    else:
        parts.append('<div class="sg-trick sg-note">The table is empty.</div>')
    parts.append('<table class="sg-players" style="border-collapse:collapse">'
                 "<tr><th>player</th><th>hand</th><th>won in phase 1</th><th></th></tr>")
    for seat, name in enumerate(names):
        hand = game.hands[seat]
        shown = (cards_html(sort_cards(hand), deck) if viewer is None or viewer == seat
                 else backs_html(len(hand)))
        pile = game.piles[seat]
        turn = seat == game.to_play
        style = ' class="sg-turn" style="background:#fff4c2"' if turn else ""
        marker = "&#9654; " if turn else ""
        parts.append(f"<tr{style}><td>{marker}{name}</td><td>{shown}</td>"
                     f"<td>{backs_html(len(pile)) if pile else ''}</td>"
                     f"<td>{_seat_note(game, seat, names)}</td></tr>")
    parts.append("</table>")
    parts.append(f'<div class="sg-stock sg-note">{_stock(game, names, deck)}</div></div>')
    return "".join(parts)


def _status(game, names: Sequence[str]) -> str:
    if game.is_over:
        loser = names[game.loser] if game.loser is not None else "nobody"
        return f"Game over: {loser} is the Skitgubbe."
    trick = f"the trick needs {game.trick_size} plays" if game.phase == 2 else "two-card tricks" \
        if game.rules.phase1_tricks != "all-play" else "everyone plays to each trick"
    return (f"Phase {game.phase} &middot; trumps: {_suit(game.trump)} &middot; "
            f"{names[game.to_play]} to play &middot; {trick}")


def _seat_note(game, seat: int, names: Sequence[str]) -> str:
    if game.loser == seat:
        return "Skitgubbe"
    if seat in game.out:
        return f"out ({game.out.index(seat) + 1}.)"
    if game.phase == 2 and not game.hands[seat]:
        return "Blåmattis"
    return "to play" if seat == game.to_play else ""


def _stock(game, names: Sequence[str], deck: str) -> str:
    parts = []
    stock = game.stock
    if game.phase == 1:
        if stock:
            parts.append(f"Stock: {backs_html(len(stock))}")
            if game.rules.turned_up_trump == "yes":
                parts.append(f"turned up under it: {card_html(stock[-1], deck)}")
        else:
            parts.append("The stock is empty.")
        if game.trump_card is not None:
            parts.append(f"the trump card lies face down beside {names[game.trump_holder]}")
    if game.discarded:
        parts.append(f"set aside: {len(game.discarded)} cards")
    return "; ".join(parts)


def step_html(step: Step | None, players: Sequence[str], title: str = "") -> str:
    """The narration of one step: each event in a sentence, with its rule and sources."""
    if step is None:
        return f'<div class="sg-narration"><b>Start.</b> {escape(title)}</div>'
    items = []
    for event in step.events:
        rule = RULEBOOK[event.rule]
        items.append(f"<li>{escape(event.explain(players))}<br><span class=\"sg-note\" "
                     f"style=\"font-size:0.85em;color:#555\">{escape(rule.summary)} "
                     f"Sources: {escape(rule.citation)}.</span></li>")
    return (f'<div class="sg-narration"><b>Move {step.number}.</b><ul>{"".join(items)}</ul>'
            "</div>")
