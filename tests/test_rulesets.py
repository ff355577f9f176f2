"""Rulesets as data: presets with their provenance, options with their sources,
combinations, differences, player counts; every preset played at every player
count it allows."""

import ast
import inspect
import random
from collections import Counter

import pytest

from skitgubbe_core import (
    OPTIONS,
    PRESETS,
    RULEBOOK,
    SOURCES,
    Game,
    Rules,
    RulesError,
    events,
    game,
    phase1,
    phase1_all,
    phase1_common,
    phase1_mas,
    phase2,
    record,
)
from skitgubbe_core.cli import main
from skitgubbe_core.events import _TEMPLATES, KINDS
from skitgubbe_core.rules import (
    DOCUMENTED,
    HOUSE_CUSTOM,
    HOUSE_RULE,
    RECONSTRUCTION,
    Choice,
    Option,
)
from tests import rule_index

EXPECTED_PRESETS = {
    "skitgubbe", "skitgubbe-sequences", "skitgubbe-anti-trumps", "skitgubbe-clubs-anti-trumps",
    "skitgubbe-electric-clubs", "skitgubbe-follow-suit", "skitgubbe-sets", "mas", "mattis",
    "mattis-blamattis-loses", "mattis-any-tie", "mattis-runs-of-three", "atlanta", "myllymatti",
    "koira", "koira-sorted-ties", "koira-trump-ends-trick", "koira-runs-from-two",
    "koira-lowest-single", "skitgubbe-turned-up-trump", "skitgubbe-pairs"}


def test_exactly_the_named_presets_exist_with_sources_region_and_evidence():
    assert set(PRESETS) == EXPECTED_PRESETS and len(PRESETS) == 21
    for p in PRESETS.values():
        assert p.sources and all(s in SOURCES for s in p.sources)
        assert p.region and p.summary and p.evidence in (DOCUMENTED, HOUSE_RULE, RECONSTRUCTION)
        assert p.min_players <= p.usual_players <= p.max_players
        Rules.preset(p.name)


def test_every_option_choice_has_a_description_and_known_sources():
    for option in OPTIONS.values():
        assert option.default in [c.value for c in option.choices]
        for choice in option.choices + option.earlier:
            assert choice.description and (choice.sources or choice.evidence == HOUSE_CUSTOM)
            assert all(s in SOURCES for s in choice.sources)


def _builder_kinds() -> dict[str, str]:
    """Each named builder of ``events.py`` and the kind it builds."""
    tree = ast.parse(inspect.getsource(events))
    return {node.name: rule_index.event_kinds(found[0].elts[0])[0] for node in tree.body
            if isinstance(node, ast.FunctionDef) and (found := rule_index.event_tuples(node))}


def _strings(node: ast.expr) -> set[str]:
    """The rule keys an event's rule expression can give: a literal, or either branch
    of ``a if test else b``; none for a variable."""
    if isinstance(node, ast.IfExp):
        return _strings(node.body) | _strings(node.orelse)
    return {node.value} if isinstance(node, ast.Constant) and isinstance(node.value, str) else set()


def test_every_rule_and_event_kind_is_explained_with_sources():
    for rule in RULEBOOK.values():
        assert rule.summary and rule.sources and rule.citation, rule.key
        assert all(s in SOURCES for s in rule.sources), rule.key
    builders = _builder_kinds()
    kinds: set[str] = set()
    rules: set[str] = set()
    for module in (phase1, phase1_common, phase1_all, phase1_mas, phase2, game):
        tree = ast.parse(inspect.getsource(module))
        for node in rule_index.event_tuples(tree):  # ("kind", ..., "rule") on the hot path
            kinds.update(rule_index.event_kinds(node.elts[0]))
            rules |= _strings(node.elts[-1])
        for node in ast.walk(tree):  # ev.builder(..., "rule") for the rarer events
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id == "ev":
                kinds.add(builders[node.attr])
            elif isinstance(node, ast.Call) and rule_index._builds_event(node.func):
                rules |= _strings(node.args[-1])
    # Every kind is built by the engine and has its sentence; every rule an event cites
    # as a literal is in the rulebook, with sources (some cite a variable holding it).
    assert kinds == set(KINDS) == set(_TEMPLATES)
    assert len(rules) > 20 and rules <= set(RULEBOOK), rules - set(RULEBOOK)


