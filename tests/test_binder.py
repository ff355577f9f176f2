"""The Binder environment, built as repo2docker builds it: a fresh environment,
`pip install -r binder/requirements.txt`, then `binder/postBuild` from the repository
root; then every notebook must pass nbval there."""

import os
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"


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


def test_readme_has_a_binder_badge_that_opens_the_index():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "mybinder.org/badge_logo.svg" in readme
    assert "urlpath=lab/tree/notebooks/00-index.ipynb" in readme


@pytest.mark.slow
def test_a_fresh_binder_environment_runs_every_notebook(tmp_path):
    repo = tmp_path / "repo"
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                           capture_output=True, text=True, check=True).stdout.split()
    for name in files:
        if (ROOT / name).is_file():
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, repo / name)
    env_dir = tmp_path / "env"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / "bin"
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
           "VIRTUAL_ENV": str(env_dir)}
    env.pop("PYTHONPATH", None)

    def run(*args, cwd=repo):
        result = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        return result

    run("python", "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt")
    run("bash", "binder/postBuild")
    run("python", "-m", "pip", "install", "--quiet", "pytest", "nbval")
    where = run("python", "-c", "import skitgubbe_core, skitgubbe_widgets; "
                "print(skitgubbe_core.__file__)", cwd=tmp_path).stdout
    assert str(env_dir) in where
    result = run("python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval",
                 "--nbval-current-env", "notebooks")
    assert " passed" in result.stdout and "failed" not in result.stdout
