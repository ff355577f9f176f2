"""Hardening round 4 (issue 29), items 1-3, 10-14, 16 and 17: the quiz under long
records and hostile answers, teachers' exercises and empty texts, the study commands'
arguments, actions without cards, terminal hygiene and JSON paths.  Each test names
the item it covers."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import tracemalloc

import pytest

from skitgubbe_core import Game, quiz, record
from skitgubbe_core.actions import Action
from skitgubbe_core.cards import parse_card
from skitgubbe_core.cli import main
from skitgubbe_core.errors import ActionError, SkitgubbeError
from skitgubbe_core.rules import PRESETS
from skitgubbe_core.simulate import SimulationError, simulate

CLI = [sys.executable, "-m", "skitgubbe_core.cli"]


def run(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, encoding="utf-8",
                          **kwargs)


def one_line_refusal(result: subprocess.CompletedProcess, text: str) -> None:
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert text in result.stderr, result.stderr


def long_game(moves: int) -> Game:
    """A legal game of ``moves`` moves: random play to phase 2, then every player picks
    up whatever is on the table (the cards go round for ever)."""
    game = Game(3, "skitgubbe", seed=1, narrate=False)
    rng = random.Random(1)
    while game.move_count < moves:
        legal = game.legal_actions()
        picks = [a for a in legal if a.kind == "pick up"]
        game.play(picks[0] if game.phase == 2 and picks and game.table else rng.choice(legal))
    return game


# 1. The quiz's memory grows with the record's length, not with its square.

def test_1_quiz_memory_grows_linearly_with_the_record():
    def per_move(moves: int) -> float:
        game = long_game(moves)
        tracemalloc.start()
        try:
            sheet = quiz.questions(game)
            assert len(sheet) > moves // 4
            return tracemalloc.get_traced_memory()[1] / moves
        finally:
            tracemalloc.stop()

    quiz.questions(long_game(20))  # what the first quiz allocates once
    short, long = per_move(400), per_move(1600)
    # the memory a move costs stays the same in a longer record (it grew with the
    # record's length while each position kept a copy of the whole game)
    assert long < 1.15 * short, (short, long)


def test_1_the_interactive_quiz_narrates_each_event_once(tmp_path, monkeypatch, capsys):
    """Each question's context is read from the last step shown on, not from the start:
    the events handed out stay in proportion to the record, not to its square."""
    path = tmp_path / "long.json"
    record.save(long_game(300), path)
    handed = []
    context = quiz.Sheet.context

    def counting(self, question, since=0):
        events = context(self, question, since)
        handed.append(len(events))
        return events
    monkeypatch.setattr(quiz.Sheet, "context", counting)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 1000))
    assert main(["quiz", str(path)]) == 0
    events = sum(len(step.events) for step in record.load(path).history)
    assert len(handed) > 100 and sum(handed) < 2 * events, (len(handed), sum(handed), events)


# 2. A drill's kinds are checked at once, and its search for them is bounded.

@pytest.mark.parametrize(("kinds", "said"), [
    (["pickup"], "unknown kind of question 'pickup' (did you mean 'pick-up'?): the kinds are "
                 "legal, pick-up, winner"),
    ("pick-up", "not the text 'pick-up'"),
    ("winer", "such as ['winner'], not the text 'winer'"),
    ([], "name at least one kind"),
    (3, "not the text 3"),
    ([None], "unknown kind of question None: the kinds are"),
])
def test_2_kinds_are_checked_by_questions_drill_and_the_widget(kinds, said):
    from skitgubbe_widgets import Quiz

    for call in (lambda: quiz.questions("pickup-case-5", kinds),
                 lambda: quiz.drill("skitgubbe", 3, kinds=kinds),
                 lambda: Quiz("pickup-case-5", kinds=kinds),
                 lambda: Quiz.drill("skitgubbe", 3, kinds=kinds)):
        with pytest.raises(quiz.QuizError) as err:
            call()
        assert said in str(err.value)


def test_2_ask_names_the_kinds_too():
    game = quiz.questions("pickup-case-5").game
    with pytest.raises(quiz.QuizError, match=r"'pickup' \(did you mean 'pick-up'\?\)"):
        quiz.ask(game, "pickup", 1)


def test_2_a_kind_the_variant_never_asks_ends_the_drill(monkeypatch):
    from skitgubbe_widgets import Quiz

    monkeypatch.setattr(quiz.practice, "DRILL_GAMES", 4)
    with pytest.raises(quiz.QuizError, match="no 'tie-cards' question came up in 4 random "
                       "games of skitgubbe: its rules may never ask it"):
        next(iter(quiz.drill("skitgubbe", 3, kinds=["tie-cards"])))
    with pytest.raises(quiz.QuizError, match="no 'tie-cards' question"):
        Quiz.drill("skitgubbe", 3, kinds=["tie-cards"])
    assert quiz.DRILL_GAMES * quiz.DRILL_MOVES <= 50 * 400  # bounded in the package too


def test_2_a_kind_the_variant_asks_still_drills():
    from itertools import islice

    asked = [q.kind for _, q in islice(quiz.drill("koira-sorted-ties", 4, kinds=["tie-cards"]), 3)]
    assert asked == ["tie-cards"] * 3


# 3 and 13. Every argument of simulate, compare and ladder is checked before any game.

@pytest.fixture
def no_games(monkeypatch):
    """Fail the test if any study game is played."""
    from skitgubbe_core import ladder, simulate, studies

    def played(*args, **kwargs):
        raise AssertionError("a game was played before the arguments were checked")
    for module in (ladder, studies, simulate):
        monkeypatch.setattr(module, "simulate", played)
    monkeypatch.setattr(simulate, "play_chunk", played)


@pytest.mark.parametrize(("command", "args", "said"), [
    ("ladder", ["--bots", "search,memory,typo"], "unknown bot 'typo'; the bots are random, "
                                                 "heuristic, search, memory"),
    ("ladder", ["--players", "-1"], "players"),
    ("ladder", ["--players", "0"], "not 0"),
    ("ladder", ["--players", "1"], "not 1"),
    ("ladder", ["--bots", ""], "--bots '': name computer players"),
    ("ladder", ["--bots", "search,,random"], "--bots 'search,,random': name computer players"),
    ("ladder", ["--out", ""], "--out '': name a .csv or .parquet file"),
    ("ladder", ["--out", "ratings.txt"], "--out 'ratings.txt': name a .csv or .parquet file"),
    ("ladder", ["--scheduler", "dask", "--address", "nowhere"], "not a Dask scheduler address"),
    ("compare", ["--variants", "skitgubbe,skitgubbe"], "'skitgubbe' is named twice"),
    ("compare", ["--variants", "skitgubbe,mas,typo"], "unknown variant 'typo'"),
    ("compare", ["--bots", ""], "--bots '': name computer players"),
    ("compare", ["--bots", "random,typo"], "unknown bot 'typo'"),
    ("compare", ["--out", ""], "--out '': name a .csv or .parquet file"),
    ("compare", ["--out", "rows.txt"], "--out 'rows.txt': name a .csv or .parquet file"),
    ("compare", ["--address", "tcp://x:1"], "an address names a Dask scheduler"),
    ("simulate", ["--bots", ""], "--bots '': name computer players"),
    ("simulate", ["--bots", "random,typo,random"], "unknown bot 'typo'"),
    ("simulate", ["--out", ""], "--out '': name a .csv or .parquet file"),
    ("simulate", ["--out", "games.txt"], "--out 'games.txt': name a .csv or .parquet file"),
])
def test_3_13_a_bad_study_is_refused_before_any_game(command, args, said, no_games, capsys):
    assert main([command, "--games", "2", *args]) == 2
    err = capsys.readouterr().err
    assert said in err and len(err.splitlines()) == 1 and "Traceback" not in err, err


@pytest.mark.parametrize(("arguments", "said"), [
    ({"bots": "search"}, "not the text 'search'"),
    ({"bots": []}, "name at least one computer player"),
    ({"bots": ["search", "typo"]}, "unknown bot 'typo'"),
    ({"players": 0}, "not 0"),
    ({"players": -1}, "not -1"),
    ({"players": "3"}, "a whole number of seats, not '3'"),
    ({"games": 0}, "at least one game"),
    ({"scheduler": "threads"}, "unknown scheduler 'threads'"),
    ({"max_moves": 0}, "max_moves must be a whole number of at least 1"),
])
def test_3_13_the_ladder_checks_its_arguments_first(arguments, said, no_games):
    from skitgubbe_core.errors import SkitgubbeError
    from skitgubbe_core.ladder import ladder

    with pytest.raises(SkitgubbeError, match=said.replace("(", r"\(")):
        ladder(**{"games": 2, **arguments})


def test_13_compare_refuses_a_ruleset_named_twice_and_a_text_of_bots(no_games):
    from skitgubbe_core.studies import compare_play

    with pytest.raises(SimulationError, match="'mas' is named twice"):
        compare_play(["mas", "skitgubbe", "mas"], games=1)
    with pytest.raises(SimulationError, match="not the text 'mas'"):
        compare_play("mas", games=1)
    with pytest.raises(SimulationError, match="not the text 'random'"):
        compare_play(["mas"], games=1, bots="random")


def test_13_a_study_names_its_bots_in_a_list():
    with pytest.raises(SimulationError, match="not the text 'random'"):
        simulate("skitgubbe", 3, 1, bots="random")
    with pytest.raises(SimulationError, match="name at least one computer player"):
        simulate("skitgubbe", 3, 1, bots=[])


# 10. The interactive quiz reads an answer as ASCII digits of bounded length.

@pytest.mark.parametrize("typed", ["²", "٣", "1" * 5000, "9" * 10**6, "1\x1b[2J", "-1", "0"])
def test_10_a_strange_answer_is_asked_again(typed, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{typed}\n1\n"))
    assert main(["quiz", "pickup-case-5"]) == 0
    out = capsys.readouterr().out
    assert "Please type a number from 1 to" in out and "\x1b" not in out
    assert out.count("Question 1 of") == 1 and "Question 2 of" in out
    assert len(out) < 10_000  # a long answer is not echoed whole


# 16. Terminal hygiene: the shown file names and the refused direction marks.

HOSTILE = "q\x1b[2J\r\u202eevil"


def test_16_the_quiz_heading_shows_the_file_name_cleaned(tmp_path, monkeypatch, capsys):
    from pathlib import Path

    import skitgubbe_core

    path = tmp_path / f"{HOSTILE}.json"
    example = Path(skitgubbe_core.__file__).parent / "scenarios" / "pickup-case-5.json"
    path.write_bytes(example.read_bytes())
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    main(["quiz", str(path)])
    out = capsys.readouterr().out
    assert "q[2Jevil.json" in out
    assert not any(c in out for c in "\x1b\r\u202e"), out[:200]


@pytest.mark.parametrize("command", [
    ["compare", "--variants", "skitgubbe", "--games", "1"],
    ["ladder", "--players", "2", "--bots", "random,heuristic", "--games", "1"],
    ["simulate", "--games", "1"],
])
def test_16_the_studies_show_the_file_written_cleaned(command, tmp_path, capsys):
    out = tmp_path / f"{HOSTILE}.csv"
    assert main([*command, "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "q[2Jevil.csv" in err and not any(c in err for c in "\x1b\r\u202e"), err
    assert out.exists()


def marked(data: dict, where: str, text: str) -> dict:
    """A copy of scenario ``data`` with ``text`` as its title, first source or first
    exercise's prompt."""
    data = json.loads(json.dumps(data))
    if where == "title":
        data["title"] = text
    elif where == "sources":
        data["sources"][0] = text
    else:
        data["exercises"][0]["prompt"] = text
    return data


