"""Build the code-free static Voici site (`make lite`, after lite/build.py): every notebook
as an app - its text, outputs and widgets, no code - run by Pyodide in the browser when the
page opens, with no request leaving the site.

Every notebook is an app, though the light static site (`make site`) offers only those
whose widgets need Python (the play table, a drill's next questions; see
``tools/static_site/widget_state.py``): links between apps and the lists of apps stay whole, and an
app nobody opens costs the host its pages, a class nothing.

One stack with the lab site: the same environment (the ``lite`` extra) builds both, Voici
0.10 on the lab site's JupyterLite 0.7, with the same Pyodide kernel, 0.7.0, and Pyodide
(0.29), served with the same local wheels. (Not a later 0.7 kernel: each bundles a newer
@jupyterlite/apputils than Voici's 0.7.0, which then wins the shared scope and asks for two
modules, @jupyterlab/pluginmanager and @jupyterlab/statedb, that Voici's bundle does not
share: the kernel never registers and the app says "No kernel available". The 0.7.0
kernel takes Voici's own @jupyterlite/apputils.)

    python -m lite.voici [--output build/lite/apps]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
from html import escape
from pathlib import Path

from lite import build
from skitgubbe_core.i18n import N_, gettext, language
from skitgubbe_core.i18n import current as current_language

#: our Voila template (no Font Awesome from a CDN), found through JUPYTER_PATH
TEMPLATE = "skitgubbe"
DEFAULT_OUTPUT = build.ROOT / "build" / "lite" / "apps"
#: the Pyodide runtime's folder, from a site's root
RUNTIME = "static/pyodide"
#: the kernel's URLs as a page may carry them, from the site's root (``./static/...``)
KERNEL_URLS = re.compile(r'"\./(static/pyodide/|extensions/)')
#: a link of the notebooks' text to another notebook (relative, maybe with an anchor),
#: which Voici may leave pointing at the .ipynb
NOTEBOOK_LINK = re.compile(r'href="((?![a-z]+:|/)[^"#?]*)\.ipynb([#?][^"]*)?"')
#: what the apps' kernel worker installs as it starts: the lab site's list
#: (``build.OFFLINE_STARTUP``) without jedi, for completion, which an app without code
#: never asks for
APPS_STARTUP = '["ipykernel","comm","pyodide_kernel","ipython"]'
#: the browser storage of the apps (none of the lab site's files)
APPS_STORAGE = "JupyterLite Storage - skitgubbe apps"
#: the folder of the notebooks in another language than English (notebooks/sv)
LANGUAGES = ("sv",)
#: what Voila's pages say in English, as Voici writes them, and in their language: the
#: spinner's first line, its line while a cell runs (a JavaScript template), the line
#: Voici's script shows as the kernel starts, and the lists' heading
SPINNER = '<h2 id="loading_text">Running ...</h2>'
SPINNER_CELL = "let defaultText = `Executing ${cell_index} of ${cell_count}`"
SPINNER_TEXT = "innterText = text ?? defaultText"
KERNEL_STARTING = "Starting up kernel..."
LIST_HEADING = "Select items to open with Voici."
LOADING = N_("Loading the app…")
#: {cell} and {cells}: numbers the page fills in
RUNNING_CELL = N_("Running part {cell} of {cells}…")
STARTING = N_("Starting Python in your browser…")
CHOOSE = N_("Choose a notebook to open it as an app.")


def build_site(output: Path, cache: Path, contents: Path) -> None:
    """``voici build`` from a clean state."""
    output = output.resolve()
    shutil.rmtree(output, ignore_errors=True)
    cache.mkdir(parents=True, exist_ok=True)
    # not beside the output: jupyterlite-core skips the lite dir's jupyter-lite.json when
    # its path starts with the output's ("apps-src" with "apps")
    with tempfile.TemporaryDirectory(prefix="skitgubbe-voici-") as tmp:
        lite_dir = Path(tmp)
        local = build.prepare_pyodide(lite_dir, cache, build.served_versions())
        print(f"served from the site: {', '.join(local)}")
        write_config(lite_dir)
        os.environ["JUPYTER_PATH"] = str(build.ROOT / "share" / "jupyter")
        build.run(Path(sys.executable).parent / "voici", "build", "--lite-dir", lite_dir,
                  "--output-dir", output, "--contents", contents, "--template", TEMPLATE,
                  "--classic-tree=True", "--no-sourcemaps", "--no-unused-shared-packages",
                  "--no-libarchive", cwd=lite_dir)
    shared = share_the_runtime(output)
    print("the apps use the lab site's Pyodide runtime" if shared else
          "the apps keep a Pyodide runtime of their own (no lab site with the same one beside them)")
    for page in (output / "voici").rglob("*.html"):
        point_at_the_root(page, shared)
        link_the_apps(page)
    for kind, speak in (("render", speak_in_the_app), ("tree", speak_in_the_list)):
        for page in (output / "voici" / kind).rglob("*.html"):
            folder = page.relative_to(output / "voici" / kind).parts[0]
            with language(folder if folder in LANGUAGES else "en"):
                speak(page)
    build.start_offline(output, APPS_STARTUP)
    build.report(output)


def write_config(lite_dir: Path) -> None:
    """The lab site's settings (lite/build.py), with a storage of the apps' own, and no
    PyPI for a package the site does not have (it would be a request leaving the site)."""
    build.write_config(lite_dir)
    path = lite_dir / "jupyter-lite.json"
    config = json.loads(path.read_text(encoding="utf-8"))
    data = config["jupyter-config-data"]
    data["contentsStorageName"] = APPS_STORAGE
    data["litePluginSettings"][build.PYODIDE_KERNEL_PLUGIN_ID]["disablePyPIFallback"] = True
    path.write_text(json.dumps(config, indent=2), encoding="utf-8")


def share_the_runtime(output: Path) -> bool:
    """When the lab site lies beside the apps (``make lite``: the apps in its ``apps``
    folder) with the same ``static/pyodide`` (the runtime, the wheels and the lock), the
    apps use the lab site's and drop their own copy: the host keeps one and a
    student who opens both downloads Python once.  Returns whether they share it."""
    own, labs = output / RUNTIME, output.parent / RUNTIME
    if not labs.is_dir() or _files(own) != _files(labs):
        return False
    shutil.rmtree(own)
    config = output / "jupyter-lite.json"
    text = config.read_text(encoding="utf-8")
    config.write_text(text.replace(f'"./{RUNTIME}/', f'"../{RUNTIME}/'), encoding="utf-8")
    return True


def _files(folder: Path) -> dict[str, bytes]:
    """The files below ``folder`` by their paths, with their contents' digests (not the
    gzipped copies the lab site's build has written beside them)."""
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).digest()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.suffix != ".gz"}


