# vecmem — `make demo` and `make test` work from a fresh clone.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEMO_STAMP := $(VENV)/.installed-demo
EXTRAS := local,sqlitevec,postgres,server,mcp,hermes,dev
# What `make demo` needs: the core and the bundled offline models; not the test stack, and
# not the ANN graph (the demo's few dozen memories are scanned exactly).
DEMO_EXTRAS := models

.PHONY: install demo test test-slow test-explore lint clean system-deps

$(BIN)/python:
	$(PY) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	@echo "installing vecmem with every extra and the test stack ($(EXTRAS))"
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install --progress-bar on -e ".[$(EXTRAS)]"
	touch $(STAMP) $(DEMO_STAMP)

# The full install above includes the demo's; otherwise only the demo's packages.
$(DEMO_STAMP): pyproject.toml | $(BIN)/python
	@echo "installing vecmem for the demo: core + bundled models ($(DEMO_EXTRAS)), ~130 MB to download"
	$(BIN)/pip install --progress-bar on -e ".[$(DEMO_EXTRAS)]"
	touch $(DEMO_STAMP)

install: $(STAMP)

# System packages the browser tests use (Debian's Chromium); skipped when present.
system-deps:
	@if ! dpkg -s chromium fonts-noto-cjk >/dev/null 2>&1; then \
	  echo "installing chromium and a CJK font (browser tests)"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null) \
	  || echo "warning: could not install chromium; browser tests will be skipped"; \
	fi

demo: $(DEMO_STAMP)
	$(BIN)/python examples/demo.py

test: install system-deps
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/mypy
	VECMEM_SCREENSHOTS_DIR=$${VECMEM_SCREENSHOTS_DIR:-$$(mktemp -d)} $(BIN)/python -m pytest -q -p no:cacheprovider -m "not slow"

lint: install
	$(BIN)/ruff check src tests benchmarks examples
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build *.egg-info src/*.egg-info

# The long crash storms (2 x 120 SIGKILLs, about 10 minutes): not part of `make test`.
test-slow: install
	$(BIN)/python -m pytest -q -p no:cacheprovider -m slow

# Random exploration for the property tests (make test runs them derandomized). Failures
# are kept in .hypothesis/ and replayed first on the next run; turn each into a test.
test-explore: install
	HYPOTHESIS_PROFILE=explore $(BIN)/python -m pytest -q -p no:cacheprovider \
	  tests/reliability/test_properties.py tests/store/test_keyword_index.py
