"""The ``skitgubbe`` command: variants, play, match, simulate, compare, check, example,
replay, handout, quiz.

User errors (bad files, unknown names, illegal moves) are printed as one line
without a traceback; the exit status is 2 for invalid input, 1 for a failed check.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import signal
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import NoReturn, TextIO

from . import __version__, examples, handout, match, quiz, record, scenario, worksheet
from .cards import SUIT_SYMBOLS, SUITS
from .errors import FileFormatError, SkitgubbeError, quote
from .events import Step
from .files import shown_name, write_atomically
from .rules import OPTIONS, PRESETS, Rules
from .schema import MAX_SEED
from .simulate import (
    DASK_TIMEOUT,
    DEFAULT_MAX_MOVES,
    SCHEDULERS,
    random_game,
    study_rows,
    write_csv,
    write_parquet,
)
from .sources import cite


def narrate(step: Step, players: Sequence[str]) -> list[str]:
    """A step as printed lines: the action numbered, automatic events indented."""
    lines = step.narrate(players)
    return [f"{step.number:>4}. {lines[0]}"] + [f"      {line}" for line in lines[1:]]


def cmd_variants(args: argparse.Namespace) -> int:
    for p in PRESETS.values():
        print(f"{p.name}: {p.title}")
        print(f"    {p.summary}")
        print(f"    {p.player_counts} players; {p.region}; {p.evidence}")
        print(f"    sources: {p.citation}")
    print("\nrule options (name=value, default marked *):")
    for o in OPTIONS.values():
        print(f"  {o.name}: {o.summary}")
        for c in o.choices:
            mark = "*" if c.value == o.default else " "
            print(f"   {mark} {c.value}: {c.description} [{c.evidence}; {cite(c.sources)}]")
    return 0


def _options(args: argparse.Namespace) -> dict[str, str]:
    options = {}
    for item in args.option or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise SkitgubbeError(f"--option {quote(item)}: write NAME=VALUE, e.g. turn_from_stock=at-least-one")
        options[name.strip()] = value.strip()
    return options


def _rules(args: argparse.Namespace) -> Rules:
    return Rules.preset(args.variant, **_options(args))


def cmd_play(args: argparse.Namespace) -> int:
    rules = _rules(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"{rules.describe()}, {args.players} players, seed {seed}")
    show = None if args.quiet else (lambda game, step: print("\n".join(narrate(step, game.players))))
    game = random_game(args.players, rules, seed, args.max_moves, show, args.out_of_turn)
    if game.is_over:
        print(f"{game.players[game.loser]} is the Skitgubbe after {game.move_count} moves.")
    else:
        print(f"Unfinished: stopped after {game.move_count} moves (the cap; random play can cycle).")
    if args.record:
        record.save(game, args.record)
        print(f"record written to {shown_name(args.record)}")
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    _, rules = match.check(args.players, args.deals, _rules(args))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(f"A match of {args.deals} deals of {rules.describe()}, {args.players} players, "
          f"seed {seed}; the deal passes to the left")
    played = match.play_match(args.players, args.deals, seed, rules, args.max_moves,
                              lambda m, number: print(m.deal_line(number)))
    losers = played.match_losers()
    if losers:
        most = played.counts()[losers[0]]
        print(f"Most often Skitgubbe ({most} of {args.deals} deals): {' and '.join(losers)}")
    if args.record:
        match.save(played, args.record)
        print(f"match record written to {shown_name(args.record)}")
    print(played.counts_line())
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
    if args.exercises:
        path = worksheet.write(args.source, args.output)
        print(f"worksheet written to {shown_name(path)}")
        return 0
    path = handout.write(args.source, args.output)
    print(f"handout written to {shown_name(path)}")
    return 0


def cmd_quiz(args: argparse.Namespace) -> int:
    source = handout.load_source(args.source)
    sheet = quiz.questions(source)
    if args.json:
        print(json.dumps(quiz.to_json(sheet), ensure_ascii=False, indent=1))
        return 0
    players = sheet.game.players
    print(f"== {args.source}: {sheet.title}" if sheet.title else f"== {args.source}")
    told, right, asked = 0, 0, 0
    for number, question in enumerate(sheet.questions, 1):
        events = sheet.context(question)
        for event in events[told:]:
            print(f"   {event.explain(players)}")
        told = max(told, len(events))
        print(f"\n{quiz.TEXT['question'].format(number=number, count=len(sheet))}: "
              f"{question.prompt}")
        for i, choice in enumerate(question.choices, 1):
            print(f"  {i:>2}) {question.label(choice)}")
        choice = _choose(question)
        if choice is None:
            break
        feedback = question.feedback(choice)
        asked += 1
        right += feedback.right
        print(feedback.sentence)
    print(quiz.TEXT["score"].format(right=right, asked=asked))
    return 0


def _choose(question: quiz.Question) -> str | None:
    """The choice typed on standard input (a terminal or not), or None at its end."""
    count = len(question.choices)
    while True:
        print(quiz.TEXT["choose"].format(count=count), end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            print()
            return None
        text = line.strip()
        if not sys.stdin.isatty():
            print(text)
        if text.isdigit() and 1 <= int(text) <= count:
            return question.choices[int(text) - 1]
        print(quiz.TEXT["no-answer"].format(count=count))


def cmd_simulate(args: argparse.Namespace) -> int:
    bots = [b.strip() for b in args.bots.split(",")] if args.bots else None
    out = args.out
    if out is not None and not out.endswith((".csv", ".parquet")):
        raise SkitgubbeError(f"--out {quote(out)}: name a .csv or .parquet file")
    if args.address is not None and args.scheduler != "dask":
        raise SkitgubbeError("--address names a Dask scheduler: give it with --scheduler dask")
    columns, parts = study_rows(
        args.variant, args.players, args.games, args.seed, bots, rotate=args.rotate,
        options=_options(args), bot_options={"playouts": args.playouts},
        scheduler=args.scheduler, workers=args.workers, address=args.address,
        timeout=args.timeout, beyond_cores=args.workers_beyond_cores,
        chunk_size=args.chunk_size, progress=sys.stderr.isatty(), max_moves=args.max_moves)
    if out is None:
        write_csv(sys.stdout, columns, parts)
        return 0
    counted = []
    if out.endswith(".parquet"):
        write_atomically(out, lambda f: counted.append(write_parquet(f, columns, parts)))
    else:
        write_atomically(out, lambda f: counted.append(write_csv(
            io.TextIOWrapper(f, encoding="utf-8", newline=""), columns, parts)))
    print(f"{counted[0]} games written to {shown_name(out)}", file=sys.stderr)
    return 0


def _write_table(frame, out: str | None) -> None:
    """``frame`` as CSV on standard output, or to ``out`` (.csv or .parquet)."""
    if out is None:
        frame.to_csv(sys.stdout, index=False)
    elif out.endswith(".parquet"):
        try:
            write_atomically(out, lambda f: frame.to_parquet(f, index=False))
        except ImportError:
            raise SkitgubbeError("writing parquet needs pyarrow: pip install "
                                 "'skitgubbe[studies]', or write a .csv file") from None
    else:
        write_atomically(out, lambda f: frame.to_csv(f, index=False, encoding="utf-8"))


def cmd_compare(args: argparse.Namespace) -> int:
    from .studies import compare_play, print_progress

    out = args.out
    if out and not out.endswith((".csv", ".parquet")):
        raise SkitgubbeError(f"--out {quote(out)}: name a .csv or .parquet file")
    variants = "all" if args.variants == "all" else [v.strip() for v in args.variants.split(",")]
    players = args.players if args.players in ("usual", "all") else _count(args.players)
    if args.games < 1:
        raise SkitgubbeError(f"--games must be at least 1, not {args.games}")
    bots = [b.strip() for b in args.bots.split(",")]
    frame = compare_play(variants, players, args.games, args.seed, bots,
                         on_row=print_progress, bot_options={"playouts": args.playouts},
                         scheduler=args.scheduler, workers=args.workers, address=args.address,
                         chunk_size=args.chunk_size, max_moves=args.max_moves)
    if frame.empty:
        raise SkitgubbeError(f"no ruleset among {args.variants} allows {args.players} players")
    _write_table(frame, out)
    if out is not None:
        print(f"{len(frame)} rows written to {out}", file=sys.stderr)
    return 0


def cmd_ladder(args: argparse.Namespace) -> int:
    from .ladder import RATING_COLUMNS, ladder, lineups, rows

    bots = [b.strip() for b in args.bots.split(",")] if args.bots else None
    table = ladder(args.variant, args.players, args.games, args.seed, bots,
                   bot_options={"playouts": args.playouts}, scheduler=args.scheduler,
                   workers=args.workers, address=args.address, max_moves=args.max_moves)
    players = args.players or PRESETS[args.variant].usual_players
    teams = len(lineups([r.bot for r in table], players))
    each = -(-args.games // teams)
    print(f"{PRESETS[args.variant].title}, {players} players: {teams} lineups x {each} games, "
          f"seed {args.seed}; openskill Plackett-Luce, best (mu - 3 sigma) first")
    for rating in table:
        print(rating.line())
    if args.out:
        import pandas as pd

        frame = pd.DataFrame(rows(table, args.variant, players, args.playouts, args.seed),
                             columns=RATING_COLUMNS)
        _write_table(frame, args.out)
        print(f"ratings written to {args.out}", file=sys.stderr)
    return 0


def _count(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise SkitgubbeError(f"--players {quote(text)}: write usual, all or a number") from None


def _seed(text: str) -> int:
    """A seed that a record can store: a whole number from 0 to 2**64 - 1."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number") from None
    if not 0 <= seed <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {MAX_SEED}")
    return seed


