"""The Swedish catalogue: complete, compiled from its source, and used everywhere a reader
looks - narration, boards, refusals, handouts, the command line - with English unchanged."""

from __future__ import annotations

import re
import subprocess
import sys
from html import unescape
from itertools import combinations
from pathlib import Path

import pytest

from skitgubbe_core import (
    PRESETS,
    Game,
    IllegalActionError,
    Rules,
    examples,
    handout,
    i18n,
    quiz,
    worksheet,
)
from skitgubbe_core.actions import Action
from skitgubbe_core.cards import DECK, card_name, format_cards, parse_card
from skitgubbe_core.frames import frames
from skitgubbe_core.simulate import random_game
from skitgubbe_core.view import frame_html, strip_html
from tools import catalogue

ROOT = Path(__file__).resolve().parents[1]

_WORDS = """
the and of to is with from who has have must plays play leads lead picks pick beats beat trick
tricks card cards stock pile trumps trump phase rule wins not only when their his it on or no
any every each draws draw turns turned empty table over out safe next against higher highest
lower lowest player players this that are be may cannot can which
"""
ENGLISH = frozenset(_WORDS.split())
"""English words that are not Swedish words: none may be left in Swedish output."""


def english_words(text: str) -> set[str]:
    """The English words in ``text`` (tags, option settings like ``tie_rule=replay``,
    quoted action texts like ``'A: play 7D'``, which stay in notation, style sheets and the
    titles of English sources removed; a refused move and an exercise's kind are in
    Swedish words)."""
    text = re.sub(r"<style>.*?</style>", " ", text, flags=re.S)
    text = unescape(re.sub(r"<[^>]+>", " ", text)).replace("Games and Puzzles", "")
    text = re.sub(r"\w+ = [\w-]+|\S*[=_]\S*|'[^']*: [^']*'|'[a-z ]+'", " ", text)
    return {w for w in re.findall(r"[A-Za-zåäöÅÄÖé]+", text) if w.lower() in ENGLISH}


def attributes(html: str) -> str:
    """The text of every title and aria-label (what a screen reader or a tooltip says)."""
    return " ".join(re.findall(r'(?:title|aria-label)="([^"]*)"', html))


def test_catalogue_is_complete_translated_and_compiled():
    """Every message of the code and data is in the catalogue, translated, not fuzzy,
    with the same placeholders, and the shipped .mo is compiled from the .po as it is."""
    assert catalogue.problems("sv") == []


def test_english_is_the_messages_themselves():
    assert i18n.languages() == ("en", "sv")
    assert i18n.current() == "en"
    with i18n.language("sv"):
        assert i18n.current() == "sv"
        assert card_name(parse_card("8H")) == "hjärter åtta"
        assert card_name(parse_card("JC")) == "klöver knekt"
        assert format_cards(parse_card(t) for t in ("AS", "KH", "QD", "JC", "TS")) == \
            "E♠ K♥ D♦ Kn♣ 10♠"
    assert card_name(parse_card("JC")) == "jack of clubs"
    with pytest.raises(i18n.LanguageError, match="no 'xx' catalogue"), i18n.language("xx"):
        pass


def _narrated(game: Game) -> list[str]:
    return [line for step in game.history for line in step.narrate(game.players)]


@pytest.mark.parametrize("name", examples.names())
def test_every_example_reads_in_swedish(name):
    """Each built-in example - title, description, every event and its rule, every
    frame's caption and board, its refusals - is rendered without an English word."""
    sc = examples.load(name)
    with i18n.language("sv"):
        outcome = quiz.check(sc)
        game = outcome.game
        shown = frames(game)
        texts = [i18n.gettext(sc.title), i18n.gettext(sc.description), *_narrated(game),
                 *outcome.passed, *outcome.failures]
        texts += [f.caption for f in shown] + [f.label for f in shown]
        html = strip_html(shown, game.players, game.rules, title=i18n.gettext(sc.title))
        texts += [html, attributes(html)]
        for check in sc.expect:
            replay = game.copy_at(check.get("after", len(sc.moves)))
            texts += [replay.why_illegal(t) or "" for t in check.get("illegal", [])]
    assert outcome.ok
    found = {text: english_words(text) for text in texts if english_words(text)}
    assert found == {}


