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
from collections.abc import Iterable, Iterator, Sequence
from contextlib import closing, contextmanager
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from . import (
    __version__,
    examples,
    handout,
    i18n,
    interrupt,
    match,
    quiz,
    record,
    scenario,
    scenario_check,
    worksheet,
)
from .cards import SUIT_SYMBOLS, SUITS, format_cards
from .errors import FileFormatError, SkitgubbeError, quote
from .events import Step
from .files import shown_name, write_atomically
from .game import Game
from .i18n import N_, language, languages, ngettext, pgettext
from .i18n import gettext as _
from .jsondata import read_json
from .rules import OPTIONS, PRESETS, Rules
from .schema import MAX_FILE_BYTES, MAX_MATCH_BYTES, MAX_SEED
from .simulate import (
    DASK_TIMEOUT,
    DEFAULT_MAX_MOVES,
    SCHEDULERS,
    random_game,
    study_rows,
    write_csv,
    write_parquet,
)
from .view import hand_order

if TYPE_CHECKING:
    import pandas as pd


def narrate(step: Step, players: Sequence[str]) -> list[str]:
    """A step as printed lines: the action numbered, automatic events indented."""
    lines = step.narrate(players)
    return [f"{step.number:>4}. {lines[0]}"] + [f"      {line}" for line in lines[1:]]


def cmd_variants(args: argparse.Namespace) -> int:
    for p in PRESETS.values():
        print(f"{p.name}: {_(p.title)}")
        print(f"    {_(p.summary)}")
        print("    " + _("{count} players; {region}; {evidence}").format(
            count=p.player_counts, region=_(p.region), evidence=_(p.evidence)))
        print("    " + _("sources: {sources}").format(sources=p.citation))
    print("\n" + _("rule options (name=value, default marked *):"))
    for o in OPTIONS.values():
        print(f"  {o.name}: {_(o.summary)}")
        for c in o.choices:
            mark = "*" if c.value == o.default else " "
            print(f"   {mark} {c.value}: {_(c.description)} [{c.provenance}]")
    return 0


def _options(args: argparse.Namespace) -> dict[str, str]:
    options = {}
    for item in args.option or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise SkitgubbeError(_("--option {item}: write NAME=VALUE, e.g. "
                                   "turn_from_stock=at-least-one").format(item=quote(item)))
        options[name.strip()] = value.strip()
    return options


def _rules(args: argparse.Namespace) -> Rules:
    return Rules.preset(args.variant, **_options(args))


def _print_step(game: Game, step: Step | None) -> None:
    if step is not None:
        lines = narrate(step, game.players)
        begins = next((i for i, e in enumerate(step.events) if e.kind == "phase-2"), None)
        if begins is not None:  # after the step's phase-1 events: its action ended phase 1
            lines.insert(begins, _("-- Phase {phase} --").format(phase=2))
        print("\n".join(lines))


def _print_hands(game: Game) -> None:
    """The starting hands, one line a player, and the heading of phase 1."""
    print(_("Starting hands:"))
    for name, hand in zip(game.players, game.hands, strict=True):
        print(f"  {name}: {format_cards(hand_order(hand))}")
    print(_("-- Phase {phase} --").format(phase=game.phase))


def _dealer(game: Game, name: str | None) -> int | None:
    """The seat of ``--dealer NAME`` (None: the default, the last player)."""
    if name is None:
        return None
    if name not in game.players:
        raise SkitgubbeError(_("--dealer {name}: not at the table; the players are "
                               "{players}").format(name=quote(name),
                                                   players=", ".join(game.players)))
    return game.players.index(name)