def point_at_the_root(page: Path, shared: bool = False) -> None:
    """Make a page's kernel URLs relative to the site's root, as its ``baseUrl`` is
    (``../../`` for ``voici/render/02-stunsa.html``), so that Pyodide and the wheels are
    found from every page, at any depth and under any folder of a host; with the lab
    site's runtime ``shared``, Pyodide's URL leads to the lab site's (one folder up)."""
    text = page.read_text(encoding="utf-8")
    base = re.search(r'"baseUrl": "((?:\.\./)+)"', text)
    if base:  # not the redirecting voici/index.html
        text = KERNEL_URLS.sub(lambda m: f'"{base[1]}{m[1]}', text)
        if shared:
            text = text.replace(f'"{base[1]}{RUNTIME}/', f'"{base[1]}../{RUNTIME}/')
        page.write_text(text, encoding="utf-8")


def link_the_apps(page: Path) -> None:
    """Links between notebooks lead to their apps (``02-stunsa.ipynb#Try-it`` to
    ``02-stunsa.html#Try-it``, each app's page lying where its notebook does)."""
    text = page.read_text(encoding="utf-8")
    page.write_text(NOTEBOOK_LINK.sub(lambda m: f'href="{m[1]}.html{m[2] or ""}"', text),
                    encoding="utf-8")


def replace(text: str, old: str, new: str, page: Path) -> str:
    """``text`` with ``old`` replaced by ``new``; the build stops if Voici's page does
    not have ``old`` (a new Voici, whose pages the patch no longer fits)."""
    if old not in text:
        sys.exit(f"{page}: no {old!r} to replace: has Voici's page changed?")
    return text.replace(old, new)


def speak_in_the_app(page: Path) -> None:
    """An app's page in the current language: its ``lang`` and its spinner's lines."""
    text = replace(page.read_text(encoding="utf-8"), '<html lang="en">',
                   f'<html lang="{current_language()}">', page)
    text = replace(text, SPINNER, f'<h2 id="loading_text">{escape(gettext(LOADING))}</h2>', page)
    running = gettext(RUNNING_CELL).replace("{cell}", "${cell_index}").replace(
        "{cells}", "${cell_count}")
    text = replace(text, SPINNER_CELL, f"let defaultText = `{running}`", page)
    text = replace(text, SPINNER_TEXT, f"innterText = (text === {json.dumps(KERNEL_STARTING)} ? "
                   f"{json.dumps(gettext(STARTING))} : text) ?? defaultText", page)
    page.write_text(text, encoding="utf-8")


def speak_in_the_list(page: Path) -> None:
    """A list of apps in the current language: its ``lang`` and its heading."""
    text = replace(page.read_text(encoding="utf-8"), "<html>",
                   f'<html lang="{current_language()}">', page)
    page.write_text(replace(text, LIST_HEADING, escape(gettext(CHOOSE)), page), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--contents", type=Path, default=build.ROOT / "notebooks",
                        help="the notebooks the site ships (default: notebooks/)")
    parser.add_argument("--cache", type=Path,
                        default=Path(os.environ.get("SKITGUBBE_LITE_CACHE", build.DEFAULT_CACHE)))
    args = parser.parse_args()
    build_site(args.output, args.cache.resolve(), args.contents.resolve())


if __name__ == "__main__":
    main()
