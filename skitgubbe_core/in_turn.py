"""The :class:`~.phases.Phase` hooks of a phase in which every player acts only in
turn and every legal action is listed (two-card tricks, phase 2; Mas shares
``accepts`` and ``prepare``): its modules re-export these."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action
from .rules import Rules
from .state import State


def out_of_turn(s: State, rules: Rules, p: int) -> list[Action]:
    """No action out of turn."""
    return []


def accepts(s: State, rules: Rules, action: Action) -> bool:
    """Every legal action is listed: nothing else is accepted."""
    return False


def why_out_of_turn(s: State, rules: Rules, action: Action, names: Sequence[str]) -> None:
    """No action is allowed out of turn, so there is no particular reason to give."""
    return None


def prepare(s: State, rules: Rules) -> None:
    """Nothing to do before the first lead."""
