"""Every widget checks its arguments before it builds anything: a wrong one is refused
with the package's own error (ArgumentError, ArgumentTypeError for the wrong kind of
value), whose message names the argument, what was wrong and what is accepted."""

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from skitgubbe_core import ArgumentError, ArgumentTypeError, Game, SkitgubbeError
from skitgubbe_core.i18n import LanguageError
from skitgubbe_core.schema import MAX_SEED
from skitgubbe_widgets import (
    PlayTable,
    Quiz,
    RuleSwitcher,
    Stepper,
    classroom,
    tables,
)

EXAMPLE = "pickup-case-5"
DISPUTED = "disagreement-trumping"

REFUSED = [
    # (what is built, the error, what its message must say)
    (lambda: Stepper(EXAMPLE, viewer="Zed"), ArgumentError,
     "viewer cannot be 'Zed': choose one of A, B, C, None"),
    (lambda: Stepper(EXAMPLE, viewer=0), ArgumentTypeError, "viewer cannot be 0: choose one of A"),
    (lambda: Stepper(EXAMPLE, size="giant"), ArgumentError,
     "size cannot be 'giant': choose one of normal, large, huge, None"),
    (lambda: Stepper(EXAMPLE, deck="three-colour"), ArgumentError,
     "deck cannot be 'three-colour': choose one of two-colour, four-colour"),
    (lambda: Stepper(EXAMPLE, title=5), ArgumentTypeError, "title must be text, not int"),
    (lambda: Stepper(5), ArgumentTypeError, "source must be a Game, a Scenario, a built-in"),
    (lambda: Stepper(EXAMPLE).go("x"), ArgumentTypeError, "index cannot be 'x': use a whole"),
    (lambda: Stepper(EXAMPLE).go_to_move(1.5), ArgumentTypeError, "move cannot be 1.5"),
    (lambda: PlayTable(opponent="typo"), ArgumentError,
     "opponent cannot be 'typo': choose one of random, heuristic, search, memory"),
    (lambda: PlayTable(opponent=None), ArgumentTypeError, "opponent cannot be None: choose"),
    (lambda: PlayTable(deck="three-colour"), ArgumentError, "deck cannot be 'three-colour'"),
    (lambda: PlayTable(size="giant"), ArgumentError, "size cannot be 'giant'"),
    (lambda: PlayTable(seat=5), ArgumentError, "seat cannot be 5: use a whole number from 0 to 2"),
    (lambda: PlayTable(seat=-1), ArgumentError, "seat cannot be -1: use a whole number from 0 to 2"),
    (lambda: PlayTable(seat=True), ArgumentTypeError, "seat cannot be True"),
    (lambda: PlayTable(players="ABC"), ArgumentTypeError,
     "players must be a list of player names, not str"),
    (lambda: PlayTable(variant=3), ArgumentTypeError, "variant cannot be 3: choose one of skitgubbe,"),
    (lambda: PlayTable(seed="x"), ArgumentTypeError, "seed cannot be 'x': use a whole number from 0"),
    (lambda: PlayTable().deal(-1), ArgumentError, "seed cannot be -1"),
    (lambda: PlayTable().choose_opponent("typo"), ArgumentError, "name cannot be 'typo'"),
    (lambda: PlayTable().play(5), ArgumentTypeError,
     "action must be a move as text or an Action, not int"),
    (lambda: Quiz(EXAMPLE, title=5), ArgumentTypeError, "title must be text, not int"),
    (lambda: Quiz(EXAMPLE, deck="x"), ArgumentError, "deck cannot be 'x'"),
    (lambda: Quiz(EXAMPLE, size="x"), ArgumentError, "size cannot be 'x'"),
    (lambda: Quiz(5), ArgumentTypeError, "source must be an example's name, a scenario or record"),
    (lambda: Quiz([]), ArgumentTypeError, "source must be an example's name"),
    (lambda: Quiz.drill("nope"), ArgumentError, "variant cannot be 'nope'"),
    (lambda: Quiz.drill(players="ABC"), ArgumentTypeError, "players must be a list of player names"),
    (lambda: Quiz.drill(seed=-3), ArgumentError, "seed cannot be -3: use a whole number of at least 0"),
    (lambda: Quiz.readings(Game(3, seed=1), "beat", "legal", 1), ArgumentTypeError,
     "source must be a Scenario or a built-in example's name, not Game"),
    (lambda: Quiz.readings(DISPUTED, "zzz", "legal", 1), ArgumentError,
     "option cannot be 'zzz': choose one of turn_from_stock,"),
    (lambda: Quiz.readings(DISPUTED, "beat", "lgl", 1), ArgumentError,
     "ask cannot be 'lgl': choose one of legal,"),
    (lambda: Quiz.readings(DISPUTED, "beat", "legal", "x"), ArgumentTypeError,
     "after cannot be 'x': use a whole number of at least 0"),
    (lambda: Quiz.readings(DISPUTED, "beat", "legal", 1, ["x"]), ArgumentError,
     "values[0] cannot be 'x': choose one of any-trump, follow-suit"),
    (lambda: RuleSwitcher(Game(3, seed=1), "beat"), ArgumentTypeError,
     "source must be a Scenario or a built-in example's name, not Game"),
    (lambda: RuleSwitcher(DISPUTED, "zzz"), ArgumentError, "option cannot be 'zzz'"),
    (lambda: RuleSwitcher(DISPUTED, "beat", "any-trump"), ArgumentTypeError,
     "values must be a list of the option's values, not str"),
    (lambda: RuleSwitcher(DISPUTED, "beat", []), ArgumentError,
     "values cannot be []: choose one of any-trump, follow-suit"),
    (lambda: RuleSwitcher(DISPUTED, "beat", size="x"), ArgumentError, "size cannot be 'x'"),
    (lambda: classroom("x"), ArgumentError, "size cannot be 'x': choose one of normal, large, huge"),
    (lambda: Stepper(EXAMPLE).size_switch.set("x"), ArgumentError, "size cannot be 'x'"),
    (lambda: tables.variants_table(["skitgubbe", "nope"]), ArgumentError,
     "names[1] cannot be 'nope': choose one of skitgubbe,"),
    (lambda: tables.variants_table("skitgubbe"), ArgumentTypeError,
     "names must be a list of ruleset names, not str"),
    (lambda: tables.tally_table("match.json"), ArgumentTypeError, "match must be a Match, not str"),
    (lambda: tables.deals_table(None), ArgumentTypeError, "match must be a Match, not NoneType"),
    (lambda: tables.show(5, "caption"), ArgumentTypeError,
     "frame must be a table made by one of the *_table functions, not int"),
    (lambda: tables.show(tables.history_table(), 5), ArgumentTypeError,
     "caption must be text, not int"),
    (lambda: Stepper(EXAMPLE, lang=["sv"]), LanguageError,
     "lang must be a language's code (en, sv) or None, not list"),
]


