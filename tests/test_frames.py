"""Frames: every decisive moment is on the board - the whole trick before it is taken,
both cards of a stunsa, each card of Koira's redistribution - and no frame loses or
doubles a card."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skitgubbe_core import PRESETS, Rules, examples, scenario
from skitgubbe_core.cards import parse_cards
from skitgubbe_core.frames import frames
from skitgubbe_core.simulate import random_game
from skitgubbe_core.view import board_html


def example_frames(name):
    game = scenario.run(examples.load(name)).game
    return game, frames(game)


def table_cards(frame):
    return [c for _, cards in frame.state.table for c in cards]


def test_the_whole_trick_shows_with_its_winner_marked_before_it_is_taken():
    game, shown = example_frames("pickup-case-1")
    full = [f for f in shown if len(table_cards(f)) == 3]
    assert len(full) == 1
    assert table_cards(full[0]) == parse_cards("8H JH KH")
    assert full[0].marked == tuple(parse_cards("KH"))
    assert full[0].marks[parse_cards("KH")[0]] == ("beats", "set-aside")
    assert all(marks == ("set-aside",) for card, marks in full[0].marks.items()
               if card != parse_cards("KH")[0])
    assert full[0].label == "move 3, 1 of 2"
    taken = shown[shown.index(full[0]) + 1]
    assert taken.state.table == [] and [e.kind for e in taken.events] == ["trick-complete"]


def test_a_phase_1_trick_shows_lead_and_answer_then_the_pile():
    game, shown = example_frames("stunsa-higher")
    after = next(f for f in shown if any(e.kind == "trick-won" for e in f.events))
    both = shown[shown.index(after) - 1]
    assert len(table_cards(both)) == 2
    assert both.marked and both.marked[0] in table_cards(both)
    assert set(both.marks.values()) == {("wins",)}
    assert after.state.table == [] and sum(map(len, after.state.piles)) == 2


def test_the_two_sevens_of_a_stunsa_lie_side_by_side_marked_in_a_frame_of_their_own():
    game, shown = example_frames("stunsa-seven")
    stunsa = next(f for f in shown if any(e.kind == "stunsa" for e in f.events))
    assert table_cards(stunsa) == parse_cards("7D 7C")
    assert [e.kind for e in stunsa.events] == ["stunsa"]
    assert stunsa.marks == {c: ("stunsa",) for c in parse_cards("7D 7C")}
    assert not stunsa.marked
    answer, draw = shown[shown.index(stunsa) - 1], shown[shown.index(stunsa) + 1]
    assert [e.kind for e in answer.events] == ["answer"] and answer.acted
    assert len(answer.state.hands[1]) == len(stunsa.state.hands[1])
    assert [e.kind for e in draw.events] == ["draw"]
    assert answer.state.to_play == 1 and stunsa.state.to_play == 0


def test_a_picked_up_card_is_marked_in_the_hand_it_went_to():
    for name in ["pickup-case-2", "pickup-case-3", "pickup-case-4", "pickup-case-5",
                 "pickup-case-6"]:
        game, shown = example_frames(name)
        picks = [(f, e) for f in shown for e in f.events if e.kind == "pick-up"]
        assert picks, name
        for frame, event in picks:
            assert all(frame.marks[c] == ("picked-up",) for c in event.cards), name
            assert all(c in frame.state.hands[event.player] for c in event.cards), name


def test_phase_2_frames_never_say_wins():
    for name in ["pickup-case-1", "pickup-case-2", "koira-trump-ends-trick"]:
        game, shown = example_frames(name)
        for frame in shown:
            assert frame.state.phase == 2
            assert not any("wins" in marks for marks in frame.marks.values()), name


def test_koira_redistribution_is_dealt_card_by_card():
    game, shown = example_frames("koira-tie-redistribution")
    tie = next(f for f in shown if any(e.kind == "tie" for e in f.events))
    assert len(table_cards(tie)) == 7 and [e.kind for e in tie.events] == ["tie"]
    jacks = parse_cards("JC JD JH")
    assert tie.marks == {c: ("tie",) for c in jacks}
    captions = [f.caption for f in shown if f.caption]
    assert captions == ["C, E and F take back J♣ J♦ J♥",
                        "The other cards, sorted low to high: 2♠ 4♣ 5♦ 8♥; they are dealt "
                        "from F counter-clockwise",
                        "F gets 2♠, into their pile", "E gets 4♣, into their pile",
                        "C gets 5♦, into their pile", "F gets 8♥, into their pile"]
    laid = next(f for f in shown if f.caption.startswith("The other cards"))
    assert table_cards(laid) == parse_cards("2S 4C 5D 8H") and laid.sorted_table
    assert not any(e.kind == "redistribute" for e in laid.events)
    dealt = [f for f in shown if f.caption.endswith("into their pile")]
    assert [len(table_cards(f)) for f in dealt] == [3, 2, 1, 0]
    assert [f.label for f in dealt] == [f"move 7, {i} of 9" for i in range(6, 10)]
    for frame, (seat, card) in zip(dealt, [(5, "2S"), (4, "4C"), (2, "5D"), (5, "8H")], strict=True):
        card = parse_cards(card)[0]
        assert frame.open_piles and card in frame.state.piles[seat]
        assert frame.marks == {card: ("dealt",)}
    assert [e.kind for e in dealt[-1].events] == ["redistribute"]


def test_atlanta_dreck_is_pooled_then_dealt_card_by_card():
    game, shown = example_frames("atlanta-dreck")
    pooled = next(f for f in shown if f.caption.endswith("to be dealt at random"))
    dreck = next(e for f in shown for e in f.events if e.kind == "dreck")
    assert sorted(table_cards(pooled)) == sorted(dreck.cards)
    dealt = [f for f in shown if f.caption.startswith("B gets")]
    assert len(dealt) == len(dreck.cards)
    assert [len(table_cards(f)) for f in dealt] == list(range(len(dreck.cards) - 1, -1, -1))


def test_phase_2_begins_with_each_player_taking_up_their_pile():
    game = random_game(3, "skitgubbe", 7)
    shown = frames(game)
    begin = [f for f in shown if f.caption.endswith("cards of their pile")]
    assert begin and all(f.state.phase == 1 for f in begin)
    start = next(f for f in shown if any(e.kind == "phase-2" for e in f.events))
    assert shown.index(start) == shown.index(begin[-1]) + 1
    assert not any(start.state.piles)


def test_the_last_frame_of_each_move_is_the_position_after_it():
    game = random_game(4, "koira", 3)
    shown = frames(game)
    replay = game.copy_at(0)
    for frame in shown:
        if frame.move and frame.index == frame.count:
            while replay.move_count < frame.move:
                replay.play(game.actions[replay.move_count])
            assert frame.state.key() == replay.state.key()
    assert [f.move for f in shown] == sorted(f.move for f in shown)
    assert {f.move for f in shown} == set(range(game.move_count + 1))


@settings(max_examples=25, deadline=None)
@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 10_000),
       extra=st.integers(0, 2))
def test_no_frame_loses_or_doubles_a_card(preset, seed, extra):
    rules = Rules.preset(preset)
    players = min(PRESETS[preset].min_players + extra, PRESETS[preset].max_players)
    game = random_game(players, rules, seed, 300)
    deck = sorted(game.copy_at(0).all_cards())
    for frame in frames(game):
        assert sorted(frame.state.all_cards()) == deck, (frame.label, frame.events)


@pytest.mark.parametrize("name", examples.names())
def test_every_example_has_frames_that_conserve_its_cards(name):
    game, shown = example_frames(name)
    deck = sorted(game.copy_at(0).all_cards())
    assert all(sorted(f.state.all_cards()) == deck for f in shown)
    assert shown[0].label == "start"


def test_only_a_variant_with_blamattis_labels_an_empty_hand_blamattis():
    from skitgubbe_core.view import board_html
    for name, expected in (("pairs", False), ("mattis-blamattis", True)):
        game, shown = example_frames(name)
        labelled = any("Blåmattis" in board_html(f.state, game.players, game.rules) for f in shown)
        assert labelled is expected, name


def test_frames_inside_a_step_show_who_acts_next_once_it_is_decided():
    game, shown = example_frames("koira-tie-redistribution")
    lead = shown[1]
    assert lead.label == "move 1, 1 of 2" and lead.state.to_play == 1
    for frame in shown[1:]:
        last = next(f for f in shown if f.move == frame.move and f.index == f.count)
        if last.state.to_play is not None and not frame.acted:
            assert frame.state.to_play == last.state.to_play
    last_card = next(f for f in shown if f.label == "move 7, 1 of 9")
    assert last_card.acted and last_card.state.to_play == 6
    assert "G has played" in board_html(last_card.state, game.players, game.rules,
                                        acted=last_card.acted)
