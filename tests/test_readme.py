"""The README's examples are run (issue 18, item 23): every command of its shell block
parses, the quick ones run in order in a fresh folder, a stated result is what the
command prints, and its Python block runs."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from skitgubbe_core import examples
from skitgubbe_core.cli import main, parser

README = Path(__file__).resolve().parent.parent / "README.md"
SLOW = ("compare", "ladder")
"""Commands that play hundreds of search-bot games: parsed, not run (their own tests run
them small)."""


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def commands() -> list[tuple[list[str], str | None]]:
    """Each ``skitgubbe ...`` line of the README's shell blocks: its arguments, and the
    output it is said to end with (``ends "..."``), if any."""
    found = []
    for block in blocks("sh"):
        for line in block.splitlines():
            if not line.startswith("skitgubbe "):
                continue
            command, _, comment = line.partition("#")
            ending = re.search(r'ends "([^"]+)"', comment)
            found.append((shlex.split(command)[1:], ending and ending.group(1)))
    return found


def test_the_readme_has_commands_and_python():
    assert len(commands()) >= 10 and blocks("python")


def test_every_readme_command_parses():
    for args, _ in commands():
        parser().parse_args(args)


def test_the_readme_commands_run_and_say_what_it_says(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-example.json").write_text(examples.text("pickup-case-5"), encoding="utf-8")
    for args, ending in commands():
        if args[0] in SLOW:
            continue
        assert main(args) == 0, args
        out = capsys.readouterr().out
        if ending is not None:
            assert out.rstrip("\n").splitlines()[-1] == ending, args
    assert (tmp_path / "koira.html").is_file() and (tmp_path / "games.csv").is_file()


@pytest.mark.parametrize("code", blocks("python"))
def test_the_readme_python_runs(code):
    exec(compile(code, str(README), "exec"), {"seen": []})
