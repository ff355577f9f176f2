"""Questions that teach (issue 27): nothing shown before a question states its answer,
every prompt is true to its position, a trump question shows the card that decides it,
and every reason is the rule that decided it."""

import html
import re
import subprocess
import sys
from pathlib import Path

import pytest

from skitgubbe_core import examples, quiz, scenario, worksheet
from skitgubbe_core.cards import RANK_NAMES, SUITS, parse_cards
from skitgubbe_core.cli import main
from skitgubbe_core.i18n import gettext, language
from skitgubbe_core.rules import PRESETS
from skitgubbe_core.simulate import random_game

NAMES = examples.names()

NOT_A_CARD = r"(?!\s*\S*[♠♥♦♣])"
"""After "B leads": not a card (``A leads 9♠`` narrates a lead, ``B leads`` gives away who
plays next)."""

PLAYER_GIVE_AWAYS = {
    "en": (r"\b{X} (?:\w+ )?(?:wins|takes(?! back)|completes|loses)\b", r"\b{X} leads(?: next)?\b" + NOT_A_CARD,
           r"\b{X} plays (?:higher|next)", r"\b{X} is (?:next|the Skitgubbe)", r"\b{X}'s pile",
           r"\b(?:passes|goes) to {X}\b", r"\bleads: {X}\b", r"\b{X} to play\b"),
    "sv": (r"\b{X} (?:\w+ )?(?:vinner|tar hem|tar sticket|fyller|förlorar)\b",
           r"\b{X} spelar ut\b" + NOT_A_CARD, r"\b{X} lägger högre", r"\b{X} (?:är|blir) (?:näst|skitgubbe)",
           r"\b{X}:s (?:stick)?hög", r"\bgår (?:vidare )?till {X}\b", r"\bspelar ut: {X}\b",
           r"\b{X} (?:i|på) tur\b", r"\bsom {X} tar\b"),
}
"""Ways of stating who plays next, takes a trick or loses (``{X}``: the answer)."""

CARD_GIVE_AWAYS = {"en": r"\b(?:picks? up|gets?) (?:the )?{card}", "sv": r"\b(?:tar upp|får) {card}"}
"""Ways of stating which cards a player picks up or gets."""


def _text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def shown_before(sheet: quiz.Sheet, q: quiz.Question) -> list[str]:
    """Everything a view shows before ``q`` is answered: the example's title, what happened
    in the question's move, the frame's caption, the board (its status line and marks)
    and the prompt; not the choices, which hold the answer among the wrong ones."""
    told = [e.sentence(sheet.game.players) for e in sheet.context(q, since=max(0, q.after - 1))]
    return [sheet.title, *told, sheet.frames[q.frame].caption, _text(sheet.board(q)), q.prompt]