@pytest.mark.parametrize("case", range(len(REFUSED)))
def test_a_wrong_argument_is_refused_at_once_naming_it(case):
    build, error, message = REFUSED[case]
    with pytest.raises(error) as refused:
        build()
    assert str(refused.value).startswith(message)


def test_a_wrong_kind_of_value_is_a_type_error_too():
    with pytest.raises(TypeError):
        PlayTable(seat="0")
    with pytest.raises(ValueError):
        PlayTable(seat="0")


def test_a_huge_wrong_value_is_quoted_short():
    with pytest.raises(ArgumentError) as refused:
        Stepper(EXAMPLE, deck="x" * 100_000)
    assert len(str(refused.value)) < 200


def test_the_refusal_speaks_the_widgets_language():
    with pytest.raises(ArgumentError, match="^seat kan inte vara 5: använd ett heltal från 0 till 2$"):
        PlayTable(seat=5, lang="sv")
    with pytest.raises(ArgumentTypeError, match="^title måste vara text, inte int$"):
        Quiz(EXAMPLE, title=5, lang="sv")
    table = PlayTable(lang="sv")
    with pytest.raises(ArgumentError, match="^name kan inte vara 'x': välj en av random"):
        table.choose_opponent("x")


def test_a_refused_deal_or_opponent_leaves_the_table_as_it_was():
    table = PlayTable(seed=MAX_SEED)
    with pytest.raises(ArgumentError):
        table.deal(MAX_SEED + 1)
    with pytest.raises(ArgumentError):
        table.choose_opponent("typo")
    assert table.seed == MAX_SEED and table.opponent == "random"
    table.new_deal()  # the seed after the largest is 0
    assert table.seed == 0


def test_a_quiz_of_a_file_that_cannot_be_read_says_so_naming_the_argument(tmp_path):
    """Found by the property test: a missing file was a FileNotFoundError, a name too long
    to be a file an OSError from the file system, and a folder a bare TypeError."""
    with pytest.raises(ArgumentError, match=r"^source: '.*missing\.json' cannot be read: No such"):
        Quiz(str(tmp_path / "missing.json"))
    with pytest.raises(ArgumentError, match="^source: 'xxx.*' .5000 characters. cannot be read"):
        Quiz(Path("x" * 5000))
    with pytest.raises(SkitgubbeError, match="no built-in example is called 'xxx"):
        Quiz("x" * 5000)
    with pytest.raises(SkitgubbeError):
        Quiz(tmp_path)


def test_a_table_of_no_rulesets_is_empty():
    """Found by the property test: ``variants_table([])`` ended in pandas' KeyError."""
    empty = tables.variants_table([])
    assert len(empty) == 0
    assert "(0 rows)" in tables.show(empty, "Rulesets")._repr_html_()
