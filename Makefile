# The README's two commands: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: setup demo test bench lint

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@

setup: $(VENV)/.installed

test: setup
	$(BIN)/python -m pytest

bench: setup
	$(BIN)/python -m kolkhoz_core bench --games 2000

lint: setup
	$(BIN)/ruff check kolkhoz_core
	$(BIN)/mypy
