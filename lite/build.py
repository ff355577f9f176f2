"""Build the static JupyterLite site (`make lite`): the notebooks at the top of its
contents, Python in the browser through Pyodide, and no request leaving the site.

Steps, each from a clean state (a stale ``.jupyterlite.doit.db`` silently keeps the CDN URL):

1. the Pyodide runtime: the npm package ``pyodide@<version the kernel pins>`` (``npm pack``);
2. its lock file rewritten: the packages the kernel starts with (the pure-Python
   ``depends`` closure of micropip, IPython and jedi), ipywidgets, anywidget,
   fastjsonschema and our own wheel become local files beside the lock; every other entry
   points at the Pyodide CDN, so a notebook that needs pandas or matplotlib can still load
   them while the browser is online;
3. ``jupyter lite build`` with that folder as its well-known ``static/pyodide``;
4. the kernel's worker told not to install, as it starts, what only the CDN has.

The apps (lite/voici.py) are built by the same environment, on the same JupyterLite.

Downloads (the npm tarball, wheels from PyPI) are kept in a cache, by default
``~/.cache/skitgubbe/lite`` (``SKITGUBBE_LITE_CACHE`` moves it), so repeat builds run offline.

    python -m lite.build [--output build/lite]
"""

from __future__ import annotations

import argparse
import email.parser
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from importlib.metadata import version
from pathlib import Path

from jupyterlite_pyodide_kernel import constants
from jupyterlite_pyodide_kernel.constants import PYODIDE_KERNEL_PLUGIN_ID, PYODIDE_VERSION

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "build" / "lite"
DEFAULT_CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "skitgubbe" / "lite"

#: what the kernel imports when it starts (its worker loads micropip; pyodide_kernel
#: needs IPython and turns on jedi completion)
KERNEL_ROOTS = ("micropip", "ipython", "jedi")
#: not in Pyodide's lock, at the lab environment's versions: our widgets and what they
#: need (ipywidgets; anywidget, whose front-end module the widgets send), and the
#: engine's schema validator
SERVED_TOO = ("ipywidgets", "comm", "jupyterlab_widgets", "anywidget", "psygnal",
              "typing_extensions", "fastjsonschema")
#: where the lock's other packages are (the 0.7 kernel does not name it)
PYODIDE_CDN_URL = getattr(constants, "PYODIDE_CDN_URL",
                          f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full")
#: the loader the kernel imports (``pyodide.js`` for the 0.7 kernel)
LOADER = getattr(constants, "PYODIDE_JS", "pyodide.mjs")
#: what the kernel's worker installs as it starts (the 0.7 kernel), and the same without
#: sqlite3, a part of CPython that Pyodide ships on its CDN only: IPython runs without it
#: (it keeps no history then)
KERNEL_STARTUP = '["sqlite3","ipykernel","comm","pyodide_kernel","jedi","ipython"]'
OFFLINE_STARTUP = '["ipykernel","comm","pyodide_kernel","jedi","ipython"]'
#: the completion packages: IPython imports jedi only if it is there, so only a
#: kernel whose start list names jedi loads them (the lock keeps them for a notebook that
#: imports them itself)
COMPLETION = ("jedi", "parso")
#: the time our wheel's files carry (1980-01-01, the first a zip file can hold)
WHEEL_TIME = "315532800"
#: the parts of the npm package the site serves (no source maps, consoles or typings)
RUNTIME_FILES = (LOADER, LOADER.replace("pyodide", "pyodide.asm", 1), "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json")
OUR_PACKAGE = "skitgubbe"
#: what our wheel is built from
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "skitgubbe_core", "widgets")
#: the extra of our wheel whose local packages the kernel loads with it (ipywidgets)
OUR_EXTRA = "notebooks"
#: the browser storage (IndexedDB) of the students' files
CONTENTS_STORAGE = "JupyterLite Storage - skitgubbe"
#: how every page of the site starts the app, and the line that runs our policy first
BOOT = "await import(\n          '../config-utils.js"
FRESH = "await import('../fresh-notebooks.js?_={}');\n        "
#: lab extensions of the build environment that need a server (Voila's preview)
DISABLED_EXTENSIONS = ("@voila-dashboards/jupyterlab-preview",)
#: the site's default settings (``overrides.json``): closing a notebook's tab shuts its
#: kernel down, so a student who opens notebook after notebook runs one Pyodide at a time
OVERRIDES = {"@jupyterlab/notebook-extension:tracker": {"kernelShutdown": True}}
#: a file is stored gzipped beside itself (``X.gz``) when it has at least this many bytes
#: and its copy saves at least a tenth (so not fonts or most wheels, compressed already)
GZIP_MIN_BYTES = 1024
GZIP_MAX_RATIO = 0.9