def cmd_play(args: argparse.Namespace) -> int:
    rules = _rules(args)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    start = Game(args.players, rules, seed=seed)
    dealer = _dealer(start, args.dealer)
    if dealer is not None:
        start = Game(args.players, rules, seed=seed, dealer=dealer)
    print(_("{rules}, {players} players, seed {seed}").format(
        rules=rules.describe(), players=args.players, seed=seed))
    if not args.quiet:
        print(start.deal_line())
        _print_hands(start)
    show = None if args.quiet else _print_step
    game = random_game(args.players, rules, seed, args.max_moves, show, args.out_of_turn,
                       dealer)
    if game.is_over:
        assert game.loser is not None  # a finished deal has its Skitgubbe
        print(_("{player} is the Skitgubbe after {count} moves.").format(
            player=game.players[game.loser], count=game.move_count))
    else:
        print(_("Unfinished: stopped after {count} moves (the cap; random play can "
                "cycle).").format(count=game.move_count))
    if args.record:
        record.save(game, args.record)
        print(_("record written to {file}").format(file=shown_name(args.record)))
    return 0


def cmd_match(args: argparse.Namespace) -> int:
    rules = match.check(args.players, args.deals, _rules(args))[1]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    print(_("A match of {deals} deals of {rules}, {players} players, seed {seed}; "
            "{passing}").format(deals=args.deals, rules=rules.describe(), players=args.players,
                                seed=seed, passing=_(PASSING)))
    played = match.play_match(args.players, args.deals, seed, rules, args.max_moves,
                              lambda m, number: print(m.deal_line(number)))
    _match_end(played)
    if args.record:
        match.save(played, args.record)
        print(_("match record written to {file}").format(file=shown_name(args.record)))
    print(played.counts_line())
    return 0


PASSING = N_("the deal passes to the left (our reading: no source says who deals next)")


def _match_end(played: match.Match) -> None:
    losers = played.match_losers()
    if losers:
        most = played.counts()[losers[0]]
        print(_("Most often Skitgubbe ({count} of {deals} deals): {players}").format(
            count=most, deals=len(played.deals), players=_(" and ").join(losers)))


def _report(outcome: scenario.Outcome, label: str) -> int:
    players = outcome.game.players
    dealt = outcome.game.deal_line()
    if dealt is not None:
        print(dealt)
    for step in outcome.steps:
        print("\n".join(narrate(step, players)))
    for line in outcome.passed:
        print("      " + _("ok: {what}").format(what=line))
    if outcome.ok:
        print(_("ok: {what}").format(what=label))
        return 0
    for line in outcome.failures:
        print(_("FAILED: {what}: {why}").format(what=label, why=line))
    return 1


def cmd_check(args: argparse.Namespace) -> int:
    status = 0
    for path in args.files:
        shown = shown_name(path)
        try:
            sc = scenario.load(path)
        except OSError as err:
            print("skitgubbe: " + _("{file}: cannot read: {why}").format(
                file=shown, why=err.strerror), file=sys.stderr)
            status = 2
            continue
        except FileFormatError as err:
            print(f"skitgubbe: {err}", file=sys.stderr)
            status = 2
            continue
        print(f"== {shown}: {_(sc.title)}")
        status = max(status, _report(scenario_check.check(sc), shown))
    return status


def cmd_example(args: argparse.Namespace) -> int:
    if args.list:
        listed = examples.catalogue()
        width = max(len(name) for name, _title in listed)
        for name, title in listed:
            print(f"{name:{width}}  {_(title)}")
        return 0
    if not args.name:
        raise SkitgubbeError(_("name an example, or use --list to see them"))
    sc = examples.load(args.name)
    print(f"== {args.name}: {_(sc.title)}")
    if sc.description:
        print(_(sc.description))
    print()
    return _report(scenario_check.check(sc), args.name)


def cmd_replay(args: argparse.Namespace) -> int:
    data = read_json(args.file, record.RecordError, MAX_MATCH_BYTES)
    if not (isinstance(data, dict) and data.get("format") == match.MATCH_FORMAT):
        if os.stat(args.file).st_size > MAX_FILE_BYTES:
            raise record.RecordError(_("larger than the limit of {size} bytes").format(
                size=i18n.number(MAX_FILE_BYTES)),
                                     file=shown_name(args.file))
        game = record.from_record(data, args.file)
        _narrate_game(game)
        return 0
    played = match.from_json(data, args.file)
    print(_("A match of {deals} deals of {rules}, {players} players, seed {seed}; "
            "{passing}").format(deals=len(played.deals), rules=played.rules.describe(),
                                players=len(played.players), seed=played.seed,
                                passing=_(PASSING)))
    for number, deal in enumerate(data["deals"], 1):
        print(f"\n{played.deal_heading(number)}")
        _narrate_game(record.from_record(deal, args.file, validated=True))
    print()
    _match_end(played)
    print(played.counts_line())
    return 0


