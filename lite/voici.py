"""Build the code-free static Voici site (`make lite`, after lite/build.py): every notebook
as an app - its text, outputs and widgets, no code - run by Pyodide in the browser when the
page opens, with no request leaving the site.

Voici builds on an older JupyterLite than the lab site's (0.8), so this script builds in
an environment of its own, ``<cache>/voici-env`` (made once from ``ENVIRONMENT``, remade
when that changes): Voici 0.9 on jupyterlite-core 0.6 with the 0.6 Pyodide kernel, whose
Pyodide (0.27) lite/build.py's steps fetch (npm) and serve with the same local wheels as
the lab site - ipywidgets and the rest at the lab environment's versions, and our own
wheel. (Voici 0.10, on JupyterLite 0.7, cannot load any 0.7 Pyodide kernel: the kernel asks
for a shared module, @jupyterlab/pluginmanager, that Voici's bundle does not provide.)

    python lite/voici.py [--output build/lite/apps]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

import build

#: the build environment: Voici and the JupyterLite it accepts, Voila's templates at the
#: lab environment's version, setuptools for our wheel
ENVIRONMENT = ("voici-core==0.9.0", "jupyterlite-core==0.6.4",
               "jupyterlite-pyodide-kernel==0.6.1", "voila==0.5.13", "setuptools>=77")
#: our Voila template (no Font Awesome from a CDN), found through JUPYTER_PATH
TEMPLATE = "skitgubbe"
DEFAULT_OUTPUT = build.ROOT / "build" / "lite" / "apps"
#: the kernel's URLs that Voici 0.9 copies into every page as they stand in the site's
#: jupyter-lite.json (from the site's root), and the kernel reads from the page
KERNEL_URLS = re.compile(r'"\./(static/pyodide/|extensions/)')
#: a link of the notebooks' text to another notebook (relative, maybe with an anchor),
#: which Voici 0.9 leaves pointing at the .ipynb
NOTEBOOK_LINK = re.compile(r'href="((?![a-z]+:|/)[^"#?]*)\.ipynb([#?][^"]*)?"')
#: what the 0.6 kernel's worker installs when it starts, and the same without the two
#: parts of CPython that Pyodide 0.27 ships on its CDN only (the 0.8 kernel dropped them
#: too): the kernel runs without them (IPython then keeps no history); and without jedi,
#: for completion, which an app without code never asks for
KERNEL_STARTUP = '["ssl","sqlite3","ipykernel","comm","pyodide_kernel","jedi","ipython"]'
OFFLINE_STARTUP = '["ipykernel","comm","pyodide_kernel","ipython"]'
#: the completion packages (1.7 MB) the apps' kernel does not load: IPython imports jedi
#: only if it is there (the lock keeps them for a notebook that imports them itself)
COMPLETION = ("jedi", "parso")
#: what the apps' kernel loads from the lock as it starts (the worker's other packages,
#: ipykernel, comm and pyodide_kernel, are the kernel's own wheels)
LOCK_STARTUP = ("micropip", "ipython", build.OUR_PACKAGE)
#: in place of Pyodide 0.27's IPython (8.23, which cannot start without sqlite3): the
#: IPython that Pyodide 0.29 ships (and the 0.7 kernel runs), which can (later ones refuse
#: the 0.6 kernel's way of running a cell)
IPYTHON = {"ipython": "9.0.2", "ipython-pygments-lexers": "1.1.1"}
#: the browser storage of the apps (none of the lab site's files)
APPS_STORAGE = "JupyterLite Storage - skitgubbe apps"


def environment(cache: Path) -> Path:
    """The Python of the Voici build environment, made (or remade) if need be."""
    env = cache / "voici-env"
    python = env / "bin" / "python"
    stamp = env / "skitgubbe-environment.txt"
    wanted = "\n".join(ENVIRONMENT)
    if not (python.exists() and stamp.exists() and stamp.read_text(encoding="utf-8") == wanted):
        shutil.rmtree(env, ignore_errors=True)
        build.run(sys.executable, "-m", "venv", env)
        build.run(python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                  *ENVIRONMENT)
        stamp.write_text(wanted, encoding="utf-8")
    return python


def build_site(output: Path, cache: Path, contents: Path, served: dict[str, str]) -> None:
    """``voici build`` from a clean state, in the Voici environment."""
    output = output.resolve()
    shutil.rmtree(output, ignore_errors=True)
    cache.mkdir(parents=True, exist_ok=True)
    # not beside the output: jupyterlite-core 0.6 skips the lite dir's jupyter-lite.json
    # when its path starts with the output's ("apps-src" with "apps")
    with tempfile.TemporaryDirectory(prefix="skitgubbe-voici-") as tmp:
        lite_dir = Path(tmp)
        local = build.prepare_pyodide(lite_dir, cache, served)
        print(f"served from the site: {', '.join(local)}")
        start_without_completion(lite_dir / "static" / "pyodide" / "pyodide-lock.json")
        write_config(lite_dir)
        os.environ["JUPYTER_PATH"] = str(build.ROOT / "share" / "jupyter")
        build.run(Path(sys.executable).parent / "voici", "build", "--lite-dir", lite_dir,
                  "--output-dir", output, "--contents", contents, "--template", TEMPLATE,
                  "--no-sourcemaps", "--no-unused-shared-packages", "--no-libarchive",
                  cwd=lite_dir)
    for page in (output / "voici").rglob("*.html"):
        point_at_the_root(page)
        link_the_apps(page)
    start_offline(output)
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


def start_without_completion(path: Path) -> None:
    """No package of the lock depends on jedi (IPython does), so what the kernel loads as
    it starts (``LOCK_STARTUP``) brings no completion package."""
    lock = json.loads(path.read_text(encoding="utf-8"))
    for entry in lock["packages"].values():
        entry["depends"] = [d for d in entry["depends"] if d not in COMPLETION]
    path.write_text(json.dumps(lock, indent=1), encoding="utf-8")


def start_offline(output: Path) -> None:
    """The kernel's worker (each of its builds) installs no package that only Pyodide's
    CDN has."""
    workers = [p for p in (output / "extensions").rglob("*.js")
               if KERNEL_STARTUP in p.read_text(encoding="utf-8")]
    if not workers:
        sys.exit("no Pyodide kernel worker to patch: has jupyterlite-pyodide-kernel changed?")
    for worker in workers:
        worker.write_text(worker.read_text(encoding="utf-8").replace(
            KERNEL_STARTUP, OFFLINE_STARTUP), encoding="utf-8")


def point_at_the_root(page: Path) -> None:
    """Make a page's kernel URLs relative to the site's root, as its ``baseUrl`` is
    (``../../`` for ``voici/render/02-stunsa.html``), so that Pyodide and the wheels are
    found from every page, at any depth and under any folder of a host."""
    text = page.read_text(encoding="utf-8")
    base = re.search(r'"baseUrl": "((?:\.\./)+)"', text)
    if base:  # not the redirecting voici/index.html
        page.write_text(KERNEL_URLS.sub(lambda m: f'"{base[1]}{m[1]}', text), encoding="utf-8")


def link_the_apps(page: Path) -> None:
    """Links between notebooks lead to their apps (``02-stunsa.ipynb#Try-it`` to
    ``02-stunsa.html#Try-it``, each app's page lying where its notebook does)."""
    text = page.read_text(encoding="utf-8")
    page.write_text(NOTEBOOK_LINK.sub(lambda m: f'href="{m[1]}.html{m[2] or ""}"', text),
                    encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--contents", type=Path, default=build.ROOT / "notebooks",
                        help="the notebooks the site ships (default: notebooks/)")
    parser.add_argument("--cache", type=Path,
                        default=Path(os.environ.get("SKITGUBBE_LITE_CACHE", build.DEFAULT_CACHE)))
    parser.add_argument("--served", type=json.loads, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if importlib.util.find_spec("voici_core") is None:  # the lab environment: hand over
        python = environment(args.cache.resolve())
        build.run(python, __file__, "--output", args.output.resolve(), "--contents",
                  args.contents.resolve(), "--cache", args.cache.resolve(),
                  "--served", json.dumps(build.served_versions() | IPYTHON))
    elif args.served is None:
        parser.error("run this script with the lab environment's Python (make lite)")
    else:
        build_site(args.output, args.cache, args.contents.resolve(), args.served)


if __name__ == "__main__":
    main()