def give_aways(sheet: quiz.Sheet, q: quiz.Question, lang: str) -> list[str]:
    """The lines shown before ``q`` that state its answer."""
    shown = shown_before(sheet, q)
    if q.kind in ("to-play", "winner", "skitgubbe"):
        patterns = [p.format(X=re.escape(x)) for x in q.answer if x != quiz.NOBODY
                    for p in PLAYER_GIVE_AWAYS[lang]]
        return [line for line in shown if any(re.search(p, line) for p in patterns)]
    if q.kind in ("pick-up", "tie-cards"):
        cards = [c for a in q.answer for c in parse_cards(a.split())]
        forms = [re.escape(f) for c in cards for f in (c.text, str(c), gettext(RANK_NAMES[c >> 2]))]
        pattern = CARD_GIVE_AWAYS[lang].format(card=f"(?:{'|'.join(forms)})")
        ranks = [rf"\b{re.escape(gettext(RANK_NAMES[c >> 2]))}" for c in cards]
        said = [line for line in shown if re.search(pattern, line, re.IGNORECASE)]
        # the title and the prompt do not name the cards (the board and the narration show them)
        said += [line for line in (sheet.title, q.prompt)
                 if any(re.search(r, line, re.IGNORECASE) for r in ranks)]
        return said
    return []


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("name", NAMES)
def test_nothing_shown_before_a_question_states_its_answer(name, lang):
    with language(lang):
        found = []
        for generate in (False, True):
            sheet = quiz.questions(examples.load(name), generate=generate)
            for q in sheet.questions:
                found += [(q.kind, q.after, line) for line in give_aways(sheet, q, lang)]
    assert not found


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_trump_question_shows_the_trump_card_face_up(lang):
    """Asked what trumps are in phase 2, the reader sees the trump card face up beside
    its holder, as the players do once phase 1 is over, so the answer rests on the board
    and the rule, not on a guess at a card's back."""
    asked = []
    with language(lang):
        for name in NAMES:
            sheet = quiz.questions(examples.load(name), generate=True)
            for q in sheet.questions:
                card = sheet.frames[q.frame].state.trump_card
                if q.kind != "trump" or card is None:
                    continue
                board = _text(sheet.board(q))
                asked.append(name)
                assert gettext("the trump card, turned up") in board, (name, board)
                assert gettext("the trump card, face down") not in board, name
                assert SUITS[card.suit] in q.answer, (name, q.answer)
                assert str(card) in re.sub(r"\s|\ufe0e", "", board), name
    assert len(asked) >= 5, asked


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_a_worksheet_shows_the_description_after_the_answers(lang):
    with language(lang):
        sc = examples.load("pickup-case-3")
        page = worksheet.worksheet_html(sc, lang=lang)
        description = html.escape(gettext(sc.description))
    assert description in page
    assert page.index(description) > page.index('class="sg-answers"')


CLAIMS = {
    ("stunsa",): r"\bbounce|\bstunsa|\bstuds",
    ("pick-up", "all-picked-up", "pick-up-lead"): r"\bpicked up\b|\bpicks up\b|\btagit upp\b|\btog upp\b",
    ("out",): r"\b(?:gone|went|is) out\b|\bgår ut\b|\bgick ut\b|\bär ute\b",
    ("tie", "tie-play"): r"\btie\b|\btied\b|\boavgjor|\blika höga\b",
}
"""What a prompt may say has happened, and the events that must have happened for it."""

SETTLES = {
    "winner": quiz.WIN_EVENTS | {"take-back"}, "skitgubbe": {"game-over", "blamattis-loses"},
    "trump": {"phase-2"}, "tie-cards": {"redistribute"},
}
"""The events a question's own move must hold for the question to be asked there."""


def untrue(sheet: quiz.Sheet, q: quiz.Question) -> list[str]:
    """What ``q`` says or presumes of its position that did not happen."""
    game = sheet.game
    happened = {e.kind for step in game.history[:q.after] for e in step.events}
    wrong = [f"{q.prompt!r}: no {kinds[0]}" for kinds, said in CLAIMS.items()
             if re.search(said, q.prompt, re.IGNORECASE) and not happened & set(kinds)]
    step = {e.kind for e in game.history[q.after - 1].events} if q.after else set()
    if q.kind in SETTLES and not step & SETTLES[q.kind]:
        wrong.append(f"{q.kind} after move {q.after}: none happens")
    if q.kind == "pick-up":
        action = game.actions[q.after]
        if action.kind != "pick up" or game.players[action.player] != q.player:
            wrong.append(f"pick-up after move {q.after}: {q.player} does not pick up")
    to_act = game.copy_at(q.after).to_play
    if q.kind == "legal" and (to_act is None or game.players[to_act] != q.player):
        wrong.append(f"legal after move {q.after}: {q.player} is not to act")
    return wrong


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_every_prompt_of_every_example_is_true_to_its_position(lang):
    found = []
    with language(lang):
        for name in NAMES:
            for generate in (False, True):
                sheet = quiz.questions(examples.load(name), generate=generate)
                found += [(name, wrong) for q in sheet.questions for wrong in untrue(sheet, q)]
    assert not found


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_every_prompt_of_random_games_is_true_to_its_position(variant):
    preset = PRESETS[variant]
    found = []
    for seed in range(3):
        players = preset.min_players + seed % (preset.max_players - preset.min_players + 1)
        sheet = quiz.questions(random_game(players, variant, seed, quiz.DRILL_MOVES))
        found += [(seed, wrong) for q in sheet.questions for wrong in untrue(sheet, q)]
    assert not found