def _narrate_game(game: Game) -> None:
    """Every step of a replayed game, then how it ended."""
    for step in game.history:
        print("\n".join(narrate(step, game.players)))
    if game.loser is not None:
        print(_("{player} is the Skitgubbe after {count} moves.").format(
            player=game.players[game.loser], count=game.move_count))
    elif game.is_over:
        print(_("The game is over after {count} moves.").format(count=game.move_count))
    else:
        print(_("Unfinished: the record stops after {count} moves.").format(
            count=game.move_count))


def cmd_handout(args: argparse.Namespace) -> int:
    if args.exercises:
        path = worksheet.write(args.source, args.output)
        print(_("worksheet written to {file}").format(file=shown_name(path)))
        return 0
    path = handout.write(args.source, args.output)
    print(_("handout written to {file}").format(file=shown_name(path)))
    return 0


def cmd_quiz(args: argparse.Namespace) -> int:
    source = handout.load_source(args.source)
    sheet = quiz.questions(source)
    if args.json:
        print(json.dumps(quiz.to_json(sheet), ensure_ascii=False, indent=1))
        return 0
    players = sheet.game.players
    shown = shown_name(args.source)
    print(f"== {shown}: {sheet.title}" if sheet.title else f"== {shown}")
    step, told, right, asked = 0, 0, 0, 0  # shown: the steps before step, told events of it
    for number, question in enumerate(sheet.questions, 1):
        for event in sheet.context(question, since=step)[told:]:
            print(f"   {event.explain(players)}")
        if question.after - 1 > step:
            step, told = question.after - 1, question.told
        elif question.after - 1 == step:
            told = max(told, question.told)
        print(f"\n{quiz.TEXT['question'].format(number=number, count=len(sheet))}: "
              f"{question.prompt}")
        for i, option in enumerate(question.choices, 1):
            print(f"  {i:>2}) {question.label(option)}")
        choice = _choose(question)
        if choice is None:
            if not asked:  # the input ended before any answer: there is no score
                print(quiz.TEXT["none-answered"], file=sys.stderr)
                return 1
            break
        feedback = question.feedback(choice)
        asked += 1
        right += feedback.right
        print(feedback.sentence)
    print(quiz.TEXT["score"].format(right=right, asked=asked))
    return 0


ANSWER_CHARS = 80
"""The longest answer line the quiz reads; a longer one is skipped and asked again."""


def _choose(question: quiz.Question) -> str | None:
    """The choice typed on standard input (a terminal or not), or None at its end.  An
    answer is a choice's number in ASCII digits; anything else (another script's
    digits, a number too long to be one, a line too long to read) is asked again."""
    count = len(question.choices)
    while True:
        print(quiz.TEXT["choose"].format(count=count), end="", flush=True)
        line = sys.stdin.readline(ANSWER_CHARS)
        if not line:
            print()
            return None
        if len(line) == ANSWER_CHARS and not line.endswith("\n"):
            while line and not line.endswith("\n"):  # the rest of a long line, unread
                line = sys.stdin.readline(ANSWER_CHARS)
            line = "…"
        text = line.strip()
        if not sys.stdin.isatty():
            print(shown_name(text))  # the typed answer, without control characters
        number = int(text) if text.isascii() and text.isdigit() and len(text) < 9 else 0
        if 1 <= number <= count:
            return question.choices[number - 1]
        typed = question.typed(text) if text else None
        if typed is not None:
            return typed
        print(quiz.TEXT["no-answer"].format(count=count))


def _bot_list(text: str | None) -> list[str] | None:
    """``--bots`` of simulate, compare and ladder as a list (None if not given): a
    missing name (``--bots ''``, ``search,,random``) is refused, not read as no bot."""
    if text is None:
        return None
    bots = [b.strip() for b in text.split(",")]
    if not all(bots):
        raise SkitgubbeError(_("--bots {text}: name computer players separated by commas, "
                               "e.g. search,random").format(text=quote(text)))
    return bots


