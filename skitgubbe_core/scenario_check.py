"""``skitgubbe check``: a scenario's moves and checkpoints (:func:`.scenario.run`), then
its teachers' exercises against the engine's answers.  It asks the exercises as the quiz
does (:func:`.quiz.exercises.check_exercises`), so it sits in the teaching layer, beside
the quiz it imports."""

from __future__ import annotations

from .quiz.exercises import check_exercises
from .scenario import Outcome, Scenario, run


def check(sc: Scenario) -> Outcome:
    """What ``skitgubbe check`` reports of a scenario: :func:`.scenario.run` (its moves
    and checkpoints), then, if all passed, each exercise's stated answer against the
    engine's.

    >>> from skitgubbe_core import examples
    >>> check(examples.load("pickup-case-5")).passed[-1]
    'exercise 3 (to-play after move 4)'
    """
    outcome = run(sc)
    if outcome.ok and sc.data.get("exercises"):
        for label, problem in check_exercises(outcome.game, sc.data["exercises"]):
            if problem is None:
                outcome.passed.append(label)
            else:
                outcome.failures.append(f"{label}: {problem}")
    return outcome
