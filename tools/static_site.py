"""The light static site: every notebook, English and Swedish, as a page to read - its
text, tables, pictures and stored outputs, no code shown - with live steppers and quizzes
drawn from the widget state the notebooks store, by one small script of the site's own
(``share/site/loader.js``). Nothing comes from another host, nothing runs on a server.

    python tools/static_site.py --output build/site     # `make site`; open build/site/index.html

The index (00-index) is the home page, ``index.html`` and ``sv/index.html``; links between
notebooks lead from page to page; "run the code" and, on the pages whose widgets need
Python (the play table, a drill's next questions), "open as an app" lead to the
JupyterLite site that `make lite` builds, by default beside this one (``../lite/``).
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from nbconvert.filters.markdown_mistune import markdown2html_mistune

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from skitgubbe_core.i18n import gettext as _  # noqa: E402
from skitgubbe_core.i18n import language  # noqa: E402
from skitgubbe_core.view import SIZES  # noqa: E402
from skitgubbe_widgets.frontend import size_words  # noqa: E402

#: the site's own stylesheet and widget loader, copied into ``assets/``
ASSETS = ROOT / "share" / "site"
#: the languages: the folder of their notebooks (under notebooks/) and of their pages
FOLDERS = {"en": "", "sv": "sv/"}
HOME = "00-index"
VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"
#: a widget's module and stylesheet (anywidget), kept once in the site and shared by pages
SOURCES = ("_esm", "_css")
#: a string of state this long shown by two pages or more is kept once too
SHARED_LENGTH = 1024
_NOTEBOOK_LINK = re.compile(r'href="(?![a-z][a-z0-9+.-]*:|/|#)([^"#?]*?)([^"#?/]+)\.ipynb(#[^"]*)?"')
_ANCHOR = re.compile(r'<a class="anchor-link" href="#[^"]*">&#182;</a>')
_MODEL_REF = re.compile(r"^IPY_MODEL_")
_TAGS = re.compile(r"<[^>]*>")
_BASE64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")


@dataclass(frozen=True)
class Page:
    """One notebook's page: its language, the notebook and the page's path in the site."""

    lang: str
    notebook: Path
    stem: str

    @property
    def path(self) -> str:
        """The page's path from the site's root (``sv/02-stunsa.html``)."""
        return f"{FOLDERS[self.lang]}{page_name(self.stem)}"

    @property
    def root(self) -> str:
        """The way from this page back to the site's root (``""`` or ``"../"``)."""
        return "../" * FOLDERS[self.lang].count("/")


def page_name(stem: str) -> str:
    """A notebook's page in its language's folder (the index is ``index.html``)."""
    return "index.html" if stem == HOME else f"{stem}.html"


def notebook_link(page: Page, match: re.Match[str]) -> str:
    """A relative link to a notebook from ``page``, as a link to its page (``#`` kept);
    one to the other language says so (``hreflang`` and ``lang``: a screen reader reads
    "På svenska" in Swedish)."""
    folder, stem, fragment = match.group(1), match.group(2), match.group(3) or ""
    inside = (page.notebook.parent / folder).resolve()
    lang = next((code for code, sub in FOLDERS.items()
                 if sub and inside.as_posix().endswith("/" + sub.rstrip("/"))), "en")
    other = f' hreflang="{lang}" lang="{lang}"' if lang != page.lang else ""
    return f'href="{folder}{page_name(stem)}{fragment}"{other}'


def pages(notebooks: Path) -> list[Page]:
    """Every notebook of every language, in order."""
    return [Page(lang, path, path.stem) for lang, folder in FOLDERS.items()
            for path in sorted((notebooks / folder).glob("*.ipynb"))]


def text(value: str | list[str]) -> str:
    """A notebook's multi-line string (stored as one string or a list of lines)."""
    return value if isinstance(value, str) else "".join(value)


def markdown(source: str) -> str:
    """Markdown as HTML, headings with Jupyter's ids (``#Glossary``), no pilcrow links."""
    return _ANCHOR.sub("", markdown2html_mistune(source))


