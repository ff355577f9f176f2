"""Questions a class answers, asked and answered by the engine itself.

At a moment of a worked example (or any game) the engine asks what a student should
be able to say - what may B do now, who plays next, who takes this trick, who is the
Skitgubbe, what are trumps, which cards does C pick up, which cards does each tied
Koira player get - and answers from the rules it enforces, never from a key written by
hand.  A wrong pick of a ``legal`` question is answered with the engine's own refusal
and its rule.

>>> from skitgubbe_core import examples
>>> sheet = questions(examples.load("pickup-case-5"), generate=True)
>>> q = sheet.find("to-play", 4)
>>> q.prompt, q.answer
('Who plays next?', ('C',))
>>> q.why
'B has gone out, so the lead passes to C, the next player still in'
>>> q.rule
'rule 12, going out'
>>> legal = sheet.find("legal", 2)
>>> legal.answer
('C: pick up',)
>>> print(legal.feedback("C: play 4D").sentence)  # doctest: +NORMALIZE_WHITESPACE
Not allowed: 4♦ does not beat J♥: beat it with a higher heart or with a trump (♠), or pick
it up (rule 9, beating).

A scenario's own ``exercises`` are asked instead, in a teacher's words where given:

>>> questions(examples.load("pickup-case-5")).find("to-play", 4).prompt
'The trick is emptied and B is out. Who leads the next trick?'

Every sentence a reader sees is a template in :data:`TEXT`, in one place, for a
message catalogue.

The package's modules are its jobs: :mod:`.model` (a question, its feedback, the
words), :mod:`.kinds` (one function per kind of question, registered where it is
defined), :mod:`.exercises` (a teacher's own questions, checked), :mod:`.sheets` (the
questions of one game with its frames) and :mod:`.practice` (a drill of random games,
and the readings of a disputed rule).  The scenario checker, ``skitgubbe check``, is
:func:`skitgubbe_core.scenario_check.check`.
"""

from __future__ import annotations

# Every name the single module quiz.py had that its importers use, importable from here.
from ..scenario_check import check
from .exercises import ExerciseError as ExerciseError
from .exercises import check_exercise, check_exercises
from .kinds import ask
from .kinds.moment import COMMON_REFUSALS as COMMON_REFUSALS
from .kinds.moment import NEEDS as NEEDS
from .kinds.moment import TURN_EVENTS as TURN_EVENTS
from .kinds.moment import WIN_EVENTS as WIN_EVENTS
from .kinds.moves import legal_question
from .kinds.turns import TRICK_ENDS as TRICK_ENDS
from .model import GENERATED, KINDS, TEXT, Feedback, Question, QuizError, check_kinds
from .model import JSON_KEYS as JSON_KEYS
from .model import NOBODY as NOBODY
from .model import answer_label as answer_label
from .model import choice_label as choice_label
from .model import join as join
from .model import move_text as move_text
from .model import suit_label as suit_label
from .practice import DRILL_GAMES as DRILL_GAMES
from .practice import DRILL_MOVES as DRILL_MOVES
from .practice import drill, readings
from .sheets import Sheet, questions, to_json

__all__ = ["Feedback", "GENERATED", "KINDS", "Question", "QuizError", "Sheet", "TEXT", "ask", "legal_question",
           "check", "check_exercise", "check_kinds", "check_exercises", "drill", "questions", "readings",
           "to_json"]
