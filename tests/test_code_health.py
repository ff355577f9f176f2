"""Code health: the layering rules a newcomer can rely on, checked."""

import ast
import inspect
import io
import re
import tokenize
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, get_args, get_type_hints

import pytest

from skitgubbe_core import events, examples, phase1, phase1_all, phase1_mas, phase2, quiz
from skitgubbe_core.actions import Action
from skitgubbe_core.cards import Card, parse_cards
from skitgubbe_core.events import _TEMPLATES, ACTION_KINDS, KINDS, ROLES, Event, kinds_with
from skitgubbe_core.frames import _SPLIT, DECIDES, FORWARD, OWN_FRAME, TAKES
from skitgubbe_core.phases import PHASE1, PHASE2, Phase, module_for
from skitgubbe_core.quiz import TURN_EVENTS
from skitgubbe_core.rules import ANY, HOUSE_CUSTOM, OPTIONS, PRESETS, Choice, Option, Rules
from skitgubbe_core.simulate import PICK_UP_EVENTS, random_game
from skitgubbe_core.state import State
from tests import rule_index
from tools import option_fields

ROOT = Path(__file__).resolve().parent.parent
#: Game's private attributes, read from another object (``self._x`` is an object's own)
PRIVATE = re.compile(r"(?<!self)\._(state|apply|steps|actions|legal|sink|initial|phases|restart)\b")


def test_no_module_outside_game_touches_games_private_attributes():
    offenders = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
                 for folder in ("skitgubbe_core", "widgets", "benchmarks")
                 for path in sorted((ROOT / folder).rglob("*.py")) if path.name != "game.py"
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if PRIVATE.search(line)]
    assert offenders == []
    assert PRIVATE.search("game._state.hands") and PRIVATE.search("g._apply(a)")
    assert not PRIVATE.search("self._state.hands") and not PRIVATE.search("game.state_x")


IGNORE = re.compile(r"#\s*type:\s*ignore(\[[a-z-]+(, *[a-z-]+)*\])?(.*)")


def unexplained_ignores(source: str) -> list[int]:
    """The lines whose ``# type: ignore`` comment names no error code, or says not why:
    in the same comment (``# type: ignore[code]  # why``) or a comment line above."""
    lines = source.splitlines()
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        match = IGNORE.search(token.string) if token.type == tokenize.COMMENT else None
        if match is None:
            continue
        n = token.start[0]
        why = "#" in match.group(3) or (n > 1 and lines[n - 2].strip().startswith("#"))
        if match.group(1) is None or not why:
            found.append(n)
    return found


def test_every_type_ignore_is_narrow_and_says_why():
    offenders = [f"{path.relative_to(ROOT)}:{n}"
                 for folder in ("skitgubbe_core", "widgets", "tests", "tools", "lite", "benchmarks")
                 for path in sorted((ROOT / folder).rglob("*.py"))
                 for n in unexplained_ignores(path.read_text(encoding="utf-8"))]
    assert offenders == []
    assert unexplained_ignores("x = f()  # type: ignore\n") == [1]
    assert unexplained_ignores("x = f()  # type: ignore[misc]\n") == [1]
    assert unexplained_ignores("# f is untyped\nx = f()  # type: ignore[misc]\n") == []
    assert unexplained_ignores("x = f()  # type: ignore[misc]  # f is untyped\n") == []


def test_every_phase_module_implements_the_phase_interface():
    members = [name for name in Phase.__dict__ if not name.startswith("_")]
    assert set(members) == {"legal", "apply", "why_illegal", "out_of_turn", "accepts",
                            "why_out_of_turn", "prepare"}
    for module in (phase1, phase1_all, phase1_mas, phase2):
        assert all(callable(getattr(module, name, None)) for name in members), module.__name__


def test_the_phase1_registry_covers_every_value_of_phase1_tricks():
    assert set(PHASE1) == {c.value for c in OPTIONS["phase1_tricks"].choices}
    s, kinds = State(3), set()
    for name in PRESETS:
        rules = Rules.preset(name)
        assert module_for(s, rules) is PHASE1[rules.phase1_tricks]
        kinds.add(rules.phase1_tricks)
    assert kinds == set(PHASE1)
    s.phase = 2
    assert module_for(s, Rules.preset("mas")) is PHASE2 is phase2


def test_the_options_types_and_fields_are_derived_from_their_one_declaration():
    tool = option_fields
    written = (ROOT / "skitgubbe_core" / "option_fields.py").read_text(encoding="utf-8")
    assert written == tool.source(), "skitgubbe_core/option_fields.py is stale: make option-fields"
    assert tool.main(["--check"]) == 0


