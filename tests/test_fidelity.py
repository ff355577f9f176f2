"""Fidelity, round 2: each test names its source.

Atlanta's winner sloughs too and sloughs are listed per card (Mark Reed via pagat.com,
rule 3, and its Swedish edition); actions out of turn (Mas "at any stage": Kortoxen
1975 via pagat.com; Atlanta's slough while undecided: pagat.com Swedish edition); the
house-rules page's turned-up trump, pairs and follow-suit; must you beat (common
disputes, German summary); narration that cites the preset's own rules.
"""

import random
import time

import pytest

from skitgubbe_core import PRESETS, Game, IllegalActionError, Rules, examples, record, scenario
from skitgubbe_core.actions import Action
from skitgubbe_core.rulebook import RULEBOOK, applies
from tests.helpers import cards, game, hand, name_to_play, phase1, phase2, pile, texts

# -- Atlanta: the winner sloughs, listed per card (Reed, pagat.com rule 3) --------------

def atlanta(hands, stock, **options):
    return game(phase1(hands, stock), preset="atlanta", **options)


def test_atlanta_reed_the_tricks_winner_may_slough_too():
    g = atlanta({"A": "9S 9H 8C", "B": "4D 10H JC", "C": "KC 4H 5S"},
                "2C 4C 5C 6C 7C QH AS 8S 10S")
    for move in ("A: play 9S", "B: play 4D", "C: play KC"):
        g.play(move)
    assert name_to_play(g) == "C" and texts(g) == {"slough 4♥", "pass"}
    step = g.play("C: slough 4H")
    assert "onto the trick that C takes" in step.narrate(g.players)[0]
    g.play("A: slough 9H")
    g.play("B: pass")
    assert pile(g, "C") == sorted(cards("9S 4D KC 4H 9H"))


def test_atlanta_slough_choices_are_listed_per_card_and_any_subset_is_accepted():
    """Issue 11's finding: 23 sloughable cards made 8.4 million actions.  Now one per
    card and one per whole rank, and a named subset is validated instead.  A and B
    bounce from the kings down to the threes; C holds 23 cards of losing ranks."""
    ranks = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]
    c_hand = " ".join(f"{r}D {r}C" for r in ranks) + " 2C 2D"
    g = atlanta({"A": " ".join(f"{r}S" for r in ranks) + " 2S",
                 "B": " ".join(f"{r}H" for r in ranks) + " 2H AH", "C": c_hand}, "AS AD AC",
                forced_bounce="no")
    moves = ["A: play KS", "B: play KH", "C: play 2D"]
    moves += [f"{p}: play {r}{s}" for r in ranks[1:] for p, s in (("A", "S"), ("B", "H"))]
    for move in moves + ["A: play 2S", "B: play AH", "B: pass"]:
        g.play(move)
    started = time.perf_counter()
    legal = g.legal_actions()
    assert name_to_play(g) == "C" and len(legal) == 23 + 11 + 1
    assert time.perf_counter() - started < 1  # a hang guard only
    assert g.why_illegal("C: slough 2C 3D KC") is None
    assert "C does not hold A♣" in g.why_illegal("C: slough 2C AC")
    step = g.play("C: slough 2C 3D KC")
    assert step.action == Action(2, "slough", tuple(sorted(cards("2C 3D KC"))))
    assert record.to_record(record.from_record(record.to_record(g))) == record.to_record(g)


def test_atlanta_reed_a_slough_comes_once_per_player():
    g = game(phase1({"A": "9S KS 2H", "B": "9H 2C 10C", "C": "4D 4H JH"},
                    "3S 5S 7D 8D 10D 4S AC 2D 3D"), preset="atlanta", slough_timing="both")
    for move in ("A: play 9S", "B: play 9H", "C: play 4D", "C: slough 4H"):
        g.play(move)
    assert g.legal_actions(2) == []
    assert "already sloughed" in g.why_illegal(Action(2, "slough", (cards("4S")[0],)))


# -- actions out of turn -----------------------------------------------------------------

def mas(**options):
    return game(phase1({"A": "7C 4D 8S", "B": "3H 5H 9H", "C": "2H 6S JD"},
                       "QS 10C 3S 5D 6C 9S KH"), preset="mas", **options)


