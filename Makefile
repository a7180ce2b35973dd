# Two commands do all the set-up on a fresh machine: `make rulebook` and `make test`.
# Each creates or reuses .venv and installs what pyproject.toml asks for.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
EXTRAS ?= test,docs

.PHONY: rulebook spec test venv clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[$(EXTRAS)]'
	touch $(STAMP)

venv: $(STAMP)

## The specification: every feature file, with a per-scenario results file for the site.
spec: $(STAMP)
	$(PY) -m pytest tests/test_features.py -q
	$(PY) -m solver.spec_summary

## The main job: run the specification and build the living rulebook.
rulebook: spec

## Every test.
test: $(STAMP)
	$(PY) -m pytest -q
	$(PY) -m solver.spec_summary

clean:
	rm -rf build _build
