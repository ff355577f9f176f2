"""Deals by any player: the game, a scenario's dealt start, records, `skitgubbe play
--dealer` and the match's headings (issue 28, finding 2)."""

import copy

import pytest

from skitgubbe_core import Game, examples, i18n, match, quiz, record, scenario
from skitgubbe_core.cli import main
from skitgubbe_core.rules import Rules
from skitgubbe_core.scenario import ScenarioError

DEALT = {
    "format": "skitgubbe-scenario/2",
    "variant": "skitgubbe",
    "players": ["A", "B", "C"],
    "start": {"seed": 7, "dealer": "C"},
    "moves": [],
    "expect": [{"after": 0, "to_play": "A", "stock": 43}],
}


def test_the_dealer_deals_from_their_left_and_their_left_leads():
    by_last = Game(["A", "B", "C"], seed=5)
    by_b = Game(["A", "B", "C"], seed=5, dealer=1)
    assert by_last.dealer == 2 and by_last.hands == Game(["A", "B", "C"], seed=5, dealer=2).hands
    assert by_b.to_play == by_b.first_to_play == 2 and by_b.leader == 2
    assert [by_b.hands[(2 + i) % 3] for i in range(3)] == by_last.hands  # C gets the first card
    assert by_b.stock == by_last.stock
    assert by_b.legal_actions()[0].player == 2
    assert Game(["A", "B", "C"], start=by_b.position()).dealer is None


def test_a_dealer_is_a_seat_of_the_table():
    with pytest.raises(ValueError, match="the dealer is a seat from 0 to 2, not 3"):
        Game(["A", "B", "C"], seed=1, dealer=3)
    with pytest.raises(ValueError, match="from a start position has no deal"):
        Game(["A", "B", "C"], seed=1, dealer=0, start=Game(3, seed=1).position())


def test_the_deal_is_narrated_with_rule_0_in_both_languages():
    game = Game(["A", "B", "C"], seed=1, dealer=2)
    assert game.deal_line() == "C dealt, and A, on the dealer's left, leads first (rule 0, the deal)"
    with i18n.language("sv"):
        assert game.deal_line() == ("C gav, och A, till vänster om given, spelar ut först "
                                    "(regel 0, given)")
    assert Game(["A", "B", "C"], start=game.position()).deal_line() is None


def test_a_scenario_may_start_from_a_deal_and_check_who_leads_first():
    sc = scenario.parse(DEALT)
    assert sc.dealt and scenario.run(sc).ok
    assert sc.game().hands == Game(["A", "B", "C"], seed=7).hands
    wrong = copy.deepcopy(DEALT)
    wrong["start"]["dealer"] = "A"  # then B leads first
    assert scenario.run(scenario.parse(wrong)).failures == [
        "checkpoint 1 (after move 0): to_play is B, expected A"]


@pytest.mark.parametrize(("change", "message"), [
    ({"dealer": "E"}, "start.dealer: 'E' is not a player; the players are A, B, C"),
    ({"seed": 2**64}, "start.seed: 18446744073709551616 should be at most 18446744073709551615"),
    ({"seed": -1}, "start.seed: -1 should be at least 0"),
    ({"seed": "7"}, "start.seed: '7' should be a whole number"),
    ({"hands": {"A": ["7D"]}}, "start: unknown field 'hands'; known fields: dealer, seed"),
])
def test_check_refuses_a_bad_deal_naming_its_json_path(change, message):
    data = copy.deepcopy(DEALT)
    data["start"].update(change)
    with pytest.raises(ScenarioError) as refused:
        scenario.parse(data)
    assert str(refused.value) == message


