"""Hardening round 4 (issue 29), items 1-3, 10-14, 16 and 17: the quiz under long
records and hostile answers, teachers' exercises and empty texts, the study commands'
arguments, actions without cards, terminal hygiene and JSON paths.  Each test names
the item it covers."""

from __future__ import annotations

import io
import random
import subprocess
import sys
import tracemalloc

import pytest

from skitgubbe_core import Game, quiz, record
from skitgubbe_core.cli import main

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
    def peak(moves: int) -> int:
        game = long_game(moves)
        tracemalloc.start()
        try:
            sheet = quiz.questions(game)
            assert len(sheet) > moves // 4
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    short, long = peak(250), peak(2000)
    # eight times the moves: at most eight times the memory (a copy of the whole game
    # per position needed about twelve times, and 3.3 GB for 20,000 moves)
    assert long < 8 * short, (short, long)


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

    monkeypatch.setattr(quiz, "DRILL_GAMES", 4)
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