def test_an_option_declared_once_gets_its_type_and_field_and_a_stale_module_is_caught(
        monkeypatch, capsys):
    tool = option_fields
    option = Option("first_lead", "Who leads first", "The dealer's left or right.",
                    (Choice("dealer-left", "the dealer's left", ("pagat",)),
                     Choice("dealer-right", "the dealer's right", (), HOUSE_CUSTOM)),
                    "dealer-left")
    monkeypatch.setitem(OPTIONS, option.name, option)
    text = tool.source()
    assert 'FirstLead = Literal["dealer-left", "dealer-right"]\n' in text
    assert '    first_lead: FirstLead = "dealer-left"\n' in text
    assert tool.main(["--check"]) == 1
    assert "stale" in capsys.readouterr().out


def test_each_options_literal_type_lists_exactly_its_choices_and_default():
    hints = get_type_hints(Rules)
    defaults = Rules()
    for name, option in OPTIONS.items():
        values = {c.value for c in option.choices + option.earlier}
        assert set(get_args(hints[name])) == values, name
        assert getattr(defaults, name) == option.default, name


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _builders() -> list[Callable[..., Event]]:
    return [f for name, f in vars(events).items() if inspect.isfunction(f)
            and f.__module__ == events.__name__ and not name.startswith("_") and f is not events.as_event
            and get_type_hints(f).get("return") is Event]


def _sample_arguments(builder: Callable[..., Event]) -> list[object]:
    samples: dict[str, object] = {"card": 0, "tied": (0, 1), "deals": ((0, 0),), "rule": "x",
                                  "why": "beaten"}
    cards = {"cards", "shown", "kept", "pool", "beaten", "top"}
    return [(0,) if name in cards else samples.get(name, 1)
            for name in inspect.signature(builder).parameters]


def test_each_named_builder_fills_exactly_its_kinds_fields():
    for builder in _builders():
        event = builder(*_sample_arguments(builder))
        kind = KINDS[event.kind]
        assert isinstance(event, Event) and len(event) == 6, builder.__name__
        assert kind.other or event.other is None, builder.__name__
        assert kind.extra or event.extra is None, builder.__name__
        assert event.rule == "x", builder.__name__


def _event_sites() -> tuple[dict[str, int], set[str]]:
    """Where the engine builds events: how many plain event tuples name each kind, and
    the named builders it calls (``ev.name(...)``)."""
    tuples: dict[str, int] = {}
    called: set[str] = set()
    for path in sorted((ROOT / "skitgubbe_core").rglob("*.py")):
        if path.name == "events.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for raw in rule_index.event_tuples(tree):
            kind, _, _, other, extra, _ = raw.elts
            for name in rule_index.event_kinds(kind):
                tuples[name] = tuples.get(name, 0) + 1
                assert KINDS[name].other or _is_none(other), (path.name, raw.lineno)
                assert KINDS[name].extra or _is_none(extra), (path.name, raw.lineno)
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id == "ev":
                called.add(node.attr)
    return tuples, called


def test_the_event_kind_registry_covers_every_kind_built_and_narrated():
    # The per-move events, built as plain tuples, leave the fields their kind does not
    # use None, as the builders do (checked in _event_sites).
    tuples, called = _event_sites()
    builders = {f.__name__: f for f in _builders()}
    assert sum(tuples.values()) > 20 and len(called) > 10
    # Every builder is used by the engine, and nothing else is called as one.
    assert called == set(builders)
    built = set(tuples) | {builders[name](*_sample_arguments(builders[name])).kind
                           for name in called}
    assert built == set(KINDS) == set(_TEMPLATES)
    assert kinds_with("split") == set(_SPLIT)
    assert all(kind.roles <= ROLES.keys() for kind in KINDS.values())
    # The sets the frames, the quiz, the studies and the narration read, as they were
    # before the registry.
    assert {"stunsa", "tie"} == OWN_FRAME
    # (trick-trumped, Mas's trump on a plain card, plays the part of trick-won: issue 18.)
    assert {"stunsa", "tie", "trick-won", "trick-trumped", "trick-won-all", "lead-kept"} == DECIDES
    assert {"turned", "trump-turned"} == FORWARD
    assert {"trick-won", "trick-trumped", "trick-won-all", "trick-complete",
            "trump-ends-trick"} == TAKES
    assert {"turned", "lead", "answer", "beat", "pick-up", "lead-all", "play-all", "tie-play",
            "slough", "pass", "exchange", "store", "pick-up-lead"} == ACTION_KINDS
    assert {"stunsa", "trick-won", "trick-trumped", "trick-won-all", "trick-won-suit",
            "trick-complete", "all-picked-up", "lead-passes", "phase-2", "trump-ends-trick",
            "pick-up-lead", "skipped"} == TURN_EVENTS
    assert {"pick-up", "pick-up-lead"} == PICK_UP_EVENTS
    with pytest.raises(KeyError):
        kinds_with("frames")


