"""The API reference (``make docs``, ``tools/api_docs.py``): built from the docstrings, a
page for every module of the engine and the widgets, none loading anything from the
network."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pytest

from tools import api_docs

ROOT = Path(__file__).resolve().parent.parent


def _page(package: str, path: Path) -> str:
    """The page of a module's file (a subpackage's ``__init__.py``: the subpackage's)."""
    parts = path.with_suffix("").parts
    return "/".join((package, *(parts[:-1] if parts[-1] == "__init__" else parts))) + ".html"


#: each public module's file, by the page pdoc names after it
MODULES = {_page(package, path): ROOT / folder / path
           for package, folder in (("skitgubbe_core", "skitgubbe_core"),
                                   ("skitgubbe_widgets", "widgets"))
           for path in sorted(p.relative_to(ROOT / folder) for p in (ROOT / folder).rglob("*.py"))
           if not path.stem.startswith("_") or (path.stem == "__init__" and len(path.parts) > 1)}


class Loads(HTMLParser):
    """What a page loads: the ``src`` of its scripts, images and frames and the ``href``
    of its ``link`` tags (styles, icons, preloads)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        wanted = {"script": "src", "img": "src", "iframe": "src", "link": "href"}.get(tag)
        self.urls += [value for name, value in attrs if name == wanted and value]
        self._in_title = tag == "title"

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False


def loads(page: Path) -> Loads:
    parsed = Loads()
    parsed.feed(page.read_text(encoding="utf-8"))
    return parsed


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    output = tmp_path_factory.mktemp("docs")
    api_docs.build(output)
    return output


def test_every_module_has_its_page(docs):
    missing = [page for page in MODULES if not (docs / page).is_file()]
    assert not missing and (docs / "index.html").is_file()
    for page in MODULES:
        assert loads(docs / page).title.startswith(page[:-5].replace("/", ".") + " ")


def test_the_pages_show_the_docstrings(docs):
    text = (docs / "skitgubbe_core/game.html").read_text(encoding="utf-8")
    assert "legal_actions" in text and "rule 1, two-card tricks" in text


def test_no_page_loads_anything_from_the_network(docs):
    pages = sorted(docs.glob("**/*.html"))
    assert len(pages) > len(MODULES)
    remote = {str(p.relative_to(docs)): url for p in pages for url in loads(p).urls
              if url.startswith(("http:", "https:", "//"))}
    assert remote == {}
    assert not [p for p in pages if "url(http" in p.read_text(encoding="utf-8")]


def test_a_page_loading_a_script_from_a_cdn_is_seen(tmp_path):
    page = tmp_path / "p.html"
    page.write_text('<title>x y</title><script src="https://cdn.example/m.js"></script>'
                    '<link rel="stylesheet" href="//cdn.example/s.css">', encoding="utf-8")
    assert loads(page).urls == ["https://cdn.example/m.js", "//cdn.example/s.css"]
    assert loads(page).title == "x y"