def test_a_combination_no_source_describes_says_so():
    rules = Rules.preset("mattis", anti_trumps="clubs")
    assert not rules.is_documented
    assert rules.describe() == "mattis (anti_trumps=clubs; a combination no source describes)"
    assert Rules.preset("mattis").is_documented


def test_the_difference_between_two_rulesets_is_data():
    diff = Rules.preset("skitgubbe").difference(Rules.preset("koira"))
    assert diff == {"phase1_tricks": ("pairs", "all-play"), "phase1_end": ("no-card", "all-played"),
                    "phase2_plays": ("single", "runs"), "pick_up": ("top", "lowest")}


def test_options_that_need_each_other_are_refused_with_what_they_need():
    with pytest.raises(RulesError, match="phase1_plays=sets needs phase1_tricks=all-play, not pairs"):
        Rules.preset("skitgubbe", phase1_plays="sets")
    with pytest.raises(RulesError, match="exchange_two=yes needs turned_up_trump=yes"):
        Rules.preset("skitgubbe", exchange_two="yes")
    # Turning a single stock card into a trick of sets has no source (and no meaning).
    with pytest.raises(RulesError, match="turn_from_stock=more-than-one needs phase1_plays=single"):
        Rules.preset("skitgubbe-sets", turn_from_stock="more-than-one")


@pytest.mark.parametrize("name, count, allowed", [
    ("skitgubbe", 5, "2-4"), ("atlanta", 2, "3"), ("koira", 9, "3-8"), ("mattis", 9, "2-8")])
def test_player_counts_outside_the_sources_quote_the_allowed_range(name, count, allowed):
    with pytest.raises(RulesError, match=f"is for {allowed} players .*, not {count}"):
        Game([f"P{i}" for i in range(count)], name, seed=1)


def test_variants_command_lists_every_preset_with_region_evidence_and_sources(capsys):
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    for name, p in PRESETS.items():
        assert f"{name}: {p.title}" in out
        assert f"{p.region}; {p.evidence}" in out
    assert "reconstruction" in out and "house rule" in out


def test_play_accepts_any_preset_and_player_count(capsys):
    assert main(["play", "--variant", "koira", "--players", "6", "--seed", "2", "--quiet"]) == 0
    assert "koira, 6 players, seed 2" in capsys.readouterr().out


CASES = [(name, n) for name, p in PRESETS.items()
         for n in range(p.min_players, p.max_players + 1)]


@pytest.mark.parametrize("name, players", CASES)
def test_every_preset_at_every_player_count_keeps_its_cards_and_replays(name, players):
    for seed in range(4):
        game = Game(players, name, seed=seed)
        start = Counter(game.all_cards())
        rng = random.Random(seed)
        while not game.is_over and game.move_count < 4000:
            legal = game.legal_actions()
            assert legal
            game.play(rng.choice(legal))
            assert Counter(game.all_cards()) == start
        again = record.from_record(record.to_record(game))
        assert again.snapshot() == game.snapshot()


def test_a_house_custom_has_no_written_source_and_says_so(monkeypatch, capsys):
    custom = Choice("dealer-right", "the player on the dealer's right leads", (), HOUSE_CUSTOM)
    assert custom.provenance == "house custom, no written source"
    assert Choice("x", "x", ("pagat",)).provenance.startswith('documented; pagat.com, "Skitgubbe"')
    with pytest.raises(RulesError, match="a house custom, no written source has no sources"):
        Choice("x", "x", ("pagat",), HOUSE_CUSTOM)
    with pytest.raises(RulesError, match="every other reading names its sources"):
        Choice("x", "x", (), DOCUMENTED)
    with pytest.raises(RulesError, match="unknown evidence 'hearsay'"):
        Choice("x", "x", ("pagat",), "hearsay")
    option = Option("first_lead", "First lead", "Who leads first.",
                    (Choice("dealer-left", "the dealer's left", ("pagat",)), custom), "dealer-left")
    monkeypatch.setitem(OPTIONS, option.name, option)
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    assert ("     dealer-right: the player on the dealer's right leads [house custom, no written "
            "source]\n") in out