def _out_file(out: str | None) -> str | None:
    """``--out`` of simulate, compare and ladder: a .csv or .parquet file, or None
    (standard output; the ladder then writes no file)."""
    if out is not None and not out.endswith((".csv", ".parquet")):
        raise SkitgubbeError(_("--out {file}: name a .csv or .parquet file").format(
            file=quote(out)))
    return out


def cmd_simulate(args: argparse.Namespace) -> int:
    bots = _bot_list(args.bots)
    out = _out_file(args.out)
    if args.address is not None and args.scheduler != "dask":
        raise SkitgubbeError(_("--address names a Dask scheduler: give it with --scheduler dask"))
    columns, parts = study_rows(
        args.variant, args.players, args.games, args.seed, bots, rotate=args.rotate,
        options=_options(args), bot_options={"playouts": args.playouts},
        scheduler=args.scheduler, workers=args.workers, address=args.address,
        timeout=args.timeout, beyond_cores=args.workers_beyond_cores,
        chunk_size=args.chunk_size, progress=sys.stderr.isatty(), max_moves=args.max_moves)
    counted = []
    with closing(parts):  # a stop while rows are written ends the study at once
        if out is None:
            write_csv(sys.stdout, columns, parts)
            return 0
        if out.endswith(".parquet"):
            write_atomically(out, lambda f: counted.append(write_parquet(f, columns, parts)))
        else:
            write_atomically(out, lambda f: counted.append(write_csv(
                io.TextIOWrapper(f, encoding="utf-8", newline=""), columns, parts)))
    print(ngettext("{count} game written to {file}", "{count} games written to {file}",
                   counted[0]).format(count=i18n.number(counted[0]), file=shown_name(out)),
          file=sys.stderr)
    return 0


def _write_table(frame: pd.DataFrame, out: str | None) -> None:
    """``frame`` as CSV on standard output, or to ``out`` (.csv or .parquet)."""
    if out is None:
        frame.to_csv(sys.stdout, index=False)
    elif out.endswith(".parquet"):
        try:
            write_atomically(out, lambda f: frame.to_parquet(f, index=False))
        except ImportError:
            raise SkitgubbeError(_("writing parquet needs pyarrow: pip install "
                                   "'skitgubbe[studies]', or write a .csv file")) from None
    else:
        write_atomically(out, lambda f: frame.to_csv(f, index=False, encoding="utf-8"))


def cmd_compare(args: argparse.Namespace) -> int:
    from .studies import compare_play, print_progress

    out = _out_file(args.out)
    variants = "all" if args.variants == "all" else [v.strip() for v in args.variants.split(",")]
    players = args.players if args.players in ("usual", "all") else _count(args.players)
    if args.games < 1:
        raise SkitgubbeError(_("--games must be at least 1, not {games}").format(
            games=args.games))
    bots = _bot_list(args.bots) or []
    frame = compare_play(variants, players, args.games, args.seed, bots,
                         on_row=print_progress, bot_options={"playouts": args.playouts},
                         scheduler=args.scheduler, workers=args.workers, address=args.address,
                         chunk_size=args.chunk_size, max_moves=args.max_moves)
    if frame.empty:
        raise SkitgubbeError(_("no ruleset among {variants} allows {players} players").format(
            variants=args.variants, players=args.players))
    _write_table(frame, out)
    if out is not None:
        print(ngettext("{count} row written to {file}", "{count} rows written to {file}",
                       len(frame)).format(count=len(frame), file=shown_name(out)),
              file=sys.stderr)
    return 0


