"""skitgubbe_widgets: Jupyter front-ends on the skitgubbe_core engine.

For now this holds the HTML card view shared by the notebooks; the step-through
player and the table to play at build on it.

>>> from skitgubbe_core import parse_card
>>> html = card_html(parse_card("7D"))
>>> 'aria-label="seven of diamonds"' in html, "♦\ufe0e" in html
(True, True)
"""

from __future__ import annotations

from skitgubbe_core.cards import SUIT_SYMBOLS, Card

_TEXT_STYLE = "\ufe0e"


def card_html(card: Card) -> str:
    """A card as an HTML span: rank and suit visible, an accessible label, and the
    suit symbol followed by U+FE0E so it never turns into an emoji."""
    colour = "sg-red" if card.is_red else "sg-black"
    return (f'<span class="sg-card {colour}" role="img" aria-label="{card.name}">'
            f'{card.label}<span class="sg-suit">{SUIT_SYMBOLS[card.suit]}{_TEXT_STYLE}</span></span>')
