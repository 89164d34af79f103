# Tenbō — the two commands of the README: `make run` and `make test`.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: run test test-db test-postgres bench lint format migrate clean pure messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Re-install when the package's definition or the engine's sources change: the install compiles
# the engine with mypyc (setup.py) into scoring/engine/*.so, which must never be older than the
# code it was built from. TENBO_PURE=1 keeps the engine pure Python.
ENGINE := $(wildcard scoring/engine/*.py scoring/engine/*/*.py)

$(VENV)/.installed-run: pyproject.toml setup.py $(ENGINE) | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml setup.py $(ENGINE) | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test,bench]'
	touch $@ $(VENV)/.installed-run

migrate: $(VENV)/.installed-run
	$(BIN)/python manage.py migrate --noinput

# The translations, compiled from their .po files (the .mo files are build output, not kept in
# git): the site's (locale/<ll>/LC_MESSAGES/django.po) and the engine's
# (scoring/engine/locale/<ll>/LC_MESSAGES/engine.po; an installed package compiles its own,
# setup.py). Needs GNU gettext's msgfmt (Debian: gettext). docs/translating.md has the rest.
CATALOGUES := $(patsubst %.po,%.mo,$(wildcard locale/*/LC_MESSAGES/django.po \
	scoring/engine/locale/*/LC_MESSAGES/engine.po))

%.mo: %.po
	msgfmt --check-format -o $@ $<

# After marking strings or changing the engine's words: gather every message of both domains
# into every language's catalogues (then translate what came back new or fuzzy).
messages: $(VENV)/.installed-run
	$(BIN)/python -m tools.messages

run: migrate $(CATALOGUES)
	$(BIN)/python manage.py runserver 127.0.0.1:$(PORT)

# The tests run on every core this process may use (pytest-xdist: `-n auto` starts one worker
# per core), a test file's tests on one worker (`--dist loadfile`: a file's module-wide set-up
# is made once). `make test WORKERS=0` runs them all in this one process. Tests marked `alone`
# (tests/conftest.py) run after the others, by themselves (none there is no failure); the run
# fails if either part does.
WORKERS ?= auto
define pytest_twice
	DJANGO_ALLOW_ASYNC_UNSAFE=true $(BIN)/pytest -n $(WORKERS) --dist loadfile -m "not alone" $(1); \
	others=$$?; DJANGO_ALLOW_ASYNC_UNSAFE=true $(BIN)/pytest -n 0 -m alone $(1); \
	alone=$$?; [ $$alone -eq 5 ] && alone=0; [ $$others -ne 0 ] && exit $$others; exit $$alone
endef

test: $(VENV)/.installed-test $(CATALOGUES)
	$(BIN)/ruff check .
	$(BIN)/mypy scoring/engine scoring/gamelog
	$(call pytest_twice,)

# The tests that touch the database (models, views, the concurrency tests against a live
# server), on the database DATABASE_URL names; the engine's need none, and the browser tests
# (which check pages, not the database) run on SQLite in `make test`.
test-db: $(VENV)/.installed-test $(CATALOGUES)
	$(call pytest_twice,--ignore=tests/engine --ignore=tests/e2e -p no:cacheprovider)

# test-db on a throw-away PostgreSQL cluster (needs Debian's postgresql package), as CI runs it.
test-postgres: $(VENV)/.installed-test
	bash .ci/postgres $(MAKE) test-db

# The benchmarks (bench/, docs/benchmarks.md): never a test, they print figures. With OLD set
# (`make bench OLD=cffb83c`, or several: OLD="cffb83c 2546bc4") this tree's load check and
# engine are measured beside each older commit's in turn, each built apart in /tmp.
bench: $(VENV)/.installed-test $(CATALOGUES)
ifdef OLD
	$(BIN)/python -m bench.compare $(foreach commit,$(OLD),--old $(commit))
else
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.pages
	$(BIN)/python -m bench.load
	$(BIN)/python -m bench.site
endif

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.installed-test
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# The engine as pure Python (compiled copies removed): a quick loop while changing it with
# .venv/bin/pytest. The next make run/test/bench compiles it again.
pure: | $(BIN)/python
	TENBO_PURE=1 $(BIN)/pip install --quiet --no-deps -e .
	rm -f $(VENV)/.installed-run $(VENV)/.installed-test

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
	rm -f scoring/engine/*.so scoring/engine/*/*.so tenbo_engine__mypyc*.so
