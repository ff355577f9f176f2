"""The question kinds issue 27 (item 5) found missing: what a player may do out of turn,
who sets a phase-2 trick aside, the dreck, the trick size, the anti-trump, Blåmattis, and
Mas's trump once the deal has named it; asked in ``quiz --json``, in exercises checked by
``check``, in worksheets and the Quiz widget; an exercise that cannot be asked is an error
naming it, never a silent drop."""

import copy
import json
import re

import pytest

from skitgubbe_core import examples, quiz, scenario, worksheet
from skitgubbe_core.cards import parse_cards
from skitgubbe_core.cli import main
from skitgubbe_core.i18n import language
from skitgubbe_core.simulate import random_game

NEW_KINDS = ("out-of-turn", "sets-aside", "dreck", "trick-size", "anti-trump", "blamattis")

ASKED = [
    # (example, kind, after, player, answer, rule)
    ("mas-out-of-turn", "trump", 1, None, ("H",), "rule V12, the turned-up trump"),
    ("turned-up-trump", "trump", 1, None, ("S",), "rule V30, the turned-up trump"),
    ("mas-out-of-turn", "out-of-turn", 0, "B", ("B: store",), "rule V13, storing three trumps"),
    ("mas-out-of-turn", "out-of-turn", 1, "C", ("C: exchange",), "rule V14, exchanging the two"),
    ("atlanta-slough-both", "out-of-turn", 3, "C", ("C: slough 4H",), "rule V8, sloughing"),
    ("koira-trump-ends-trick", "sets-aside", 2, None, ("B",), "rule V23, a trump ends the trick"),
    ("disagreement-lead-after-going-out", "sets-aside", 3, None, ("C",), "rule 11a, a full trick"),
    ("atlanta-dreck", "dreck", 1, "B", ("2C 3C 4D 5S 6H",), "rule V24, the dreck"),
    ("pickup-case-1", "trick-size", 1, None, ("3",), "rule 11a, a full trick"),
    ("anti-trumps-same-colour", "anti-trump", 1, None, ("D",), "rule V16, anti-trumps"),
    ("electric-clubs", "anti-trump", 0, None, ("S",), "rule V16, anti-trumps"),
    ("mattis-blamattis", "blamattis", 0, None, ("C",), "rule V21, Blåmattis"),
]


def _game(name):
    return scenario.run(examples.load(name)).game


@pytest.mark.parametrize(("name", "kind", "after", "player", "answer", "rule"), ASKED)
def test_each_kind_is_answered_by_the_rule_that_decides_it(name, kind, after, player, answer, rule):
    q = quiz.ask(_game(name), kind, after, player)
    assert (q.answer, q.rule) == (answer, rule)
    assert set(answer) <= set(q.choices) and len(q.choices) > len(answer)
    assert q.feedback(answer[0]).right
    wrong = next(c for c in q.choices if c not in answer)
    assert not q.feedback(wrong).right and q.feedback(wrong).rule


def _with_exercise(name, kind, after, player, answer):
    data = json.loads(examples.text(name))
    item = {"after": after, "ask": kind, "answer": list(answer)}
    if player is not None:
        item["player"] = player
    data["exercises"] = [item]
    return data


@pytest.mark.parametrize(("name", "kind", "after", "player", "answer", "rule"), ASKED)
def test_each_kind_is_an_exercise_checked_and_asked_everywhere(
        tmp_path, capsys, name, kind, after, player, answer, rule):
    data = _with_exercise(name, kind, after, player, answer)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    capsys.readouterr()
    assert main(["quiz", "--json", str(path)]) == 0
    asked = json.loads(capsys.readouterr().out)
    assert [(q["kind"], tuple(q["answer"]), q["rule"]) for q in asked] == [(kind, answer, rule)]
    sc = scenario.parse(data)
    for lang in ("en", "sv"):
        with language(lang):
            prompt = quiz.questions(sc).questions[0].prompt
            assert prompt in worksheet.worksheet_html(sc, lang=lang)
    from skitgubbe_widgets import Quiz

    assert [q.kind for _, q in Quiz(sc)._items] == [kind]


def test_a_wrong_stated_answer_of_a_new_kind_fails_check():
    data = _with_exercise("atlanta-dreck", "dreck", 1, "B", ["2C 3C"])
    data["exercises"][0]["choices"] = ["2C 3C", "2C 3C 4D 5S 6H"]  # part of the share
    assert any("the engine says" in f for f in quiz.check(scenario.parse(data)).failures)
    data = _with_exercise("pickup-case-1", "trick-size", 1, None, ["2"])
    assert any("the engine says" in f for f in quiz.check(scenario.parse(data)).failures)


def test_a_player_whose_turn_it_is_is_not_asked_out_of_turn():
    with pytest.raises(quiz.QuizError, match="out-of-turn question is asked of B and C, not A"):
        quiz.ask(_game("mas-out-of-turn"), "out-of-turn", 0, "A")


def test_a_refused_out_of_turn_move_says_why():
    q = quiz.ask(_game("mas-out-of-turn"), "out-of-turn", 0, "B")
    assert "B: play 3H" in q.refusals and "turn" in q.refusals["B: play 3H"]


def test_mas_trump_is_refused_where_no_card_was_turned_up():
    with pytest.raises(quiz.QuizError, match="trump question needs"):
        quiz.ask(_game("pickup-case-1"), "trump", 1)


