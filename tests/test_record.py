"""Game records: JSON round trips, exact replays, safe files."""

import dataclasses
import json
from pathlib import Path

import pytest

from skitgubbe_core import Game, Rules, record, rules
from skitgubbe_core.bots import RandomBot
from skitgubbe_core.cli import main
from skitgubbe_core.record import RecordError
from skitgubbe_core.simulate import play_out
from tests.helpers import game, phase2


def finished_game(seed: int, players: int = 3, **options) -> Game:
    g = Game(players, Rules.preset("skitgubbe", **options), seed=seed)
    play_out(g, [RandomBot(seed + p) for p in range(players)])
    return g


def test_record_to_game_to_record_is_exact():
    g = finished_game(3)
    data = record.to_record(g)
    text = json.dumps(data, ensure_ascii=False)
    again = record.from_record(json.loads(text))
    assert record.to_record(again) == data
    assert again.snapshot() == g.snapshot()
    assert [s.events for s in again.history] == [s.events for s in g.history]


def test_record_keeps_non_default_options_and_the_start_position():
    g = game(phase2({"A": "9H 2C", "B": "JH", "C": "4D 5D"}),
             lead_after_going_out="beaten-player")
    g.play("A: play 9H")
    data = record.to_record(g)
    assert data["options"]["lead_after_going_out"] == "beaten-player"
    assert g.rules.overrides() == {"lead_after_going_out": "beaten-player"}
    assert data["start"]["hands"]["B"] == ["JH"]
    assert record.to_record(record.from_record(data)) == data


def test_save_and_load_a_record_file(tmp_path):
    g = finished_game(8, players=4)
    path = tmp_path / "game.json"
    record.save(g, path)
    assert record.load(path).snapshot() == g.snapshot()


def test_a_record_with_an_illegal_action_names_file_path_move_and_rule(tmp_path):
    g = finished_game(2)
    data = record.to_record(g)
    data["actions"][0] = "B: pick up"
    data.pop("result")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as err:
        record.load(path)
    assert str(err.value).startswith(f"{path}: actions[0]: move 1, B: pick up: it is A's turn")
    assert "(rule 0, turn order)" in str(err.value)


def test_a_record_whose_result_disagrees_is_refused():
    data = record.to_record(finished_game(5))
    data["result"]["loser"] = "nobody"
    with pytest.raises(RecordError, match="^result: the recorded result"):
        record.from_record(data)


def test_malformed_record_files(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(RecordError, match="broken.json: not valid JSON: .* at line 1, column 2"):
        record.load(path)
    with pytest.raises(RecordError, match="^format: unknown format 'x'"):
        record.from_record({"format": "x"})
    with pytest.raises(RecordError, match=r"^players\[1\]: 'A' is named twice"):
        record.from_record({"format": "skitgubbe-record/1", "variant": "skitgubbe", "seed": 1,
                            "players": ["A", "A"], "actions": []})


def test_a_failed_save_leaves_the_old_file_intact(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    record.save(finished_game(1), path)
    before = path.read_text(encoding="utf-8")

    def broken(game):
        raise RuntimeError("disk full")
    monkeypatch.setattr(record, "dumps", broken)
    with pytest.raises(RuntimeError):
        record.save(finished_game(2), path)
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# Issue 29, item 9: records of earlier versions replay; records name every option.

OLD = Path(__file__).parent / "old_records"
"""Records as the version before commit 5c33629 (431b53e, 29 November 2026) wrote them
(its `skitgubbe play --variant V --seed N --record F`), before Atlanta's winner sloughed
and before skitgubbe-follow-suit lost its runs."""


@pytest.mark.parametrize("name, then", [
    ("atlanta-431b53e.json", {"slough_timing": "losers"}),
    ("skitgubbe-follow-suit-431b53e.json", {"phase2_plays": "runs"}),
])
def test_a_record_of_an_earlier_version_replays_under_the_rules_of_its_day(name, then, capsys):
    data = json.loads((OLD / name).read_text(encoding="utf-8"))
    assert data["format"] == "skitgubbe-record/1" and data["options"] == {}
    with pytest.raises(RecordError):  # the preset's values of today refuse it
        record.from_record({**data, "format": "skitgubbe-record/2"})
    game = record.load(OLD / name)
    assert game.rules.overrides() == then
    assert record.result(game) == data["result"]
    again = record.to_record(game)
    assert again["format"] == "skitgubbe-record/2" and again["options"] == game.rules.options()
    assert record.to_record(record.from_record(json.loads(json.dumps(again)))) == again
    assert main(["replay", str(OLD / name)]) == 0
    assert "is the Skitgubbe after" in capsys.readouterr().out


def test_a_record_names_every_option_and_replays_whatever_its_preset_becomes(monkeypatch):
    game = Game(3, "skitgubbe-follow-suit", seed=23)
    play_out(game, [RandomBot(23 + p) for p in range(3)])
    data = json.loads(json.dumps(record.to_record(game)))
    assert data["format"] == "skitgubbe-record/2"
    assert data["options"] == game.rules.options() and len(data["options"]) == len(rules.OPTIONS)
    preset = rules.PRESETS["skitgubbe-follow-suit"]
    changed = dataclasses.replace(preset, options=(
        ("beat", "follow-suit"), ("phase2_plays", "runs"), ("must_beat", "yes")))
    monkeypatch.setitem(rules.PRESETS, "skitgubbe-follow-suit", changed)
    rules._preset_rules.cache_clear()
    try:
        assert Rules.preset("skitgubbe-follow-suit").phase2_plays == "runs"  # a later version
        again = record.from_record(data)
        assert again.rules.options() == game.rules.options()
        assert record.result(again) == data["result"]
    finally:
        monkeypatch.undo()
        rules._preset_rules.cache_clear()


def test_a_record_of_the_previous_format_that_replays_today_is_read_as_before():
    data = record.to_record(finished_game(4, lead_after_going_out="beaten-player"))
    old = {**data, "format": "skitgubbe-record/1",
           "options": {"lead_after_going_out": "beaten-player"}}
    assert record.to_record(record.from_record(old)) == data