def _refusals(game: Game) -> list[str]:
    """Why many illegal actions are refused, from every seat."""
    reasons = []
    for seat in range(len(game.players)):
        hand = sorted(game.hands[seat])
        tries = [Action(seat, verb) for verb in ("pick up", "turn", "pass", "exchange", "store")]
        tries += [Action(seat, verb, (card,)) for verb in ("play", "slough") for card in DECK]
        tries += [Action(seat, "play", pair) for pair in combinations(hand[:6], 2)]
        tries += [Action(seat, "play", tuple(hand[:3]))] if len(hand) >= 3 else []
        for action in tries:
            reason = game.why_illegal(action)
            if reason:
                reasons.append(reason)
    return reasons


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_random_game_of_every_preset_reads_in_swedish(preset):
    """A random game of each preset, narrated, pictured and refused at several moments."""
    rules = Rules.preset(preset)
    players = PRESETS[preset].usual_players
    with i18n.language("sv"):
        game = random_game(players, rules, 7, 300, None, False)
        texts = _narrated(game)
        for count in sorted({0, 3, 10, game.move_count // 2, game.move_count}):
            replay = game.copy_at(min(count, game.move_count))
            texts += _refusals(replay)
        shown = frames(game)[-8:]
        html = "".join(frame_html(f, game.players, game.rules) for f in shown)
        texts += [html, attributes(html)]
    assert texts
    found = {text: english_words(text) for text in texts if english_words(text)}
    assert found == {}


def test_the_swedish_handout_is_swedish_and_english_is_unchanged():
    sc = examples.load("koira-tie-redistribution")
    page = handout.handout_html(sc, lang="sv")
    assert page.startswith('<!DOCTYPE html>\n<html lang="sv">')
    assert "<h2>Steg för steg, i " in page and "Koira: sorterad fördelning vid lika" in page
    assert english_words(page) == set()
    english = handout.handout_html(sc)
    assert english.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert "<h2>Step by step, in " in english and 'lang="sv"' not in english


def test_the_swedish_worksheet_is_swedish_and_english_is_unchanged(tmp_path):
    out = tmp_path / "case5.html"
    made = _cli("--lang", "sv", "handout", "pickup-case-5", "--exercises", "-o", str(out))
    assert made.returncode == 0, made.stderr
    assert made.stdout.startswith("arbetsbladet sparat i")
    page = out.read_text(encoding="utf-8")
    assert page.startswith('<!DOCTYPE html>\n<html lang="sv">')
    assert "<h2>Fråga 3</h2>" in page and "<h2>Facit</h2>" in page
    assert "Ditt svar och varför:" in page and "Vem spelar ut nästa stick?" in page
    assert "tre spelare: A, B och C; A börjar." in page and "(regel 12, att gå ut)" in page
    assert english_words(page) == set()
    assert not {"Question", "Answers", "answer", "questions", "players"} & set(page.split())
    english = worksheet.worksheet_html(examples.load("pickup-case-5"))
    assert english.startswith('<!DOCTYPE html>\n<html lang="en">') and "<h2>Answers</h2>" in english
    assert "Your answer and why:" in english and "Fråga" not in english


def _cli(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=120)


def test_the_command_line_speaks_swedish(tmp_path):
    out = _cli("--lang", "sv", "example", "pickup-case-5")
    assert out.returncode == 0, out.stderr
    assert "Upptagning, fall 5" in out.stdout and "ok: kontroll 1 (efter drag 2)" in out.stdout
    assert english_words(out.stdout.replace("pickup-case-5", "")) == set()
    play = _cli("--lang", "sv", "play", "--seed", "1")
    assert "blir Skitgubbe efter" in play.stdout
    assert english_words(play.stdout) == set()
    page = tmp_path / "k.html"
    made = _cli("--lang", "sv", "handout", "koira-tie-redistribution", "-o", str(page))
    assert made.stdout.startswith("utdelningsbladet sparat i")
    assert page.read_text(encoding="utf-8").startswith('<!DOCTYPE html>\n<html lang="sv">')
    env = {"SKITGUBBE_LANG": "sv", "PATH": "/usr/bin:/bin"}
    assert "spelare, frö 1" in _cli("play", "--seed", "1", "--quiet", env=env).stdout
    assert "players, seed 1" in _cli("play", "--seed", "1", "--quiet").stdout
    wrong = _cli("play", env={"SKITGUBBE_LANG": "xx", "PATH": "/usr/bin:/bin"})
    assert wrong.returncode == 2 and "SKITGUBBE_LANG='xx'" in wrong.stderr


def test_the_widgets_speak_swedish():
    """Stepper, RuleSwitcher, PlayTable and Quiz with ``lang="sv"``: their static pictures,
    buttons and messages have no English word, and without ``lang`` they stay English."""
    import ipywidgets as w

    from skitgubbe_widgets import PlayTable, Quiz, RuleSwitcher, Stepper
    from skitgubbe_widgets.frontend import View

    def strings(value) -> list[str]:
        if isinstance(value, str):
            return [value, attributes(value)]
        if isinstance(value, dict):
            value = list(value.values())
        return [t for v in value for t in strings(v)] if isinstance(value, list) else []

    def words(widget) -> list[str]:
        found = []
        if isinstance(widget, View):  # everything the browser is sent to show
            state = widget.get_state()
            found += strings([v for k, v in state.items() if not k.startswith("_")
                            and k not in ("kind", "size", "front", "layout")])
        for child in getattr(widget, "children", ()):
            found += words(child)
        for name in ("description", "tooltip", "placeholder", "value"):
            value = getattr(widget, name, None)
            if isinstance(value, str) and not isinstance(widget, w.Text):
                found.append(value)
        return found

    made = [Stepper("pickup-case-5", lang="sv"), RuleSwitcher("disagreement-pick-up", "pick_up",
                                                               lang="sv"),
            PlayTable(seed=3, lang="sv"), Quiz("pickup-case-5", lang="sv")]
    table = made[2]
    table.play("pick up")
    made[3].answer(made[3].question.choices[0])
    for widget in made:
        texts = [widget.static_html(), attributes(widget.static_html()), *words(widget)]
        found = {t: english_words(t) for t in texts if english_words(t)}
        assert found == {}, type(widget).__name__
    assert Stepper("pickup-case-5").words["next"] == "next"
    assert made[0].words["next"] == "nästa"


def test_the_rarer_refusals_read_in_swedish():
    """Refusals the random games seldom reach, from positions built for them."""
    from tests.helpers import game, phase1, phase2

    with i18n.language("sv"):
        texts = []
        g = game(phase2({"A": "5H 9C 9D", "B": "QH 2C", "C": "3D 4D"}), preset="skitgubbe-pairs")
        g.play("A: play 5H")
        texts.append(g.why_illegal("B: play QH QH") or "")
        g = game(phase2({"A": "9C", "B": "5H 5D", "C": "3D"}), preset="skitgubbe-pairs")
        g.play("A: play 9C")
        texts.append(g.why_illegal("B: play 5H 5D"))
        g = game(phase1({"A": "9S KS 6C", "B": "9H 2C 10C", "C": "4D 4H JH"},
                        "3S 5S 7D 8D 10D QD AC 2D 3D"), preset="atlanta",
                 slough_timing="undecided")
        g.play("A: play 9S")
        texts.append(g.why_illegal("C: slough 4H"))
        g = game(phase1({"A": "9S 3C", "B": "9H"}, "", trump_card="2S", trump_holder="A"),
                 players="AB")
        texts.append(g.why_illegal("A: turn"))
        with pytest.raises(IllegalActionError) as refused:
            g.play("B: play 9H")
        texts.append(str(refused.value))
        with pytest.raises(IllegalActionError) as undo:
            g.undo()
        texts.append(str(undo.value))
    assert texts[1].startswith("5♥ 5♦ är flera kort av samma valör"), texts[1]
    assert "har inte lagt något kort" in texts[2] and "talongen är slut" in texts[3]
    assert texts[4].startswith("drag 1, B: lägg 9♥: det är A som står på tur")
    assert texts[5] == "det finns inget drag att ångra"
    found = {t: english_words(t) for t in texts if english_words(t)}
    assert found == {}


def test_records_keep_the_notation_in_every_language(tmp_path):
    """A game played and saved in Swedish stores its moves in the notation (``play A♣``),
    so the record loads again, in any language."""
    from skitgubbe_core import record
    from skitgubbe_core.simulate import random_game as play

    with i18n.language("sv"):
        game = play(3, Rules.preset("skitgubbe"), 3, 400, None, False)
        actions = record.to_record(game)["actions"]
        assert all("Kn" not in t and "E" not in t.partition(":")[2] for t in actions)
        record.save(game, tmp_path / "r.json")
    again = record.load(tmp_path / "r.json")
    assert again.actions == game.actions


def test_the_studies_tables_and_charts_speak_swedish():
    pd = pytest.importorskip("pandas")
    pytest.importorskip("matplotlib")
    from skitgubbe_core.studies import band_labels, translated
    from skitgubbe_widgets import charts

    table = pd.DataFrame({"games": [300], "losses": [102], "rate": [0.34], "low": [0.29],
                          "high": [0.4]}, index=pd.Index([0], name="seat"))
    shown = translated(table, lang="sv")
    assert list(shown.columns) == ["partier", "förluster", "andel", "undre", "övre"]
    assert shown.index.name == "plats" and list(translated(table).columns) == list(table.columns)
    stats = translated(pd.Series([1, 2]).describe().to_frame("mas"), lang="sv")
    assert list(stats.index[:3]) == ["antal", "medelvärde", "standardavvikelse"]
    assert list(stats.columns) == ["mas"]
    with i18n.language("sv"):
        assert band_labels((0, 12, 52)) == ["1-12", "13 eller fler"]
        title = i18n.gettext("How long a game lasts")
    assert band_labels((0, 12, 52)) == ["1-12", "13 or more"]
    study = pd.DataFrame({"variant": ["mas"], "moves_median": [300.0], "moves_low": [280.0],
                          "moves_high": [320.0]})
    fig = charts.metric_by_variant({"random": study}, "moves", "How long a game lasts",
                                   "moves", lang="sv")
    assert fig.axes[0].get_title() == title != "How long a game lasts"
    assert fig.axes[0].get_xlabel() == "drag"


def test_compare_ladder_and_the_ratings_speak_swedish(tmp_path, capsys):
    pytest.importorskip("pandas")
    pytest.importorskip("openskill")
    from skitgubbe_core.cli import main
    from skitgubbe_core.ladder import stored_ratings
    from skitgubbe_widgets import PlayTable

    out = tmp_path / "compare.csv"
    assert main(["--lang", "sv", "compare", "--variants", "mas", "--players", "3", "--games", "2",
                 "--seed", "2", "--out", str(out)]) == 0
    err = capsys.readouterr().err
    assert "mas (3 spelare, 2 partier): median " in err and " inte färdigspelade" in err
    assert err.endswith(f"1 rad sparad i {out}\n") and english_words(err) == set()
    assert main(["--lang", "sv", "ladder", "--players", "2", "--games", "3", "--seed", "1",
                 "--bots", "heuristic,random"]) == 0
    head, *lines = capsys.readouterr().out.splitlines()
    assert head.startswith("Skitgubbe (grundspelet), 2 spelare: 1 uppställning x 3 partier, frö 1")
    assert lines and all(re.search(r"\(förlorade \d+ av 3 partier\)$", line) for line in lines)
    assert english_words(head + " ".join(lines)) == set()
    assert main(["--lang", "sv", "compare", "--games", "0"]) == 2
    assert "--games måste vara minst 1, inte 0" in capsys.readouterr().err
    mu = stored_ratings("skitgubbe", 3)["search"].mu
    labels = {o["name"]: o["label"] for o in PlayTable(seed=1, lang="sv").table["opponents"]}
    assert labels["search"].endswith(f"(styrketal {mu:.1f})".replace(".", ","))


def test_a_swedish_student_types_moves_asks_for_a_hint_and_is_refused_in_swedish():
    """At the Swedish play table a move typed in Swedish (``lägg``/``spela``, ``ta upp``,
    ``vänd upp``, ranks E, Kn, D) is played like the notation; the hint explains with the
    Swedish rule text; a refusal and a move that is no move are explained in Swedish."""
    from skitgubbe_core.actions import parse_action
    from skitgubbe_core.errors import ActionError
    from skitgubbe_widgets import PlayTable

    names = ["A", "B"]
    assert parse_action("A: spela E♥", names, typed=True) == parse_action("A: play AH", names)
    assert parse_action("B: lägg kn♣ dd", names, typed=True) == parse_action("B: play JC QD",
                                                                              names)
    assert parse_action("A: Ta upp", names, typed=True).kind == "pick up"
    assert parse_action("A: vänd upp", names, typed=True).kind == "turn"
    with pytest.raises(ActionError):  # files keep the notation
        parse_action("A: lägg E♥", names)
    table = PlayTable(seed=3, lang="sv")
    said = []
    table.hint()
    said.append(table.message)
    assert "Alla de här är tillåtna: i fas 1" in said[0]
    for move in ("ta upp", "lägg ZZ", "spela", "Bo: lägg 7D"):
        table.play(move)
        assert table.message.startswith("Inte tillåtet") and table.table["alert"], move
        said.append(table.message)
    assert "drag 1, Alex: ta upp: i fas 1" in said[1]  # the refused move in Swedish words
    ace = next(c for c in table.game.hands[0] if c.rank == 14)
    table.play(f"spela E{'♠♥♦♣'[ace.suit]}")
    assert table.message == "" and table.game.move_count == 1
    assert {t: english_words(t) for t in said if english_words(t)} == {}


def test_a_swedish_combination_of_options_is_told_in_words():
    """``play --option slough_timing=both`` names the option's reading in Swedish words;
    English keeps the notation ``--option`` takes."""
    rules = Rules.preset("atlanta").replace(slough_timing="both")
    assert "slough_timing=both" in rules.describe()
    with i18n.language("sv"):
        said = rules.describe()
    assert "när man får kasta: när som helst" in said and "=" not in said


def test_swedish_tables_and_charts_name_the_rulesets_not_their_ids():
    """A Swedish table or chart of rulesets shows each ruleset's Swedish title, once; an
    English one keeps the ids (what ``--variant`` takes)."""
    pd = pytest.importorskip("pandas")
    pytest.importorskip("matplotlib")
    from skitgubbe_widgets import charts, tables

    titled = tables.show(tables.variants_table(["skitgubbe-follow-suit"], lang="sv"), "r",
                         lang="sv")._repr_html_()
    assert "skitgubbe-follow-suit" not in titled
    assert titled.count("Skitgubbe, svenska husregler") == 1
    study = pd.DataFrame({"variant": ["skitgubbe-follow-suit"], "moves_median": [300.0],
                          "moves_low": [280.0], "moves_high": [320.0]})
    shown = tables.show(study.set_index("variant"), "s", lang="sv")._repr_html_()
    assert "skitgubbe-follow-suit" not in shown and "svenska husregler" in shown
    assert "skitgubbe-follow-suit" in tables.show(study.set_index("variant"), "s")._repr_html_()
    fig = charts.metric_by_variant({"random": study}, "moves", "How long a game lasts",
                                   "moves", lang="sv")
    assert [t.get_text() for t in fig.axes[0].get_yticklabels()] == [
        "Skitgubbe, svenska husregler"]
    games = pd.DataFrame({"variant": ["mas", "mas"], "players": [3, 3], "moves": [90, 110]})
    labels = [t.get_text() for t in charts.game_lengths(games, lang="sv").axes[0]
              .get_xticklabels()]
    assert labels and all("mas" not in label for label in labels)


def test_the_swedish_command_line_quizzes_checks_and_errs_in_swedish():
    """``--lang sv``: a quiz's explanations, ``check``'s exercise lines and the errors of a
    misspelt example, ruleset or option have no English sentence."""
    asked = subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", "--lang", "sv", "quiz",
                            "must-beat"], input="1\n1\n1\n1\n1\n1\n", capture_output=True,
                           text=True, cwd=ROOT, timeout=120)
    assert "Resultat:" in asked.stdout, asked.stderr
    checked = _cli("--lang", "sv", "check", *(str(p) for p in sorted(
        (ROOT / "skitgubbe_core" / "scenarios").glob("*.json"))))
    assert checked.returncode == 0 and "övning 1 (vem tar upp, efter drag 2)" in checked.stdout
    errors = [_cli("--lang", "sv", *args).stderr for args in (
        ("example", "kiora-tie"), ("play", "--variant", "atlnta"),
        ("play", "--option", "slogh=yes"), ("play", "--option", "slough=ye"))]
    assert "menade du 'atlanta'?" in errors[1]
    from skitgubbe_core import OPTIONS

    ids = "|".join(sorted([*PRESETS, *OPTIONS], key=len, reverse=True))  # --variant, --option
    for text in (asked.stdout, checked.stdout, *errors):
        text = re.sub(rf"skitgubbe example --list|must-beat|\b(?:{ids})\b", "", text)
        assert english_words(text) == set()


