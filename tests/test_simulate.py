"""Simulation studies: the rows, their columns, and equal rows whatever the scheduler."""

import socket

import pandas as pd
import pytest

from skitgubbe_core.cli import main
from skitgubbe_core.simulate import SimulationError, derive_seed, simulate

STUDY = dict(variant="skitgubbe", players=3, games=24, seed=7,
             bots=["heuristic", "random", "random"], rotate=True, chunk_size=5)
COLUMNS = ["game", "seed", "variant", "players", "bot_0", "bot_1", "bot_2", "loser", "loser_bot",
           "moves", "phase1_moves", "stunsas", "pickups", "cards_0", "cards_1", "cards_2",
           "unfinished"]


def test_rows_have_the_columns_and_describe_each_game():
    df = simulate(**STUDY)
    assert list(df.columns) == COLUMNS
    assert list(df["game"]) == list(range(24))
    assert list(df["seed"]) == [derive_seed(7, i) for i in range(24)]
    assert list(df.loc[:2, "bot_0"]) == ["heuristic", "random", "random"]
    finished = df[~df["unfinished"]]
    assert (finished["loser_bot"] == [row[f"bot_{row['loser']}"] for _, row in finished.iterrows()]).all()
    assert (df["phase1_moves"] < df["moves"]).all() and (df["stunsas"] >= 0).all()
    assert (df[["cards_0", "cards_1", "cards_2"]].sum(axis=1) == 52).all()


def test_rows_do_not_depend_on_chunks_or_scheduler_processes():
    serial = simulate(**STUDY)
    assert serial.equals(simulate(**{**STUDY, "chunk_size": 24}))
    assert serial.equals(simulate(**STUDY, scheduler="processes", workers=2))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_dask_gives_the_same_rows_as_serial():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  host="127.0.0.1", scheduler_port=_free_port(),
                                  dashboard_address=None) as cluster:
        on_dask = simulate(**STUDY, scheduler="dask", address=cluster.scheduler_address)
    assert on_dask.equals(simulate(**STUDY))


def test_a_capped_game_is_reported_unfinished():
    df = simulate("skitgubbe", 3, 2, seed=1, max_moves=10)
    assert df["unfinished"].all() and (df["loser"] == -1).all() and (df["moves"] == 10).all()
    assert (df["cards_0"] == -1).all()


def test_bad_studies_are_refused_with_a_reason():
    with pytest.raises(SimulationError, match="2 bots for 3 players"):
        simulate(games=1, bots=["random", "random"])
    with pytest.raises(SimulationError, match="unknown bot 'clever'"):
        simulate(games=1, bots=["clever"] * 3)
    with pytest.raises(SimulationError, match="unknown scheduler"):
        simulate(games=1, scheduler="threads")


def test_cli_writes_csv_and_parquet_without_a_progress_bar(tmp_path, capsys):
    csv = tmp_path / "games.csv"
    args = ["simulate", "--variant", "skitgubbe", "--players", "3", "--games", "6", "--seed", "3",
            "--bots", "heuristic,random,random", "--rotate"]
    assert main(args + ["--out", str(csv)]) == 0
    assert capsys.readouterr().err == f"6 games written to {csv}\n"
    frame = pd.read_csv(csv)
    assert list(frame.columns) == COLUMNS and len(frame) == 6
    pq = tmp_path / "games.parquet"
    assert main(args + ["--out", str(pq), "--scheduler", "processes", "--workers", "2"]) == 0
    pd.testing.assert_frame_equal(pd.read_parquet(pq), frame, check_dtype=False)
    assert main(args) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == ",".join(COLUMNS) and len(out.splitlines()) == 7


def test_cli_refuses_a_bad_study_without_a_traceback(capsys):
    assert main(["simulate", "--games", "2", "--bots", "random,random"]) == 2
    assert capsys.readouterr().err.startswith("skitgubbe: 2 bots for 3 players")
    assert main(["simulate", "--games", "2", "--out", "x.txt"]) == 2


def test_cli_runs_dask_on_a_local_cluster_of_its_own(tmp_path):
    pytest.importorskip("distributed")
    out = tmp_path / "games.csv"
    assert main(["simulate", "--games", "6", "--seed", "3", "--scheduler", "dask", "--workers", "1",
                 "--out", str(out)]) == 0
    pd.testing.assert_frame_equal(pd.read_csv(out), simulate(games=6, seed=3), check_dtype=False)
