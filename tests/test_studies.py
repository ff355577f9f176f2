"""Play metrics and `skitgubbe compare`: the measures follow the games, every preset
is covered, and the rows do not depend on who runs them."""

from pathlib import Path

import pandas as pd
import pytest

from skitgubbe_core import PRESETS, Game
from skitgubbe_core.bots import RandomBot
from skitgubbe_core.cli import main
from skitgubbe_core.metrics import decisiveness, drama, lead_changes, spread_interval
from skitgubbe_core.simulate import derive_seed, simulate
from skitgubbe_core.studies import SUMMARY_COLUMNS, compare_play

REQUIRED = ["variant", "players", "games", "moves_median", "lead_changes", "decisiveness",
            "seat_spread", "unfinished"]


def test_a_tie_for_most_cards_keeps_the_leader():
    assert lead_changes([(9, 5), (7, 7), (5, 7), (5, 5), (3, 5)]) == 1
    assert lead_changes([(9, 5), (7, 7), (9, 5)]) == 0


def test_decisiveness_and_drama_of_a_game_decided_at_once():
    trace = [(3, 9), (2, 8), (0, 6)]
    assert decisiveness(trace, loser=1) == 1.0 and drama(trace, loser=1) == 0.0
    late = [(9, 3), (8, 4), (6, 6), (0, 5)]
    assert decisiveness(late, loser=1) == 0.0 and drama(late, loser=1) == 6.0


def test_the_seat_spread_interval_holds_its_value():
    value, low, high = spread_interval([0] * 20 + [1] * 10 + [2] * 10, 3)
    assert (value, low <= value <= high) == (0.25, True)


def test_a_measured_row_follows_the_game_move_by_move():
    row = simulate("skitgubbe", 3, 1, seed=5, measure=True).iloc[0]
    game = Game(3, "skitgubbe", seed=derive_seed(5, 0))
    bots = [RandomBot(derive_seed(5, 0, p)) for p in range(3)]
    trace = []
    while not game.is_over:
        game.play(bots[game.to_play].choose(game))
        if game.phase == 2:
            trace.append(tuple(len(h) for h in game.hands))
    assert len(trace) == row["moves"] - row["phase1_moves"] + 1
    assert row["lead_changes"] == lead_changes(trace)
    assert row["decisiveness"] == decisiveness(trace, game.loser)
    assert row["drama"] == drama(trace, game.loser)


def test_compare_covers_every_preset_at_its_usual_count():
    table = compare_play("all", "usual", games=3, seed=1)
    assert list(table.columns) == SUMMARY_COLUMNS
    assert list(table["variant"]) == list(PRESETS) and len(table) >= 21
    assert list(table["players"]) == [p.usual_players for p in PRESETS.values()]
    assert (table["games"] == 3).all()
    for name in ("moves", "phase2_moves"):
        assert (table[f"{name}_low"] <= table[f"{name}_median"]).all()
        assert (table[f"{name}_median"] <= table[f"{name}_high"]).all()
    assert ((table["decisiveness"] >= 0) & (table["decisiveness"] <= 1)).all()


def test_compare_rows_do_not_depend_on_the_scheduler():
    study = {"variants": ["skitgubbe", "koira"], "players": "usual", "games": 6, "seed": 3,
             "bots": ["heuristic", "random"], "chunk_size": 2}
    serial = compare_play(**study)
    pd.testing.assert_frame_equal(serial, compare_play(**study, scheduler="processes", workers=2))
    assert serial["bots"].tolist() == ["heuristic,random,heuristic",
                                       "heuristic,random,heuristic,random"]


def test_cli_compare_writes_one_row_per_ruleset_and_count(tmp_path, capsys):
    out = tmp_path / "compare.csv"
    assert main(["compare", "--variants", "mas,atlanta", "--players", "3", "--games", "4",
                 "--seed", "2", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "mas (3 players, 4 games)" in err and err.endswith(f"2 rows written to {out}\n")
    table = pd.read_csv(out)
    assert set(REQUIRED) <= set(table.columns)
    assert table[["variant", "players"]].values.tolist() == [["mas", 3], ["atlanta", 3]]


@pytest.mark.parametrize("args, message", [
    (["--variants", "snap"], "unknown variant 'snap'"),
    (["--variants", "atlanta", "--players", "5"], "no ruleset among atlanta allows 5 players"),
    (["--players", "many"], "write usual, all or a number"),
    (["--games", "0"], "--games must be at least 1"),
])
def test_cli_compare_refuses_a_bad_study_in_one_line(args, message, capsys):
    assert main(["compare", "--games", "1", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1


STORED = Path(__file__).parent.parent / "notebooks" / "studies"


@pytest.mark.parametrize("kind, games", [("random", 200), ("heuristic", 200), ("search", 10)])
def test_the_stored_studies_cover_every_preset(kind, games):
    table = pd.read_csv(STORED / f"variants-{kind}.csv")
    assert list(table.columns) == SUMMARY_COLUMNS and list(table["variant"]) == list(PRESETS)
    assert (table["games"] == games).all()


def test_a_stored_study_is_what_compare_gives():
    stored = pd.read_csv(STORED / "variants-random.csv").iloc[:1]
    again = compare_play(["skitgubbe"], "usual", games=200, seed=9, bots=["random"])
    pd.testing.assert_frame_equal(again, stored, check_dtype=False)


def test_the_stored_duel_is_what_simulate_gives():
    duel = pd.read_csv(STORED / "memory-vs-search.csv")
    assert list(duel["game"]) == list(range(len(duel)))
    again = simulate("skitgubbe", 3, 2, seed=99, bots=["memory", "search", "search"], rotate=True,
                     bot_options={"playouts": 16})
    assert list(again["loser_bot"]) == list(duel["loser_bot"][:2])
