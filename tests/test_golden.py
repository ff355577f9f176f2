"""The golden playthroughs (``tests/golden.py``): every preset's narrated game in every
language is what the stored file says, so an unintended change of behaviour or wording
fails here with a readable diff."""

from __future__ import annotations

import difflib
import json

import pytest

from tests import golden

#: lines of diff shown before the rest is summarised
SHOWN = 80


def first_lines_of_diff(stored: str, now: str, name: str) -> str:
    """A unified diff of the stored text and today's, cut after :data:`SHOWN` lines."""
    diff = list(difflib.unified_diff(stored.splitlines(), now.splitlines(),
                                     f"{name} (stored)", f"{name} (now)", lineterm=""))
    more = len(diff) - SHOWN
    return "\n".join(diff[:SHOWN] + ([f"... and {more} more lines of diff"] if more > 0 else []))


@pytest.mark.parametrize(("preset", "lang"), sorted(golden.expected().values()))
def test_the_narrated_game_is_the_golden_one(preset, lang):
    file = golden.path(preset, lang)
    name = f"tests/golden/{file.name}"
    assert file.exists(), f"{name} is missing: run .venv/bin/python tests/golden.py"
    stored = file.read_text(encoding="utf-8")
    now = golden.playthrough(preset, lang)
    if now != stored:
        pytest.fail(f"{name} differs from today's game; if the change is intended, run "
                    f".venv/bin/python tests/golden.py and commit the files\n"
                    + first_lines_of_diff(stored, now, name), pytrace=False)


def test_there_is_a_golden_file_for_each_preset_and_language_and_no_other():
    stored = {f.name for f in golden.GOLDEN.glob("*")}
    assert stored == {f.name for f in golden.expected()} | {golden.COUNTS.name}


def test_the_counted_walks_are_the_golden_ones():
    """The counts golden (legal actions summed over seeded walks, moves, loser) holds no
    wording: a failure here is a change of what the rules allow, never of a sentence."""
    assert golden.COUNTS.exists(), "tests/golden/counts.json is missing: run tests/golden.py"
    stored = json.loads(golden.COUNTS.read_text(encoding="utf-8"))
    now = golden.counts()
    changed = sorted(f"{preset} with {n} players: stored {walks}, now {now[preset][n]}"
                     for preset, by_count in stored.items() if preset in now
                     for n, walks in by_count.items() if now[preset].get(n) != walks)
    assert not changed, "\n".join(changed[:10])
    assert stored.keys() == now.keys() and all(stored[p].keys() == now[p].keys() for p in now)
    assert golden.COUNTS.read_text(encoding="utf-8") == golden.counts_text(now)


def test_a_walk_counts_what_the_rules_allow():
    """A rule that changes the legal moves changes the count: follow-suit Skitgubbe's
    walk is not basic Skitgubbe's, on the same deal and choices."""
    assert golden.walk("skitgubbe", 3, 1) != golden.walk("skitgubbe-follow-suit", 3, 1)
    assert golden.walk("skitgubbe", 3, 1) == golden.walk("skitgubbe", 3, 1)


def test_a_preset_without_a_seed_is_named_with_the_way_to_choose_one(monkeypatch):
    monkeypatch.delitem(golden.SEEDS, "koira")
    with pytest.raises(LookupError, match="koira has no seed.*--shortest koira"):
        golden.playthrough("koira", "en")


def test_the_shortest_game_is_chosen_among_finished_ones():
    assert golden.shortest("skitgubbe", range(230, 240)) == 233


def test_the_golden_files_stay_small():
    assert sum(f.stat().st_size for f in golden.GOLDEN.glob("*")) < 800_000


def test_a_changed_sentence_shows_as_a_short_readable_diff():
    stored = "".join(f"{n}. A plays 7♥\n" for n in range(200))
    now = stored.replace("\n57. A plays", "\n57. A leads")
    diff = first_lines_of_diff(stored, now, "x.en.txt").splitlines()
    assert "-57. A plays 7♥" in diff and "+57. A leads 7♥" in diff
    assert len(diff) < 12
    everything = first_lines_of_diff(stored, stored.replace("A", "B"), "x.en.txt").splitlines()
    # ---, +++, one hunk's heading, then each of the 200 lines taken out and put back
    assert everything[SHOWN:] == [f"... and {3 + 400 - SHOWN} more lines of diff"]
