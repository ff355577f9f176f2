"""The ``skitgubbe`` command: variants, play, check, example, replay, handout.

User errors (bad files, unknown names, illegal moves) are printed as one line
without a traceback; the exit status is 2 for invalid input, 1 for a failed check.
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Sequence

from . import examples, handout, record, scenario
from .errors import FileFormatError, SkitgubbeError
from .events import Step
from .rules import OPTIONS, PRESETS, Rules
from .simulate import DEFAULT_MAX_MOVES, random_game
from .sources import cite


def narrate(step: Step, players: Sequence[str]) -> list[str]:
    """A step as printed lines: the action numbered, automatic events indented."""
    lines = step.narrate(players)
    return [f"{step.number:>4}. {lines[0]}"] + [f"      {line}" for line in lines[1:]]


def cmd_variants(args: argparse.Namespace) -> int:
    for p in PRESETS.values():
        print(f"{p.name}: {p.title}")
        print(f"    {p.summary}")
        print(f"    {p.min_players}-{p.max_players} players; {p.region}; {p.evidence}")
        print(f"    sources: {p.citation}")
    print("\nrule options (name=value, default marked *):")
    for o in OPTIONS.values():
        print(f"  {o.name}: {o.summary}")
        for c in o.choices:
            mark = "*" if c.value == o.default else " "
            print(f"   {mark} {c.value}: {c.description} [{c.evidence}; {cite(c.sources)}]")
    return 0


def _rules(args: argparse.Namespace) -> Rules:
    options = {}
    for item in args.option or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise SkitgubbeError(f"--option {item!r}: write NAME=VALUE, e.g. turn_from_stock=at-least-one")
        options[name.strip()] = value.strip()
    return Rules.preset(args.variant, **options)


def cmd_play(args: argparse.Namespace) -> int:
    rules = _rules(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"{rules.describe()}, {args.players} players, seed {seed}")
    show = None if args.quiet else (lambda game, step: print("\n".join(narrate(step, game.players))))
    game = random_game(args.players, rules, seed, args.max_moves, show)
    if game.is_over:
        print(f"{game.players[game.loser]} is the Skitgubbe after {game.move_count} moves.")
    else:
        print(f"Unfinished: stopped after {game.move_count} moves (the cap; random play can cycle).")
    if args.record:
        record.save(game, args.record)
        print(f"record written to {args.record}")
    return 0


def _report(outcome: scenario.Outcome, label: str) -> int:
    players = outcome.game.players
    for step in outcome.steps:
        print("\n".join(narrate(step, players)))
    for line in outcome.passed:
        print(f"      ok: {line}")
    if outcome.ok:
        print(f"ok: {label}")
        return 0
    for line in outcome.failures:
        print(f"FAILED: {label}: {line}")
    return 1


def cmd_check(args: argparse.Namespace) -> int:
    status = 0
    for path in args.files:
        try:
            sc = scenario.load(path)
        except OSError as err:
            print(f"skitgubbe: {path}: cannot read: {err.strerror}", file=sys.stderr)
            status = 2
            continue
        except FileFormatError as err:
            print(f"skitgubbe: {err}", file=sys.stderr)
            status = 2
            continue
        print(f"== {path}: {sc.title}")
        status = max(status, _report(scenario.run(sc), path))
    return status


def cmd_example(args: argparse.Namespace) -> int:
    if args.list:
        for name, title in examples.catalogue():
            print(f"{name}  {title}")
        return 0
    if not args.name:
        raise SkitgubbeError("name an example, or use --list to see them")
    sc = examples.load(args.name)
    print(f"== {args.name}: {sc.title}")
    if sc.description:
        print(sc.description)
    print()
    return _report(scenario.run(sc), args.name)


def cmd_replay(args: argparse.Namespace) -> int:
    game = record.load(args.file)
    for step in game.history:
        print("\n".join(narrate(step, game.players)))
    print(repr(game))
    return 0


def cmd_handout(args: argparse.Namespace) -> int:
    path = handout.write(args.source, args.output)
    print(f"handout written to {path}")
    return 0


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="skitgubbe", description="Skitgubbe and its family: "
                                 "rules, worked examples and games.")
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("variants", help="list the rulesets and rule options with their sources"
                   ).set_defaults(run=cmd_variants)
    play = sub.add_parser("play", help="a narrated game between random computer players")
    play.add_argument("--players", type=int, default=3)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--variant", default="skitgubbe")
    play.add_argument("--option", action="append", metavar="NAME=VALUE")
    play.add_argument("--max-moves", type=int, default=DEFAULT_MAX_MOVES)
    play.add_argument("--record", metavar="FILE", help="write the game record (JSON) here")
    play.add_argument("--quiet", action="store_true", help="print only the result")
    play.set_defaults(run=cmd_play)
    check = sub.add_parser("check", help="validate and replay scenario files")
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(run=cmd_check)
    example = sub.add_parser("example", help="run a built-in worked example")
    example.add_argument("name", nargs="?")
    example.add_argument("--list", action="store_true", help="list the examples")
    example.set_defaults(run=cmd_example)
    replay = sub.add_parser("replay", help="narrate a game record")
    replay.add_argument("file")
    replay.set_defaults(run=cmd_replay)
    hand = sub.add_parser("handout", help="write a printable HTML page of a worked example")
    hand.add_argument("source", metavar="NAME|FILE.json",
                      help="a built-in example's name, or a scenario or record file")
    hand.add_argument("-o", "--output", metavar="OUT.html",
                      help="where to write it (default: NAME.html here)")
    hand.set_defaults(run=cmd_handout)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except SkitgubbeError as err:
        print(f"skitgubbe: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"skitgubbe: {err.filename}: {err.strerror}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
