"""Golden playthroughs: one narrated game per preset and language in ``tests/golden/``,
and ``tests/golden/counts.json``, which holds no words: for each preset and player count,
the legal actions summed over seeded walks, their moves and their losers.  A wording
change touches only the narrated files; a change of what the rules allow shows in the
counts too.

Each file is what ``skitgubbe play`` prints for the preset at its usual player count with
the seed in :data:`SEEDS`, headed by that command line, so any change of the engine's
behaviour or wording shows as a diff of these files (``tests/test_golden.py`` compares
them).  After an intended change, regenerate them and read the diff before committing:

    .venv/bin/python tests/golden.py          # or `make regenerate`, which runs it too

A new preset needs a seed here; ``.venv/bin/python tests/golden.py --shortest NAME``
prints the seed of its shortest finished game (short files are easier to review).
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
from pathlib import Path

from skitgubbe_core import cli
from skitgubbe_core.game import Game
from skitgubbe_core.i18n import languages
from skitgubbe_core.rules import PRESETS, Rules
from skitgubbe_core.simulate import random_game

GOLDEN = Path(__file__).resolve().parent / "golden"
#: the counts golden: no wording in it, so only a change of what the rules allow moves it
COUNTS = GOLDEN / "counts.json"
#: the seeded walks each preset and player count is counted over
WALKS = 4

#: each preset's seed: its shortest finished game among seeds 0-599 when it was chosen (the
#: next shortest where that game was another preset's, move for move)
SEEDS = {
    "skitgubbe": 233,
    "skitgubbe-sequences": 23,
    "skitgubbe-anti-trumps": 282,
    "skitgubbe-clubs-anti-trumps": 121,
    "skitgubbe-electric-clubs": 121,
    "skitgubbe-follow-suit": 23,
    "skitgubbe-turned-up-trump": 308,
    "skitgubbe-pairs": 282,
    "skitgubbe-sets": 509,
    "mas": 315,
    "mattis": 598,
    "mattis-blamattis-loses": 244,
    "mattis-any-tie": 63,
    "mattis-runs-of-three": 52,
    "atlanta": 263,
    "myllymatti": 102,
    "koira": 52,
    "koira-sorted-ties": 515,
    "koira-trump-ends-trick": 264,
    "koira-runs-from-two": 598,
    "koira-lowest-single": 52,
}


def arguments(preset: str, lang: str) -> list[str]:
    """The command line of ``preset``'s golden game in ``lang``."""
    return ["--lang", lang, "play", "--variant", preset,
            "--players", str(PRESETS[preset].usual_players), "--seed", str(SEEDS[preset])]


def path(preset: str, lang: str) -> Path:
    return GOLDEN / f"{preset}.{lang}.txt"


def expected() -> dict[Path, tuple[str, str]]:
    """Every golden file, with its preset and language."""
    return {path(p, lang): (p, lang) for p in PRESETS for lang in languages()}


def playthrough(preset: str, lang: str) -> str:
    """The golden text: the command line, then what it prints."""
    if preset not in SEEDS:
        raise LookupError(f"tests/golden.py: {preset} has no seed in SEEDS; "
                          f"choose one with `python tests/golden.py --shortest {preset}`")
    args = arguments(preset, lang)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = cli.main(args)
    if status != 0:
        raise RuntimeError(f"tests/golden.py: skitgubbe {' '.join(args)} ended with {status}")
    return f"$ skitgubbe {' '.join(args)}\n{out.getvalue()}"


def shortest(preset: str, seeds: range = range(600)) -> int:
    """The seed of ``preset``'s shortest finished random game (fewest moves)."""
    rules = Rules.preset(preset)
    games = ((random_game(PRESETS[preset].usual_players, rules, seed), seed) for seed in seeds)
    return min((game.move_count, seed) for game, seed in games if game.is_over)[1]


def walk(preset: str, players: int, seed: int) -> tuple[int, int, int]:
    """One seeded walk through a game of ``preset``: at each turn the player to act takes
    one of its legal actions, chosen by ``random.Random(seed)``.  Returns the legal
    actions summed over the walk's turns, the moves made and the loser's seat (-1 for
    none): a perft-like count that no change of wording touches."""
    game = Game(players, preset, seed=seed)
    choose = random.Random(seed)
    legal_sum = 0
    while not game.is_over and game.move_count < 2000:
        legal = game.legal_actions()
        legal_sum += len(legal)
        game.play(legal[choose.randrange(len(legal))])
    return legal_sum, game.move_count, -1 if game.loser is None else game.loser


def counts() -> dict[str, dict[str, list[list[int]]]]:
    """Each preset's walks at each of its player counts: ``{preset: {players: [[legal
    actions, moves, loser], ...]}}`` for seeds ``0..WALKS-1``."""
    return {preset: {str(n): [list(walk(preset, n, seed)) for seed in range(WALKS)]
                     for n in range(spec.min_players, spec.max_players + 1)}
            for preset, spec in sorted(PRESETS.items())}


def counts_text(found: dict[str, dict[str, list[list[int]]]] | None = None) -> str:
    """The counts golden as stored (of ``found``, by default :func:`counts`): one line per
    preset and player count."""
    lines = [f'  "{preset}": {{' + ", ".join(f'"{n}": {json.dumps(walks)}'
                                            for n, walks in by_count.items()) + "}"
             for preset, by_count in (counts() if found is None else found).items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def update() -> None:
    """Write every golden file (all or none) and remove those of presets that no longer
    exist."""
    texts = {file: playthrough(preset, lang) for file, (preset, lang) in expected().items()}
    texts[COUNTS] = counts_text()
    GOLDEN.mkdir(exist_ok=True)
    for stale in set(GOLDEN.glob("*.txt")) - set(texts):
        stale.unlink()
    for file, text in sorted(texts.items()):
        file.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--shortest"]:
        for name in sys.argv[2:]:
            print(name, shortest(name))
    else:
        try:
            update()
        except (LookupError, RuntimeError) as err:
            sys.exit(str(err))
