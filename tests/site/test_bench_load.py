"""`make bench`'s load check is not a test, but it must keep running: a few learners for a few
seconds on their own gunicorn and database, every kind of request answered without an error;
and the deployment it starts is the one the docs give."""

import json
from pathlib import Path

from bench import load
from bench.builds import deployment


def test_the_load_check_asks_answers_and_looks_up_without_errors(capsys):
    assert load.main(["--learners", "3", "--seconds", "3", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["answered"] > 0 and result["rate"] > 0
    assert all(result["requests"][kind] > 0 for kind in load.KINDS)
    assert result["errors"] == dict.fromkeys(load.KINDS, 0)
    assert result["command"].startswith("gunicorn quizsite.wsgi")


def test_the_load_check_deploys_as_the_docs_say(tmp_path: Path):
    (tmp_path / "README.md").write_text(
        "Run it:\n\n```sh\n.venv/bin/gunicorn quizsite.wsgi --workers 5 --bind 127.0.0.1:8000\n"
        "```\n\ngunicorn bound to a socket (`--bind unix:/run/x.sock`) and quizsite.wsgi\n"
    )
    assert deployment(tmp_path) == ["quizsite.wsgi", "--workers", "5"]
    assert deployment(tmp_path / "nowhere") == ["quizsite.wsgi", "--workers", "3"]
