"""A stranger's random use of the widgets (issue 29): every widget is built with random
arguments, valid and invalid, and used (buttons, moves, answers); it works or refuses
with a ``SkitgubbeError``, never another exception.  Hypothesis, derandomized: each run
is the same; ``SKITGUBBE_LONG=1`` tries ten times as many.  (The engine's part:
``test_misuse.py``.)"""

import os
from contextlib import suppress
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

pytest.importorskip("ipywidgets")

from skitgubbe_core import PRESETS, SkitgubbeError, examples, quiz, record
from skitgubbe_core.simulate import random_game
from skitgubbe_widgets import PlayTable, Quiz, RuleSwitcher, Stepper, classroom, tables

A_GAME = random_game(3, seed=5, max_moves=40)
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-(10**20), 10**20), st.floats(),
                 st.text(max_size=12), st.lists(st.integers(-3, 3), max_size=3),
                 st.just(A_GAME), st.just(Path("no-such-file.json")), st.just("x" * 5000))
"""Values no argument expects."""
EXAMPLES = examples.names()


def maybe(valid: st.SearchStrategy) -> st.SearchStrategy:
    """A valid value, or one time in ten junk (so that a widget of several arguments is
    often built, and then used)."""
    return st.integers(0, 9).flatmap(lambda n: JUNK if n == 9 else valid)


DECKS = maybe(st.sampled_from(["two-colour", "four-colour"]))
SIZES = maybe(st.sampled_from([None, "normal", "large", "huge"]))
LANGS = maybe(st.sampled_from([None, "en", "sv"]))
TITLES = maybe(st.one_of(st.none(), st.text(max_size=20)))
SEEDS = maybe(st.integers(0, 2**64 - 1))
SCALE = 10 if os.environ.get("SKITGUBBE_LONG") == "1" else 1
WIDGET = settings(max_examples=40 * SCALE, deadline=None, derandomize=True,
                  suppress_health_check=[HealthCheck.too_slow])


def built(make):
    """The widget ``make()`` builds, or None if it refuses with one of our errors."""
    try:
        widget = make()
    except SkitgubbeError as err:
        event(f"refused: {type(err).__name__}")
        return None
    event("built")
    return widget


def used(*calls):
    """Call each of ``calls``; a refusal with one of our errors is fine."""
    for call in calls:
        with suppress(SkitgubbeError):
            call()


@WIDGET
@given(source=maybe(st.sampled_from([*EXAMPLES, A_GAME, record.to_record(A_GAME),
                                     "no-such-example"])),
       viewer=maybe(st.sampled_from([None, "A", "B", "Zed"])), deck=DECKS, size=SIZES,
       title=TITLES, lang=LANGS, steps=st.lists(JUNK | st.integers(-3, 50), max_size=3))
def test_a_stepper_builds_or_refuses_with_our_error(source, viewer, deck, size, title, lang,
                                                     steps):
    s = built(lambda: Stepper(source, viewer=viewer, deck=deck, size=size, title=title,
                              lang=lang))
    if s is not None:
        used(*(lambda i=i: s.go(i) for i in steps), *(lambda i=i: s.go_to_move(i) for i in steps),
             lambda: s.go(s.position + 1), lambda: s.go(s.move_start(+1)),
             lambda: s.go(s.move_start(-1)), s.static_html,
             *(lambda v=v: s.size_switch.set(v) for v in steps))


@WIDGET
@given(variant=maybe(st.sampled_from(sorted(PRESETS))),
       players=st.integers(0, 9).flatmap(lambda n: st.sampled_from(
           [["A", "A", "B"], ["A"], list("ABCDEFGHI"), "ABC", 3] if n == 9
           else [("Alex", "Bo", "Cai"), ["A", "B", "C", "D"], ["A", "B", "C"], ["A", "B"]])),
       seat=maybe(st.integers(0, 2)), seed=SEEDS, deck=DECKS,
       opponent=maybe(st.sampled_from(["random", "heuristic", "memory"])), size=SIZES,
       lang=LANGS, moves=st.lists(st.one_of(JUNK, st.sampled_from(
           ["hint", "step", "skip", "undo", "new", "end", "play 7D", "pick up", "A: turn",
            "legal"])), max_size=6))