def _to_play(name: str, after: int) -> quiz.Question:
    return quiz.ask(scenario.run(examples.load(name)).game, "to-play", after)


def test_a_tie_replay_names_the_tied_players_not_the_clockwise_order():
    q = _to_play("mattis-any-tie", 4)  # A has replayed; C, after A, does not play
    assert q.answer == ("B",)
    assert (q.why, q.rule) == ("B is next: only the tied players, A and B, play again",
                               "rule V3, every tie replayed")


def test_the_slough_round_starts_from_the_winner():
    q = _to_play("atlanta-winner-sloughs", 3)  # C played last and won: C sloughs first
    assert q.answer == ("C",)
    assert q.why == ("C is next: the trick is decided, and its players may slough in turn "
                     "from the winner, C")
    assert q.rule == "rule V8, sloughing"


def test_a_move_out_of_turn_leaves_the_turn_where_it_was():
    q = _to_play("mas-out-of-turn", 1)  # B stores three trumps while A is to play
    assert (q.answer, q.why) == (("A",), "A is still to play: that move does not pass the turn")
    assert q.rule == "rule V13, storing three trumps"


def test_a_blamattis_must_pick_up_by_the_blamattis_rule():
    game = scenario.run(examples.load("mattis-blamattis")).game
    q = quiz.ask(game, "legal", 2)
    assert q.answer == ("C: pick up",) and q.rule == "rule V21, Blåmattis"


@pytest.mark.parametrize("name", NAMES)
def test_play_goes_clockwise_only_where_it_does(name):
    game = scenario.run(examples.load(name)).game
    for k in range(1, game.move_count + 1):
        q = quiz.ask(game, "to-play", k)
        if "clockwise" in q.why:
            actor = game.actions[k - 1].player
            assert q.answer == (game.players[game.copy_at(k).state.next_in(actor)],), (k, q.why)


def _checked(name: str, exercises: list[dict]) -> list[str | None]:
    game = scenario.run(examples.load(name)).game
    return [wrong for _, wrong in quiz.check_exercises(game, exercises)]


@pytest.mark.parametrize("ten", ["TH", "10H", "10h", "10♥", "th"])
def test_check_accepts_every_documented_card_notation(ten):
    # pickup-case-4 after move 3: B may play the ten of hearts or pick up
    item = {"after": 3, "ask": "legal", "answer": [f"B: play {ten}", "B: pick up"]}
    assert _checked("pickup-case-4", [item]) == [None]
    item["choices"] = [f"B: play {ten}", "B: play 3C", "B: pick up"]
    assert _checked("pickup-case-4", [item]) == [None]
    item["answer"] = [f"B: play {ten}"]
    assert _checked("pickup-case-4", [item])[0].startswith("exercises[0].answer: ")


def test_a_set_of_cards_is_answered_whole_in_any_order():
    fs = {"after": 7, "ask": "tie-cards", "player": "F"}
    assert _checked("koira-tie-redistribution", [{**fs, "answer": ["8H 2S"]}]) == [None]
    assert _checked("koira-tie-redistribution", [{**fs, "answer": ["2♠ 8♥"]}]) == [None]
    half = _checked("koira-tie-redistribution", [{**fs, "answer": ["2S"]}])[0]
    assert half is not None and half.startswith("exercises[0].answer")
    q = quiz.ask(scenario.run(examples.load("koira-tie-redistribution")).game, "tie-cards", 7, "F")
    assert q.answer == ("2S 8H",) and "2S" in q.choices and "8H" in q.choices
    assert q.feedback("2S 8H").right and not q.feedback("2S").right
    assert not q.feedback("8H").right


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("seed", [1, 2, 3, 42])
def test_play_heads_phase_2_after_the_move_that_ends_phase_1(seed, lang, capsys):
    assert main(["--lang", lang, "play", "--seed", str(seed)]) == 0
    lines = capsys.readouterr().out.splitlines()
    heading = next(i for i, line in enumerate(lines) if re.fullmatch(r"-- \w+ 2 --", line))
    assert lines[heading + 1].startswith("      "), lines[heading - 1:heading + 2]


