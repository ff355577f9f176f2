"""skitgubbe_widgets: Jupyter front-ends on the skitgubbe_core engine.

- :class:`Stepper` - step through any game, record, scenario or built-in example;
- :class:`PlayTable` - play one seat against computer players;
- :class:`Quiz` - questions about any example, answered by the engine, with the board;
- :class:`RuleSwitcher` - the same position under each reading of a rule, side by side;
- :mod:`.tables` - pandas tables and a matplotlib family tree for the notebooks;
- :func:`classroom` - the size every widget starts at (each has a size switch: normal,
  large, huge), for a projector.

Every widget checks its arguments before it builds anything (:mod:`.arguments`): a
wrong one is refused with :class:`~skitgubbe_core.errors.ArgumentError` (or
:class:`~skitgubbe_core.errors.ArgumentTypeError`, also a ``TypeError``) naming the
argument, what was wrong with it and what is accepted, in the widget's language.

The stepper, the quiz and the rule switcher are front-end widgets (:mod:`.frontend`):
Python sends what they show once, and the browser steps and answers with no kernel
message, in a stored notebook too; they never clear or print into an output area, so
stored notebook outputs stay comparable.  The play table is drawn by the same module and
style sheet; its engine stays in Python, which answers each click.

Accessibility: every control is a native, labelled button, menu or number box (the
frame and step boxes rather than a slider, whose handle ipywidgets leaves unnamed), the
size switch's buttons carry ``aria-pressed``, the narration is a polite live region, the
stepper takes the arrow keys, Home and End (JupyterLab is told to leave them alone), and
keyboard focus shows as a 3 px ring (``front/skitgubbe.css``).

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