@pytest.mark.parametrize("where", ["title", "sources", "prompt"])
def test_16_the_arabic_letter_mark_is_refused_as_the_other_direction_marks(where, tmp_path):
    from skitgubbe_core import examples, scenario
    from skitgubbe_core.errors import FileFormatError

    path = tmp_path / "marked.json"
    for mark in "\u061c\u202e":
        data = marked(examples.load("pickup-case-5").data, where, f"Pick up{mark} 5")
        path.write_text(json.dumps(data), encoding="utf-8")
        with pytest.raises(FileFormatError, match=where):
            scenario.load(path)
    with pytest.raises(SkitgubbeError, match="not a usable player name"):
        Game(["A\u061cB", "C"], "skitgubbe", seed=1)


# 17. A key that does not read plainly is quoted in an error's JSON path.

@pytest.mark.parametrize(("key", "shown"), [
    ("dreck ", "options['dreck ']"), (" dreck", "options[' dreck']"), ("", "options['']"),
    ("a.b", "options['a.b']"), ("d\x1b[2J", "options['d\\x1b[2J']"), ("dreck", "options.dreck:"),
])
def test_17_a_key_with_spaces_is_quoted_in_the_path(key, shown, tmp_path):
    from skitgubbe_core import examples, scenario
    from skitgubbe_core.errors import FileFormatError

    data = json.loads(json.dumps(examples.load("pickup-case-5").data))
    data["options"] = {key: "x"}
    with pytest.raises(FileFormatError) as err:
        scenario.parse(data, "f.json")
    assert f"f.json: {shown}" in str(err.value)
    game = long_game(3)
    saved = record.to_record(game)
    saved["options"] = {key: "x"}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    result = run("replay", str(path))
    one_line_refusal(result, shown)