def cmd_ladder(args: argparse.Namespace) -> int:
    from .ladder import RATING_COLUMNS, ladder, lineups, rows

    bots = _bot_list(args.bots)
    out = _out_file(args.out)
    table = ladder(args.variant, args.players, args.games, args.seed, bots,
                   bot_options={"playouts": args.playouts}, scheduler=args.scheduler,
                   workers=args.workers, address=args.address, max_moves=args.max_moves)
    players = PRESETS[args.variant].usual_players if args.players is None else args.players
    teams = len(lineups([r.bot for r in table], players))
    each = -(-args.games // teams)
    print(ngettext("{game}, {players} players: {lineups} lineup x {each} games, seed {seed}; "
                   "openskill Plackett-Luce, best (mu - 3 sigma) first",
                   "{game}, {players} players: {lineups} lineups x {each} games, seed {seed}; "
                   "openskill Plackett-Luce, best (mu - 3 sigma) first", teams).format(
        game=_(PRESETS[args.variant].title), players=players, lineups=teams, each=each,
        seed=args.seed))
    for rating in table:
        print(rating.line())
    if out is not None:
        import pandas as pd

        frame = pd.DataFrame(rows(table, args.variant, players, args.playouts, args.seed),
                             columns=RATING_COLUMNS)
        _write_table(frame, out)
        print(_("ratings written to {file}").format(file=shown_name(out)), file=sys.stderr)
    return 0


def _count(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise SkitgubbeError(_("--players {text}: write usual, all or a number").format(
            text=quote(text))) from None


def _seed(text: str) -> int:
    """A seed that a record can store: a whole number from 0 to 2**64 - 1."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number").format(
            text=quote(text))) from None
    if not 0 <= seed <= MAX_SEED:
        raise argparse.ArgumentTypeError(_("a seed is a whole number from 0 to {top}").format(
            top=MAX_SEED))
    return seed


def _study_arguments(parser: argparse.ArgumentParser) -> None:
    """The bots' playouts, the scheduler and the move cap: the same for simulate, compare
    and ladder."""
    parser.add_argument("--playouts", type=_positive, default=48,
                        help=_("playouts per decision of a search or memory bot"))
    parser.add_argument("--scheduler", choices=SCHEDULERS, default="serial")
    parser.add_argument("--workers", type=_positive, default=None,
                        help=_("processes (default: one per core; never more than the cores, nor "
                        "than the chunks of work)"))
    parser.add_argument("--address", default=None,
                        help=_("a running Dask scheduler, e.g. tcp://10.0.0.5:8786 (with "
                        "--scheduler dask)"))
    parser.add_argument("--max-moves", type=_positive, default=DEFAULT_MAX_MOVES)


def _positive(text: str) -> int:
    """A whole number of at least 1 (a count of moves, games, playouts or workers)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number").format(
            text=quote(text))) from None
    if number < 1:
        raise argparse.ArgumentTypeError(_("{text}: give a whole number of at least 1").format(
            text=quote(text)))
    return number


def _file_name(text: str) -> str:
    if not text:
        raise argparse.ArgumentTypeError(_("an empty file name"))
    return text


def _random_players(command: argparse.ArgumentParser, what: str) -> argparse.ArgumentParser:
    """The options of a command played by random computer players; ``what`` is the help
    of its ``--record``."""
    command.add_argument("--players", type=int, default=3,
                         help=_("how many players (default 3; each ruleset allows its own range)"))
    command.add_argument("--seed", type=_seed, default=None,
                         help=_("the deal's number, to play the same deal again (default: random)"))
    command.add_argument("--variant", default="skitgubbe",
                         help=_("the ruleset (default skitgubbe; `skitgubbe variants` lists them)"))
    command.add_argument("--option", action="append", metavar="NAME=VALUE",
                         help=_("change one rule, e.g. must_beat=yes (repeatable; "
                         "`skitgubbe variants` lists the options)"))
    command.add_argument("--max-moves", type=_positive, default=DEFAULT_MAX_MOVES,
                         help=_("stop an endless game after this many moves (default {moves})").format(
                             moves=DEFAULT_MAX_MOVES))
    command.add_argument("--record", metavar="FILE", type=_file_name,
                         help=what)
    return command


ARGPARSE_WORDS = {"unrecognized arguments: ": N_("unrecognized arguments: "),
                  "the following arguments are required: ":
                      N_("the following arguments are required: "),
                  "argument ": N_("argument "), "invalid choice: ": N_("invalid choice: "),
                  "(choose from ": N_("(choose from "),
                  "expected one argument": N_("expected one argument"),
                  "ignored explicit argument ": N_("ignored explicit argument ")}