def test_the_slougher_drawing_is_told_as_our_reading_in_both_languages():
    """Atlanta's slougher draws for the sloughed cards: no source says so, so the
    narration says it is our reading, in English and in Swedish."""
    game = Game(["A", "B", "C"], "atlanta", seed=1)
    while not game.is_over:
        step = game.play(game.legal_actions()[0])
        draws = [e for e in step.events if e.kind == "draw" and e.rule == "slough"]
        if draws:
            break
    assert draws, "no slough in the game"
    assert "is our reading, no source says so" in draws[0].sentence(game.players)
    with i18n.language("sv"):
        assert "är vår läsning, ingen källa säger det" in draws[0].sentence(game.players)


def test_the_swedish_study_calls_the_player_with_most_cards_worst_placed_not_leading():
    """'i täten' means leading; the study's worst-placed player (most cards in phase 2) is
    'sämst placerad', in the column headers and in notebook 09."""
    with i18n.language("sv"):
        headers = [i18n.gettext(f"lead_changes{end}") for end in ("", "_low", "_high")]
    assert all(h.startswith("byten av sämst placerad") for h in headers)
    told = (ROOT / "notebooks" / "sv" / "09-how-the-variants-play.ipynb").read_text("utf-8")
    assert "täten" not in told.replace("Browne med kolleger: byten i täten", "")  # Ludii's term