def canonical(name: str) -> str:
    """PEP 503 name, the form used for the lock's keys and ``depends``."""
    return re.sub(r"[-_.]+", "-", name).lower()


def run(*args: str | Path, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command (``env``: variables set for it alone), stopping the build if it fails."""
    print("$", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], cwd=cwd, check=True,
                   env={**os.environ, **env} if env else None)


def pyodide_tarball(cache: Path) -> Path:
    """The npm package of the Pyodide version the kernel pins, fetched once."""
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.exists():
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("make lite needs npm to fetch the Pyodide runtime (apt-get install npm)")
        with tempfile.TemporaryDirectory(dir=cache) as tmp:
            run(npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tmp, cwd=cache)
            Path(tmp, tarball.name).replace(tarball)
    return tarball


def extract_runtime(tarball: Path, dest: Path) -> dict:
    """Unpack the runtime into ``dest`` and return its lock."""
    dest.mkdir(parents=True)
    with tarfile.open(tarball) as tar:
        for name in RUNTIME_FILES:
            member = tar.extractfile(f"package/{name}")
            if member is None:
                sys.exit(f"{tarball}: package/{name} is not a file")
            (dest / name).write_bytes(member.read())
    return json.loads((dest / "pyodide-lock.json").read_text(encoding="utf-8"))


def pure(entry: dict) -> bool:
    """A lock entry of a pure-Python wheel (not a part of CPython, not a binary wheel)."""
    return entry["package_type"] == "package" and entry["file_name"].endswith("-none-any.whl")


def closure(packages: dict, roots: list[str]) -> set[str]:
    """Every pure-Python lock entry the roots need, following ``depends`` (not into
    matplotlib, which Pyodide 0.29's matplotlib-inline names, nor sqlite3, which its
    IPython names: neither is imported as the kernel starts)."""
    seen: set[str] = set()
    todo = [canonical(r) for r in roots]
    while todo:
        name = todo.pop()
        if name not in seen and pure(packages[name]):
            seen.add(name)
            todo.extend(canonical(d) for d in packages[name]["depends"])
    return seen


def cached_wheels(cache: Path, pins: dict[str, str], python: str) -> dict[str, Path]:
    """Pure-Python wheels from PyPI at the pinned versions, for Pyodide's ``python``
    (``3.13``), downloaded once."""
    wheels = cache / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)

    def find(name: str, pin: str) -> Path | None:
        stem = re.sub(r"[-_.]+", "_", name).lower()
        for path in wheels.glob("*.whl"):
            dist, ver = path.name.split("-")[:2]
            if dist.lower() == stem and ver == pin:
                return path
        return None

    missing = [f"{name}=={pin}" for name, pin in pins.items() if find(name, pin) is None]
    if missing:
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--only-binary=:all:", "--python-version", python,
            "--dest", wheels, *missing)
    found = {name: find(name, pin) for name, pin in pins.items()}
    absent = [name for name, path in found.items() if path is None]
    if absent:
        sys.exit(f"no pure-Python wheel on PyPI for {', '.join(absent)}")
    return {name: path for name, path in found.items() if path is not None}


def our_wheel(dest: Path) -> Path:
    """The skitgubbe wheel, built from a copy of this checkout's sources (setuptools
    leaves its own ``build/`` folder behind, and stale files must not slip in); the same
    sources give the same bytes (``SOURCE_DATE_EPOCH``), so the lab site and the apps,
    each built with its own copy, can share one runtime (lite/voici.py)."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "source")
        source.mkdir()
        for name in SOURCES:
            if (ROOT / name).is_dir():
                shutil.copytree(ROOT / name, source / name,
                                ignore=shutil.ignore_patterns("__pycache__"))
            else:
                shutil.copy2(ROOT / name, source / name)
        # for the wheel alone: JupyterLite would date the site's notebooks by it too, and a
        # visit would no longer see that the site has a newer version (fresh-notebooks.js)
        run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
            "--wheel-dir", tmp, source, env={"SOURCE_DATE_EPOCH": WHEEL_TIME})
        (built,) = Path(tmp).glob(f"{OUR_PACKAGE}-*.whl")
        return Path(shutil.copy2(built, dest))