# 12. An empty title, source or prompt is never looked up in the catalogue (whose empty
# message is its header).

@pytest.mark.parametrize("command", ["check", "quiz", "quiz --json", "handout",
                                     "handout --exercises"])
def test_12_an_empty_text_shows_no_catalogue_header(command, tmp_path, monkeypatch, capsys):
    from skitgubbe_core import examples

    data = examples.load("pickup-case-5").data
    for where in ("title", "sources", "prompt"):
        data = marked(data, where, "")
    path = tmp_path / "empty.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    page = tmp_path / "page.html"
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 10))
    words = command.split()
    args = [*words[:1], str(path), *words[1:]]
    if words[0] == "handout":
        args += ["-o", str(page)]
    assert main(["--lang", "sv", *args]) == 0
    shown = capsys.readouterr().out + (page.read_text(encoding="utf-8") if page.exists() else "")
    assert "regel" in shown or command == "check"
    if command not in ("handout", "check"):  # the engine's prompt stands in
        assert "Vad får C göra nu?" in shown
    assert "Content-Type" not in shown and "Project-Id-Version" not in shown


# 11. A teacher's exercise is checked as check checks it wherever it is asked.

@pytest.mark.parametrize(("change", "said"), [
    ({"choices": ["C: play ZZ", "C: pick up"]},
     "exercises[0].choices[0]: 'C: play ZZ' is not a possible answer of a legal question"),
    ({"answer": ["C: play 4D"]}, "exercises[0].answer: the stated answer is"),
    ({"player": "A"}, "exercises[0]: a legal question is asked of C, not A"),
])
@pytest.mark.parametrize("command", ["check", "quiz", "quiz --json", "handout --exercises"])
def test_11_a_wrong_exercise_is_refused_naming_the_file_and_exercise(change, said, command,
                                                                      tmp_path):
    from skitgubbe_core import examples

    data = json.loads(json.dumps(examples.load("pickup-case-5").data))
    data["exercises"][0].update(change)
    path = tmp_path / "taught.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    words = command.split()
    page = tmp_path / "page.html"
    written = ["-o", str(page)] if words[0] == "handout" else []
    result = run(*words[:1], str(path), *words[1:], *written, input="1\n" * 10)
    if command == "check":
        assert result.returncode == 1 and said in result.stdout, result
        return
    one_line_refusal(result, said)
    assert "taught.json" in result.stderr and result.stdout == "" and not page.exists()


