"""A stranger's random use of every surface (issue 29): no exception but the package's own.

- Every preset at every player count its sources allow is played with random legal
  actions and, between them, random illegal ones (actions of no seat, unknown verbs, cards
  not held, text that is no action): an illegal one raises a ``SkitgubbeError`` and leaves
  the game as it was, and ``refusal`` agrees with ``play``.
- Every kind of question the engine generates is asked at random moments of a game of
  every preset: each answer is among the choices and the explanation names a rule.

The widgets: ``test_misuse_widgets.py``.  Seeded, so each run is the same.  The long
runs (marked ``slow``, several minutes) run only with ``SKITGUBBE_LONG=1`` in the
environment: ``SKITGUBBE_LONG=1 pytest -m slow tests/test_misuse.py``.
"""

import os
import random

import pytest

from skitgubbe_core import (
    DECK,
    PRESETS,
    RULEBOOK,
    ActionError,
    Game,
    SkitgubbeError,
    examples,
    quiz,
    record,
)
from skitgubbe_core.actions import PLAY, VERBS, Action
from skitgubbe_core.bots import make_bot
from skitgubbe_core.simulate import play_out

PAIRS = [(name, count) for name, p in PRESETS.items()
         for count in range(p.min_players, p.max_players + 1)]
"""Every preset at every player count its sources allow."""
LONG = pytest.mark.skipif(os.environ.get("SKITGUBBE_LONG") != "1",
                          reason="a long run: set SKITGUBBE_LONG=1")
REFERENCES = {rule.reference for rule in RULEBOOK.values()}
JUNK_VERBS = ("fly", "", "PLAY", " play", "pick", "pick  up")


def _illegal(game: Game, rng: random.Random) -> Action | str:
    """A random action that is most often not legal now."""
    n = len(game.players)
    if rng.random() < 0.15:
        names = [*game.players, "Zed", "", " A"]
        words = [*VERBS, *JUNK_VERBS, *(c.text for c in rng.sample(DECK, 3)), "ZZ", "♥", ":"]
        said = " ".join(rng.choices(words, k=rng.randint(0, 3)))
        return f"{rng.choice(names)}:{said}" if rng.random() < 0.9 else said
    player = rng.choice([*range(n), -1, n, 99])
    kind = rng.choice([*VERBS, *JUNK_VERBS])
    cards = tuple(rng.sample(DECK, rng.choice([0, 1, 1, 1, 2, 3])))
    seat = game.to_play
    if seat is not None and rng.random() < 0.3:  # cards of the player to act, any verb
        hand = game.hands[seat]
        player, cards = seat, tuple(rng.sample(hand, min(len(hand), rng.randint(0, 3))))
    return Action(player, kind, cards)


def _position(game: Game) -> tuple[object, ...]:
    return (game.snapshot(), game.move_count, game.to_play, game.is_over, tuple(game.actions),
            len(game.history))


def _play_with_illegal_attempts(preset: str, players: int, seed: int, max_moves: int) -> None:
    rng = random.Random(seed)
    game = Game(players, preset, seed=rng.randrange(2**32))
    tried = 0
    while not game.is_over and game.move_count < max_moves:
        if rng.random() < 0.4:
            action = _illegal(game, rng)
            before = _position(game)
            try:
                refused = game.refusal(action)
            except SkitgubbeError:  # not an action of this game at all
                refused = ("not an action", "")
            try:
                game.play(action)
            except SkitgubbeError:
                assert _position(game) == before, action
                assert refused is not None, f"{action!r}: refusal() accepts what play() refuses"
                tried += 1
                continue
            assert refused is None, f"{action!r}: play() accepts what refusal() refuses"
            continue
        everyone = [a for actions in game.legal_actions_by_player().values() for a in actions]
        game.play(rng.choice(everyone))
    assert tried > 0
    again = record.from_record(record.to_record(game))
    assert again.snapshot() == game.snapshot()


@pytest.mark.parametrize(("preset", "players"), PAIRS)
def test_illegal_actions_raise_our_errors_and_change_nothing(preset, players):
    _play_with_illegal_attempts(preset, players, seed=players, max_moves=300)


@pytest.mark.slow
@LONG
@pytest.mark.parametrize("seed", range(1, 9))
@pytest.mark.parametrize(("preset", "players"), PAIRS)
def test_illegal_actions_raise_our_errors_and_change_nothing_long(preset, players, seed):
    _play_with_illegal_attempts(preset, players, seed=seed * 100 + players, max_moves=2000)


def test_a_play_with_its_cards_high_first_is_refused_as_no_action():
    """Found by the run above: a run led high card first (``Action(p, "play", (QD, JD))``),
    not the form legal_actions() gives, made phase 2's refusal read the empty table's top
    card (IndexError) in every variant with runs."""
    game = Game(3, "atlanta", seed=3)
    rng = random.Random(3)
    while True:
        runs = [a for a in game.legal_actions() if a.kind == PLAY and len(a.cards) > 1]
        if game.phase == 2 and runs and not game.table:
            break
        game.play(rng.choice(game.legal_actions()))
    backwards = Action(runs[0].player, PLAY, runs[0].cards[::-1])
    before = _position(game)
    for attempt in (game.refusal, game.play):
        with pytest.raises(ActionError, match="a play lists its cards low first"):
            attempt(backwards)
    assert _position(game) == before


# -- the quiz -------------------------------------------------------------------------


def _check_question(q: quiz.Question) -> None:
    assert set(q.answer) <= set(q.choices), q
    assert q.rule in REFERENCES and q.why, q
    for choice in q.choices:
        feedback = q.feedback(choice)
        assert feedback.right == (choice in q.answer) and feedback.sentence, (q, choice)


def _played_game(preset: str, players: int, seed: int) -> Game:
    """A game played to its end by the rule-of-thumb players (random play seldom ends)."""
    game = Game(players, preset, seed=seed)
    play_out(game, [make_bot("heuristic", seed=seed * 16 + p) for p in range(players)], 600)
    return game


def _ask_everything(pairs: list[tuple[str, int]], seed: int, asks: int) -> set[str]:
    rng = random.Random(seed)
    kinds: set[str] = set()
    for preset, players in pairs:
        game = _played_game(preset, players, rng.randrange(2**32))
        so_far = game.copy_at(rng.randint(0, game.move_count))  # the moves up to a moment
        for q in quiz.questions(so_far, quiz.KINDS, generate=True).questions:
            _check_question(q)
            kinds.add(q.kind)
        for _ in range(asks):
            after = rng.randint(0, game.move_count)
            kind = rng.choice(quiz.KINDS)
            player = rng.choice([None, *game.players, "Zed"])
            try:
                q = quiz.ask(game, kind, after, player)
            except quiz.QuizError:
                continue
            _check_question(q)
    return kinds


def test_every_kind_of_question_at_random_moments_has_its_answer_among_the_choices():
    rng = random.Random(29)
    pairs = [(name, rng.randint(p.min_players, p.max_players)) for name, p in PRESETS.items()]
    kinds = _ask_everything(pairs, seed=29, asks=1)
    for name in examples.names():
        for q in quiz.questions(examples.load(name), quiz.KINDS, generate=True).questions:
            _check_question(q)
            kinds.add(q.kind)
    assert kinds == set(quiz.KINDS)


@pytest.mark.slow
@LONG
def test_every_kind_of_question_at_every_player_count():
    assert _ask_everything(PAIRS, seed=30, asks=6) <= set(quiz.KINDS)
