"""The production checks and migrations, run as a deployer would run them."""

import secrets
import subprocess
import sys

from tests.helpers import ROOT, base_env


def manage(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base_env(), **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_it_passes_the_deploy_checks_in_production_mode():
    env = {
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(60),
        "DJANGO_ALLOWED_HOSTS": "example.org",
    }
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_it_has_no_missing_migrations():
    result = manage("makemigrations", "--check", "--dry-run")
    assert result.returncode == 0, result.stdout + result.stderr


def database_in_use(env: dict[str, str]) -> str:
    code = "from django.db import connection as c; print(c.vendor, c.settings_dict['NAME'])"
    result = manage("shell", "-c", code, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout.strip().splitlines()[-1]  # after "N objects imported automatically"


def test_it_uses_postgresql_when_database_url_is_set():
    url = "postgres://tenbo:secret@db.example.org:5432/tenbo"
    assert database_in_use({"DATABASE_URL": url}) == "postgresql tenbo"


def test_it_uses_a_sqlite_file_by_default():
    assert database_in_use({}) == f"sqlite {ROOT / 'db.sqlite3'}"


def test_it_runs_sqlite_in_wal_mode_with_immediate_transactions():
    code = (
        "from django.db import connection as c; c.ensure_connection(); cur = c.cursor();"
        "cur.execute('PRAGMA journal_mode'); print(cur.fetchone()[0],"
        " c.settings_dict['OPTIONS']['transaction_mode'])"
    )
    result = manage("shell", "-c", code)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().splitlines()[-1] == "wal IMMEDIATE"