def _quiz(name: str, typed: str, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", *options, "quiz", name],
                          input=typed, capture_output=True, text=True)


@pytest.mark.parametrize("typed", ["B", "b", " B "])
def test_quiz_takes_an_answer_typed_as_shown(typed):
    # stunsa-higher's first question: who plays next after A's lead (B)
    done = _quiz("stunsa-higher", f"{typed}\n")
    assert done.returncode == 0 and "Right: B plays next." in done.stdout
    assert "Please type" not in done.stdout


def test_quiz_takes_a_move_or_a_card_as_shown():
    done = _quiz("pickup-case-6", "play 10h\npick up\n")
    assert "Please type a number from 1 to" in done.stdout  # no ten in A's hand: asked again
    assert "Right: pick up is allowed." in done.stdout
    done = _quiz("pickup-case-6", "Play K♥\n")
    assert "Right: play K♥ is allowed." in done.stdout


@pytest.mark.parametrize("lang", ["en", "sv"])
def test_quiz_with_no_answer_has_no_score(lang):
    done = _quiz("stunsa-higher", "", "--lang", lang)
    assert done.returncode == 1
    assert "0 of 0" not in done.stdout and "0 av 0" not in done.stdout
    assert done.stderr.strip() == {"en": "No question was answered.",
                                   "sv": "Ingen fråga besvarades."}[lang]


def test_enter_in_the_play_tables_move_box_plays_the_move():
    from skitgubbe_widgets import PlayTable
    from tests.tabling import send

    t = PlayTable(seed=3)
    send(t, "play", text=" turn ")  # what the box's front end sends on Enter
    assert t.game.move_count == 1 and t.message == ""


@pytest.mark.parametrize("argv, meant", [
    (["example", "pickup-cas-3"], "pickup-case-3"),
    (["quiz", "stunsa-hihger"], "stunsa-higher"),
    (["play", "--variant", "kiora"], "koira"),
    (["play", "--option", "must_beet=yes"], "must_beat"),
    (["play", "--option", "must_beat=yse"], "yes"),
])
def test_a_misspelt_name_gets_a_did_you_mean(argv, meant, capsys):
    assert main(argv) == 2
    assert f"(did you mean '{meant}'?)" in capsys.readouterr().err


def test_a_name_like_none_gets_no_guess(capsys):
    assert main(["play", "--variant", "poker"]) == 2
    assert "did you mean" not in capsys.readouterr().err


def _swedish_catalogue():
    from babel.messages.pofile import read_po

    path = Path(__file__).parents[1] / "skitgubbe_core/locale/sv/LC_MESSAGES/skitgubbe.po"
    with path.open("rb") as file:
        catalogue = read_po(file, locale="sv")
    for m in catalogue:
        if m.id:
            english = m.id if isinstance(m.id, str) else m.id[0]
            for swedish in (m.string,) if isinstance(m.string, str) else m.string:
                yield english, swedish


def test_the_swedish_words_follow_the_catalogues_glossary():
    wrong = []
    for english, swedish in _swedish_catalogue():
        # "utspel" is the lead: a card played is counted as a card ("Antalet kort i sticket")
        if re.search(r"\butspel(?!ad)", swedish) and not re.search(r"\blead|\bled\b|played out", english):
            wrong.append(swedish)
        if re.search(r"\bstuds", swedish) and "studs" not in english:  # stunsa, as elsewhere
            wrong.append(swedish)
        wrong += [swedish for word in ("moturs", "oavgjorda spelarna", "visa mig")
                  if word in swedish]
    assert not wrong
    header = (Path(__file__).parents[1] / "skitgubbe_core/locale/sv/LC_MESSAGES/"
              "skitgubbe.po").read_text(encoding="utf-8").split("msgid", 1)[0]
    assert all(word in header for word in ('"kort"', '"utspel"', '"står lika"', '"stunsa"'))


def test_rule_11b_reads_in_swedish_word_order():
    from skitgubbe_core.rulebook import RULEBOOK

    with language("sv"):
        summary = gettext(RULEBOOK["all-picked-up"].summary)
    assert "som spelar ut" in summary and "spelar spelaren" not in summary