def test_11_the_widget_refuses_a_wrong_exercise_too(tmp_path):
    from skitgubbe_core import examples
    from skitgubbe_core.errors import FileFormatError
    from skitgubbe_widgets import Quiz

    data = json.loads(json.dumps(examples.load("pickup-case-5").data))
    data["exercises"][0]["choices"] = ["C: play ZZ", "C: pick up"]
    path = tmp_path / "taught.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(FileFormatError, match=r"taught.json: exercises\[0\].choices\[0\]"):
        Quiz(str(path))


# 14. An action's shape is checked once, before any phase module sees it.

@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize(("kind", "cards", "said"), [
    ("play", (), "'play' needs at least one card"),
    ("slough", (), "'slough' needs at least one card"),
    ("pick up", (parse_card("7D"),), "'pick up' takes no cards"),
    ("turn", (parse_card("7D"),), "'turn' takes no cards"),
    ("dance", (), "unknown verb 'dance'; the verbs are play, slough, pick up, turn"),
])
def test_14_an_action_of_the_wrong_shape_is_an_action_error(preset, kind, cards, said):
    game = Game(PRESETS[preset].usual_players, preset, seed=3)
    before = game.snapshot()
    action = Action(game.to_play, kind, cards)
    for ask in (game.play, game.why_illegal, game.refusal):
        with pytest.raises(ActionError, match=said):
            ask(action)
    assert game.snapshot() == before and game.move_count == 0
