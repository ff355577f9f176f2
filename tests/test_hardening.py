"""Hardening round 3 (issue 18): the command line, files and the API under hostile or
careless use.  Each test names the item it covers."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time

import pytest

from skitgubbe_core import Game, record
from skitgubbe_core import match as matches
from skitgubbe_core.actions import Action
from skitgubbe_core.cli import main
from skitgubbe_core.errors import ActionError, FileFormatError, SkitgubbeError
from skitgubbe_core.files import OutputError, shown_name, write_atomically
from skitgubbe_core.jsondata import read_json
from skitgubbe_core.rules import PRESETS
from skitgubbe_core.simulate import SimulationError, chunks, simulate, study_rows, worker_count

CLI = [sys.executable, "-m", "skitgubbe_core.cli"]


def run(*args: str, env: dict | None = None, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, encoding="utf-8",
                          env=env, **kwargs)


def one_line_refusal(result: subprocess.CompletedProcess, text: str) -> None:
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert text in result.stderr, result.stderr


# 1. Never more workers than chunks of work, nor than cores unless asked.

def test_1_workers_are_capped_at_the_chunks_and_the_cores():
    cores = os.cpu_count() or 1
    assert worker_count("processes", 2, None, 40) == (min(2, cores), 1)
    assert worker_count("processes", 2, None, 40, beyond_cores=True) == (2, 1)
    assert worker_count("processes", 10**12, None, 10**6)[0] == cores
    assert worker_count("processes", 3, 10, 8, beyond_cores=True) == (1, 10)
    assert worker_count("serial", 100, None, 8) == (1, 25)


def test_1_the_cli_starts_no_more_processes_than_chunks(monkeypatch, capsys):
    import concurrent.futures

    started = []
    real = concurrent.futures.ProcessPoolExecutor

    def counting(max_workers=None, **kwargs):
        started.append(max_workers)
        return real(max_workers=max_workers, **kwargs)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", counting)
    assert main(["simulate", "--games", "2", "--scheduler", "processes", "--workers", "40",
                 "--workers-beyond-cores"]) == 0
    assert started == [2]
    assert len(capsys.readouterr().out.splitlines()) == 3


# 2. Chunks are made lazily, with a bounded number in flight.

def test_2_a_huge_study_costs_nothing_up_front():
    parts = chunks(10**15, 1000)
    assert next(parts) == (0, 1000)
    columns, rows = study_rows(games=10**12, seed=1, max_moves=1)
    first = next(rows)
    assert len(first) == 1000 and first[0]["game"] == 0 and "unfinished" in columns


def test_2_processes_keep_at_most_two_chunks_per_worker_in_flight(monkeypatch):
    import concurrent.futures

    submitted = []
    real = concurrent.futures.ProcessPoolExecutor.submit

    def spy(self, fn, *args):
        submitted.append(args[1])
        return real(self, fn, *args)
    monkeypatch.setattr(concurrent.futures.ProcessPoolExecutor, "submit", spy)
    _, rows = study_rows(games=10**9, seed=1, scheduler="processes", workers=1, chunk_size=1,
                         max_moves=1)
    assert [r[0]["game"] for r in (next(rows), next(rows), next(rows))] == [0, 1, 2]
    assert len(submitted) <= 5
    rows.close()


# 5. --record writes a regular file with the umask's mode; other kinds are refused.

def test_5_a_fifo_or_a_device_is_refused_and_left_alone(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in (str(fifo), os.devnull, str(tmp_path)):
        result = run("play", "--seed", "1", "--quiet", "--record", path)
        one_line_refusal(result, "exists and is not a regular file")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_5_a_symlink_is_written_through_and_kept(tmp_path):
    target = tmp_path / "real.json"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert main(["play", "--seed", "1", "--quiet", "--record", str(link)]) == 0
    assert link.is_symlink() and record.load(target).is_over


def test_5_new_files_get_the_umasks_mode_and_old_ones_keep_theirs(tmp_path):
    old = os.umask(0o022)
    try:
        new = tmp_path / "new.json"
        write_atomically(new, lambda f: f.write(b"{}"))
        assert stat.S_IMODE(new.stat().st_mode) == 0o644
        os.umask(0o002)
        write_atomically(tmp_path / "group.json", lambda f: f.write(b"{}"))
        assert stat.S_IMODE((tmp_path / "group.json").stat().st_mode) == 0o664
        new.chmod(0o600)
        write_atomically(new, lambda f: f.write(b"[]"))
        assert stat.S_IMODE(new.stat().st_mode) == 0o600 and new.read_bytes() == b"[]"
    finally:
        os.umask(old)
    with pytest.raises(OutputError, match="empty file name"):
        write_atomically("", lambda f: None)


# 6 and 7. File names that are not UTF-8, or hold direction marks, become clean text.

def test_6_a_handout_of_a_record_with_a_non_utf8_name(tmp_path):
    name = os.fsdecode(b"caf\xe9.json")
    path = tmp_path / name
    assert main(["play", "--seed", "2", "--quiet", "--record", str(path)]) == 0
    out = tmp_path / os.fsdecode(b"caf\xe9.html")
    result = run("handout", str(path), "-o", str(out))
    assert result.returncode == 0, result.stderr
    page = out.read_text(encoding="utf-8")
    assert "<title>caf\ufffd</title>" in page


def test_6_a_failed_handout_leaves_no_file(tmp_path, monkeypatch):
    from skitgubbe_core import handout

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")
    monkeypatch.setattr(handout, "handout_html", broken)
    with pytest.raises(RuntimeError):
        handout.write("stunsa-seven", str(tmp_path / "h.html"))
    assert list(tmp_path.iterdir()) == []


def test_7_direction_marks_in_a_file_name_never_reach_a_title_or_message(tmp_path):
    assert shown_name("a\u202eb\u200f\x1bc.json") == "abc.json"
    path = tmp_path / "evil\u202elmth.json"
    assert main(["play", "--seed", "2", "--quiet", "--record", str(path)]) == 0
    out = tmp_path / "h.html"
    assert main(["handout", str(path), "-o", str(out)]) == 0
    assert "\u202e" not in out.read_text(encoding="utf-8")
    path.write_text("{", encoding="utf-8")
    with pytest.raises(FileFormatError) as err:
        record.load(path)
    assert "\u202e" not in str(err.value) and "evillmth.json" in str(err.value)


# 9. Nonsense arguments are refused in one line, exit 2.

@pytest.mark.parametrize("args, text", [
    (["simulate", "--chunk-size", "-1"], "--chunk-size: '-1': give a whole number of at least 1"),
    (["simulate", "--chunk-size", "0"], "--chunk-size"),
    (["simulate", "--max-moves", "0"], "--max-moves"),
    (["play", "--max-moves", "-3"], "--max-moves"),
    (["match", "--max-moves", "0"], "--max-moves"),
    (["simulate", "--playouts", "0"], "--playouts"),
    (["simulate", "--playouts", "-5"], "--playouts"),
    (["simulate", "--workers", "0"], "--workers"),
    (["simulate", "--address", "tcp://127.0.0.1:8786"], "--scheduler dask"),
    (["play", "--record", ""], "--record: an empty file name"),
    (["match", "--record", ""], "--record: an empty file name"),
    (["play", "--seed", "x"], "'x' is not a whole number"),
    (["nonsense"], "invalid choice"),
])
def test_9_nonsense_arguments_are_refused(args, text):
    one_line_refusal(run(*args), text)


def test_9_the_api_refuses_the_same_counts():
    for kwargs in ({"chunk_size": -1}, {"max_moves": 0}, {"workers": 0},
                   {"address": "tcp://127.0.0.1:1"}):
        with pytest.raises(SimulationError):
            simulate(games=1, **kwargs)


# 10. A bad or unreachable Dask address: one line, quickly.

def test_10_a_dask_address_that_is_not_one():
    pytest.importorskip("distributed")
    one_line_refusal(run("simulate", "--scheduler", "dask", "--address", "not a url"),
                     "'not a url' is not a Dask scheduler address")


def test_10_an_unreachable_dask_scheduler_fails_within_the_timeout():
    pytest.importorskip("distributed")
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    start = time.monotonic()
    result = run("simulate", "--scheduler", "dask", "--address", f"tcp://127.0.0.1:{port}",
                 "--timeout", "1", "--games", "2")
    assert time.monotonic() - start < 20
    one_line_refusal(result, f"cannot reach the Dask scheduler at 'tcp://127.0.0.1:{port}' "
                             "within 1 s")


# 11. Ctrl-C: quiet, status 130, no half-written output.

@pytest.mark.parametrize("scheduler", ["serial", "processes"])
def test_11_ctrl_c_stops_quietly_and_leaves_no_file(tmp_path, scheduler):
    out = tmp_path / "games.csv"
    proc = subprocess.Popen([*CLI, "simulate", "--games", "1000000", "--chunk-size", "5",
                             "--scheduler", scheduler, "--workers", "2", "--out", str(out)],
                            start_new_session=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    def playing() -> bool:
        """The study is under way: its temporary file holds a chunk of games."""
        return any(p.read_bytes().count(b"\n") > 1 for p in tmp_path.iterdir())

    try:
        deadline = time.monotonic() + 60
        while not playing() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert playing(), "the study wrote no games within a minute"
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:  # never leave a million-game study running
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    # 130, or (when the Ctrl-C landed in a library's code, seen on a busy machine) ended by
    # SIGINT itself, which CPython then does after our handler has run: a shell shows 130
    # for both.  The study stops either way (tests/test_interrupt.py: even where a library
    # drops the KeyboardInterrupt).
    assert proc.returncode in (130, -signal.SIGINT)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert list(tmp_path.iterdir()) == []


# 12. A terminal that cannot show the suits gets letters.

def test_12_an_ascii_terminal_gets_suit_letters():
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    result = subprocess.run([*CLI, "play", "--seed", "42"], capture_output=True, env=env)
    assert result.returncode == 0, result.stderr
    text = result.stdout.decode("ascii")
    assert "5H" in text and "\u2665" not in text
    utf8 = run("play", "--seed", "42").stdout
    assert text == utf8.translate(str.maketrans("♠♥♦♣", "SHDC"))


# 13. JSON the reader refuses: where in the file.

@pytest.mark.parametrize("text, where", [
    ('{"a": [1, 2,\n  ' + "9" * 5000 + "]}", "a number of 5000 digits: at most 20 are allowed "
     "(line 2, column 3)"),
    ('{"x": 1.0000000000000000000000001,\n "a": NaN}', "NaN is not a JSON number (line 2, "
     "column 7)"),
    ('{"s": "NaN [[[[", "b": -Infinity}', "-Infinity is not a JSON number (line 1, column 24)"),
    ("\n" + "[" * 100_000 + "]" * 100_000, "nested deeper than 8 levels (line 2, column 9)"),
])
def test_13_refused_json_names_line_and_column(tmp_path, text, where):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FileFormatError) as err:
        read_json(path)
    assert str(err.value) == f"{path}: not a valid file: {where}"


# 14. Game.play of what is not an action of this game.

@pytest.mark.parametrize("action, text", [
    (None, "None is not an action"),
    (5, "5 is not an action"),
    (("A", "play"), "is not an action"),
    (Action(3, "pick up"), "there is no seat 3; the seats are 0-2 (A, B, C)"),
    (Action(-1, "pick up"), "there is no seat -1"),
    (Action(True, "pick up"), "there is no seat True"),
    # a string where a Card belongs: the refusal under test
    (Action(0, "play", ("7D",)), "its cards are Card values"),  # type: ignore[arg-type]
])
def test_14_play_refuses_what_is_not_an_action_of_a_seat(action, text):
    game = Game(["A", "B", "C"], seed=1)
    for attempt in (game.play, game.why_illegal):
        with pytest.raises(ActionError, match=None) as err:
            attempt(action)
        assert text in str(err.value)
        assert isinstance(err.value, SkitgubbeError)
    assert game.move_count == 0


# 15. A match record of zero deals, or of players its rules do not allow.

def test_15_a_match_of_zero_deals_or_the_wrong_players_is_refused():
    played = matches.play_match(3, 1, seed=1)
    data = matches.to_json(played)
    with pytest.raises(matches.MatchError, match=r"deals: a match has at least one deal"):
        matches.from_json({**data, "deals": [], "counts": {}})
    atlanta = {**data, "variant": "atlanta", "options": {}, "players": ["A", "B"], "deals": [],
               "counts": {"A": 0, "B": 0}}
    with pytest.raises(matches.MatchError, match=r"players: Atlanta is for 3 players"):
        matches.from_json({**atlanta, "deals": data["deals"]})


# 8. Unknown keys reach messages quoted, as json_path() quotes them.

def test_8_unknown_keys_are_quoted_in_messages():
    from skitgubbe_core.jsondata import per_player

    forged = "A\x1b[2J\rok: fine\n"
    starts = [
        {"phase": 1, "to_play": "A", "stock": [], "hands": {forged: ["7D"]}},
        {"phase": 2, "trump": "S", "to_play": "A", "hands": {"A": ["7D"], "B": ["8D"]},
         "piles": {forged: ["2S"]}},
    ]
    messages = []
    for start in starts:
        with pytest.raises(SkitgubbeError) as err:
            Game(["A", "B"], start=start)
        messages.append(str(err.value))
    with pytest.raises(SkitgubbeError) as err:
        record.from_record({"format": "skitgubbe-record/1", "variant": "skitgubbe",
                            "options": {forged: "x"}, "players": ["A", "B"], "seed": 1,
                            "actions": []})
    messages.append(str(err.value))
    with pytest.raises(SkitgubbeError) as err:
        per_player({forged: ["7D"]}, ["A", "B"], "checkpoints[0].hands")
    messages.append(str(err.value))
    for message in messages:
        assert message.isprintable(), message
        assert "\\x1b[2J\\rok" in message


# 3. A match record loads headless: no events kept.

def test_3_a_long_match_record_loads_headless_in_little_memory(tmp_path):
    import tracemalloc

    from benchmarks.bench_limits import long_match

    path = tmp_path / "long.json"
    matches.save(long_match(5, 4000), path)
    tracemalloc.start()
    try:
        loaded = matches.load(path)
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert [d.move_count for d in loaded.deals] == [4000] * 5
    assert not any(d.narrate for d in loaded.deals)
    assert kept < 2_000_000, kept  # narrated deals would keep every event


# 4. The cycle breaker covers phase 1: all-heuristic Mas games finish.

def test_4_all_heuristic_mas_games_finish():
    for players in (2, 3, 4):
        df = simulate("mas", players, 100 if players == 3 else 40, seed=1,
                      bots=["heuristic"] * players)
        assert not df["unfinished"].any(), players


# 16. replay narrates a match record deal by deal, ending with the tally.

def test_16_replay_reads_a_match_record(tmp_path, capsys):
    path = tmp_path / "m.json"
    assert main(["match", "--players", "3", "--deals", "2", "--seed", "1",
                 "--record", str(path)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == said[0]
    assert "Deal 1: C deals, A leads" in lines and "Deal 2: A deals, B leads" in lines
    assert lines[-1] == said[-1] and lines[-1].startswith("Skitgubbe counts: ")
    assert sum(line.endswith(" is the Skitgubbe after") or " is the Skitgubbe after " in line
               for line in lines) == 2
    assert not any(line.startswith("<Game") for line in lines)


def test_16_replay_of_a_record_ends_with_its_result_not_a_repr(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["play", "--seed", "3", "--quiet", "--record", str(path)]) == 0
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == "A is the Skitgubbe after 326 moves."


# 22. "The deal passes to the left" is our reading, wherever it is said or stored.

def test_22_the_deal_passing_left_is_marked_as_our_reading(tmp_path, capsys):
    path = tmp_path / "m.json"
    assert main(["match", "--deals", "1", "--seed", "1", "--record", str(path)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.endswith("the deal passes to the left (our reading: no source says who "
                          "deals next)")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["deal_passes"] == "left (our reading)"
    data["deal_passes"] = "left"
    assert matches.from_json(data).counts() == matches.load(path).counts()
    from skitgubbe_core.schema import MATCH_SCHEMA

    assert "our reading" in MATCH_SCHEMA["description"]


# 17. Every position the engine produces is accepted back as a start.

@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_17_every_position_the_engine_produces_is_accepted_back(preset):
    from skitgubbe_core.errors import PositionError
    from skitgubbe_core.simulate import random_game

    given = 0
    for seed in range(4):
        game = random_game(PRESETS[preset].min_players, preset, seed, max_moves=300)
        for moves in range(0, game.move_count + 1, 9):
            here = game.copy_at(moves, narrate=False)
            try:
                start = here.position()
            except PositionError as err:
                assert here.is_over or "between tricks" in str(err)
                continue
            again = Game(here.players, here.rules, start=start)
            assert again.position() == start
            assert again.legal_actions() == here.legal_actions()
            given += 1
    assert given


def test_17_the_turned_up_trump_kept_after_rule_v30():
    from skitgubbe_core.simulate import random_game

    game = random_game(3, "skitgubbe-turned-up-trump", 0, max_moves=400)
    here = game.copy_at(43, narrate=False)
    start = here.position()
    assert start["stock"] == [] and start["trump_card"] == "AH" and start["trump"] == "H"
    assert Game(here.players, here.rules, start=start).trump_card == here.trump_card
    with pytest.raises(SkitgubbeError, match="the turned-up trump A♥ sets trumps: trump is H"):
        Game(here.players, here.rules, start={**start, "trump": "S"})


# 18. Mas's exchange and storing only where phase 1 offers them.

@pytest.mark.parametrize("option", ["exchange_two", "store_three_trumps"])
def test_18_mas_options_need_mas_phase_1(option):
    from skitgubbe_core.errors import RulesError
    from skitgubbe_core.rules import Rules

    with pytest.raises(RulesError, match=f"{option}=yes needs phase1_tricks=beat-or-pick-up, "
                                         "not pairs"):
        Rules.preset("skitgubbe-turned-up-trump", **{option: "yes"})
    assert getattr(Rules.preset("mas"), option) == "yes"


# 19. The play table plays only the reader's own seat and never tells of a hidden hand.

def test_19_the_move_box_refuses_moves_for_a_computer_seat():
    from skitgubbe_widgets import PlayTable

    table = PlayTable(seed=1)
    game = table.game
    table.play(game.legal_actions()[0])
    while table._queue:
        table.step_on()
    assert game.to_play == 1 and not table._queue
    moves = game.move_count
    bo = game.players[1]
    held = game.hands[1][0]
    hidden = next(c for c in game.hands[2])
    for typed in (f"{bo}: {game.legal_actions()[0].text}", f"{bo}: play {hidden.text}",
                  f"{bo}: play {held.text}"):
        table.play(typed)
        assert game.move_count == moves, typed
        assert "you play for Alex only" in table.message
        assert "hold" not in table.message and hidden.text not in table.message
    table.play(game.legal_actions()[0])
    assert game.move_count == moves and "you play for Alex only" in table.message


# 20. In Mas a trump on a plain card trumps it, and the narration says so.

def test_20_a_mas_trump_on_a_plain_card_is_narrated_as_trumping():
    start = {"phase": 1, "to_play": "A", "trump": "D", "stock": ["2C", "3C", "4C", "5C", "6D"],
             "hands": {"A": ["9S", "KS", "QH"], "B": ["7D", "JH", "2H"], "C": ["8H", "9H", "TH"]}}
    game = Game(["A", "B", "C"], "mas", start=start)
    game.play("A: play 9S")
    said = game.play("B: play 7D").narrate(game.players)
    assert any(line.startswith("7♦ is a trump: B trumps the lead, wins the trick, puts 2 "
                               "cards in their pile and leads next against C") for line in said)
    assert not any("is higher" in line for line in said)


# 21. A sentence never announces a lead that the end of phase 1 contradicts.

def _phase1_endings(preset: str, seeds: range) -> list[list[str]]:
    from skitgubbe_core.simulate import random_game

    found = []
    for seed in seeds:
        game = random_game(3, preset, seed)
        for step in game.history:
            if any(e.kind == "phase-2" for e in step.events):
                found.append(step.narrate(game.players))
    return found


@pytest.mark.parametrize("preset", ["mas", "skitgubbe", "skitgubbe-turned-up-trump",
                                    "mattis", "koira", "atlanta"])
def test_21_no_lead_is_announced_as_phase_1_ends(preset):
    endings = _phase1_endings(preset, range(12))
    assert endings
    for lines in endings:
        end = next(i for i, line in enumerate(lines) if "phase 1" in line)
        before = lines[:end]
        assert not any("leads next" in line or "leads again" in line for line in before), lines


def test_21_mas_pick_up_that_ends_phase_1():
    endings = _phase1_endings("mas", range(12))
    picked = [lines for lines in endings if " picks up " in lines[0]]
    assert picked
    assert all(lines[0].startswith(lines[0].split(" (rule")[0]) and ";" not in lines[0]
               for lines in picked)


# 24. Smaller: one player count, the order a slough was written in, matching quotes.

def test_24_a_multi_card_slough_is_narrated_in_its_written_order():
    from tests.helpers import game, phase1

    ranks = ["K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]
    g = game(phase1({"A": " ".join(f"{r}S" for r in ranks) + " 2S",
                     "B": " ".join(f"{r}H" for r in ranks) + " 2H AH",
                     "C": " ".join(f"{r}D {r}C" for r in ranks) + " 2C 2D"}, "AS AD AC"),
             preset="atlanta", forced_bounce="no")
    moves = ["A: play KS", "B: play KH", "C: play 2D"]
    moves += [f"{p}: play {r}{s}" for r in ranks[1:] for p, s in (("A", "S"), ("B", "H"))]
    for move in moves + ["A: play 2S", "B: play AH", "B: pass"]:
        g.play(move)
    said = g.play("C: slough KC 3D 2C").narrate(g.players)[0]
    assert said.startswith("C sloughs K♣ 3♦ 2♣ onto the trick that B takes"), said
    data = record.to_record(g)
    assert data["actions"][-1] == "C: slough K♣ 3♦ 2♣"
    assert record.to_record(record.from_record(data)) == data


def test_24_a_long_quoted_title_opens_and_closes_with_the_same_quote():
    from skitgubbe_core.errors import quote

    text = quote("t" * 50 + "'" + "u" * 200)
    assert text[0] == text[text.index("…") + 1] == "'"
    text = quote("it's" + "x" * 300)
    assert text[0] == text[text.index("…") + 1] == '"'


# Issue 29 (hardening round 4), item 8: a damaged catalogue is refused in one line.

@pytest.mark.parametrize("damage", ["empty", "header", "truncated", "corrupt", "unreadable"])
def test_r4_8_a_damaged_catalogue_is_one_line_not_a_traceback(tmp_path, monkeypatch, capsys,
                                                              damage):
    from skitgubbe_core import i18n

    good = (i18n.LOCALE / "sv" / "LC_MESSAGES" / "skitgubbe.mo").read_bytes()
    damaged = tmp_path / "sv" / "LC_MESSAGES" / "skitgubbe.mo"
    damaged.parent.mkdir(parents=True)
    damaged.write_bytes({"empty": b"", "header": good[:20], "truncated": good[:len(good) // 2],
                         "corrupt": good[:8] + b"\xff" * 40 + good[48:],
                         "unreadable": good}[damage])
    if damage == "unreadable":
        damaged.chmod(0)
        if os.access(damaged, os.R_OK):
            pytest.skip("root reads any file")
    monkeypatch.setattr(i18n, "LOCALE", tmp_path)
    i18n.translations.cache_clear()
    try:
        assert main(["--lang", "sv", "variants"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("skitgubbe: the 'sv' message catalogue cannot be read (")
        assert err.endswith("): reinstall skitgubbe, or choose --lang en\n")
        assert len(err.splitlines()) == 1
        with pytest.raises(i18n.CatalogueError), i18n.language("sv"):
            pass
    finally:
        i18n.translations.cache_clear()