def test_the_swedish_command_line_help_and_argument_errors_are_swedish():
    """``--lang sv --help`` (and SKITGUBBE_LANG=sv), each command's help and argparse's own
    argument errors read in Swedish; the flags, metavars and command names stay notation."""
    pages = [_cli("--lang", "sv", "--help").stdout, _cli("--lang=sv", "play", "-h").stdout,
             _cli("quiz", "--help", env={"SKITGUBBE_LANG": "sv", "PATH": "/usr/bin:/bin"}).stdout,
             *(_cli("--lang", "sv", command, "--help").stdout for command in (
                 "simulate", "compare", "ladder", "handout", "example", "check", "replay"))]
    errors = [_cli("--lang", "sv", *args).stderr for args in (
        ("nosuch",), ("play", "--seed", "x"), ("quiz",), ("play", "--bogus"))]
    assert pages[0].startswith("användning: skitgubbe") and "flaggor:" in pages[1]
    assert all(e.startswith("skitgubbe") and "(se skitgubbe" in e for e in errors)
    commands = r"\b(?:variants|play|match|simulate|compare|ladder|check|example|replay|handout|quiz)\b"
    for text in pages + errors:
        text = re.sub(rf"\{{[^}}]*\}}|-\S+|\b[A-Z][A-Z.|_,]+\b|skitgubbe {commands}|^ +{commands}|"
                      r"'[^']*'|`[^`]*`|\b(?:random|heuristic|search|memory|openskill)\b", " ",
                      text, flags=re.M)
        assert english_words(text) == set(), text
    assert "show this help message and exit" in _cli("--help").stdout