def test_a_play_table_builds_or_refuses_with_our_error(variant, players, seat, seed, deck,
                                                        opponent, size, lang, moves):
    t = built(lambda: PlayTable(variant, players, seat=seat, seed=seed, deck=deck,
                                opponent=opponent, size=size, lang=lang))
    if t is None:
        return
    actions = {"hint": t.hint, "step": t.step_on, "skip": t.skip_to_my_turn, "undo": t.undo,
               "new": t.new_deal, "end": t.play_to_the_end}
    for move in moves:
        if move == "legal":
            legal = t.game.legal_actions(t.seat)
            if legal:
                used(lambda a=legal[0]: t.play(a))
        elif isinstance(move, str) and move in actions:
            used(actions[move])
        else:
            used(lambda m=move: t.play(m), lambda m=move: t.deal(m),
                 lambda m=move: t.choose_opponent(m))
    used(t.static_html)


@WIDGET
@given(source=maybe(st.sampled_from([*EXAMPLES, A_GAME, [EXAMPLES[0], A_GAME],
                                     "no-such-example", "nothing.json"])),
       deck=DECKS, size=SIZES, title=TITLES, lang=LANGS,
       picks=st.lists(st.one_of(JUNK, st.integers(0, 6)), max_size=4))
def test_a_quiz_builds_or_refuses_with_our_error(source, deck, size, title, lang, picks):
    q = built(lambda: Quiz(source, deck=deck, size=size, title=title, lang=lang))
    if q is not None:
        _use_quiz(q, picks)


def _use_quiz(q, picks):
    for pick in picks:
        question = q.question
        if type(pick) is int and question is not None and 0 <= pick < len(question.choices):
            pick = question.choices[pick]
        used(lambda p=pick: q.answer(p), q.step_to_answer, q.go_next)
    used(q.static_html)


@settings(WIDGET, max_examples=10 * SCALE)  # each drill plays random games until it can ask
@given(variant=maybe(st.sampled_from(sorted(PRESETS))),
       players=maybe(st.sampled_from([2, 3, 4, ["A", "B", "C"], 1, 9])), seed=SEEDS,
       title=TITLES, lang=LANGS, picks=st.lists(st.integers(0, 6), max_size=3))
def test_a_drill_builds_or_refuses_with_our_error(variant, players, seed, title, lang, picks):
    options = {} if title is None else {"title": title}
    q = built(lambda: Quiz.drill(variant, players, seed, lang=lang, **options))
    if q is not None:
        _use_quiz(q, picks)


DISPUTED = [name for name in EXAMPLES if name.startswith("disagreement")]


@WIDGET
@given(source=maybe(st.sampled_from([*DISPUTED, examples.load(DISPUTED[0])])),
       option=maybe(st.sampled_from(["beat", "pick_up", "last_trick", "tie_rule"])),
       ask=maybe(st.sampled_from(quiz.KINDS)), after=maybe(st.integers(0, 12)),
       values=maybe(st.sampled_from([None, ["any-trump"], ["follow-suit", "any-trump"],
                                     ["lowest"], "any-trump", []])),
       size=SIZES, lang=LANGS, step=maybe(st.integers(0, 12)),
       picks=st.lists(st.integers(0, 6), max_size=3))
def test_readings_build_or_refuse_with_our_error(source, option, ask, after, values, size,
                                                  lang, step, picks):
    s = built(lambda: RuleSwitcher(source, option, values, size=size, lang=lang))
    if s is not None:
        used(lambda: s.go(step), s.static_html)
    q = built(lambda: Quiz.readings(source, option, ask, after, values, lang=lang))
    if q is not None:
        _use_quiz(q, picks)


@settings(WIDGET, max_examples=20)
@given(size=SIZES)
def test_classroom_sets_a_size_or_refuses_with_our_error(size):
    try:
        used(lambda: classroom(size))
    finally:
        classroom("normal")


@settings(WIDGET, max_examples=30)
@given(names=maybe(st.one_of(st.none(), st.lists(st.sampled_from([*PRESETS, "nope"]), max_size=3))),
       caption=maybe(st.text(max_size=20)), lang=LANGS, match=JUNK)
def test_tables_show_or_refuse_with_our_error(names, caption, lang, match):
    used(lambda: tables.show(tables.variants_table(names, lang=lang), caption,
                             lang=lang)._repr_html_(),
         lambda: tables.show(match, caption), lambda: tables.tally_table(match))
