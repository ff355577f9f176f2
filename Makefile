# Two commands for a fresh machine: `make lab` and `make test`.
# Both create (or reuse) the virtual environment in .venv.

PYTHON_BASE ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: lab test quick lint notebooks bench clean lite site present catalogue rule-index golden regenerate docs option-fields

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON_BASE) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# JupyterLab refuses to run as root unless told to (containers, CI machines).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

# JupyterLab's defaults for a class (share/jupyter/lab/settings/overrides.json): no
# "official Jupyter news?" pop-up over the notebook on a projector, no update check (a
# request to another host); binder/postBuild installs the same file.
LAB_SETTINGS := $(VENV)/share/jupyter/lab/settings/overrides.json
$(LAB_SETTINGS): share/jupyter/lab/settings/overrides.json $(STAMP)
	mkdir -p $(dir $@)
	cp $< $@

lab: $(STAMP) $(LAB_SETTINGS)
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks $(ROOT_FLAG)

# The static JupyterLite site in build/lite, and in build/lite/apps the same notebooks as
# code-free Voici apps (both run offline; publish the folder on any static host), built by
# this environment (the `lite` extra) on one JupyterLite. The first build downloads Pyodide
# (npm) and wheels (PyPI) into ~/.cache/skitgubbe/lite.
lite: $(STAMP)
	$(PY) -m lite.build --output build/lite
	$(PY) -m lite.voici --output build/lite/apps

# The light static site in build/site: every notebook, both languages, as a page to read,
# its steppers and quizzes live from the notebooks' stored widget state (no Python, no
# server; publish it beside build/lite, whose pages its "run the code" links open).
site: $(STAMP)
	$(PY) -m tools.static_site --output build/site

# The notebooks as code-free apps (Voila runs as root without a flag, unlike JupyterLab).
present: $(STAMP)
	JUPYTER_PATH=$(CURDIR)/share/jupyter JUPYTER_CONFIG_PATH=$(CURDIR)/etc/jupyter \
		$(VENV)/bin/voila --template=skitgubbe notebooks

test: $(STAMP) $(LAB_SETTINGS) lint
	$(PY) -m pytest --doctest-modules --nbval --nbval-current-env tests skitgubbe_core widgets notebooks

# The inner loop: the engine, command-line and doctest tests, without browsers, nbval or
# the slow tests (tests/conftest.py lists what it leaves out). Without nbval's plugin,
# whose import alone is slow.
quick: $(STAMP)
	$(PY) -m pytest -q -p no:cacheprovider -p no:nbval -m "not slow" --doctest-modules tests skitgubbe_core widgets

# ruff (lint and import order) and mypy --strict (skitgubbe_core and widgets), both
# configured in pyproject.toml, then mypy not strict over tests, tools, lite and
# benchmarks (mypy-tests.ini); `make test` runs them first.
lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy
	$(PY) -m mypy --config-file mypy-tests.ini

# Re-execute the notebooks in place (all, or those named: `make notebooks NOTEBOOKS=...`),
# then give their widgets stable ids (tools/widget_ids.py), so that a diff shows only
# what really changed.
NOTEBOOKS ?= notebooks/*.ipynb notebooks/sv/*.ipynb
notebooks: $(STAMP)
	$(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.record_timing=False --ExecutePreprocessor.store_widget_state=True \
		$(NOTEBOOKS)
	$(PY) -m tools.widget_ids $(NOTEBOOKS)

# After changing any message: extract, merge into every .po, compile the .mo files
# (then translate what tests/test_swedish.py reports as untranslated).
catalogue: $(STAMP)
	$(PY) -m tools.catalogue update

# docs/rule-index.md, from the rules the engine cites (tests/test_code_health.py checks it).
rule-index: $(STAMP)
	$(PY) -m tests.rule_index > docs/rule-index.md.new
	mv docs/rule-index.md.new docs/rule-index.md

# The rule options' Literal types and Rules fields, derived from OPTIONS in
# skitgubbe_core/rules.py (tests/test_code_health.py fails while they are stale).
option-fields: $(STAMP)
	$(PY) -m tools.option_fields

# The golden playthroughs in tests/golden/ (tests/test_golden.py compares them).
golden: $(STAMP)
	$(PY) -m tests.golden

# Every derived file, in order: the options' types, the catalogue, the rule index, the
# golden playthroughs and the notebooks. Read the diff: whatever changed is what your
# change did.
regenerate: $(STAMP)
	$(MAKE) option-fields
	$(MAKE) catalogue
	$(MAKE) rule-index
	$(MAKE) golden
	$(MAKE) notebooks

# The API reference, from the docstrings (pdoc, offline): open build/docs/index.html.
docs: $(STAMP)
	rm -rf build/docs
	$(PY) -m tools.api_docs build/docs

bench: $(STAMP)
	$(PY) -m benchmarks.bench_engine

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis build *.egg-info
