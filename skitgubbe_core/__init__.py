"""skitgubbe_core: the rules engine for Skitgubbe and its Nordic family.

Pure Python, no third-party imports.  Start with :class:`Game`::

    >>> from skitgubbe_core import Game
    >>> game = Game(["Anna", "Bo", "Cai"], seed=1)
    >>> step = game.play(game.legal_actions()[0])
    >>> step.narrate(game.players)[0]
    'Anna leads A♥ against Bo (rule 1, two-card tricks)'
"""

from importlib.metadata import PackageNotFoundError, version

from .actions import Action, parse_action
from .cards import DECK, Card, parse_card, parse_cards
from .errors import (
    ActionError,
    ArgumentError,
    ArgumentTypeError,
    CardError,
    FileFormatError,
    IllegalActionError,
    PositionError,
    RulesError,
    SkitgubbeError,
)
from .events import Event, Step
from .game import Game
from .rulebook import RULEBOOK
from .rules import OPTIONS, PRESETS, Rules
from .sources import SOURCES

try:
    __version__ = version("skitgubbe")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "Action", "ActionError", "ArgumentError", "ArgumentTypeError", "Card", "CardError", "DECK",
    "Event", "FileFormatError", "Game", "IllegalActionError", "OPTIONS", "PRESETS",
    "PositionError", "RULEBOOK", "Rules", "RulesError", "SOURCES", "SkitgubbeError", "Step",
    "parse_action", "parse_card", "parse_cards", "__version__",
]
