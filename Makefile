# The README's two commands: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: setup demo test bench bench-store lint lock

DEMO_HOST ?= 127.0.0.1
DEMO_PORT ?= 8000
DEMO_GAMES ?= 1
DEMO_SEED ?= 1

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Installs the exact versions pinned in constraints.txt (what CI installs).
$(VENV)/.installed: pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[dev]'
	touch $@

setup: $(VENV)/.installed

# Re-pins constraints.txt: the newest versions pyproject.toml allows, resolved in a
# throwaway virtualenv (README, settings, "The pinned versions"). Then run `make test`.
LOCK_VENV ?= /tmp/kolkhoz-lock-venv
lock:
	rm -rf $(LOCK_VENV) && $(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install -q --upgrade pip
	$(LOCK_VENV)/bin/python -m pip install -q -e '.[dev]'
	{ sed -n '/^#/p' constraints.txt; $(LOCK_VENV)/bin/python -m pip freeze --exclude-editable; } \
	    > constraints.txt.new && mv constraints.txt.new constraints.txt
	rm -rf $(LOCK_VENV)

# The demo and the benchmarks run the production settings (DEBUG off) on the loopback over
# plain HTTP: a secret key of their own, generated once into var/ (never committed), and
# SECURE_HTTPS=false. A SECRET_KEY or SECURE_HTTPS in the environment takes precedence.
LOCAL_KEY := $(CURDIR)/var/secret_key
LOCAL_TARGETS := demo bench bench-store bench-engine bench-load bench-league bench-memory bench-stream serve-asgi
$(LOCAL_TARGETS): export SECRET_KEY_FILE ?= $(LOCAL_KEY)
$(LOCAL_TARGETS): export SECURE_HTTPS ?= false
# The demo serves its static files as collected (each with a gzipped copy), not from the apps.
demo: export WHITENOISE_USE_FINDERS ?= false

$(LOCAL_KEY):
	mkdir -p $(dir $@)
	umask 077 && $(PYTHON) -c "import secrets; print(secrets.token_urlsafe(50))" > $@

# Sets everything up on the embedded default (SQLite under var/), stores a handful
# of seeded bot games, prints the URL and serves the site (Ctrl-C to stop).
demo: setup $(LOCAL_KEY)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput -v 0
	$(BIN)/python manage.py run_league --preset kolkhoz --bots 8 --format swiss --rounds 3 --seed $(DEMO_SEED)
	$(BIN)/python manage.py run_league --game gongzhu --bots 8 --format swiss --rounds 3 --seed $(DEMO_SEED)
	$(BIN)/python manage.py seed_demo --games $(DEMO_GAMES)
	@echo
	@echo "Kolkhoz Platform: open http://$(DEMO_HOST):$(DEMO_PORT)/  (API docs: http://$(DEMO_HOST):$(DEMO_PORT)/api/docs/)"
	@echo
	$(BIN)/gunicorn config.wsgi:application --bind $(DEMO_HOST):$(DEMO_PORT) --workers 2 --threads 8 --access-logfile -

# The same site under uvicorn (ASGI, config/asgi.py), as docker-compose serves it: a live
# stream waits without a thread (gunicorn above: one thread per waiting stream, 16 in all).
serve-asgi: setup $(LOCAL_KEY)
	$(BIN)/uvicorn config.asgi:application --host $(DEMO_HOST) --port $(DEMO_PORT) --workers 2 --no-proxy-headers

# The import contracts first (pyproject.toml [tool.importlinter], docs/architecture.md):
# a layer imports only the layers below it, and no package has an import cycle.
test: setup
	$(BIN)/lint-imports
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: setup $(LOCAL_KEY)
	$(BIN)/python -m kolkhoz_core bench --games 2000

# The store's benchmark (benchmarks/README.md): append throughput into PostgreSQL,
# frames latency against gunicorn.
bench-store: setup $(LOCAL_KEY)
	$(BIN)/python benchmarks/store_bench.py

lint: setup
	$(BIN)/ruff check kolkhoz_core gongzhu_core korova_core arne_core gamekit
	$(BIN)/mypy

# The whole platform's benchmarks (benchmarks/README.md, figures in benchmarks/RESULTS.md).
# Loopback only, bounded in count and time. BENCH_DATABASE_URL / DATABASE_URL name the
# PostgreSQL database (kolkhoz_bench by default), CELERY_BROKER_URL the Redis broker.
BENCH_DB ?= postgres://postgres@127.0.0.1:5432/kolkhoz_bench
BENCH_BROKER ?= redis://127.0.0.1:6379/12
BENCH_REDIS ?= redis://127.0.0.1:6379/13

.PHONY: bench-engine bench-load bench-league bench-memory bench-stream bench-all serve-asgi

bench-engine: setup $(LOCAL_KEY)
	$(BIN)/python -m kolkhoz_core bench --games 2000 --quiet

bench-load: setup $(LOCAL_KEY)
	BENCH_DATABASE_URL=$(BENCH_DB) $(BIN)/python benchmarks/load_bench.py --connections 8 --duration 10

bench-league: setup $(LOCAL_KEY)
	for w in 1 2; do DATABASE_URL=$(BENCH_DB) CELERY_BROKER_URL=$(BENCH_BROKER) \
	    $(BIN)/python benchmarks/league_bench.py --workers $$w --bots 160 --rounds 3; done

bench-memory: setup $(LOCAL_KEY)
	DATABASE_URL=$(BENCH_DB) CELERY_BROKER_URL=$(BENCH_BROKER) \
	    $(BIN)/python benchmarks/memory_bench.py --games 1000

# 1,000 spectators and 10 seat holders on one live Korova table under uvicorn (60 s).
bench-stream: setup $(LOCAL_KEY)
	BENCH_DATABASE_URL=$(BENCH_DB) REDIS_URL=$(BENCH_REDIS) $(BIN)/python benchmarks/stream_bench.py --spectators 1000 --duration 60 --rate 3 --workers 2

bench-all: bench-engine bench-store bench-load bench-league bench-memory bench-stream