"""The phrases of argparse's own errors, said in the reader's language (argparse has no
catalogue of ours)."""


class _Formatter(argparse.HelpFormatter):
    """argparse's own words of a help page (its usage line) in the reader's language."""

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup],
                  prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """Argument errors in one line (the usage is one ``--help`` away), exit status 2; the
    help page in the reader's language (built inside :func:`language`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.update(formatter_class=_Formatter, add_help=False)
        super().__init__(*args, **kwargs)
        self._positionals.title = pgettext("command line", "positional arguments")
        self._optionals.title = pgettext("command line", "options")
        self.add_argument("-h", "--help", action="help", help=_("show this help message and exit"))

    def error(self, message: str) -> NoReturn:
        for english, said in sorted(ARGPARSE_WORDS.items(), key=lambda w: -len(w[0])):
            message = message.replace(english, _(said))
        shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
        self.exit(2, _("{prog}: {message} (see {prog} --help)").format(prog=self.prog,
                                                                       message=shown) + "\n")


def parser() -> argparse.ArgumentParser:
    ap = _Parser(prog="skitgubbe", description=_("Skitgubbe and its family: "
                                 "rules, worked examples and games."))
    ap.add_argument("--lang", choices=languages(), default=None,
                    help=_("the language of everything printed: en (default) or sv; the "
                    "environment variable SKITGUBBE_LANG sets it too"))
    ap.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                    help=_("show program's version number and exit"))
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("variants", help=_("list the rulesets and rule options with their sources")
                   ).set_defaults(run=cmd_variants)
    play = _random_players(sub.add_parser(
        "play", help=_("a narrated game between random computer players")),
        _("write the game record (JSON) here"))
    play.add_argument("--quiet", action="store_true", help=_("print only the result"))
    play.add_argument("--dealer", metavar="NAME", default=None,
                      help=_("who deals (default: the last player); the player on the "
                             "dealer's left leads first"))
    play.add_argument("--out-of-turn", action="store_true", help=_("let players act out of turn "
                      "where the rules allow it (Mas's exchange and storing; Atlanta's slough "
                      "with slough_timing=undecided or both)"))
    play.set_defaults(run=cmd_play)
    several = _random_players(sub.add_parser(
        "match", help=_("several deals between random computer players, counting each "
        "player's Skitgubbes")), _("write the match record (JSON) here"))
    several.add_argument("--deals", type=int, default=3)
    several.set_defaults(run=cmd_match)
    sim = sub.add_parser("simulate", help=_("play many games between computer players: one "
                         "CSV row per game"))
    sim.add_argument("--variant", default="skitgubbe")
    sim.add_argument("--option", action="append", metavar="NAME=VALUE")
    sim.add_argument("--players", type=int, default=3)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=_seed, default=0,
                     help=_("the study's seed; each game's seed derives from it and the game's index"))
    sim.add_argument("--bots", metavar="BOT,BOT,...",
                     help=_("one bot per seat: random, heuristic, search or memory (default: all random)"))
    sim.add_argument("--rotate", action="store_true",
                     help=_("move the bots one seat on per game, so each sits in every seat"))
    _study_arguments(sim)
    sim.add_argument("--workers-beyond-cores", action="store_true",
                     help=_("let --workers start more processes than there are cores"))
    sim.add_argument("--timeout", type=_positive, default=DASK_TIMEOUT,
                     help=_("seconds to wait for the Dask scheduler at --address (default {seconds})"
                            ).format(seconds=DASK_TIMEOUT))
    sim.add_argument("--chunk-size", type=_positive, default=None, help=_("games per task"))
    sim.add_argument("--out", metavar="FILE.csv|FILE.parquet",
                     help=_("write the rows here (default: CSV on standard output)"))
    sim.set_defaults(run=cmd_simulate)
    comp = sub.add_parser("compare", help=_("play metrics of several rulesets: one CSV row per "
                          "ruleset and player count"))
    comp.add_argument("--variants", default="all", metavar="all|NAME,NAME,...")
    comp.add_argument("--players", default="usual", metavar="usual|all|N",
                      help=_("each ruleset's usual count, every count it allows, or N"))
    comp.add_argument("--bots", default="random", metavar="BOT,BOT,...",
                      help=_("seated round the table and rotated (default: all random)"))
    comp.add_argument("--games", type=int, default=100, help=_("games per ruleset and player count"))
    comp.add_argument("--seed", type=_seed, default=0)
    _study_arguments(comp)
    comp.add_argument("--chunk-size", type=_positive, default=None, help=_("games per task"))
    comp.add_argument("--out", metavar="FILE.csv|FILE.parquet")
    comp.set_defaults(run=cmd_compare)
    lad = sub.add_parser("ladder", help=_("rate the computer players against each other "
                         "(openskill), best first"))
    lad.add_argument("--variant", default="skitgubbe")
    lad.add_argument("--players", type=int, default=None, help=_("seats (default: the usual count)"))
    lad.add_argument("--games", type=int, default=60, help=_("games in all, shared by the lineups"))
    lad.add_argument("--seed", type=_seed, default=0)
    lad.add_argument("--bots", metavar="BOT,BOT,...", help=_("the players to rate (default: all)"))
    _study_arguments(lad)
    lad.add_argument("--out", metavar="FILE.csv|FILE.parquet", help=_("also write the ratings here"))
    lad.set_defaults(run=cmd_ladder)
    check = sub.add_parser("check", help=_("validate and replay scenario files"))
    check.add_argument("files", nargs="+", metavar="FILE")
    check.set_defaults(run=cmd_check)
    example = sub.add_parser("example", help=_("run a built-in worked example"))
    example.add_argument("name", nargs="?")
    example.add_argument("--list", action="store_true", help=_("list the examples"))
    example.set_defaults(run=cmd_example)
    replay = sub.add_parser("replay", help=_("narrate a game record, or a match record deal "
                            "by deal"))
    replay.add_argument("file")
    replay.set_defaults(run=cmd_replay)
    hand = sub.add_parser("handout", help=_("write a printable HTML page of a worked example"))
    hand.add_argument("source", metavar="NAME|FILE.json",
                      help=_("a built-in example's name, or a scenario or record file"))
    hand.add_argument("-o", "--output", metavar="OUT.html",
                      help=_("where to write it (default: NAME.html here)"))
    hand.add_argument("--exercises", action="store_true",
                      help=_("a worksheet: the frames up to each question, room to write, and "
                      "the answers with their reasons on a page of their own "
                      "(default: NAME-exercises.html)"))
    hand.set_defaults(run=cmd_handout)
    ask = sub.add_parser("quiz", help=_("answer the engine's questions about a worked example"))
    ask.add_argument("source", metavar="NAME|FILE.json",
                     help=_("a built-in example's name, or a scenario or record file"))
    ask.add_argument("--json", action="store_true",
                     help=_("print the questions with their answers as JSON"))
    ask.set_defaults(run=cmd_quiz)
    return ap


def _asked_language(argv: Sequence[str]) -> str | None:
    """The language ``--lang`` or ``SKITGUBBE_LANG`` asks for, if there is a catalogue of
    it: the help page and argument errors are written in it (a bad one is refused later)."""
    asked = os.environ.get("SKITGUBBE_LANG")
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            asked = argv[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.partition("=")[2]
    return asked if asked in languages() else None


def main(argv: Sequence[str] | None = None) -> int:
    try:
        arguments = sys.argv[1:] if argv is None else list(argv)
        with language(_asked_language(arguments)):
            args = parser().parse_args(arguments)
        lang = args.lang or os.environ.get("SKITGUBBE_LANG") or "en"
        if lang not in languages():
            raise SkitgubbeError(_("SKITGUBBE_LANG={lang}: choose one of {languages}").format(
                lang=quote(lang), languages=", ".join(languages())))
        with _printable_output(), language(lang), interrupt.remembered():
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
    except interrupt.Stopped as stop:  # SIGTERM, SIGHUP: quietly, as a process they end
        return 128 + stop.signum
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
