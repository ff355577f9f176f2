"""A notebook's page as HTML: its cells (markdown, outputs, widgets' pictures and their
places for the loader), the links to other pages and to the lab site, the size switch."""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from functools import partial
from typing import Any

from nbconvert.filters.markdown_mistune import markdown2html_mistune

from skitgubbe_core.i18n import gettext as _
from skitgubbe_core.view import SIZES
from skitgubbe_widgets.frontend import size_words
from tools.static_site.notebooks import FOLDERS, HOME, Page, page_name, text
from tools.static_site.widget_state import (
    drawable,
    engine_driven,
    needs_python,
    script_json,
    shown_state,
    stored_models,
)

VIEW = "application/vnd.jupyter.widget-view+json"
_NOTEBOOK_LINK = re.compile(r'href="(?![a-z][a-z0-9+.-]*:|/|#)([^"#?]*?)([^"#?/]+)\.ipynb(#[^"]*)?"')
_ANCHOR = re.compile(r'<a class="anchor-link" href="#[^"]*">&#182;</a>')
_TAGS = re.compile(r"<[^>]*>")
_BASE64 = re.compile(r"[A-Za-z0-9+/]*={0,2}")


def markdown(source: str) -> str:
    """Markdown as HTML, headings with Jupyter's ids (``#Glossary``), no pilcrow links."""
    return _ANCHOR.sub("", markdown2html_mistune(source))


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
        if any(engine_driven(self.models.get(m)) for m in self.shown[widgets:]):
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