def test_a_deal_needs_its_seed_and_dealer_the_new_format_and_no_other_seed():
    for missing in ("seed", "dealer"):
        data = copy.deepcopy(DEALT)
        del data["start"][missing]
        with pytest.raises(ScenarioError, match=f"start: the field '{missing}' is required"):
            scenario.parse(data)
    with pytest.raises(ScenarioError, match="^format: a dealt start .* 'skitgubbe-scenario/2'"):
        scenario.parse(DEALT | {"format": "skitgubbe-scenario/1"})
    with pytest.raises(ScenarioError, match="^seed: a dealt start's seed"):
        scenario.parse(DEALT | {"seed": 3})


def test_files_of_the_earlier_format_still_read():
    old = examples.load("stunsa-higher")
    assert old.data["format"] == "skitgubbe-scenario/1" and not old.dealt
    assert scenario.run(old).ok
    assert scenario.parse(old.data | {"format": "skitgubbe-scenario/2"}).moves == old.moves


def test_the_built_in_example_starts_from_a_deal(capsys):
    sc = examples.load("deal-first-lead")
    assert sc.dealt and sc.data["start"] == {"seed": 28, "dealer": "C"}
    assert main(["example", "deal-first-lead"]) == 0
    out = capsys.readouterr().out
    assert "C dealt, and D, on the dealer's left, leads first (rule 0, the deal)\n   1. D leads" in out


def test_other_rules_keep_a_scenarios_deal():
    sc = examples.load("deal-first-lead")
    game = sc.game(Rules.preset("skitgubbe").replace(must_beat="yes"))
    assert game.dealer == 2 and game.hands == sc.game().hands and game.rules.must_beat == "yes"
    [(_, question)] = quiz.readings(sc, "must_beat", "to-play", 0, ["yes"])
    assert question.answer == ("D",)


def test_a_record_keeps_a_dealer_other_than_the_last():
    game = Game(["A", "B", "C"], seed=9, dealer=0)
    game.play(game.legal_actions()[0])
    data = record.to_record(game)
    assert data["dealer"] == "A"
    again = record.from_record(data)
    assert again.dealer == 0 and again.hands == game.hands
    assert "dealer" not in record.to_record(Game(["A", "B", "C"], seed=9))
    with pytest.raises(record.RecordError, match="^dealer: a game from a start position"):
        record.from_record(data | {"start": Game(3, seed=1).position()})
    with pytest.raises(record.RecordError, match="^dealer: 'E' is not a player"):
        record.from_record(data | {"dealer": "E"})


def test_play_opens_with_the_deal_and_takes_a_dealer(capsys, tmp_path):
    assert main(["play", "--seed", "3", "--dealer", "B", "--record", str(tmp_path / "r.json")]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "B dealt, and C, on the dealer's left, leads first (rule 0, the deal)"
    assert lines[7].startswith("   1. C ")
    assert record.load(tmp_path / "r.json").dealer == 1


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "skitgubbe: --dealer 'E': not at the table; the players are A, B, C"),
    ("sv", "skitgubbe: --dealer 'E': sitter inte vid bordet; spelarna är A, B, C"),
])
def test_play_refuses_a_dealer_not_at_the_table_in_one_line(capsys, lang, line):
    assert main(["--lang", lang, "play", "--seed", "3", "--dealer", "E"]) == 2
    refused = capsys.readouterr()
    assert refused.err == line + "\n" and refused.out == ""


def test_a_match_names_each_deals_actual_dealer_and_leader():
    deals = [Game(["A", "B", "C"], seed=1, dealer=0), Game(["A", "B", "C"], seed=2)]
    played = match.Match(("A", "B", "C"), deals[0].rules, None, deals)
    assert played.deal_heading(1) == "Deal 1: A deals, B leads"
    assert played.deal_heading(2) == "Deal 2: C deals, A leads"
    assert [(row["dealer"], row["leads"]) for row in played.rows()] == [("A", "B"), ("C", "A")]


def test_the_quiz_says_who_leads_first_after_a_deal():
    first = quiz.ask(examples.load("deal-first-lead").game(), "to-play", 0)
    assert first.answer == ("D",) and first.rule == "rule 0, the deal"
    assert first.why == "D, on the dealer's left, leads first: C dealt"