class Sources:
    """The strings of widget state the site keeps once (modules, stylesheets, what several
    pages share), each written into ``assets/widgets/`` as a small script that registers
    it (a classic script, so that a page opened from ``file://`` loads it too); the stored
    state then names it by its hash."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.written: set[str] = set()

    def keep(self, source: str) -> str:
        key = hashlib.sha256(source.encode("utf-8")).hexdigest()[:16]
        if key not in self.written:
            self.folder.mkdir(parents=True, exist_ok=True)
            script = (f"(self.SKITGUBBE_SOURCES = self.SKITGUBBE_SOURCES || {{}})"
                      f"[{json.dumps(key)}] = {script_json(source)};\n")
            (self.folder / f"{key}.js").write_text(script, encoding="utf-8")
            self.written.add(key)
        return key


def script_json(value: object) -> str:
    """JSON that may stand inside a ``<script>`` element (no ``<`` to close it)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def stored_models(notebook: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The widget models a notebook stored (``make notebooks``), by id."""
    found: object = notebook
    for key in ("metadata", "widgets", STATE, "state"):
        found = found.get(key) if isinstance(found, dict) else None
    return found if isinstance(found, dict) else {}


def references(value: object) -> Iterator[str]:
    """The ids of the models a state refers to (``IPY_MODEL_...``), at any depth."""
    if isinstance(value, str) and _MODEL_REF.match(value):
        yield _MODEL_REF.sub("", value)
    elif isinstance(value, list):
        for item in value:
            yield from references(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from references(item)


def model_state(model: object) -> dict[str, Any]:
    """A stored model's state (empty for anything else)."""
    state = model.get("state") if isinstance(model, dict) else None
    return state if isinstance(state, dict) else {}


def drawable(model: object) -> bool:
    """Whether the loader can draw a model: it holds its module (anywidget's ``_esm``)
    and needs no kernel (the play table's engine is Python: the site shows its stored
    picture, beside the link to its app)."""
    state = model_state(model)
    return isinstance(state.get("_esm"), str) and state.get("kind") != "table"


def shown_state(models: dict[str, dict[str, Any]], shown: list[str]) -> dict[str, Any]:
    """The models of the widgets the page shows and the loader can draw, and those they
    refer to (``{id: {name, state}}``); the others keep their pictures."""
    kept: dict[str, Any] = {}
    waiting = [model_id for model_id in shown if drawable(models.get(model_id))]
    while waiting:
        model_id = waiting.pop()
        model = models.get(model_id)
        if model_id in kept or not isinstance(model, dict):
            continue
        state = dict(model.get("state") or {})
        if not any(name in state for name in SOURCES):
            # ipywidgets' own models (layouts, styles...): only what is set
            state = {k: v for k, v in state.items() if v is not None}
        kept[model_id] = {"name": model.get("model_name"), "state": state}
        waiting += references(state)
    return kept


def shared_strings(states: list[dict[str, Any]]) -> set[str]:
    """The strings kept once in the site: every widget's module and stylesheet, and any
    long value two pages or more show (a module a shared model holds, say)."""
    pages_of: dict[str, int] = {}
    found: set[str] = set()
    for state in states:
        seen = set()
        for model in state.values():
            for name, value in model["state"].items():
                if isinstance(value, str) and value and name in SOURCES:
                    found.add(value)
                elif isinstance(value, str) and len(value) >= SHARED_LENGTH:
                    seen.add(value)
        for value in seen:
            pages_of[value] = pages_of.get(value, 0) + 1
    return found | {value for value, count in pages_of.items() if count > 1}


def hoisted(state: dict[str, Any], shared: set[str], sources: Sources) -> dict[str, Any]:
    """``state`` with each shared string replaced by its copy's hash (``{"source": hash}``)."""
    return {model_id: {**model, "state": {
        name: {"source": sources.keep(value)} if isinstance(value, str) and value in shared
        else value for name, value in model["state"].items()}}
        for model_id, model in state.items()}


class Renderer:
    """The HTML of one notebook's cells, and the widget models it shows."""

    def __init__(self, app: str, models: dict[str, dict[str, Any]]) -> None:
        self.app = app
        self.models = models
        self.shown: list[str] = []

    def cell(self, cell: dict[str, Any]) -> str:
        kind = cell.get("cell_type")
        if kind == "markdown":
            return f'<div class="text">{markdown(text(cell.get("source", "")))}</div>'
        if kind != "code":
            return ""
        widgets = len(self.shown)
        outputs = "".join(self.output(o) for o in cell.get("outputs", []))
        source = text(cell.get("source", ""))
        if "PlayTable(" in source and len(self.shown) > widgets:
            # the engine answers the play table's moves in Python: its app plays
            play, where = _("Play against the computer"), _("(in the app: Python runs in your browser)")
            outputs = (f'<p class="play"><a href="{html.escape(self.app)}">{html.escape(play)}</a> '
                       f'{html.escape(where)}</p>' + outputs)
        show = _("Show the code")
        code = (f'<details class="code"><summary>{html.escape(show)}</summary>'
                f'<pre><code>{html.escape(source)}</code></pre></details>') if source.strip() else ""
        return f'<div class="cell">{code}{outputs}</div>' if code or outputs else ""

    def output(self, output: dict[str, Any]) -> str:
        kind = output.get("output_type")
        if kind == "stream":
            if output.get("name") != "stdout":
                return ""
            return f'<pre class="output">{html.escape(text(output.get("text", "")))}</pre>'
        if kind not in ("execute_result", "display_data"):
            return ""
        data = output.get("data", {})
        if VIEW in data:
            model_id = str(data[VIEW].get("model_id", ""))
            self.shown.append(model_id)
            picture = self.picture(data)
            # a widget the loader will draw keeps its picture in <noscript>: a browser
            # with scripts does not build it (the page is ready sooner), the loader does
            # if drawing fails or the page is printed
            drawn = drawable(self.models.get(model_id)) and "</noscript" not in picture.lower()
            holder = "noscript" if drawn else "div"
            return (f'<div class="widget" data-model-id="{html.escape(model_id)}">'
                    f'<{holder} class="widget-static">{picture}</{holder}></div>')
        return self.picture(data, reachable=True)

    def picture(self, data: dict[str, Any], reachable: bool = False) -> str:
        """The static form of an output: its HTML, picture, markdown or text.  A table
        of a ``reachable`` output (not a widget's picture) may scroll sideways on a
        narrow screen: its box takes the keyboard's focus, so a keyboard can scroll it,
        and is named for a screen reader."""
        if "text/html" in data:
            shown = text(data["text/html"])
            if reachable and "<table" in shown:
                name = html.escape(_("Table (scroll sideways to see all of it)"))
                return (f'<div class="output" tabindex="0" role="region" aria-label="{name}">'
                        f"{shown}</div>")
            return f'<div class="output">{shown}</div>'
        if "image/png" in data:
            png = text(data["image/png"]).replace("\n", "")
            if not _BASE64.fullmatch(png):  # a picture, nothing else in the attribute
                return ""
            alt = html.escape(_("A chart: the text around it says what it shows"))
            return f'<div class="output"><img src="data:image/png;base64,{png}" alt="{alt}"></div>'
        if "text/markdown" in data:
            return f'<div class="output">{markdown(text(data["text/markdown"]))}</div>'
        if "text/plain" in data and VIEW not in data:
            return f'<pre class="output">{html.escape(text(data["text/plain"]))}</pre>'
        return ""


def title(body: str, fallback: str) -> str:
    """The text of a page's first heading (its notebook's title)."""
    found = re.search(r"<h1[^>]*>(.*?)</h1>", body, re.S)
    return html.unescape(_TAGS.sub("", found.group(1))).strip() if found else fallback


def app_link(page: Page, lite: str) -> str:
    """The notebook as an app (Voici) in the JupyterLite site."""
    return f"{page.root}{lite}apps/voici/render/{FOLDERS[page.lang]}{page.stem}.html"


def needs_python(model: object) -> bool:
    """Whether a widget does something only Python can: the play table (its engine) and
    a drill (its next batch of questions)."""
    state = model_state(model)
    return state.get("kind") == "table" or state.get("endless") is True


def lite_links(page: Page, lite: str, app: bool) -> str:
    """The links to the JupyterLite site: to run the notebook, and, where a widget needs
    Python (``app``), the notebook as an app; elsewhere the app would show what the page
    shows, after a wait for Python."""
    run = f"{page.root}{lite}lab/index.html?path={FOLDERS[page.lang]}{page.stem}.ipynb"
    links = [(app_link(page, lite), _("Open as an app"))] if app else []
    links.append((run, _("Run the code")))
    return "".join(f'<li><a href="{html.escape(href)}">{html.escape(label)}</a></li>'
                   for href, label in links)


def size_switch() -> str:
    """Every widget of the page at one size (normal, large for a projector, huge), kept
    from page to page by the browser: the loader shows it and answers it (a page without
    scripts keeps it hidden)."""
    words = size_words()
    buttons = "".join(
        f'<button type="button" data-size="{size}" aria-pressed="false" '
        f'title="{html.escape(words["size_tips"][size])}">{html.escape(words["sizes"][size])}</button>'
        for size in SIZES)
    label = html.escape(_("Size of every example on this page"))
    return (f'<div class="sizes" role="group" aria-label="{label}" hidden>'
            f'<span aria-hidden="true">{html.escape(words["size"])}</span>{buttons}</div>')


def switch(page: Page, existing: set[str]) -> str:
    """The link to the same notebook in the other language (its index if it has none)."""
    other = "sv" if page.lang == "en" else "en"
    target = f"{FOLDERS[other]}{page_name(page.stem)}"
    if target not in existing:
        target = f"{FOLDERS[other]}index.html"
    label = _("This page in Swedish") if other == "sv" else _("This page in English")
    return (f'<li><a href="{html.escape(page.root + target)}" hreflang="{other}">'
            f'{html.escape(label)}</a></li>')


@dataclass
class Drawn:
    """A page's body and the widget state it shows, before the site is written."""

    body: str
    state: dict[str, Any]
    app: bool
    """Whether a widget of the page needs Python (see :func:`needs_python`)."""


def draw(page: Page, lite: str) -> Drawn:
    """The body of a notebook's page and the state of the widgets it shows."""
    notebook = json.loads(page.notebook.read_text(encoding="utf-8"))
    models = stored_models(notebook)
    renderer = Renderer(app_link(page, lite), models)
    body = "\n".join(filter(None, (renderer.cell(c) for c in notebook.get("cells", []))))
    return Drawn(_NOTEBOOK_LINK.sub(partial(notebook_link, page), body), shown_state(models, renderer.shown),
                 any(needs_python(models.get(m)) for m in renderer.shown))


def render(page: Page, existing: set[str], drawn: Drawn, lite: str) -> str:
    """The whole page of one notebook (its state's shared strings already hoisted)."""
    body, state = drawn.body, drawn.state
    scripts = ""
    if state:
        needed = sorted({s["source"] for m in state.values() for s in m["state"].values()
                         if isinstance(s, dict) and set(s) == {"source"}})
        scripts = (f'<script type="application/json" id="widget-state">{script_json(state)}'
                   "</script>\n"
                   + "".join(f'<script src="{page.root}assets/widgets/{key}.js"></script>\n'
                             for key in needed)
                   + f'<script src="{page.root}assets/loader.js"></script>\n')
    name = title(body, page.stem)
    sizes = size_switch() if state else ""
    site = _("Skitgubbe and its family")
    head_title = name if page.stem == HOME else f"{name} - {site}"
    skip, nav, home = _("Skip to the text"), _("Site"), _("All notebooks")
    return f"""<!DOCTYPE html>
<html lang="{page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(head_title)}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="{page.root}assets/site.css">
</head>
<body>
<a class="skip" href="#main">{html.escape(skip)}</a>
<header>
<nav aria-label="{html.escape(nav)}"><ul>
<li><a href="{page.root}{FOLDERS[page.lang]}index.html">{html.escape(home)}</a></li>
{switch(page, existing)}
{lite_links(page, lite, drawn.app)}
</ul>{sizes}</nav>
</header>
<main id="main">
{body}
</main>
{scripts}</body>
</html>
"""


def build(output: Path, notebooks: Path = ROOT / "notebooks", lite: str = "../lite/") -> None:
    """Write the site into ``output`` (emptied first)."""
    shutil.rmtree(output, ignore_errors=True)
    (output / "assets").mkdir(parents=True)
    for asset in ("site.css", "loader.js"):
        shutil.copyfile(ASSETS / asset, output / "assets" / asset)
    sources = Sources(output / "assets" / "widgets")
    every = pages(notebooks)
    existing = {p.path for p in every}
    drawn = {}
    for page in every:
        with language(page.lang):
            drawn[page] = draw(page, lite)
    shared = shared_strings([d.state for d in drawn.values()])
    for page in every:
        drawn[page].state = hoisted(drawn[page].state, shared, sources)
        with language(page.lang):
            written = render(page, existing, drawn[page], lite)
        target = output / page.path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(written, encoding="utf-8")
    files = [p for p in output.rglob("*") if p.is_file()]
    print(f"built {output}: {len(every)} pages, {len(files)} files, "
          f"{sum(p.stat().st_size for p in files) / 1e6:.1f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "site")
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks",
                        help="the English notebooks (the Swedish ones in its sv/ folder)")
    parser.add_argument("--lite", default="../lite/",
                        help="where the JupyterLite site is, from this site's root (../lite/)")
    args = parser.parse_args()
    build(args.output, args.notebooks, args.lite.rstrip("/") + "/")


if __name__ == "__main__":
    main()
