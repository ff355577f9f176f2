"""Property-based random games for 2, 3 and 4 players (hypothesis).

After every action every card of the start is present exactly once; legal actions
exist while the game is on, and stay few; undo then redo restores the identical
state; the record round-trips; every game ends or stops at the move cap.  Players
act out of turn too, where a variant allows it (Mas's exchange and storing, Atlanta's
slough while the trick is undecided).
"""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skitgubbe_core import PRESETS, Game, Rules, record
from skitgubbe_core.rules import OPTIONS
from tests.odd_positions import accepted, odd_starts, play_to_the_end

MAX_MOVES = 3000
MAX_LEGAL = 400
"""A bound on the actions offered at once (a hand of many cards with runs and sets
offers a few hundred; sloughs are listed per card, not per subset)."""
OUT_OF_TURN = {"atlanta": ("slough_timing", ("decided", "undecided", "both")),
               "mas": ("mas_timing", ("own-turn", "any-time"))}
FREE_OPTIONS = ("turn_from_stock", "last_trick", "lead_after_going_out", "tie_scope", "tie_rule",
                "tie_cards_to", "phase2_plays", "run_order", "beat", "anti_trumps", "pick_up",
                "empty_hand_after_phase1", "trump_ends_trick", "dreck", "must_beat",
                "phase2_sets")
"""Options that combine with every preset (turn_from_stock except with phase-1 sets, where
only "never" is allowed: see :func:`rules_and_players`)."""


@st.composite
def rules_and_players(draw):
    """A preset (every one), often with a few free options changed, and a player count
    the preset allows."""
    preset = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    changed = draw(st.lists(st.sampled_from(FREE_OPTIONS), max_size=3, unique=True))
    if Rules.preset(preset.name).phase1_plays == "sets":
        changed = [name for name in changed if name != "turn_from_stock"]
    options = {name: draw(st.sampled_from([c.value for c in OPTIONS[name].choices]))
               for name in changed}
    if preset.name in OUT_OF_TURN:
        name, values = OUT_OF_TURN[preset.name]
        options[name] = draw(st.sampled_from(values))
    return Rules.preset(preset.name, **options), draw(
        st.integers(preset.min_players, preset.max_players))


@settings(max_examples=300, deadline=None)
@given(setup=rules_and_players(), seed=st.integers(0, 2**32 - 1),
       policy=st.integers(0, 2**32 - 1))
def test_random_games_keep_every_card_and_always_offer_a_move(setup, seed, policy):
    rules, players = setup
    game = Game(players, rules, seed=seed)
    cards = Counter(game.all_cards())
    assert sorted(cards) == list(range(52))
    rng = random.Random(policy)
    undo_at = set(rng.sample(range(1, 400), 3))
    while not game.is_over and game.move_count < MAX_MOVES:
        legal = game.legal_actions()
        assert legal, f"no legal action at move {game.move_count}"
        assert all(a.player == game.to_play for a in legal)
        by_player = game.legal_actions_by_player()
        assert by_player[game.to_play] == legal
        everyone = [a for actions in by_player.values() for a in actions]
        assert len(everyone) <= MAX_LEGAL
        assert all(a.player == p for p, actions in by_player.items() for a in actions)
        action = rng.choice(everyone if rng.random() < 0.5 else legal)
        game.play(action)
        assert Counter(game.all_cards()) == cards
        if game.move_count in undo_at:
            after = game.snapshot()
            events = game.history[-1].events
            game.undo()
            game.play(action)
            assert game.snapshot() == after
            assert game.history[-1].events == events
    if game.is_over:
        assert game.legal_actions() == []
        assert game.loser is not None and game.loser not in game.out
        if rules.empty_hand_after_phase1 == "out":
            assert len(game.out) == players - 1
    else:
        assert game.move_count == MAX_MOVES
    again = record.from_record(record.to_record(game))
    assert again.snapshot() == game.snapshot()
    assert record.to_record(again) == record.to_record(game)


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 120))
def test_copy_at_and_at_position_rebuild_the_same_positions(players, seed, moves):
    from skitgubbe_core.frames import frames

    game = Game(players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and game.move_count < moves:
        game.play(rng.choice(game.legal_actions()))
    kept = {f.move: f.state for f in frames(game)}  # the last frame of each move
    positions = [game.at_position(kept[k], k) for k in range(game.move_count + 1)]
    assert [p.snapshot() for p in positions] == [game.copy_at(k).snapshot()
                                                 for k in range(game.move_count + 1)]
    assert positions[-1].snapshot() == game.snapshot()
    assert positions[-1].legal_actions() == game.legal_actions()
    assert [p.move_count for p in positions] == list(range(game.move_count + 1))
    assert game.copy_at(0).snapshot() == Game(players, seed=seed).snapshot()


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32 - 1))
def test_hands_stay_at_three_while_the_stock_lasts(players, seed):
    game = Game(players, seed=seed)
    rng = random.Random(seed)
    while game.phase == 1 and len(game.stock) > 1:
        assert all(len(h) == 3 for h in game.hands)
        game.play(rng.choice(game.legal_actions()))


@settings(max_examples=200, deadline=None)
@given(setup=odd_starts(rules_and_players()), seed=st.integers(0, 2**32 - 1))
def test_odd_starting_positions_are_refused_or_played_to_the_end(setup, seed):
    """Hands of 0-20 cards, piles, a stock or none, a table in progress, players out:
    a position is refused with a PositionError (check_position says why), or it is
    played to the end (or the move cap) with every card kept and a legal action at
    every turn."""
    rules, names, start = setup
    game = accepted(rules, names, start, seed)
    if game is not None:
        play_to_the_end(game, seed, MAX_MOVES)
        again = record.from_record(record.to_record(game))
        assert again.snapshot() == game.snapshot()


@pytest.mark.parametrize("preset", PRESETS)
def test_copies_and_undo_remake_the_generator_of_variants_that_shuffle_in_play(preset):
    """Atlanta's dreck and Koira's sorted ties shuffle during play: a copy made by replay
    and a game taken back must draw the same cards as the game itself."""
    for seed in range(3):
        game = Game(PRESETS[preset].usual_players, preset, seed=seed, narrate=False)
        rng = random.Random(seed)
        while not game.is_over and game.move_count < 400:
            game.play(rng.choice(game.legal_actions()))
        for moves in (0, game.move_count // 2, game.move_count):
            copy = game.copy_at(moves)
            for action in game.actions[moves:]:
                copy.play(action)
            assert copy.snapshot() == game.snapshot() and copy.is_over == game.is_over
        last = game.actions[-1]
        before = game.snapshot()
        game.undo()
        assert game.move_count == len(game.actions) and not game.is_over
        game.play(last)
        assert game.snapshot() == before
