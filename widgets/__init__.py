"""skitgubbe_widgets: Jupyter front-ends on the skitgubbe_core engine.

- :class:`Stepper` - step through any game, record, scenario or built-in example;
- :class:`PlayTable` - play one seat against computer players;
- :class:`Quiz` - questions about any example, answered by the engine, with the board;
- :class:`RuleSwitcher` - the same position under each reading of a rule, side by side;
- :mod:`.tables` - pandas tables and a matplotlib family tree for the notebooks;
- :func:`classroom` - the size every widget starts at (each has a size switch: normal,
  large, huge), for a projector.

Widgets change their own values (``HTML.value``, the slider); they never clear or
print into an output area, so stored notebook outputs stay comparable.

>>> from skitgubbe_core import parse_card
>>> html = card_html(parse_card("7D"))
>>> 'aria-label="seven of diamonds"' in html, "♦\\ufe0e" in html
(True, True)
"""

from skitgubbe_core.view import card_html, position_html

from .classroom import classroom
from .quiz import Quiz
from .stepper import Stepper
from .switcher import RuleSwitcher
from .table import PlayTable

__all__ = ["PlayTable", "Quiz", "RuleSwitcher", "Stepper", "card_html", "classroom",
           "position_html"]