def test_mas_kortoxen_exchange_and_store_at_any_stage_even_out_of_turn():
    g = mas()
    assert name_to_play(g) == "A"
    assert [a.text for a in g.legal_actions(1)] == ["store"]
    assert [a.text for a in g.legal_actions(2)] == ["exchange"]
    assert {p: [a.text for a in acts] for p, acts in g.legal_actions_by_player().items()} == {
        0: ["play 7♣", "play 4♦", "play 8♠"], 1: ["store"], 2: ["exchange"]}
    step = g.play("C: exchange")
    assert name_to_play(g) == "A" and hand(g, "C") == sorted(cards("KH 6S JD"))
    line = step.narrate(g.players)[0]
    assert "out of turn while it is A's turn" in line and "at any stage" in line
    g.play("B: store")
    assert name_to_play(g) == "A" and pile(g, "B") == sorted(cards("3H 5H 9H"))
    again = record.from_record(record.to_record(g))
    assert record.to_record(again)["actions"] == ["C: exchange", "B: store"]


def test_mas_own_turn_reading_refuses_out_of_turn_actions():
    g = mas(mas_timing="own-turn")
    assert g.legal_actions(1) == [] and g.legal_actions_by_player().keys() == {0}
    with pytest.raises(IllegalActionError, match="it is A's turn, not C's"):
        g.play("C: exchange")


def test_mas_out_of_turn_refusal_names_the_rule():
    g = mas()
    assert "exchange only the two of trumps" in g.why_illegal("B: exchange")
    assert "rule V14" in g.why_illegal("B: exchange")
    assert g.why_illegal("B: play 3H").startswith("it is A's turn")


def test_atlanta_swedish_edition_slough_while_the_trick_is_undecided():
    g = game(phase1({"A": "9S KS 6C", "B": "9H 2C 10C", "C": "4D 4H JH"},
                    "3S 5S 7D 8D 10D QD AC 2D 3D"), preset="atlanta", slough_timing="undecided")
    for move in ("A: play 9S", "B: play 9H", "C: play 4D"):
        g.play(move)
    assert name_to_play(g) == "A" and [a.text for a in g.legal_actions(2)] == ["slough 4♥"]
    step = g.play("C: slough 4H")
    assert "out of turn while it is A's turn" in step.narrate(g.players)[0]
    g.play("A: play KS")
    g.play("B: play 2C")
    assert name_to_play(g) == "A" and g.table == []
    assert pile(g, "A") == sorted(cards("9S 9H 4D 4H KS 2C"))


def test_random_play_with_out_of_turn_actions_takes_some_and_replays():
    seen = set()
    for preset, options in (("mas", {}), ("atlanta", {"slough_timing": "undecided"}),
                            ("atlanta", {"slough_timing": "both"})):
        for seed in range(30):
            g = Game(3, Rules.preset(preset, **options), seed=seed)
            rng = random.Random(seed)
            while not g.is_over and g.move_count < 2000:
                everyone = [a for acts in g.legal_actions_by_player().values() for a in acts]
                late = [a for a in everyone if a.player != g.to_play]
                g.play(rng.choice(late) if late and rng.random() < 0.7 else rng.choice(everyone))
            for step in g.history:
                for e in step.events:
                    if e.kind in ("exchange", "store", "slough") and e.extra is not None:
                        seen.add((preset, e.kind))
            assert record.from_record(record.to_record(g)).snapshot() == g.snapshot()
    assert {("mas", "exchange"), ("mas", "store"), ("atlanta", "slough")} <= seen


# -- the house-rules page (Swedish rules page with house rules) -----------------------------

def turned_up(**options):
    return game(phase1({"A": "8H 10C 4D", "B": "3H 2S 5D", "C": "6D 7D 9D"},
                       "JD QD KD AD 3C 4C 7S"), preset="skitgubbe-turned-up-trump", **options)


def test_house_rules_turned_up_trump_must_follow_suit_in_phase_1():
    g = turned_up()
    assert g.trump == 0  # spades: the turned-up seven of spades
    g.play("A: play 8H")
    assert texts(g) == {"play 3♥", "turn"}
    assert "must follow the suit of 8♥" in g.why_illegal("B: play 2S")


