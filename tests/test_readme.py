"""The README's examples are run (issue 18, item 23): every command of its shell block
parses, the quick ones run in order in a fresh folder, a stated result is what the
command prints, and its Python block runs."""

from __future__ import annotations

import re
import shlex
from collections.abc import Collection
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



ROOT = README.parent
PAGES = [README, ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
PENDING = {"docs/publishing.md"}
"""Pages the README links to that another branch writes (issue 39: the teachers' page on
publishing); drop a name once its page is merged."""


def test_readme_and_contributing_are_one_screen_each():
    """README at most 160 lines, CONTRIBUTING at most 220 with its rule-option recipe
    within the first 100, and one map of the code: CONTRIBUTING points to
    tests/test_layers.py instead of listing the layers' modules."""
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 160
    lines = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 220
    start = next(n for n, line in enumerate(lines) if line.startswith("### a rule option"))
    end = next(n for n, line in enumerate(lines) if n > start and line.startswith("#"))
    last = max(n for n in range(start, end) if lines[n].strip())
    assert last + 1 <= 100, (start + 1, last + 1)
    text = "\n".join(lines)
    assert "`tests/test_layers.py` is the one map" in text
    assert "phase1_common" not in text and "`phase1_all`" not in text


def anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub makes them."""
    headings = re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), re.M)
    return {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}


def broken(page: Path, root: Path, skip: Collection[str] = ()) -> list[tuple[str, str]]:
    """The relative links of ``page`` (as paths from ``root``, with their anchors) that
    name no file, or an anchor no heading of it makes."""
    found = []
    for target in re.findall(r"\]\(([^)\s]+)\)", page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        name = resolved.relative_to(root).as_posix()
        if name in skip or name.startswith("build/"):  # build/docs: what `make docs` builds
            continue
        if not resolved.exists() or (anchor and anchor not in anchors(resolved)):
            found.append((name, anchor))
    return found


def test_the_links_of_readme_contributing_and_docs_lead_somewhere():
    """Every relative link of README, CONTRIBUTING and docs/ names a file of the
    repository, and its anchor a heading there."""
    assert {page.name: broken(page, ROOT, PENDING) for page in PAGES} == {
        page.name: [] for page in PAGES}


def test_a_link_to_no_file_or_no_heading_is_found(tmp_path):
    (tmp_path / "b.md").write_text("# A heading, here\n", encoding="utf-8")
    page = tmp_path / "a.md"
    page.write_text("[x](b.md#a-heading-here) [y](b.md#nope) [z](c.md) [w](https://e.org/c.md)",
                    encoding="utf-8")
    assert broken(page, tmp_path.resolve()) == [("b.md", "nope"), ("c.md", "")]