def _refused_exercise(tmp_path):
    data = json.loads(examples.text("mas-out-of-turn"))
    data["expect"] = []
    data["moves"] = ["B: store", "B: exchange", "A: play 7C"]  # B holds no two of trumps
    data["exercises"] = [{"after": 3, "ask": "trump"}]
    path = tmp_path / "refused.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_an_exercise_that_cannot_be_asked_is_an_error_not_a_silent_drop(tmp_path, capsys):
    path = _refused_exercise(tmp_path)
    assert main(["quiz", "--json", str(path)]) != 0
    captured = capsys.readouterr()
    assert captured.out.strip() != "[]"
    assert "exercises[0]" in captured.err and "trump question after move 3" in captured.err


def test_an_exercise_of_a_kind_its_moment_cannot_ask_names_it(tmp_path, capsys):
    data = _with_exercise("pickup-case-1", "anti-trump", 1, None, ["D"])
    path = tmp_path / "anti.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["quiz", "--json", str(path)]) != 0
    assert "exercises[0]: a anti-trump question needs" in capsys.readouterr().err


@pytest.mark.parametrize("players", [3, 4])
def test_a_skitgubbe_question_offers_no_player_already_out(players):
    found = 0
    for seed in range(4):
        game = random_game(players, "skitgubbe", seed, quiz.DRILL_MOVES)
        sheet = quiz.questions(game, kinds=["skitgubbe"])
        for q in sheet.questions:
            shown = sheet.frames[q.frame].state
            told = sheet.context(q, since=q.after - 1)
            out = {game.players[p] for p in shown.out}
            out |= {game.players[e.player] for e in told if e.kind == "out"}
            assert not out & set(q.choices), (seed, q.choices, out)
            assert len(q.choices) >= 2
            found += 1
    assert found


def test_trumps_known_from_the_deal_are_not_generated_at_every_move():
    game = random_game(3, "mas", 0, quiz.DRILL_MOVES)
    assert quiz.ask(game, "trump", 5).answer
    assert not quiz.questions(game, ["trump"]).questions


def test_the_new_kinds_are_generated_only_when_asked_for():
    sheet = quiz.questions("koira-trump-ends-trick", generate=True)
    assert not {q.kind for q in sheet.questions} & set(NEW_KINDS)
    asked = quiz.questions("koira-trump-ends-trick", kinds=quiz.KINDS, generate=True)
    assert {"sets-aside", "trick-size"} <= {q.kind for q in asked.questions}


def test_every_new_kind_has_swedish_words():
    with language("sv"):
        for name, kind, after, player, _answer, _rule in ASKED:
            q = quiz.ask(_game(name), kind, after, player)
            right = q.feedback(q.answer[0]).sentence
            for text in (q.prompt, right, q.why):
                english = {"What", "Which", "Who", "How", "Right", "the", "a", "trumps", "may"}
                assert not english & set(text.split()), text
    assert copy.copy(NEW_KINDS) == quiz.KINDS[7:]


GIVE_AWAYS = {
    "trick-size": r"(?:needs|behöver) {X} (?:plays|kort)\b",
    "blamattis": r"Blåmattis",
    "anti-trump": r"anti-trump|mot-trumf",
    "sets-aside": r"\b{X} (?:\w+ )?(?:sets|completes|fyller|lägger det åt sidan)\b",
}
"""What a line shown before a question of a new kind may not say (``{X}``: an answer)."""


def _new_kind_give_aways(sheet, q, lang):
    from tests.test_quiz_teaching import CARD_GIVE_AWAYS, shown_before

    shown = shown_before(sheet, q)[:-1]  # not the prompt, which names what it asks
    if q.kind == "dreck":
        cards = [c for a in q.answer for c in a.split()]
        forms = "|".join(re.escape(str(c)) for c in parse_cards(cards))
        pattern = CARD_GIVE_AWAYS[lang].format(card=f"(?:{forms})")
    elif q.kind in GIVE_AWAYS:
        pattern = "|".join(GIVE_AWAYS[q.kind].format(X=re.escape(a)) for a in q.answer)
    else:
        return []
    return [line for line in shown if re.search(pattern, line, re.IGNORECASE)]


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_nothing_shown_before_a_new_kind_of_question_states_its_answer(lang):
    from tests.test_quiz_teaching import untrue

    found, kinds = [], set()
    with language(lang):
        games = [(n, scenario.run(examples.load(n)).game) for n in examples.names()]
        games += [(f"{v} {seed}", random_game(3, v, seed, quiz.DRILL_MOVES))
                  for v in ("atlanta", "mattis", "koira", "mas") for seed in range(3)]
        for name, game in games:
            sheet = quiz.questions(game, quiz.KINDS, generate=True)
            for q in sheet.questions:
                if q.kind in NEW_KINDS:
                    kinds.add(q.kind)
                    found += [(name, q.kind, q.after, line)
                              for line in _new_kind_give_aways(sheet, q, lang)]
                    found += [(name, wrong) for wrong in untrue(sheet, q)]
    assert not found, found[:5]
    assert kinds == set(NEW_KINDS)


@pytest.mark.parametrize(("name", "kind", "after", "player", "answer", "rule"),
                         [a for a in ASKED if a[1] in ("trump", "trick-size", "blamattis")])
def test_the_board_of_a_question_does_not_show_its_answer(name, kind, after, player, answer, rule):
    from skitgubbe_core.view import board_html

    sc = scenario.parse(_with_exercise(name, kind, after, player, answer))
    sheet = quiz.questions(sc)
    q = sheet.questions[0]
    game = sheet.game
    board = board_html(sheet.frames[q.frame].state, game.players, game.rules,
                       turn=not q.hide_turn, facts=not q.hide_facts)
    status = re.search(r'<div class="sg-status">(.*?)</div>', board).group(1)
    if kind == "trump":
        assert "trumps: ?" in status
    elif kind == "trick-size":
        assert "needs" not in status
    else:
        assert "Blåmattis" not in board
