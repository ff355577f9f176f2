"""Printable handouts: `skitgubbe handout NAME|FILE.json [-o OUT.html]`."""

import json
import re
import subprocess
import sys

from skitgubbe_core import examples, record
from skitgubbe_core.cli import main
from skitgubbe_core.handout import handout_html
from skitgubbe_core.simulate import random_game


def test_handout_of_an_example_is_self_contained_and_printable(tmp_path, capsys):
    out = tmp_path / "koira.html"
    assert main(["handout", "koira-tie-redistribution", "-o", str(out)]) == 0
    assert str(out) in capsys.readouterr().out
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and '<meta charset="utf-8">' in page
    assert "<script" not in page and not re.search(r'(src|href)="(https?:)?//', page)
    assert "@import" not in page and "url(" not in page
    assert "@page { size: A4" in page and "break-inside: avoid" in page
    sc = examples.load("koira-tie-redistribution")
    assert f"<h1>{sc.title}</h1>" in page
    assert "Sources:" in page and "Swedish edition" in page
    sections = re.findall(r'<section class="sg-frame".*?</section>', page, re.S)
    assert len(sections) == 20
    assert all('data-area="table"' in s for s in sections)
    assert 'title="jack of clubs"' in page
    assert "F gets 2♠\ufe0e, into their pile" in page
    assert "The rules in this example" in page and "V4" in page


def test_handout_default_name_and_records(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["handout", "stunsa-seven"]) == 0
    assert (tmp_path / "stunsa-seven.html").exists()
    game = random_game(["<b>Ann</b>", "Bo", "Cai"], seed=3, max_moves=20)
    record.save(game, tmp_path / "game.json")
    assert main(["handout", str(tmp_path / "game.json")]) == 0
    page = (tmp_path / "game.html").read_text(encoding="utf-8")
    assert "&lt;b&gt;Ann&lt;/b&gt;" in page and "<b>Ann" not in page


def test_handout_escapes_the_title_and_description():
    sc = examples.load("stunsa-seven")
    sc.title, sc.description = "<script>x</script>", "a & b"
    page = handout_html(sc)
    assert "<script>" not in page and "&lt;script&gt;x&lt;/script&gt;" in page
    assert "a &amp; b" in page


def test_handout_errors_are_one_line_without_a_traceback(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{bad", encoding="utf-8")
    cases = [["nope"], [str(tmp_path / "missing.json")], [str(bad)],
             ["stunsa-seven", "-o", str(tmp_path / "no" / "dir.html")]]
    for args in cases:
        done = subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", "handout", *args],
                              capture_output=True, text=True, encoding="utf-8")
        assert done.returncode == 2, args
        assert done.stderr.startswith("skitgubbe: ") and "Traceback" not in done.stderr
        assert done.stderr.count("\n") == 1
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": "skitgubbe-scenario/1"}), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "skitgubbe_core.cli", "handout", str(wrong)],
                          capture_output=True, text=True, encoding="utf-8")
    assert done.returncode == 2 and "wrong.json" in done.stderr
