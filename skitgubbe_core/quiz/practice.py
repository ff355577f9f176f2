"""Practice beyond the examples: a seeded :func:`drill` of random games, and the
:func:`readings` of a disputed rule side by side."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import Any

from .. import examples
from ..errors import IllegalActionError, quote
from ..game import Game
from ..i18n import gettext
from ..rules import OPTIONS
from .kinds import ask
from .kinds.moment import _Moment
from .model import GENERATED, TEXT, Question, QuizError, check_kinds, join
from .sheets import Sheet, questions

DRILL_MOVES = 400
"""A drill's random game stops here if it has not ended (random play can cycle)."""
DRILL_GAMES = 50
"""A drill gives up after this many random games in a row without a question of its
kinds (a kind its variant never asks); one that does ask them asks them in most games."""


def readings(source: Any, option: str, kind: str, after: int,
             values: Sequence[str] | None = None) -> list[tuple[Sheet, Question]]:
    """The question of ``kind`` after ``after`` moves of a scenario (or example name)
    under each reading of a disputed rule ``option`` (every value, or ``values``): the
    moves are replayed under each, up to the first one that reading refuses.

    >>> [q.answer for _, q in readings("disagreement-trumping", "beat", "legal", 1)]
    [('B: play 2S', 'B: pick up'), ('B: pick up',)]
    """
    sc = examples.load(source) if isinstance(source, str) else source
    rule = OPTIONS[option]
    found = []
    for value in values or [c.value for c in rule.choices]:
        game = sc.game(sc.game().rules.replace(**{option: value}))
        for text in sc.moves:
            try:
                game.play(text)
            except IllegalActionError:
                break
        moment = _Moment(game)
        q = ask(moment, kind, min(after, game.move_count))
        reading = gettext(rule.choice(value).description)
        prompt = TEXT["prompt.reading"].format(reading=reading[:1].upper() + reading[1:],
                                               prompt=q.prompt)
        found.append((Sheet(game, moment.frames, [q], sc.title),
                      replace(q, prompt=prompt)))
    return found


def drill(variant: str = "skitgubbe", players: int | Sequence[str] = 3, seed: int = 0,
          kinds: Sequence[str] = GENERATED) -> Iterable[tuple[Sheet, Question]]:
    """Unlimited practice: questions from seeded random games of ``variant``, one game
    after another (the same seed, the same questions).  The arguments are checked at
    once; if :data:`DRILL_GAMES` games in a row ask no question of ``kinds``, the next
    question raises :class:`QuizError`.

    >>> from itertools import islice
    >>> [q.kind for _, q in islice(drill(seed=3), 3)]
    ['to-play', 'winner', 'to-play']
    """
    kinds = check_kinds(kinds)
    Game(players, variant, seed=0)  # an unknown variant or player count, now
    return _drilled(variant, players, seed, kinds)


def _drilled(variant: str, players: int | Sequence[str], seed: int,
             kinds: tuple[str, ...]) -> Iterator[tuple[Sheet, Question]]:
    from ..simulate import random_game

    rng = random.Random(seed)
    dry = 0
    while dry < DRILL_GAMES:
        game = random_game(players, variant, rng.randrange(2**32), DRILL_MOVES)
        sheet = questions(game, kinds)
        dry = 0 if sheet.questions else dry + 1
        picked = [q for q in sheet.questions if rng.random() < 0.25]
        for q in picked:
            yield sheet, q
    raise QuizError(TEXT["error.drill"].format(kinds=join([quote(k) for k in kinds]),
                                               games=DRILL_GAMES, variant=variant))
