"""Questions the engine asks and answers: every answer is the engine's own, exercises
in scenario files are checked against it, and the terminal quiz works without a TTY."""

import json
import subprocess
import sys
from itertools import islice

import pytest

from skitgubbe_core import examples, quiz, scenario
from skitgubbe_core.cli import main
from skitgubbe_core.quiz import move_text

NAMES = examples.names()


@pytest.mark.parametrize("name", NAMES)
def test_generated_answers_are_the_engines(name):
    sheet = quiz.questions(examples.load(name), generate=True)
    game = sheet.game
    for q in sheet.questions:
        assert set(q.answer) <= set(q.choices), q
        at = game.copy_at(q.after)
        if q.kind == "to-play":
            assert list(q.answer) == ([] if at.is_over else [game.players[at.to_play]])
        if q.kind == "legal":
            assert list(q.answer) == [move_text(a, game.players) for a in at.legal_actions()]
            assert move_text(game.actions[q.after], game.players) in q.answer
            for choice in q.choices:
                refused = at.why_illegal(choice)
                assert (refused is None) == (choice in q.answer)
                if refused:
                    assert q.feedback(choice).sentence == f"Not allowed: {refused}."


def test_every_example_asks_something_and_the_json_has_exactly_the_keys():
    asked = {name: quiz.to_json(quiz.questions(name, generate=True)) for name in NAMES}
    assert sum(map(len, asked.values())) > 100
    for items in asked.values():
        for item in items:
            assert tuple(item) == quiz.JSON_KEYS
            assert item["kind"] in quiz.KINDS and item["prompt"].endswith("?")
            assert item["rule"].startswith("rule ")


def test_pick_up_cases_and_the_lead_of_case_5():
    sheet = quiz.questions("pickup-case-5", generate=True)
    lead = sheet.find("to-play", 4)
    assert lead.answer == ("C",) and lead.rule == "rule 12, going out"
    assert not lead.feedback("B").right
    assert lead.feedback("B").sentence == (
        "Not quite: B has gone out, so the lead passes to C, the next player still in "
        "(rule 12, going out).")
    assert sheet.find("pick-up", 2).answer == ("JH",)
    mattis = quiz.questions("mattis-lowest-pick-up", generate=True).find("pick-up", 2)
    assert mattis.answer == ("5H",) and mattis.rule == "rule V18, picking up the lowest play"
    run = quiz.questions("atlanta-lowest-run", generate=True).find("pick-up", 2)
    assert run.answer == ("5H 6H 7H",) and run.label(run.answer[0]) == "5♥ 6♥ 7♥"


def test_the_koira_tie_and_phase_2():
    sheet = quiz.questions("koira-tie-redistribution", generate=True)
    got = {q.player: q.answer for q in sheet.questions if q.kind == "tie-cards"}
    assert got == {"F": ("2S 8H",), "E": ("4C",), "C": ("5D",)}
    asked = sheet.find("tie-cards", 7)
    seen = [f.caption for f in sheet.frames[:asked.frame + 1]]
    assert not any(" gets " in c for c in seen), seen
    assert " gets " in sheet.frames[asked.frame + 1].caption
    trump = quiz.questions("mattis-blamattis-loses", generate=True)
    assert trump.find("trump", 3).answer == ("S",)
    assert trump.find("skitgubbe", 3).answer == ("A",)


def test_a_question_hides_what_it_asks():
    sheet = quiz.questions("pickup-case-5", generate=True)
    q = sheet.find("to-play", 4)
    told = [e.kind for e in sheet.context(q)]
    assert "lead-passes" not in told and told[-1] == "pick-up"
    assert q.hide_turn and q.reveal >= q.frame


def test_to_play_after_the_end_has_no_answer():
    q = quiz.ask(quiz.questions("mattis-blamattis-loses").game, "to-play", 3)
    assert q.answer == () and "Skitgubbe" in q.why


def test_drill_is_seeded_and_unlimited():
    first = [q.to_json() for _, q in islice(quiz.drill("skitgubbe", 3, seed=5), 30)]
    again = [q.to_json() for _, q in islice(quiz.drill("skitgubbe", 3, seed=5), 30)]
    assert first == again and len(first) == 30
    assert {q["kind"] for q in first} >= {"to-play", "winner"}


def _scenario(tmp_path, exercises):
    data = json.loads(examples.text("pickup-case-5"))
    data["exercises"] = exercises
    path = tmp_path / "case5.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_check_accepts_right_exercises_and_names_a_wrong_answer(tmp_path, capsys):
    good = _scenario(tmp_path, [{"after": 4, "ask": "to-play", "answer": ["C"]},
                                {"after": 2, "ask": "legal", "choices": ["C: play 4♦", "C: pick up"],
                                 "answer": ["C: pick up"]}])
    assert main(["check", good]) == 0
    assert "ok: exercise 2 (legal after move 2)" in capsys.readouterr().out
    bad = _scenario(tmp_path, [{"after": 2, "ask": "legal"},
                               {"after": 4, "ask": "to-play", "answer": ["B"]}])
    assert main(["check", bad]) == 1
    out = capsys.readouterr().out
    assert "exercises[1].answer: the stated answer is ['B']; the engine says ['C']" in out
    assert "exercises[0]" not in out


