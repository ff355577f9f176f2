"""Packaging: the engine installs alone, says its version, ships its types and its licence."""

import subprocess
import sys
from importlib.metadata import metadata, version
from pathlib import Path

import tomllib

import skitgubbe_core
from skitgubbe_core.cli import main

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
#: the notebook and study stack, none of which the engine may load
HEAVY = ("jupyterlab", "ipywidgets", "IPython", "pandas", "matplotlib", "voila", "tqdm",
         "dask", "distributed", "pyarrow", "numpy")


def test_the_engine_depends_only_on_fastjsonschema():
    requires = metadata("skitgubbe").get_all("Requires-Dist") or []
    core = [r for r in requires if "extra ==" not in r]
    assert [r.split(">")[0] for r in core] == ["fastjsonschema"]
    assert PYPROJECT["project"]["dependencies"] == core


def test_the_extras_split_the_stack_and_test_brings_everything():
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert {"notebooks", "studies", "lite", "test"} <= set(extras)
    assert any(r.startswith("jupyterlab") for r in extras["notebooks"])
    assert any(r.startswith("pandas") for r in extras["studies"])
    assert "skitgubbe[notebooks,studies,lite]" in extras["test"]
    assert {r.split(">")[0] for r in extras["test"]} >= {"pytest", "nbval", "mypy", "ruff"}


def test_importing_the_engine_and_running_an_example_loads_no_notebook_stack():
    code = ("import sys\n"
            "from skitgubbe_core.cli import main\n"
            "assert main(['example', 'pickup-case-5']) == 0\n"
            f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.splitlines()[-1] == "[]"


def test_version_comes_from_the_metadata(capsys):
    assert skitgubbe_core.__version__ == version("skitgubbe") == PYPROJECT["project"]["version"]
    try:
        main(["--version"])
    except SystemExit as done:
        assert done.code == 0
    assert capsys.readouterr().out == f"skitgubbe {skitgubbe_core.__version__}\n"


def test_python_m_skitgubbe_core_runs_the_command():
    out = subprocess.run([sys.executable, "-m", "skitgubbe_core", "example", "--list"],
                         capture_output=True, text=True, check=True).stdout
    assert "pickup-case-5" in out


def test_both_packages_ship_py_typed():
    data = PYPROJECT["tool"]["setuptools"]["package-data"]
    for package, folder in (("skitgubbe_core", "skitgubbe_core"), ("skitgubbe_widgets", "widgets")):
        assert "py.typed" in data[package] and (ROOT / folder / "py.typed").exists()


def test_the_widgets_ship_their_front_end_module_and_style_sheet():
    """The JavaScript module and the style sheet the widgets send to the browser are
    package data (a wheel without them draws nothing), and the notebooks extra brings
    anywidget."""
    patterns = PYPROJECT["tool"]["setuptools"]["package-data"]["skitgubbe_widgets"]
    shipped = {f.name for pattern in patterns for f in (ROOT / "widgets").glob(pattern)}
    assert {"skitgubbe.js", "skitgubbe.css"} <= shipped
    assert any(d.startswith("anywidget") for d in PYPROJECT["project"]["optional-dependencies"]["notebooks"])


def test_licence_citation_and_changelog_agree():
    licence = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "MIT License" in licence and "Attribution 4.0 International Public License" in licence
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "MIT License" in readme and "CC BY 4.0" in readme
    assert PYPROJECT["project"]["license"] == "MIT"
    assert metadata("skitgubbe")["License-Expression"] == "MIT"
    citation = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert f"version: {PYPROJECT['project']['version']}\n" in citation
    assert f"## [{PYPROJECT['project']['version']}]" in (ROOT / "CHANGELOG.md").read_text()
