# The README's two commands: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: setup demo test bench bench-store lint

DEMO_HOST ?= 127.0.0.1
DEMO_PORT ?= 8000
DEMO_GAMES ?= 3
DEMO_SEED ?= 1

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@

setup: $(VENV)/.installed

# Sets everything up on the embedded default (SQLite under var/), stores a handful
# of seeded bot games, prints the URL and serves the site (Ctrl-C to stop).
demo: setup
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py run_league --preset kolkhoz --bots 8 --format swiss --rounds 3 --seed $(DEMO_SEED)
	$(BIN)/python manage.py seed_demo --games $(DEMO_GAMES)
	@echo
	@echo "Kolkhoz Platform: open http://$(DEMO_HOST):$(DEMO_PORT)/  (API docs: http://$(DEMO_HOST):$(DEMO_PORT)/api/docs/)"
	@echo
	$(BIN)/gunicorn config.wsgi:application --bind $(DEMO_HOST):$(DEMO_PORT) --workers 2 --threads 8 --access-logfile -

test: setup
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: setup
	$(BIN)/python -m kolkhoz_core bench --games 2000

# The store's benchmark (benchmarks/README.md): append throughput into PostgreSQL,
# frames latency against gunicorn.
bench-store: setup
	$(BIN)/python benchmarks/store_bench.py

lint: setup
	$(BIN)/ruff check kolkhoz_core
	$(BIN)/mypy

# The whole platform's benchmarks (benchmarks/README.md, figures in benchmarks/RESULTS.md).
# Loopback only, bounded in count and time. BENCH_DATABASE_URL / DATABASE_URL name the
# PostgreSQL database (kolkhoz_bench by default), CELERY_BROKER_URL the Redis broker.
BENCH_DB ?= postgres://postgres@127.0.0.1:5432/kolkhoz_bench
BENCH_BROKER ?= redis://127.0.0.1:6379/12

.PHONY: bench-engine bench-load bench-league bench-memory bench-all

bench-engine: setup
	$(BIN)/python -m kolkhoz_core bench --games 2000 --quiet

bench-load: setup
	BENCH_DATABASE_URL=$(BENCH_DB) $(BIN)/python benchmarks/load_bench.py --connections 8 --duration 10

bench-league: setup
	for w in 1 2; do DATABASE_URL=$(BENCH_DB) CELERY_BROKER_URL=$(BENCH_BROKER) \
	    $(BIN)/python benchmarks/league_bench.py --workers $$w --bots 160 --rounds 3; done

bench-memory: setup
	DATABASE_URL=$(BENCH_DB) CELERY_BROKER_URL=$(BENCH_BROKER) \
	    $(BIN)/python benchmarks/memory_bench.py --games 1000

bench-all: bench-engine bench-store bench-load bench-league bench-memory
