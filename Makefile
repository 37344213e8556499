# The common commands. `make` alone lists them; `make check` is what CI runs (.ci/run), tier by tier.
VENV ?= .venv
PYTHON := $(VENV)/bin/python

.PHONY: help install install-bench run lint format types test e2e slow check bench lock catalogs

help:
	@echo "make install   a virtual environment in $(VENV) with the bot and the test tools"
	@echo "make install-bench  the same with the benchmarks' outside players too (hk-mahjong: requirements/bench.lock)"
	@echo "make run       the bot (DISCORD_TOKEN in the environment or .env)"
	@echo "make lint      ruff check and ruff format --check"
	@echo "make format    ruff format and the fixes ruff check can make"
	@echo "make types     mypy --strict on game, render, data and bot"
	@echo "make test      the unit and service tests (a plain pytest)"
	@echo "make e2e       the bot end to end against the fake Discord (its slow runs are in make slow)"
	@echo "make slow      the long property, simulation and worker-process runs (pytest -m slow)"
	@echo "make check     all of the above but run, as CI does"
	@echo "make bench     the load benchmark at 200 open tables (benchmarks/ has the others)"
	@echo "make catalogs  compile the word catalogs (words/locales/*/LC_MESSAGES/*.po) into the .mo the bot reads"
	@echo "make lock      refresh the locks in requirements/ from pyproject.toml (pip-tools)"

$(PYTHON):
	python3 -m venv $(VENV)
	$(PYTHON) -m pip install --quiet --upgrade pip

install: $(PYTHON)
	$(PYTHON) -m pip install --quiet --require-hashes -r requirements/build.lock -r requirements/test.lock
	$(PYTHON) -m pip install --quiet --no-deps --no-build-isolation -e .

# bench.lock is test.lock (the same pins) plus the `bench` extra: outside players only benchmarks load.
install-bench: $(PYTHON)
	$(PYTHON) -m pip install --quiet --require-hashes -r requirements/build.lock -r requirements/bench.lock
	$(PYTHON) -m pip install --quiet --no-deps --no-build-isolation -e .

# The newest releases pyproject.toml allows, pinned with their hashes: the image installs runtime.lock,
# CI test.lock, and both build the project with build.lock's setuptools and mypy; bench.lock is test.lock's
# pins plus the benchmarks' outside players (the `bench` extra), for `make install-bench`.
LOCK := $(VENV)/bin/pip-compile --quiet --generate-hashes --strip-extras --allow-unsafe --no-emit-index-url \
	--no-emit-find-links --upgrade

lock: $(PYTHON)
	$(PYTHON) -m pip install --quiet pip-tools
	$(LOCK) --output-file requirements/runtime.lock pyproject.toml requirements/any-3.11.in
	$(LOCK) --extra test --output-file requirements/test.lock pyproject.toml requirements/any-3.11.in
	$(LOCK) --extra test --extra bench --constraint requirements/test.lock --output-file requirements/bench.lock \
		pyproject.toml requirements/any-3.11.in
	$(LOCK) --only-build-deps --all-build-deps --output-file requirements/build.lock pyproject.toml

catalogs:
	$(PYTHON) -m words.compile

run:
	$(VENV)/bin/mahjong-bot run

lint:
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format:
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

types:
	$(VENV)/bin/mypy

test:
	$(PYTHON) -m pytest

e2e:
	$(PYTHON) -m pytest -m "e2e and not slow"

slow:
	$(PYTHON) -m pytest -m slow

check: lint types test e2e slow

bench:
	$(PYTHON) benchmarks/load.py --sizes 200 --duration 60 --warmup 10