def test_house_rules_turned_up_trump_a_trump_wins_the_trick_our_reconstruction():
    g = turned_up()
    for move in ("A: play 8H", "B: play 3H", "A: play 10C"):
        g.play(move)
    assert texts(g) == {"play 2♠", "play 5♦", "play Q♦", "turn"}
    step = g.play("B: play 2S")
    assert pile(g, "B") == sorted(cards("10C 2S")) and name_to_play(g) == "B"
    assert step.events[-1].rule == "trick-taking"


def test_house_rules_turned_up_trump_readings_rank_and_must_trump():
    g = turned_up(phase1_winner="rank")
    for move in ("A: play 8H", "B: play 3H", "A: play 10C", "B: play 2S"):
        g.play(move)
    assert pile(g, "A") == sorted(cards("8H 3H 10C 2S"))
    g = turned_up(phase1_follow="suit-then-trump")
    for move in ("A: play 8H", "B: play 3H", "A: play 10C"):
        g.play(move)
    assert texts(g) == {"play 2♠", "turn"}
    assert "must play a trump" in g.why_illegal("B: play 5D")


def test_house_rules_turned_up_trump_is_the_last_card_and_kept_for_phase_2():
    g = game(phase1({"A": "8H 10C", "B": "3H 5D"}, "7S"), players="AB",
             preset="skitgubbe-turned-up-trump")
    step = g.play("A: play 8H")
    kept = [e for e in step.events if e.kind == "turned-up-kept"]
    assert kept and g.trump_card == cards("7S")[0] and g.trump_holder == 0
    assert "the turned-up trump 7♠" in kept[0].explain(g.players)


def test_house_rules_pairs_are_beaten_by_a_higher_pair_and_picked_up_whole():
    g = game(phase2({"A": "5H 5D 7C 7S", "B": "9C 9D 9H 4S", "C": "QH QC 3D 2C"}),
             preset="skitgubbe-pairs")
    assert "play 5♥ 5♦" in texts(g) and "play 7♠ 7♣" in texts(g)
    g.play("A: play 5H 5D")
    assert texts(g) == {"play 9♦ 9♣", "play 9♥ 9♣", "play 9♥ 9♦", "pick up"}
    assert "a set answers only" not in g.why_illegal("B: play 4S")
    assert "only a set of 2 cards of higher rank" in g.why_illegal("B: play 4S")
    g.play("B: play 9C 9D")
    g.play("C: pick up")
    assert hand(g, "C") == sorted(cards("QH QC 3D 2C 9C 9D"))


def test_house_rules_pairs_suit_by_suit_reading():
    g = game(phase2({"A": "5H 5D 7C 7S", "B": "9C 9D 9H 4S", "C": "QH QC 3D 2C"}),
             preset="skitgubbe-pairs", set_beat="suit-by-suit")
    g.play("A: play 5H 5D")
    assert texts(g) == {"play 9♥ 9♦", "pick up"}


def test_house_rules_follow_suit_preset_is_the_pages_plain_phase_2():
    rules = Rules.preset("skitgubbe-follow-suit")
    assert (rules.beat, rules.phase2_plays, rules.phase2_sets) == ("follow-suit", "single", "no")
    assert PRESETS["skitgubbe-follow-suit"].sources == ("se-house",)
    assert Rules.preset("skitgubbe-pairs").phase2_plays == "runs"


# -- must you beat? (common disputes: no; German summary: yes) ------------------------------

def test_common_disputes_you_may_pick_up_although_you_could_beat():
    g = game(phase2({"A": "8H 5C", "B": "JH 3C", "C": "4D 6D"}))
    g.play("A: play 8H")
    assert texts(g) == {"play J♥", "pick up"}


def test_german_summary_must_beat_when_able():
    g = game(phase2({"A": "8H 5C", "B": "JH 3C", "C": "4D 6D"}), must_beat="yes")
    g.play("A: play 8H")
    assert texts(g) == {"play J♥"}
    assert "can beat 8♥ and so must" in g.why_illegal("B: pick up")
    g.play("B: play JH")
    assert texts(g) == {"pick up"}
    for preset in ("skitgubbe-sequences", "skitgubbe-pairs", "koira"):
        g = game(phase2({"A": "8H 5C", "B": "JH 3C", "C": "4D 6D"}), preset=preset,
                 must_beat="yes")
        g.play("A: play 8H")
        assert "pick up" not in texts(g)


