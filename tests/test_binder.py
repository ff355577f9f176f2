"""The Binder environment, built as repo2docker builds it: a fresh environment,
`pip install -r binder/requirements.txt`, then `binder/postBuild` from the repository
root; then every notebook must pass nbval there.

The packages come from wheels downloaded once per set of pins (``pip download`` of the
same requirements, into ``~/.cache/skitgubbe/binder-wheels/``): the environment is then
installed with ``--no-index``, so every package the pins need must be among the wheels
their resolution brought, and postBuild builds the package from them as well. Neither
ensurepip nor compiling all the bytecode up front is part of what is tested: skipped
(``--no-compile``), the environment builds in a third of the time, and the notebooks'
kernels compile only what they import, once."""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
#: what the test installs beside the pins (pip for postBuild, pytest and nbval to run the
#: notebooks), and what postBuild's `pip install .` builds the package with
#: (pyproject.toml's build-system)
TOOLS = ("pip", "pytest", "nbval", "setuptools>=77")
WHEELS = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "skitgubbe" / "binder-wheels"


def test_binder_files_follow_repo2docker_conventions():
    post = (BINDER / "postBuild").read_text(encoding="utf-8").splitlines()
    assert post[0] == "#!/bin/bash" and "set -euo pipefail" in post
    assert os.access(BINDER / "postBuild", os.X_OK)
    assert not (BINDER / "environment.yml").exists()
    pins = [line for line in (BINDER / "requirements.txt").read_text().splitlines()
            if line and not line.startswith("#")]
    assert pins and all("==" in line for line in pins)
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"


def test_binder_pins_match_the_tested_environment():
    from importlib.metadata import version
    for line in (BINDER / "requirements.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, pinned = line.split("==")
            assert version(name) == pinned, f"{name}: tested with {version(name)}, pinned {pinned}"


def test_binder_pins_every_package_the_notebooks_need():
    """Each dependency of the ``notebooks`` extra (what the notebooks import) is pinned for
    Binder, which installs only binder/requirements.txt (postBuild adds the package with
    ``--no-deps``)."""
    import re
    from importlib.metadata import requires

    extra = [r for r in requires("skitgubbe") or [] if 'extra == "notebooks"' in r]
    needed = {re.split(r"[<>=!~\[ ;]", d, maxsplit=1)[0].lower() for d in extra}
    assert "anywidget" in needed and "ipywidgets" in needed
    pinned = {line.split("==")[0].lower()
              for line in (BINDER / "requirements.txt").read_text().splitlines()
              if line and not line.startswith("#")}
    assert needed - pinned == set()


def test_readme_has_a_binder_badge_that_opens_the_index():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "mybinder.org/badge_logo.svg" in readme
    assert "urlpath=lab/tree/notebooks/00-index.ipynb" in readme


def wheels(python: Path) -> Path:
    """A folder with the wheels of binder/requirements.txt and ``TOOLS``, for this Python
    and machine: downloaded by ``pip download`` the first time these pins are seen (from
    the index, as Binder resolves them), then reused."""
    pins = (BINDER / "requirements.txt").read_bytes()
    key = hashlib.sha256(pins + repr((TOOLS, sys.version_info[:2], sys.platform)).encode())
    folder = WHEELS / key.hexdigest()[:16]
    if not (folder / ".complete").exists():
        partial = folder.with_name(f"{folder.name}.{os.getpid()}")
        result = subprocess.run([str(python), "-m", "pip", "download", "--quiet", "-d",
                                 str(partial), "-r", str(BINDER / "requirements.txt"), *TOOLS],
                                capture_output=True, text=True)
        if result.returncode:
            shutil.rmtree(partial, ignore_errors=True)
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        (partial / ".complete").touch()
        if not (folder / ".complete").exists():  # another run may have finished first
            shutil.rmtree(folder, ignore_errors=True)
            partial.rename(folder)
        else:
            shutil.rmtree(partial)
    return folder


@pytest.mark.slow
def test_a_fresh_binder_environment_runs_every_notebook(tmp_path):
    started = time.monotonic()
    repo = tmp_path / "repo"
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split()
    for name in files:
        if (ROOT / name).is_file():
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, repo / name)
    env_dir = tmp_path / "env"
    venv.create(env_dir)  # pip comes from the wheels, below
    bin_dir = env_dir / "bin"
    found = wheels(Path(sys.executable))
    # every pip call, postBuild's and its build environment's too, installs from the wheels
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "VIRTUAL_ENV": str(env_dir), "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(found)}
    env.pop("PYTHONPATH", None)
    # the kernels write the bytecode of what they import, once, for the next ones to read
    env.pop("PYTHONDONTWRITEBYTECODE", None)

    def run(*args, cwd=repo):
        result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        return result

    # this test's pip installs into the new environment, which gets its own pip too
    # (--no-compile on the command line: pip reads PIP_NO_COMPILE=1 as "compile")
    run(sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install", "--quiet",
        "--no-compile", "-r", "binder/requirements.txt", "pip")
    run("bash", "binder/postBuild")
    # JupyterLab's defaults for a class: no news pop-up over a projected notebook
    settings = env_dir / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert json.loads(settings.read_text())["@jupyterlab/apputils-extension:notification"] == {
        "fetchNews": "false", "checkForUpdates": False}
    run("python", "-m", "pip", "install", "--quiet", "--no-compile", "pytest", "nbval")
    installed = time.monotonic()
    where = run("python", "-c", "import skitgubbe_core, skitgubbe_widgets; "
                "print(skitgubbe_core.__file__)", cwd=tmp_path).stdout
    assert str(env_dir) in where
    result = run("python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval",
                 "--nbval-current-env", "notebooks")
    assert " passed" in result.stdout and "failed" not in result.stdout
    print(f"\nBinder environment installed in {installed - started:.0f} s, "
          f"notebooks run in {time.monotonic() - installed:.0f} s")