def test_every_exercise_kind_has_its_words_in_the_catalogue():
    """`check` names an exercise's kind in the reader's words: a kind added to
    EXERCISE_KINDS without its words in EXERCISE_KIND_WORDS would show its notation."""
    from skitgubbe_core.i18n import language, pgettext
    from skitgubbe_core.schema import EXERCISE_KIND_WORDS, EXERCISE_KINDS

    assert sorted(EXERCISE_KIND_WORDS) == sorted(EXERCISE_KINDS)
    with language("sv"):
        untranslated = [k for k in EXERCISE_KINDS if pgettext("exercise kind", k) == k]
    assert untranslated == []


def _broken_scenarios() -> list[dict]:
    """A valid built-in scenario broken in each way the schema refuses."""
    import copy
    import json

    good = json.loads((ROOT / "skitgubbe_core" / "scenarios" / "pairs.json").read_text("utf-8"))
    breaks = [lambda d: d.pop("variant"), lambda d: d.update(title=5),
              lambda d: d.update(extra=1), lambda d: d.update(format="nosuch/1"),
              lambda d: d["start"]["hands"]["A"].append("1X"),
              lambda d: d["start"].update(phase=7), lambda d: d.update(players=["A"]),
              lambda d: d.update(players=["A", "B", "A"]), lambda d: d.update(title="x" * 999),
              lambda d: d.update(players=["A", "B:", "C"]), lambda d: d.update(title="a\x1bb"),
              lambda d: d.update(moves=[5]), lambda d: d["start"].update(to_play=[1])]
    broken = []
    for change in breaks:
        data = copy.deepcopy(good)
        change(data)
        broken.append(data)
    return broken


def test_the_swedish_check_refuses_a_broken_file_in_swedish(tmp_path):
    """`--lang sv check` says what is wrong with a file (the schema's sentences: a missing
    or unknown field, a wrong type, a bad card, a value out of bounds) in Swedish, the
    JSON path and the quoted values staying as they are."""
    import json

    files = []
    for i, data in enumerate(_broken_scenarios()):
        files.append(tmp_path / f"broken-{i}.json")
        files[-1].write_text(json.dumps(data), encoding="utf-8")
    for i, text in enumerate(("[1, 2]", '{"format": 1' + "0" * 30 + "}", "[" * 40 + "]" * 40)):
        files.append(tmp_path / f"unreadable-{i}.json")
        files[-1].write_text(text, encoding="utf-8")
    said = [_cli("--lang", "sv", "check", str(f)).stderr for f in files]
    assert all(s.count("\n") == 1 and s.startswith("skitgubbe: ") for s in said), said
    assert any("fältet 'variant' måste finnas med" in s for s in said)
    for text in said:
        text = re.sub(r"^skitgubbe: \S+\.json: (?:\S+: )?|'[^']*'|\(\w+\)|kända fält: .*", " ",
                      text)
        assert english_words(text) == set(), text
