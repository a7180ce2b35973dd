# Two commands do all the set-up on a fresh machine: `make rulebook` and `make test`.
# Each creates or reuses .venv and installs what pyproject.toml asks for.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
EXTRAS ?= test,docs

.PHONY: rulebook site spec test venv clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[$(EXTRAS)]'
	touch $(STAMP)

venv: $(STAMP)

## The Table page's Python runtime (Pyodide), from package.json and its lock file.
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

## The specification: every feature file, with a per-scenario results file for the site.
spec: $(STAMP)
	$(PY) -m pytest tests/test_features.py -q
	$(PY) -m solver.spec_summary

## The main job: run the specification (build/spec-results.json), then build the living rulebook from it:
## _build/html (with _build/html/rules.json) and the single page _build/singlehtml, warning-free (-n -W).
## A failing scenario still gets its page (shown red); the target then fails with the specification's status.
SPHINX = $(PY) -m sphinx -n -W --keep-going -E -q -c .
rulebook: $(STAMP) $(NODE_STAMP)
	@status=0; $(PY) -m pytest tests/test_features.py -q || status=$$?; \
	$(PY) -m solver.spec_summary; \
	$(MAKE) --no-print-directory site || exit $$?; \
	exit $$status

## The website alone, from the last run's results.
site: $(STAMP) $(NODE_STAMP)
	@echo "sphinx-build -n -W: html and singlehtml, side by side"
	@$(SPHINX) -b html rules_docs _build/html & html=$$!; \
	$(SPHINX) -b singlehtml rules_docs _build/singlehtml & single=$$!; \
	status=0; wait $$html || status=$$?; wait $$single || status=$$?; exit $$status
	@echo "The rulebook: _build/html/index.html (single page: _build/singlehtml/index.html)"

## The browser tests drive the system's Chromium (/usr/bin/chromium), never a browser Playwright downloads: when it
## is missing, it is installed with apt-get (as root, else through sudo).
CHROMIUM := /usr/bin/chromium
.PHONY: chromium
chromium:
	@test -x $(CHROMIUM) || { echo "Installing Chromium for the browser tests (apt-get install chromium)"; \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }

## Every test.
test: $(STAMP) $(NODE_STAMP) chromium
	$(PY) -m pytest -q
	$(PY) -m solver.spec_summary

clean:
	rm -rf build _build

## The benchmark (not part of `make test`): cold commands against `python -c "import constraint, yaml"` (≤ 2.0×),
## ask (cold ≤ 0.5 s, warm ≤ 20 ms), warm answers on the shipped boards (≤ 10 ms), growth with the board's size up
## to 10,000 spaces (exponent ≤ 1.2) and the worst-case inputs of the attack report (bench/worst.py: each ≤ 10 s CPU and ≤ 1.5 GB); every figure PASS or
## MISS, written to build/bench.json and the Performance page's data (rules_docs/_data/).
.PHONY: bench
bench: $(STAMP) $(NODE_STAMP) chromium
	$(PY) -m bench

## Longer fuzzing: FUZZ_COUNT malformed state files (default 20000; `make test` runs 2100) through every command,
## the property tests under the Hypothesis profile "fuzz" (hundreds of longer random games), the determinism
## checks, every class of the attack report (issue 13: crashes, closed/full output and encodings, Ctrl-C, the
## leak, wrong answers, terminal injection, error lines) and its worst-case inputs at the attack's own sizes
## (DEEPMADNESS_WORST=full: each ≤ 10 s CPU and ≤ 1.5 GB). FUZZ_SEED=word picks other cases; a failure names the
## case to run again.
FUZZ_COUNT ?= 20000
.PHONY: fuzz
fuzz: $(STAMP)
	FUZZ_COUNT=$(FUZZ_COUNT) DEEPMADNESS_WORST=full $(PY) -m pytest -q --hypothesis-profile=fuzz \
		tests/test_fuzz.py tests/test_invariants.py tests/test_determinism.py tests/test_trust_input.py \
		tests/test_bounds.py tests/test_terminal.py tests/test_yaml_strict.py
