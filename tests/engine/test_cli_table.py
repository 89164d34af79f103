"""The command line's `settle` and `final`: the API's JSON in and out, errors as JSON on
stdout with exit status 1."""

from __future__ import annotations

import json

import pytest

from scoring.cli import main
from scoring.engine import final_json, settle_json
from tests.helpers import run_cli

SETTLE = {
    "rules": "tenhou",
    "scores": [25000, 25000, 25000, 25000],
    "dealer": 0,
    "end": {"kind": "tsumo", "win": {"seat": 2, "han": 4, "fu": 30}},
}
FINAL = {"rules": "tenhou", "scores": [42000, 28000, 18000, 12000]}


@pytest.mark.parametrize(
    "command, request_, answer", [("settle", SETTLE, settle_json), ("final", FINAL, final_json)]
)
def test_it_answers_the_apis_json(capsys, command, request_, answer):
    assert main([command, json.dumps(request_)]) == 0
    assert json.loads(capsys.readouterr().out) == answer(request_)


def test_it_reads_the_request_from_stdin_in_a_fresh_interpreter():
    done = run_cli("final", stdin=json.dumps(FINAL))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["points"] == [52.0, 8.0, -22.0, -38.0]


def test_it_explains_the_steps(capsys):
    assert main(["settle", json.dumps(SETTLE), "--explain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("score changes by seat: -3900 -2000 +7900 -2000")
    assert "- next hand: East 2, 0 honba" in out


@pytest.mark.parametrize(
    "command, text, says",
    [
        ("settle", json.dumps(SETTLE | {"dealer": 9}), '"dealer" must be a seat'),
        ("settle", "{", "not valid JSON"),
        ("final", json.dumps(FINAL | {"scores": [100, 200, 300, 400]}), "add up to 1000"),
    ],
)
def test_errors_are_json_on_stdout_with_status_1(capsys, command, text, says):
    assert main([command, text]) == 1
    assert says in json.loads(capsys.readouterr().out)["error"]
