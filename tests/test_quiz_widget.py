"""The Quiz widget without a browser: questions with the board, answers, show me, the
score, the stored picture, drills and readings."""

from skitgubbe_core import examples
from skitgubbe_widgets import Quiz


def _choices(quiz):
    """The current question's choices as the browser draws them."""
    return quiz.questions[quiz.at]["choices"]


def test_answering_right_and_wrong_keeps_a_score():
    quiz = Quiz("pickup-case-5")
    assert quiz.progress == "Question 1 of 3 · score 0 of 0"
    assert [c["text"] for c in _choices(quiz)] == ["4♦\ufe0e", "5♦\ufe0e", "pick up"]
    assert _choices(quiz)[0]["tip"] == "four of diamonds" and _choices(quiz)[0]["red"]
    sent = quiz.questions[0]
    assert sent["answer"] == [2] and [f["right"] for f in sent["feedback"]] == [False, False, True]
    assert "does not beat J♥\ufe0e" in sent["feedback"][0]["text"]  # what the browser says
    wrong = quiz.answer("C: play 4D")
    assert not wrong.right and "does not beat J♥\ufe0e" in quiz.feedback_text
    assert "rule 9, beating" in quiz.feedback_text
    quiz.answer("C: pick up")
    assert "score 0 of 1" in quiz.progress
    quiz.go_next()
    assert quiz.at == 1
    quiz.answer(quiz.question.choices[1])
    assert "Right: pick up is allowed." in quiz.feedback_text
    assert "score 1 of 2" in quiz.progress
    assert quiz.questions[1]["feedback"][1]["text"] == quiz.feedback_text


def test_the_board_hides_whose_turn_it_is_until_show_me():
    quiz = Quiz("pickup-case-5")
    quiz.go_next()
    quiz.go_next()
    assert quiz.question.kind == "to-play"
    assert "sg-turn" not in quiz.board and " to play" not in quiz.board
    assert "lead passes" not in quiz.narration
    quiz.answer("B")
    assert "Not quite: B has gone out, so the lead passes to C" in quiz.feedback_text
    assert quiz.can_show_more
    while quiz.can_show_more:
        quiz.step_to_answer()
    assert "C to play" in quiz.board and "sg-turn" in quiz.board
    quiz.go_next()
    assert quiz.question is None and quiz.at == 3 == len(quiz.questions)


def test_a_stored_quiz_shows_each_question_and_folds_its_answer():
    html = Quiz([f"pickup-case-{i}" for i in range(1, 7)])._repr_mimebundle_()["text/html"]
    assert html.count('<section class="sg-question"') == 9
    assert html.count('<details class="sg-answer">') == 9
    assert html.count("sg-board") == 9
    assert "Pick-up case 5: B goes out" in html
    assert "C: B has gone out, so the lead passes to C" in html


def test_drill_and_readings():
    drill = Quiz.drill("skitgubbe", 3, seed=4)
    for _ in range(25):
        drill.answer(drill.question.answer[0] if drill.question.answer else drill.question.choices[0])
        drill.go_next()
    assert drill.progress == "Question 26 · score 25 of 25" and drill.endless
    assert len(drill.questions) == 30  # sent ten at a time
    answers: list[object] = []
    drill.send = answers.append  # what goes to the browser
    drill._asked(drill, {"event": "more"}, [])  # the browser asks for the next batch
    assert len(drill.questions) == 40 and len(drill.pieces) > 0
    assert answers == [{"answered": True}]  # at once: Python runs, the batch is coming
    quiz = Quiz.readings("disagreement-trumping", "beat", "legal", 1)
    assert [q.answer for _, q in quiz._items] == [("B: play 2S", "B: pick up"), ("B: pick up",)]
    quiz.go_next()
    assert quiz.answer("B: play 2S").sentence.startswith("Not allowed: B holds a heart")


def test_a_scenario_file(tmp_path):
    path = tmp_path / "mine.json"
    path.write_text(examples.text("stunsa-higher"), encoding="utf-8")
    assert len(Quiz(str(path))._items) == 3


def test_the_play_tables_hint_says_what_you_may_do_and_why_not_the_rest():
    from skitgubbe_widgets import PlayTable
    from tests.tabling import send

    table = PlayTable(seed=3)
    send(table, "hint")  # the hint button's message
    assert "You may:</b> play 5♥\ufe0e, play 6♣\ufe0e, play A♣\ufe0e, turn." in table.message
    assert "any card may be played" in table.message
    assert "rule 1, two-card tricks" in table.message
    mas = PlayTable("mas", seed=2)
    while mas.waiting or not mas.game.table:
        if mas.waiting:
            mas.step_on()
        else:
            mas.play(mas.game.legal_actions()[0])
    mas.hint()
    refused = [a for a in mas.game.hands[0]
               if mas.game.why_illegal(f"Alex: play {a}") is not None]
    assert mas.message.count("<li>") >= len(refused) >= 1
    assert "(rule " in mas.message
    mas.play(mas.game.legal_actions()[0])
    assert mas.table["enabled"]["hint"] != mas.waiting


def test_a_winner_question_hides_the_winners_mark_until_show_me():
    """The frame of "who takes this trick?" marks the winning card: the quiz, its
    stored picture and the worksheet draw it without that mark (and without the turn)."""
    from skitgubbe_core import examples, quiz
    from skitgubbe_core.simulate import random_game
    from skitgubbe_core.worksheet import worksheet_html
    from skitgubbe_widgets.quiz import question_html

    marked = 0
    for name in examples.names():
        sheet = quiz.questions(name, generate=True)
        winners = [q for q in sheet.questions if q.kind == "winner"]
        for q in winners:
            marked += any("wins" in kinds for kinds in sheet.frames[q.frame].marks.values())
            board = question_html(sheet, q, "").split("<details")[0]
            assert "sg-win" not in board and ">wins<" not in board, (name, q.after)
        page = worksheet_html(examples.load(name)).split('class="sg-answers"')[0]
        for section in page.split('<section class="sg-question"')[1:]:
            if "takes" in section.split('class="sg-prompt"')[1].split("</p>")[0]:
                assert "sg-win" not in section and ">wins<" not in section, name
    assert marked > 10
    quiz_widget = Quiz(random_game(["Anna", "Bo", "Cai"], seed=7), kinds=["winner"])
    assert quiz_widget.question.kind == "winner"
    assert "sg-win" not in quiz_widget.board and "sg-turn" not in quiz_widget.board
    quiz_widget.answer(quiz_widget.question.choices[0])
    quiz_widget.step_to_answer()
    assert "sg-win" in quiz_widget.board or "sg-turn" in quiz_widget.board
