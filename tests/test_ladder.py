"""The ladder: computer players rated with openskill, best first."""

import re

import pytest

from skitgubbe_core.cli import main
from skitgubbe_core.ladder import ladder, stored_ratings

LINE = re.compile(r"^(\d)\. (\w+) +mu +([\d.]+) +sigma ([\d.]+) +\(lost (\d+) of (\d+) games\)$")


def test_the_ladder_ranks_search_heuristic_random_in_basic_skitgubbe(capsys):
    assert main(["ladder", "--players", "2", "--games", "30", "--seed", "1",
                 "--bots", "search,heuristic,random", "--playouts", "8"]) == 0
    head, *lines = capsys.readouterr().out.splitlines()
    assert head.startswith("Skitgubbe (basic game), 2 players: 3 lineups x 10 games, seed 1")
    rows = [LINE.match(line).groups() for line in lines]
    assert [(place, bot) for place, bot, *_ in rows] == [
        ("1", "search"), ("2", "heuristic"), ("3", "random")]
    assert float(rows[0][2]) > float(rows[1][2]) > float(rows[2][2])
    assert [int(games) for *_, games in rows] == [20, 20, 20]
    assert sum(int(lost) for *_, lost, _ in rows) == 30


def test_the_ratings_do_not_depend_on_the_scheduler():
    study = {"variant": "mas", "players": 2, "games": 8, "seed": 4, "bots": ["heuristic", "random"]}
    assert ladder(**study) == ladder(**study, scheduler="processes", workers=2)


@pytest.mark.parametrize("args, message", [
    (["--players", "4", "--bots", "search,random"], "needs at least 4 computer players, not 2"),
    (["--bots", "random,random"], "name each computer player once"),
    (["--variant", "snap"], "unknown variant 'snap'"),
    (["--games", "0"], "at least one game"),
])
def test_a_bad_ladder_is_refused_in_one_line(args, message, capsys):
    assert main(["ladder", "--players", "2", "--games", "2", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1


def test_the_stored_ladder_ranks_the_players_and_the_table_menu_shows_it():
    from skitgubbe_widgets import PlayTable

    ratings = stored_ratings("skitgubbe", 3)
    assert sorted(ratings, key=lambda b: ratings[b].place) == ["memory", "heuristic", "search",
                                                                 "random"]
    labels = {o["name"]: o["label"] for o in PlayTable(seed=1).table["opponents"]}
    assert labels["search"].endswith(f"(rating {ratings['search'].mu:.1f})")
    unrated = PlayTable("atlanta", seed=1).table["opponents"]
    assert not any("rating" in o["label"] for o in unrated)