def wheel_entry(path: Path, local: set[str]) -> dict:
    """A lock entry for a wheel; it depends only on other local packages (so our
    notebooks extra brings ipywidgets, but its jupyterlab, pandas and matplotlib are
    never pulled into the browser)."""
    with zipfile.ZipFile(path) as whl:
        info = next(n for n in whl.namelist() if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(whl.read(info).decode("utf-8"))
        tops = {n.split("/")[0] for n in whl.namelist()
                if not n.split("/")[0].endswith((".dist-info", ".data"))}
    requires = {canonical(re.split(r"[ ;<>=!~\[(]", r, maxsplit=1)[0])
                for r in meta.get_all("Requires-Dist") or []
                if "extra ==" not in r or f'extra == "{OUR_EXTRA}"' in r}
    return {
        "name": canonical(meta["Name"]),
        "version": meta["Version"],
        "file_name": path.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": sorted(t.removesuffix(".py") for t in tops),
        "depends": sorted(requires & local),
        "unvendored_tests": False,
    }


def served_versions(names: tuple[str, ...] = SERVED_TOO) -> dict[str, str]:
    """The versions of ``names`` in this environment (the lab's, where `make lite` runs)."""
    return {canonical(n): version(n) for n in names}


def prepare_pyodide(lite_dir: Path, cache: Path, served: dict[str, str]) -> list[str]:
    """The well-known ``static/pyodide`` folder: runtime, local wheels (``served`` at
    their versions among them) and the rewritten lock. Returns the names served from
    the site itself."""
    dest = lite_dir / "static" / "pyodide"
    lock = extract_runtime(pyodide_tarball(cache), dest)
    packages = {canonical(k): v for k, v in lock["packages"].items()}
    # their entries are rewritten from the wheels' metadata, which names only local
    # packages: so IPython no longer asks for sqlite3, nor matplotlib-inline for matplotlib
    pins = {name: packages[name]["version"] for name in sorted(closure(packages, list(KERNEL_ROOTS)))}
    pins.update(served)
    python = ".".join(lock["info"]["python"].split(".")[:2])
    wheels = {name: Path(shutil.copy2(p, dest))
              for name, p in cached_wheels(cache, pins, python).items()}
    wheels[OUR_PACKAGE] = our_wheel(dest)
    for name, lock_entry in packages.items():
        if name not in wheels:
            lock_entry["file_name"] = f"{PYODIDE_CDN_URL}/{lock_entry['file_name']}"
    for name, path in wheels.items():
        packages[name] = wheel_entry(path, set(wheels))
    # no package depends on jedi (IPython does): a kernel loads completion only if its
    # start list names it, as the lab site's does (OFFLINE_STARTUP) and the apps' does
    # not (they have no code to complete); one lock serves both, which share one runtime
    for entry in packages.values():
        entry["depends"] = [d for d in entry["depends"] if d not in COMPLETION]
    lock["packages"] = dict(sorted(packages.items()))
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return sorted(wheels)


def write_config(lite_dir: Path) -> None:
    """Load our package (and with it ipywidgets) when the kernel starts; keep the
    students' files in a storage of our own name (lite/fresh-notebooks.js clears it of
    the site's notebooks), and the layout of the open tabs (the workspace) in the page's
    memory only: a visit opens the notebook its address names and no other, so no
    kernel of an earlier visit's notebooks starts beside its own, and no restored layout
    detaches it. A notebook's kernel shuts down when its tab closes (``OVERRIDES``)."""
    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "Skitgubbe", "disabledExtensions": list(DISABLED_EXTENSIONS),
        "contentsStorageName": CONTENTS_STORAGE,
        "enableMemoryStorage": True, "workspacesStorageDrivers": ["memoryStorageDriver"],
        "exposeAppInBrowser": True,  # for lite/fresh-notebooks.js's mending of Save As
        "litePluginSettings": {PYODIDE_KERNEL_PLUGIN_ID: {
            "loadPyodideOptions": {"packages": [OUR_PACKAGE]}}}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    (lite_dir / "overrides.json").write_text(json.dumps(OVERRIDES, indent=2), encoding="utf-8")


def start_offline(output: Path, startup: str = OFFLINE_STARTUP) -> None:
    """The kernel's worker (each of its builds in ``output``) installs, as it starts,
    ``startup`` in place of ``KERNEL_STARTUP``: nothing that only Pyodide's CDN has."""
    workers = [p for p in (output / "extensions").rglob("*.js")
               if KERNEL_STARTUP in p.read_text(encoding="utf-8")]
    if not workers:
        sys.exit("no Pyodide kernel worker to patch: has jupyterlite-pyodide-kernel changed?")
    for worker in workers:
        worker.write_text(worker.read_text(encoding="utf-8").replace(KERNEL_STARTUP, startup),
                          encoding="utf-8")


def fresh_script(contents: Path) -> str:
    """lite/fresh-notebooks.js with the site's storage and the paths of its notebooks."""
    shipped = sorted(p.relative_to(contents).as_posix() for p in contents.rglob("*")
                     if p.is_file() and ".ipynb_checkpoints" not in p.parts)
    script = (ROOT / "lite" / "fresh-notebooks.js").read_text(encoding="utf-8")
    return script.replace("@STORAGE@", CONTENTS_STORAGE).replace("@SHIPPED@", json.dumps(shipped))


def keep_notebooks_fresh(output: Path, contents: Path) -> None:
    """Every page of the site first forgets the browser's copies of the notebooks it
    ships (lite/fresh-notebooks.js), so a visit never shows a stale version."""
    script = fresh_script(contents)
    (output / "fresh-notebooks.js").write_text(script, encoding="utf-8")
    fresh = FRESH.format(hashlib.sha256(script.encode()).hexdigest()[:8])  # no stale copy
    pages = [p for p in output.glob("*/index.html") if BOOT in p.read_text(encoding="utf-8")]
    if not pages:
        sys.exit("no JupyterLite page to patch: has its index.html changed?")
    for page in pages:
        page.write_text(page.read_text(encoding="utf-8").replace(BOOT, fresh + BOOT),
                        encoding="utf-8")


def precompress(output: Path) -> tuple[int, int]:
    """Beside every file worth it, its gzipped copy ``X.gz`` (level 9, no time stamp, so
    a rebuild gives the same bytes), for a host that serves those in place of the file to
    a browser that accepts gzip (nginx ``gzip_static``, Caddy ``precompressed``; see the
    README). Returns the bytes of the files compressed and of their copies."""
    before = after = 0
    for path in sorted(p for p in output.rglob("*") if p.is_file() and p.suffix != ".gz"):
        data = path.read_bytes()
        if len(data) < GZIP_MIN_BYTES:
            continue
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        if len(packed) <= GZIP_MAX_RATIO * len(data):
            path.with_name(path.name + ".gz").write_bytes(packed)
            before, after = before + len(data), after + len(packed)
    return before, after


def report(output: Path) -> None:
    """Compress the built site and say how big it is."""
    before, after = precompress(output)
    print(f"gzipped copies: {before / 1e6:.1f} MB of files in {after / 1e6:.1f} MB")
    files = [p for p in output.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"built {output}: {len(files)} files, {size / 1e6:.1f} MB")


def build(output: Path, cache: Path, contents: Path = ROOT / "notebooks") -> None:
    output = output.resolve()
    lite_dir = output.parent / f"{output.name}-src"
    for stale in (output, lite_dir):
        shutil.rmtree(stale, ignore_errors=True)
    (ROOT / ".jupyterlite.doit.db").unlink(missing_ok=True)
    cache.mkdir(parents=True, exist_ok=True)
    lite_dir.mkdir(parents=True)
    local = prepare_pyodide(lite_dir, cache, served_versions())
    print(f"served from the site: {', '.join(local)}")
    write_config(lite_dir)
    run(Path(sys.executable).parent / "jupyter", "lite", "build", "--lite-dir", lite_dir,
        "--output-dir", output, "--contents", contents,
        "--no-sourcemaps", "--no-unused-shared-packages", "--no-libarchive", cwd=lite_dir)
    shutil.rmtree(lite_dir)
    start_offline(output)
    keep_notebooks_fresh(output, contents)
    report(output)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    parser.add_argument("--contents", type=Path, default=ROOT / "notebooks",
                        help="the notebooks the site ships (default: notebooks/)")
    parser.add_argument("--cache", type=Path,
                        default=Path(os.environ.get("SKITGUBBE_LITE_CACHE", DEFAULT_CACHE)))
    args = parser.parse_args()
    build(args.output, args.cache, args.contents.resolve())


if __name__ == "__main__":
    main()
