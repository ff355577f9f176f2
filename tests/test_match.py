"""Several deals (the common-disputes page: count how often each player became the
Skitgubbe; most after the agreed number of deals has truly lost), the deal passing to
the left (our reading), the match record and `skitgubbe match`."""

import json

import pytest

from skitgubbe_core import match as matches
from skitgubbe_core.cli import main
from skitgubbe_core.match import MatchError, play_match, seats_for_deal


def test_common_disputes_counts_every_players_skitgubbes_in_seat_order():
    m = play_match(["A", "B", "C"], deals=5, seed=3)
    counts = m.counts()
    assert list(counts) == ["A", "B", "C"] and sum(counts.values()) == 5
    assert m.losers().count("A") == counts["A"]
    most = max(counts.values())
    assert m.match_losers() == [p for p in "ABC" if counts[p] == most]


def test_the_deal_passes_to_the_left_our_reading():
    m = play_match(4, deals=6, seed=1)
    assert [g.players[0] for g in m.deals] == ["A", "B", "C", "D", "A", "B"]
    assert [m.dealer(i) for i in range(1, 7)] == ["D", "A", "B", "C", "D", "A"]
    assert seats_for_deal("ABCD", 3) == ("C", "D", "A", "B")


def test_a_match_is_reproducible_from_its_seed_and_its_deals_differ():
    one, two = play_match(3, 4, seed=9), play_match(3, 4, seed=9)
    assert [g.snapshot() for g in one.deals] == [g.snapshot() for g in two.deals]
    assert len({g.seed for g in one.deals}) == 4


def test_a_match_under_any_preset():
    m = play_match(3, 2, seed=2, rules="atlanta")
    assert all(g.rules.preset_name == "atlanta" for g in m.deals)


def test_the_match_record_round_trips_and_is_checked(tmp_path):
    m = play_match(3, 3, seed=5, rules="koira")
    path = tmp_path / "match.json"
    matches.save(m, path)
    again = matches.load(path)
    assert again.counts() == m.counts() and matches.to_json(again) == matches.to_json(m)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["counts"] = {"A": 3, "B": 0, "C": 0}
    with pytest.raises(MatchError, match="counts"):
        matches.from_json(data)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deals"][1], data["deals"][2] = data["deals"][2], data["deals"][1]
    with pytest.raises(MatchError, match=r"deals\[1\].players|deal passes to the left"):
        matches.from_json(data)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["deals"][0]["actions"][3] = "Z: play 2S"
    with pytest.raises(MatchError, match=r"deals\[0\]"):
        matches.from_json(data)


def test_bad_matches_are_refused():
    with pytest.raises(ValueError, match="at least one deal"):
        play_match(3, 0, seed=1)
    with pytest.raises(ValueError, match="Atlanta is for 3 players"):
        play_match(4, 2, seed=1, rules="atlanta")


def test_match_command_narrates_briefly_and_ends_with_the_counts(capsys, tmp_path):
    record = tmp_path / "m.json"
    assert main(["match", "--players", "3", "--deals", "5", "--seed", "4",
                 "--record", str(record)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    m = play_match(3, 5, seed=4)
    assert lines[-1] == m.counts_line()
    assert lines[-1].startswith("Skitgubbe counts: A ") and ", B " in lines[-1]
    assert sum(line.startswith("Deal ") for line in lines) == 5
    assert matches.load(record).counts() == m.counts()


def test_match_command_with_a_variant_and_bad_input(capsys):
    assert main(["match", "--players", "4", "--deals", "2", "--seed", "1",
                 "--variant", "koira"]) == 0
    assert capsys.readouterr().out.strip().splitlines()[-1].startswith("Skitgubbe counts: A ")
    assert main(["match", "--players", "4", "--deals", "2", "--seed", "1",
                 "--variant", "atlanta"]) == 2
    assert "Atlanta is for 3 players" in capsys.readouterr().err


def test_the_tally_as_a_pandas_table_for_the_notebook():
    from skitgubbe_widgets.tables import deals_table, tally_table
    m = play_match(3, 5, seed=4)
    table = tally_table(m)
    assert list(table.index) == ["A", "B", "C"]
    assert table["Skitgubbe"].to_dict() == m.counts()
    assert table.loc["B", "lost the match"] == ("yes" if "B" in m.match_losers() else "no")
    assert list(deals_table(m)["Skitgubbe"]) == m.losers()
