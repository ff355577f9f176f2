"""The `skitgubbe` command."""

import json
import subprocess
import sys

import pytest

from skitgubbe_core import examples, record
from skitgubbe_core.cli import main


def run(*args):
    return subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", *args],
                          capture_output=True, text=True, encoding="utf-8")


def test_variants_lists_presets_with_sources_and_options(capsys):
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("skitgubbe: Skitgubbe (basic game)")
    assert 'pagat.com, "Skitgubbe" (English)' in out
    assert "* more-than-one" in out and "at-least-one" in out


def test_play_narrates_a_full_reproducible_game(capsys):
    assert main(["play", "--players", "3", "--seed", "42"]) == 0
    first = capsys.readouterr().out
    assert main(["play", "--players", "3", "--seed", "42"]) == 0
    assert capsys.readouterr().out == first
    assert first.startswith("skitgubbe, 3 players, seed 42\n")
    assert "   1. A " in first
    assert first.rstrip().endswith("moves.")
    assert "is the Skitgubbe after" in first


def test_play_writes_a_record_that_replays(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["play", "--players", "4", "--seed", "3", "--quiet", "--record", str(path)]) == 0
    game = record.load(path)
    assert game.is_over and len(game.players) == 4
    assert main(["replay", str(path)]) == 0
    assert "is the Skitgubbe" in capsys.readouterr().out


def test_play_with_a_move_cap_reports_an_unfinished_game(capsys):
    assert main(["play", "--seed", "1", "--max-moves", "5", "--quiet"]) == 0
    assert "Unfinished: stopped after 5 moves" in capsys.readouterr().out


def test_example_list_prints_name_then_title(capsys):
    assert main(["example", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    width = max(len(name) for name in examples.names())
    assert lines == [f"{name:{width}}  {title}" for name, title in examples.catalogue()]
    assert len({line.index(title) for line, (_, title) in
                zip(lines, examples.catalogue(), strict=True)}) == 1
    assert len(lines) == len(examples.names())


def test_example_runs_with_narration_and_checks(capsys):
    assert main(["example", "stunsa-seven"]) == 0
    out = capsys.readouterr().out
    assert "7♦ and 7♣ are equal: stunsa!" in out
    assert out.rstrip().endswith("ok: stunsa-seven")


def test_user_errors_print_one_line_without_a_traceback():
    for args, text in ((["example", "nope"], "no built-in example is called 'nope'"),
                       (["play", "--players", "9"], "a game needs 2-8 players by number, not 9"),
                       (["play", "--players", "5"], "is for 2-4 players"),
                       (["play", "--option", "x=y"], "unknown rule option 'x'"),
                       (["replay", "/nonexistent/x.json"], "No such file")):
        result = run(*args)
        assert result.returncode == 2, (args, result.stderr)
        assert text in result.stderr
        assert "Traceback" not in result.stderr
        assert len(result.stderr.strip().splitlines()) == 1


def test_replay_refuses_a_corrupted_record_without_a_traceback(tmp_path):
    path = tmp_path / "g.json"
    assert main(["play", "--seed", "2", "--quiet", "--record", str(path)]) == 0
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"][3] = "A: play 2Z"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode == 2
    assert f"{path}: actions[3]: 'A: play 2Z': '2Z' is not a card" in result.stderr
    assert "Traceback" not in result.stderr


def test_play_shows_the_starting_hands_and_phase_headings_and_refuses_before_its_header(capsys):
    assert main(["play", "--players", "3", "--seed", "42"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "C dealt, and A, on the dealer's left, leads first (rule 0, the deal)"
    assert lines[2] == "Starting hands:" and lines[3].startswith("  A: ")
    assert lines[6] == "-- Phase 1 --" and "-- Phase 2 --" in lines
    assert main(["play", "--variant", "koira", "--players", "2"]) != 0
    refused = capsys.readouterr()
    assert "seed" not in refused.out and "not 2" in refused.err
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    shown = capsys.readouterr().out
    assert "how many players" in shown and "change one rule" in shown and "the ruleset" in shown