@pytest.mark.parametrize("item, where", [
    ({"after": 1, "ask": "winner"}, "exercises[0]: a winner question needs a move that "
                                    "settles a trick"),
    ({"after": 4, "ask": "to-play", "choices": ["A", "Z"]}, "exercises[0].choices[1]"),
    ({"after": 2, "ask": "legal", "choices": ["C: dance", "C: pick up"]},
     "exercises[0].choices[0]"),
    ({"after": 2, "ask": "legal", "answer": ["C: play 4D"]},
     "exercises[0].answer: the stated answer is ['C: play 4D']; the engine says ['C: pick up']"),
    ({"after": 2, "ask": "legal", "answer": ["C: play 9S"]}, "exercises[0].answer[0]"),
    ({"after": 2, "ask": "legal", "player": "A"}, "exercises[0]: a legal question is asked of C"),
])
def test_check_names_the_item(tmp_path, capsys, item, where):
    assert main(["check", _scenario(tmp_path, [item])]) == 1
    assert where in capsys.readouterr().out


def test_a_bad_exercise_is_not_a_scenario(tmp_path, capsys):
    for item, path in (({"after": 9, "ask": "to-play"}, "exercises[0].after"),
                       ({"after": 1, "ask": "guess"}, "exercises[0].ask"),
                       ({"after": 1, "ask": "to-play", "player": "Z"}, "exercises[0].player")):
        assert main(["check", _scenario(tmp_path, [item])]) == 2
        assert path in capsys.readouterr().err
    with pytest.raises(scenario.ScenarioError):
        scenario.load(_scenario(tmp_path, [{"after": 1}]))


def test_quiz_json_and_a_quiz_read_from_a_pipe():
    shown = subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", "quiz", "pickup-case-5",
                            "--json"], capture_output=True, text=True, check=True)
    items = json.loads(shown.stdout)
    assert [i["kind"] for i in items] == ["legal", "legal", "to-play"]
    assert items[0]["answer"] == ["C: pick up"] and items[0]["choices"][0] == "C: play 4D"
    answers = "3\nnine\n1\n2\n"
    done = subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", "quiz", "pickup-case-5"],
                          input=answers, capture_output=True, text=True, check=True)
    out = done.stdout
    assert "Right: pick up is allowed." in out
    assert "Please type a number from 1 to 2." in out
    assert "Not allowed: 2♣ does not beat 9♥" in out
    assert "Not quite: B has gone out, so the lead passes to C" in out
    assert out.rstrip().endswith("Score: 1 of 3.")


def test_quiz_stops_at_the_end_of_input():
    done = subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", "quiz", "stunsa-higher"],
                          input="2\n", capture_output=True, text=True, check=True)
    assert done.stdout.rstrip().endswith("Score: 1 of 1.")


def test_a_right_move_names_the_other_right_moves():
    q = quiz.questions("pickup-case-6").find("legal", 3)
    assert q.feedback("A: play KH").sentence == ("Right: play K♥ is allowed. Pick up would also "
                                                 "be right.")
    assert q.feedback("A: pick up").sentence == "Right: pick up is allowed. Play K♥ would also be right."


def test_the_unfinished_last_trick_is_won_or_taken_back_by_the_reading():
    found = quiz.readings("disagreement-last-trick", "last_trick", "winner", 1)
    assert [q.choices for _, q in found] == [("A", quiz.NOBODY)] * 2
    assert [q.answer for _, q in found] == [("A",), (quiz.NOBODY,)]
    kept, back = (q for _, q in found)
    assert back.feedback(quiz.NOBODY).sentence == "Right: nobody takes it, the cards are taken back."
    assert back.feedback("A").sentence == (
        "Not quite: A takes back 8♦ from the unfinished last trick (rule 7, the end of phase 1).")
    assert kept.feedback(quiz.NOBODY).sentence.startswith("Not quite: Nobody could answer A's 8♦")


def test_atlantas_winner_may_slough_only_under_two_readings():
    found = quiz.readings("atlanta-winner-sloughs", "slough_timing", "legal", 3)
    assert [q.player for _, q in found] == ["C"] * 3
    assert [q.answer for _, q in found] == [
        ("C: slough 4H", "C: pass"), ("C: play 4H", "C: play 5S", "C: play 5C", "C: turn"),
        ("C: slough 4H", "C: pass")]


NOTEBOOK_05 = ("notebooks/05-family-and-sources.ipynb", "notebooks/sv/05-family-and-sources.ipynb")


@pytest.mark.parametrize("path", NOTEBOOK_05)
def test_notebook_05_asks_a_question_per_disagreement_it_shows(path):
    """Every option a rule switcher of notebook 05 plays is asked by a Quiz.readings
    cell, and that question's answer differs between the readings."""
    import re
    from pathlib import Path

    cells = ["".join(c["source"]) for c in json.loads(Path(path).read_text())["cells"]
             if c["cell_type"] == "code"]
    shown = {m[1] for c in cells for m in re.finditer(r'RuleSwitcher\("[^"]+", "(\w+)"', c)}
    asked = {}
    for c in cells:
        for m in re.finditer(r'Quiz\.readings\("([^"]+)", "(\w+)", "([\w-]+)", (\d+)', c):
            asked[m[2]] = (m[1], m[3], int(m[4]))
    assert shown and shown <= set(asked), shown - set(asked)
    for option, (name, kind, after) in asked.items():
        answers = {q.answer for _, q in quiz.readings(name, option, kind, after)}
        assert len(answers) > 1, option
