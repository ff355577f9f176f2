"""The interface every phase module implements, and which module plays a position.

A phase module (``phase1`` two-card tricks, ``phase1_all`` everyone plays,
``phase1_mas`` beat or pick up, ``phase2``) is a set of pure functions on a
:class:`~.state.State`; :class:`Phase` declares them.  Phase 1 comes in the kinds of
the rule option ``phase1_tricks`` (:data:`PHASE1`); phase 2 is one module for every
ruleset.  :func:`module_for` says which one plays a position.

>>> from skitgubbe_core.rules import Rules
>>> from skitgubbe_core.state import State
>>> module_for(State(3), Rules.preset("koira")).__name__
'skitgubbe_core.phase1_all'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from . import phase1, phase1_all, phase1_mas, phase2
from .actions import Action
from .events import Listener
from .option_fields import Phase1Tricks
from .rules import Rules
from .state import State


class Phase(Protocol):
    """What :class:`~.game.Game` (and the bots' own playouts) ask of a phase module.

    ``legal`` and ``why_illegal`` concern the player to act; ``out_of_turn``,
    ``accepts`` and ``why_out_of_turn`` the actions a variant allows out of turn or
    does not list; ``apply`` plays a legal action, putting its events in ``events``
    (or building none when that is :data:`~.events.DROP`); ``prepare`` readies a new
    game's starting position (phase1_all opens its first all-play trick)."""

    __name__: str

    def legal(self, s: State, rules: Rules, /) -> list[Action]: ...

    def apply(self, s: State, rules: Rules, action: Action, events: Listener, /) -> None: ...

    def why_illegal(self, s: State, rules: Rules, action: Action, names: Sequence[str], /
                    ) -> tuple[str, str]: ...

    def out_of_turn(self, s: State, rules: Rules, p: int, /) -> list[Action]: ...

    def accepts(self, s: State, rules: Rules, action: Action, /) -> bool: ...

    def why_out_of_turn(self, s: State, rules: Rules, action: Action, names: Sequence[str], /
                        ) -> tuple[str, str] | None: ...

    def prepare(self, s: State, rules: Rules, /) -> None: ...


PHASE1: dict[Phase1Tricks, Phase] = {
    "pairs": phase1, "all-play": phase1_all, "beat-or-pick-up": phase1_mas,
}
"""The phase-1 module of each value of the rule option ``phase1_tricks``."""
PHASE2: Phase = phase2


def module_for(s: State, rules: Rules) -> Phase:
    """The module that plays position ``s`` under ``rules``."""
    return PHASE1[rules.phase1_tricks] if s.phase == 1 else PHASE2


def modules(rules: Rules) -> tuple[Phase, Phase]:
    """Phase 1's and phase 2's modules under ``rules``: index it with ``phase - 1``
    (the hot paths' cheaper form of :func:`module_for`)."""
    return PHASE1[rules.phase1_tricks], PHASE2