# -- narration cites the preset's own rules ------------------------------------------------

def test_koira_sorted_tie_is_narrated_with_the_redistribution_rule():
    outcome = scenario.run(examples.load("koira-tie-redistribution"))
    ties = [e for step in outcome.steps for e in step.events if e.kind == "tie"]
    assert outcome.ok and ties and all(e.rule == "tie-redistribute" for e in ties)
    assert all("replaying" not in e.explain(outcome.game.players) for e in ties)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_event_cites_a_rule_of_the_preset_that_produced_it(name):
    preset = PRESETS[name]
    options = Rules.preset(name).options()
    for players in sorted({preset.min_players, preset.usual_players, preset.max_players}):
        for seed in range(6):
            g = Game(players, name, seed=seed)
            rng = random.Random(seed)
            while not g.is_over and g.move_count < 3000:
                everyone = [a for acts in g.legal_actions_by_player().values() for a in acts]
                step = g.play(rng.choice(everyone))
                for e in step.events:
                    assert applies(e.rule, options), (
                        f"{name}: {e.kind} cites {RULEBOOK[e.rule].reference}, "
                        "a rule this preset does not play")


def test_koira_share_ends_phase_1_with_koiras_own_rule():
    outcome = scenario.run(examples.load("koira-tie-share"))
    ends = [e for s in outcome.steps for e in s.events if e.kind.startswith("phase-1")]
    assert ends and all(e.rule == "koira-end" for e in ends)


def test_the_must_beat_switcher_shows_both_readings():
    """Common disputes (no) against the German summary (yes), side by side."""
    from skitgubbe_widgets import RuleSwitcher
    switcher = RuleSwitcher("disagreement-must-beat", "must_beat")
    assert switcher.values == ["no", "yes"]
    html = switcher.static_html()
    assert html.count("Refused under this reading") == 1
    assert "can beat 8♥ and so must" in html


def test_variants_lists_21_presets_with_sources_and_evidence(capsys):
    from skitgubbe_core.cli import main
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    listed = [line.split(":")[0] for line in out.splitlines()
              if line and not line.startswith(" ") and ":" in line and "rule options" not in line]
    assert listed == list(PRESETS) and len(listed) == 21
    assert out.count("    sources: ") == 21


def test_play_command_lets_players_act_out_of_turn(capsys, tmp_path):
    """Mas (Kortoxen via pagat.com, 'at any stage') and Atlanta (pagat.com Swedish edition,
    while undecided): the narrated random game shows moves out of turn, and its record
    replays."""
    from skitgubbe_core.cli import main
    for args in (["--variant", "mas"],
                 ["--variant", "atlanta", "--option", "slough_timing=undecided"]):
        path = tmp_path / "game.json"
        assert main(["play", "--seed", "3", "--out-of-turn", "--record", str(path)] + args) == 0
        assert "out of turn while it is" in capsys.readouterr().out
        assert record.load(path).move_count > 0


def test_the_play_table_offers_the_reader_an_action_out_of_turn():
    """Mas, 'at any stage' (Kortoxen via pagat.com): the computer players pause when the
    reader may store three trumps out of turn; the reader stores, or lets them play on."""
    from skitgubbe_widgets import PlayTable
    from tests.tabling import send
    t = PlayTable("mas", seed=0)
    t.play(t.game.legal_actions()[0])
    while t._queue:
        send(t, "next")
    assert t.game.to_play != t.seat
    assert t.table["moves"] == ["store three trumps"] and t.table["play_on"] == "let Bo play on"
    send(t, "move", index=0)
    assert "out of turn while it is Bo&#x27;s turn" in t.narration
    t = PlayTable("mas", seed=0)
    t.play(t.game.legal_actions()[0])
    while t._queue:
        send(t, "next")
    send(t, "next")  # "let Bo play on" sends what "next step" sends
    while t.waiting:
        send(t, "next")
    assert t.game.to_play == t.seat or t.game.is_over