def _positive(text: str) -> int:
    """A whole number of at least 1 (a count of moves, games, playouts or workers)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quote(text)} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{quote(text)}: give a whole number of at least 1")
    return number


def _file_name(text: str) -> str:
    if not text:
        raise argparse.ArgumentTypeError("an empty file name")
    return text


def _random_players(command: argparse.ArgumentParser, what: str) -> argparse.ArgumentParser:
    """The options of a command played by random computer players."""
    command.add_argument("--players", type=int, default=3)
    command.add_argument("--seed", type=_seed, default=None)
    command.add_argument("--variant", default="skitgubbe")
    command.add_argument("--option", action="append", metavar="NAME=VALUE")
    command.add_argument("--max-moves", type=_positive, default=DEFAULT_MAX_MOVES)
    command.add_argument("--record", metavar="FILE", type=_file_name,
                         help=f"write the {what} record (JSON) here")
    return command


class _Parser(argparse.ArgumentParser):
    """Argument errors in one line (the usage is one ``--help`` away), exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="skitgubbe", description="Skitgubbe and its family: "
                                 "rules, worked examples and games.")
    ap.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("variants", help="list the rulesets and rule options with their sources"
                   ).set_defaults(run=cmd_variants)
    play = _random_players(sub.add_parser(
        "play", help="a narrated game between random computer players"), "game")
    play.add_argument("--quiet", action="store_true", help="print only the result")
    play.add_argument("--out-of-turn", action="store_true", help="let players act out of turn "
                      "where the rules allow it (Mas's exchange and storing; Atlanta's slough "
                      "with slough_timing=undecided or both)")
    play.set_defaults(run=cmd_play)
    several = _random_players(sub.add_parser(
        "match", help="several deals between random computer players, counting each "
        "player's Skitgubbes"), "match")
    several.add_argument("--deals", type=int, default=3)
    several.set_defaults(run=cmd_match)
    sim = sub.add_parser("simulate", help="play many games between computer players: one "
                         "CSV row per game")
    sim.add_argument("--variant", default="skitgubbe")
    sim.add_argument("--option", action="append", metavar="NAME=VALUE")
    sim.add_argument("--players", type=int, default=3)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=_seed, default=0,
                     help="the study's seed; each game's seed derives from it and the game's index")
    sim.add_argument("--bots", metavar="BOT,BOT,...",
                     help="one bot per seat: random, heuristic or search (default: all random)")
    sim.add_argument("--rotate", action="store_true",
                     help="move the bots one seat on per game, so each sits in every seat")
    sim.add_argument("--playouts", type=_positive, default=48,
                     help="playouts per decision of a search bot")
    sim.add_argument("--scheduler", choices=SCHEDULERS, default="serial")
    sim.add_argument("--workers", type=_positive, default=None,
                     help="processes (default: one per core; never more than the cores, nor "
                     "than the chunks of work)")
    sim.add_argument("--address", default=None,
                     help="a running Dask scheduler, e.g. tcp://10.0.0.5:8786 (with --scheduler dask)")
    sim.add_argument("--workers-beyond-cores", action="store_true",
                     help="let --workers start more processes than there are cores")
    sim.add_argument("--timeout", type=_positive, default=DASK_TIMEOUT,
                     help=f"seconds to wait for the Dask scheduler at --address (default "
                     f"{DASK_TIMEOUT})")
    sim.add_argument("--chunk-size", type=_positive, default=None, help="games per task")
    sim.add_argument("--max-moves", type=_positive, default=DEFAULT_MAX_MOVES)
    sim.add_argument("--out", metavar="FILE.csv|FILE.parquet",
                     help="write the rows here (default: CSV on standard output)")
    sim.set_defaults(run=cmd_simulate)
    comp = sub.add_parser("compare", help="play metrics of several rulesets: one CSV row per "
                          "ruleset and player count")
    comp.add_argument("--variants", default="all", metavar="all|NAME,NAME,...")
    comp.add_argument("--players", default="usual", metavar="usual|all|N",
                      help="each ruleset's usual count, every count it allows, or N")
    comp.add_argument("--bots", default="random", metavar="BOT,BOT,...",
                      help="seated round the table and rotated (default: all random)")
    comp.add_argument("--games", type=int, default=100, help="games per ruleset and player count")
    comp.add_argument("--seed", type=_seed, default=0)
    comp.add_argument("--playouts", type=int, default=48, help="playouts per decision of a search bot")
    comp.add_argument("--scheduler", choices=SCHEDULERS, default="serial")
    comp.add_argument("--workers", type=int, default=None)
    comp.add_argument("--address", default=None)
    comp.add_argument("--chunk-size", type=int, default=None)
    comp.add_argument("--max-moves", type=int, default=DEFAULT_MAX_MOVES)
    comp.add_argument("--out", metavar="FILE.csv|FILE.parquet")
    comp.set_defaults(run=cmd_compare)
    lad = sub.add_parser("ladder", help="rate the computer players against each other "
                         "(openskill), best first")
    lad.add_argument("--variant", default="skitgubbe")
    lad.add_argument("--players", type=int, default=None, help="seats (default: the usual count)")
    lad.add_argument("--games", type=int, default=60, help="games in all, shared by the lineups")
    lad.add_argument("--seed", type=_seed, default=0)
    lad.add_argument("--bots", metavar="BOT,BOT,...", help="the players to rate (default: all)")
    lad.add_argument("--playouts", type=int, default=48, help="playouts per decision of a search bot")
    lad.add_argument("--scheduler", choices=SCHEDULERS, default="serial")
    lad.add_argument("--workers", type=int, default=None)
    lad.add_argument("--address", default=None)
    lad.add_argument("--max-moves", type=int, default=DEFAULT_MAX_MOVES)
    lad.add_argument("--out", metavar="FILE.csv", help="also write the ratings here")
    lad.set_defaults(run=cmd_ladder)
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
    hand.add_argument("--exercises", action="store_true",
                      help="a worksheet: the frames up to each question, room to write, and "
                      "the answers with their reasons on a page of their own "
                      "(default: NAME-exercises.html)")
    hand.set_defaults(run=cmd_handout)
    ask = sub.add_parser("quiz", help="answer the engine's questions about a worked example")
    ask.add_argument("source", metavar="NAME|FILE.json",
                     help="a built-in example's name, or a scenario or record file")
    ask.add_argument("--json", action="store_true",
                     help="print the questions with their answers as JSON")
    ask.set_defaults(run=cmd_quiz)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
        with _printable_output():
            status: int = args.run(args)
            return status
    except SkitgubbeError as err:
        print(f"skitgubbe: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return _broken_pipe()
    except OSError as err:
        where = f"{shown_name(err.filename)}: " if err.filename else ""
        print(f"skitgubbe: {where}{err.strerror or err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 128 + signal.SIGINT


SUIT_LETTERS = str.maketrans(dict(zip(SUIT_SYMBOLS, SUITS, strict=True)))


class _SuitLetters(io.TextIOBase):
    """A text stream that writes the suits as letters (``7D``, not ``7♦``) and any
    other character its encoding lacks as ``?``."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="replace")

    def write(self, text: str) -> int:
        return self.stream.write(text.translate(SUIT_LETTERS))

    def flush(self) -> None:
        self.stream.flush()


@contextmanager
def _printable_output() -> Iterator[None]:
    """Standard output that cannot show the suit symbols (``PYTHONIOENCODING=ascii``,
    an old console) shows them as letters."""
    stdout = sys.stdout
    try:
        SUIT_SYMBOLS.encode(getattr(stdout, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        sys.stdout = _SuitLetters(stdout)
        try:
            yield
        finally:
            sys.stdout.flush()
            sys.stdout = stdout
        return
    yield


def _broken_pipe() -> int:
    """The reader went away (``skitgubbe play | head``): stop quietly, as standard tools
    do, with the status of a process ended by SIGPIPE.  Later writes to stdout go to
    /dev/null, so the interpreter's own flush at exit raises nothing."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return 128 + signal.SIGPIPE


if __name__ == "__main__":
    sys.exit(main())
