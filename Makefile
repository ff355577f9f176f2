# Two commands for a fresh machine: `make lab` and `make test`.
# Both create (or reuse) the virtual environment in .venv.

PYTHON_BASE ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: lab test lint notebooks bench clean lite present catalogue

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON_BASE) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# JupyterLab refuses to run as root unless told to (containers, CI machines).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks $(ROOT_FLAG)

# The static JupyterLite site in build/lite, and in build/lite/apps the same notebooks as
# code-free Voici apps (both run offline; publish the folder on any static host). The first
# build downloads Pyodide (npm), wheels (PyPI) and Voici's build environment into
# ~/.cache/skitgubbe/lite.
lite: $(STAMP)
	$(PY) lite/build.py --output build/lite
	$(PY) lite/voici.py --output build/lite/apps

# The notebooks as code-free apps (Voila runs as root without a flag, unlike JupyterLab).
present: $(STAMP)
	JUPYTER_PATH=$(CURDIR)/share/jupyter JUPYTER_CONFIG_PATH=$(CURDIR)/etc/jupyter \
		$(VENV)/bin/voila --template=skitgubbe notebooks

test: $(STAMP) lint
	$(PY) -m pytest --doctest-modules --nbval --nbval-current-env tests skitgubbe_core widgets notebooks

# ruff (lint and import order) and mypy --strict (skitgubbe_core and widgets), both
# configured in pyproject.toml; `make test` runs them first.
lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy

notebooks: $(STAMP)
	$(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.record_timing=False --ExecutePreprocessor.store_widget_state=False \
		notebooks/*.ipynb notebooks/sv/*.ipynb

# After changing any message: extract, merge into every .po, compile the .mo files
# (then translate what tests/test_swedish.py reports as untranslated).
catalogue: $(STAMP)
	$(PY) tools/catalogue.py update

bench: $(STAMP)
	$(PY) benchmarks/bench_engine.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