def test_the_rule_index_is_current_and_every_rule_leads_to_code():
    assert (ROOT / "docs" / "rule-index.md").read_text(encoding="utf-8") == rule_index.markdown(), (
        "docs/rule-index.md is stale: .venv/bin/python tests/rule_index.py > docs/rule-index.md")
    assert all(rule_index.citations().values())


def _cards(x: object) -> bool:
    return isinstance(x, tuple) and all(isinstance(c, Card) for c in x)


def _seats(x: object) -> bool:
    return isinstance(x, tuple) and all(isinstance(p, int) for p in x) and len(x) > 1


def _deals(x: object) -> bool:
    return isinstance(x, (list, tuple)) and bool(x) and all(
        isinstance(p, int) and isinstance(c, Card) for p, c in x)


def _late(x: object) -> bool:
    return x is None or isinstance(x, int)


#: what ``extra`` holds, by kind, as Event's typed properties read it
EXTRA = {
    "lead": lambda x: x is None or isinstance(x, int) and x > 0,
    **dict.fromkeys(("trick-won", "trick-trumped", "trick-won-all", "trick-won-suit",
                     "trick-complete", "trump-ends-trick"), lambda x: isinstance(x, int) and x > 0),
    "phase-2": lambda x: x in range(4),
    "beat": lambda x: _cards(x) and x,
    "pick-up": _cards,
    "lead-passes": lambda x: x in ("blamattis", "beaten", "next"),
    "tie": _seats,
    "share": lambda x: isinstance(x, tuple) and len(x) == 2 and _seats(x[0])
    and isinstance(x[1], int),
    "redistribute": _deals,
    "dreck": _deals,
    **dict.fromkeys(("slough", "exchange", "store"), _late),
}


def test_each_kinds_extra_holds_what_its_property_reads():
    assert set(EXTRA) == {name for name, kind in KINDS.items() if kind.extra}
    seen: dict[str, int] = {}
    steps = [step for name in examples.names() for step in quiz.check(examples.load(name)).steps]
    for name, preset in PRESETS.items():
        for seed in range(12):
            game = random_game(preset.usual_players, name, seed=seed, out_of_turn=True)
            steps += game.history
    for step in steps:
        for event in step.events:
            seen[event.kind] = seen.get(event.kind, 0) + 1
            if event.kind in EXTRA:
                assert EXTRA[event.kind](event.extra), event
            else:
                assert event.extra is None, event
    assert set(EXTRA) <= set(seen), set(EXTRA) - set(seen)


@dataclass(frozen=True)
class _WithSevens(Rules):
    """Rules with a throwaway option, as a contributor would add one: in phase 2 a seven
    beats anything (implemented below by a stand-in for the slow path)."""

    sevens_beat_all: Literal["no", "yes"] = "no"


def test_a_new_option_that_changes_what_beats_turns_the_fast_path_off(monkeypatch):
    option = Option("sevens_beat_all", "Sevens", "A seven beats anything.",
                    (Choice("no", "no", ("pagat",)), Choice("yes", "yes", ("pagat",))), "no")
    monkeypatch.setitem(OPTIONS, option.name, option)
    slow: list[tuple[Card, ...]] = []

    def answers(p, hand, top, rules, trump):  # the slow path, reading the new option
        slow.append(top)
        sevens = [c for c in hand if rules.sevens_beat_all == "yes" and c >> 2 == 5]
        return [Action(p, "play", (c,)) for c in sevens]

    monkeypatch.setattr(phase2, "_answers", answers)
    s = State(2)
    s.phase, s.to_play, s.trump = 2, 1, 0
    s.hands = [list(parse_cards("AH")), list(parse_cards("7D 2H"))]
    s.table = [(0, tuple(parse_cards("AH")))]
    plain, sevens = _WithSevens(), _WithSevens(sevens_beat_all="yes")
    assert plain.single_beats and not sevens.single_beats
    assert phase2.legal(s, plain) == [Action(1, "pick up")] and slow == []
    assert phase2.legal(s, sevens) == [Action(1, "play", tuple(parse_cards("7D"))),
                                       Action(1, "pick up")]
    assert slow == [tuple(parse_cards("AH"))]
    # Declared as one the fast path plays right, the option is not read there.
    monkeypatch.setitem(OPTIONS, option.name, replace(option, fast_path=ANY))
    assert _WithSevens(sevens_beat_all="yes").single_beats
