"""The command line: `python -m scoring points ...` and `python -m scoring score ...`."""

from __future__ import annotations

import doctest
import io
import json
import os
import subprocess
import sys

import pytest

from scoring import cli
from scoring.cli import main
from tests.engine.challenge import CHALLENGE
from tests.helpers import ROOT, run_cli


def points_argv(han: int, fu: int, dealer: bool, tsumo: bool) -> list[str]:
    flags = ["--dealer"] * dealer + ["--tsumo"] * tsumo
    return ["points", str(han), str(fu), *flags]


@pytest.mark.parametrize(("han", "fu", "dealer", "tsumo", "line"), CHALLENGE)
def test_it_prints_the_coding_challenge_line(capsys, han, fu, dealer, tsumo, line):
    assert main(points_argv(han, fu, dealer, tsumo)) == 0
    assert capsys.readouterr().out == line + "\n"


@pytest.mark.parametrize(("han", "fu", "dealer", "tsumo", "line"), CHALLENGE[:4])
def test_it_runs_as_a_module(han, fu, dealer, tsumo, line):
    done = run_cli(*points_argv(han, fu, dealer, tsumo))
    assert (done.returncode, done.stdout, done.stderr) == (0, line + "\n", "")


def test_it_never_imports_django():
    code = (
        "import sys\n"
        "from scoring.cli import main\n"
        "main(['points', '3', '30', '--explain'])\n"
        'main([\'score\', \'{"hand": "123456789m11z234s", "win": "4s"}\', \'--explain\'])\n'
        "assert not [m for m in sys.modules if m.split('.')[0] == 'django'], 'django imported'\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO")}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        # 3 han 30 fu non-dealer tsumo: basic 960; dealer 1920 → 2000, others 960 → 1000;
        # 2 honba add 100 × 2 to each payment; 1 deposit adds 1000 to the winner.
        (["3", "30", "--tsumo", "--honba", "2", "--sticks", "1"], "+5600/-2200/-1200/-1200"),
        # 2 han 30 fu dealer ron: 480 × 6 = 2880 → 2900, + 300 for 1 honba.
        (["2", "30", "--dealer", "--honba", "1"], "+3200/-3200/0/0"),
        # Kiriage: 4 han 30 fu is 1920 basic points, rounded up to a mangan (2000).
        (["4", "30", "--rules", "mleague"], "+8000/-8000/0/0"),
        (["4", "30", "--rules", "mahjongsoul"], "+7700/-7700/0/0"),
        (["4", "30", "--rules", '{"preset": "tenhou", "kiriage": true}'], "+8000/-8000/0/0"),
        # 13 han: a counted yakuman (8000 basic) by default, a sanbaiman (6000) under WRC.
        (["13", "30"], "+32000/-32000/0/0"),
        (["13", "30", "--rules", "wrc"], "+24000/-24000/0/0"),
        # The edges of the fu domain are accepted.
        (["2", "110"], "+7100/-7100/0/0"),  # 110 × 16 = 1760, × 4 = 7040 → 7100
        (["3", "130"], "+8000/-8000/0/0"),  # 130 × 32 = 4160: capped at a mangan
        (["2", "25", "--tsumo"], "+1600/-800/-400/-400"),  # 25 × 16 = 400
        # From 5 han the fu do not count and may be left blank, as on the web: a haneman.
        (["6", ""], "+12000/-12000/0/0"),
    ],
)
def test_it_applies_honba_deposits_and_rules(capsys, argv, line):
    assert main(["points", *argv]) == 0
    assert capsys.readouterr().out == line + "\n"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["0", "30"], "han must be at least 1: a hand needs a yaku to win, not 0"),
        (["14", "30"], "han must be from 1 to 13 (13 stands for 13 or more), not 14"),
        (
            ["three", "30"],
            "han must be a whole number from 1 to 13 (13 stands for 13 or more), not 'three'",
        ),
        (["3", "23"], "fu must be 25 or an even number from 20 to 130, not 23"),
        (["3", "18"], "fu must be 25 or an even number from 20 to 130, not 18"),
        (["3", "132"], "fu must be 25 or an even number from 20 to 130, not 132"),
        (["3", "2.5"], "fu must be a whole number, such as 30, not '2.5'"),
        (["2", "120"], "fu is at most 110 with 2 han, not 120"),
        (["1", "112"], "fu is at most 110 with 1 han, not 112"),
        (["4", ""], "fu is needed below 5 han (from 5 han up the fu do not count)"),
        (["3", "30", "--honba", "-1"], "--honba must be from 0 to 99, not -1"),
        (["3", "30", "--sticks", "100"], "--sticks must be from 0 to 99, not 100"),
        (
            ["3", "30", "--honba", "9" * 5000],
            "--honba must be a whole number, not '99999999999999999...'",
        ),
        (["3", "30", "--sticks", "x"], "--sticks must be a whole number, not 'x'"),
        (
            ["3", "30", "--rules", "nosuch"],
            "unknown rules preset 'nosuch': choose one of mahjongsoul, tenhou, mleague, wrc, ema",
        ),
        (["3", "30", "--rules", "{kiriage}"], "--rules is not valid JSON"),
    ],
)
def test_it_rejects_bad_numbers_with_a_json_error_line(capsys, argv, message):
    assert main(["points", *argv]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    assert json.loads(out)["error"].startswith(message)


@pytest.mark.parametrize(
    "argv",
    [[], ["points"], ["points", "3"], ["points", "3", "30", "--bogus"], ["frobnicate"]],
)
def test_it_leaves_usage_mistakes_to_argparse(argv):
    done = run_cli(*argv)
    assert done.returncode == 2
    assert "usage: python -m scoring" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["1", "20", "--tsumo"], "20 fu is only a pinfu tsumo, which is already 2 han"),
        (["1", "25"], "25 fu is seven pairs, which is already 2 han"),
        (["2", "20"], "20 fu is only a pinfu tsumo: a ron on a closed hand adds 10 fu"),
        (["2", "25", "--tsumo"], "seven pairs by tsumo adds menzen tsumo: at least 3 han"),
    ],
)
def test_it_flags_a_hand_that_cannot_exist_but_still_computes_it(capsys, argv, reason):
    assert main(["points", *argv, "--explain"]) == 0
    first, *rest = capsys.readouterr().out.splitlines()
    assert first.startswith("+")
    notes = [line for line in rest if line.startswith("note: no real hand scores this")]
    assert len(notes) == 1 and reason in notes[0]


def test_it_explains_the_arithmetic(capsys):
    assert main(["points", "1", "22", "--tsumo", "--explain"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "+1100/-500/-300/-300",
        "1 han 22 fu, non-dealer tsumo, mahjongsoul rules",
        "- 22 fu rounds up to 30 fu",
        "- basic points = fu × 2^(2 + han) = 30 × 2^3 = 240",
        "- the dealer pays 240 × 2 = 480, rounded up to 500",
        "- each non-dealer pays 240 × 1 = 240, rounded up to 300",
        "- the winner gains 500 + 300 × 2 = 1100",
    ]


def test_it_explains_a_limit_without_fu(capsys):
    assert main(["points", "6", "", "--explain"]) == 0
    assert capsys.readouterr().out.splitlines()[1] == "6 han, non-dealer ron, mahjongsoul rules"


def test_it_does_not_flag_a_possible_hand(capsys):
    assert main(["points", "2", "30", "--explain"]) == 0
    assert "note:" not in capsys.readouterr().out


def test_it_answers_bad_json_with_an_error_line(capsys):
    assert main(["score", "{not json"]) == 1
    answer = json.loads(capsys.readouterr().out)
    assert answer["error"].startswith("the request is not valid JSON")


def test_it_wants_either_a_request_or_jsonl():
    done = run_cli("score")
    assert done.returncode == 2
    assert "score takes either one JSON request or --jsonl" in done.stderr


# Whole hands. Riichi + ittsu (2) = 3 han; fu 20 + 10 closed ron + 2 for the pair of East,
# the round wind (seat S by default) = 32 → 40; 40 × 2^5 = 1280, × 4 = 5120 → 5200.
ITTSU = {"hand": "123456789m11z234s", "win": "4s", "flags": ["riichi"]}
# The same hand by tsumo with 1 honba: + menzen tsumo = 4 han; fu 20 + 2 pair + 2 tsumo = 24
# → 30; 30 × 2^6 = 1920: the dealer pays 3840 → 3900 + 100, the others 1920 → 2000 + 100.
ITTSU_TSUMO = {**ITTSU, "tsumo": True, "honba": 1}
# Read as 22p 345p 345p 678p 678p won on 8p (two-sided): chinitsu 6 + ryanpeikou 3 + tanyao 1
# + pinfu 1 + menzen tsumo 1 = 12 han, a sanbaiman (6000): the dealer gets 12000 from each.
CHINITSU = {"hand": "22334455667788p", "win": "8p", "seat": "E", "tsumo": True}
NOT_IN_HAND = {"hand": "123m456p789s11z234s", "win": "5s"}


@pytest.mark.parametrize(
    ("request_", "han", "fu", "deltas"),
    [
        (ITTSU, 3, 40, [5200, -5200, 0, 0]),
        (ITTSU_TSUMO, 4, 30, [8200, -4000, -2100, -2100]),
        (CHINITSU, 12, 20, [36000, -12000, -12000, -12000]),
    ],
)
def test_it_scores_one_request(capsys, request_, han, fu, deltas):
    assert main(["score", json.dumps(request_)]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert (answer["han"], answer["fu"], answer["deltas"]) == (han, fu, deltas)


def test_it_answers_a_bad_hand_with_an_error_line_and_status_1(capsys):
    assert main(["score", json.dumps(NOT_IN_HAND)]) == 1
    assert json.loads(capsys.readouterr().out) == {"error": "win tile 5s is not in the hand"}


def test_it_explains_a_hand_for_a_person(capsys):
    assert main(["score", json.dumps(ITTSU_TSUMO), "--explain"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "4 han 30 fu: +8200/-4000/-2100/-2100"
    assert "- 24 fu rounds up to 30 fu" in lines
    assert "- the winner gains 4000 + 2100 × 2 = 8200" in lines


def test_it_answers_briefly_with_the_facts_of_the_full_answer(capsys):
    assert main(["score", json.dumps(ITTSU_TSUMO), "--brief"]) == 0
    brief = json.loads(capsys.readouterr().out)
    assert main(["score", json.dumps(ITTSU_TSUMO)]) == 0
    full = json.loads(capsys.readouterr().out)
    assert brief == {key: full[key] for key in brief}
    assert brief["deltas"] == [8200, -4000, -2100, -2100]
    assert not {"steps", "reading", "readings", "fu_items", "dora"} & brief.keys()


def test_it_answers_jsonl_briefly(capsys, monkeypatch):
    lines = [json.dumps(ITTSU), json.dumps(NOT_IN_HAND), json.dumps(CHINITSU)]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["score", "--jsonl", "--brief"]) == 1
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [a.get("total") for a in out] == [5200, None, 36000]
    assert out[1] == {"error": "win tile 5s is not in the hand"}
    assert "steps" not in out[0]


def test_it_scores_jsonl_in_order_and_fails_if_any_line_failed(capsys, monkeypatch):
    lines = [json.dumps(ITTSU), "", "{oops", json.dumps(NOT_IN_HAND), json.dumps(CHINITSU)]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["score", "--jsonl"]) == 1
    out = capsys.readouterr().out.split("\n")
    assert len(out) == len(lines) + 1 and out[-1] == ""  # one line out per line in
    assert json.loads(out[0])["deltas"] == [5200, -5200, 0, 0]
    assert out[1] == ""  # a blank line in is a blank line out, not an error
    assert json.loads(out[2])["error"].startswith("the request is not valid JSON")
    assert json.loads(out[3]) == {"error": "win tile 5s is not in the hand"}
    assert json.loads(out[4])["total"] == 36000


def test_it_exits_0_when_every_line_scored():
    stdin = "\n".join(json.dumps(r) for r in (ITTSU, ITTSU_TSUMO, CHINITSU)) + "\n"
    done = run_cli("score", "--jsonl", stdin=stdin)
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["total"] for line in done.stdout.splitlines()] == [5200, 8200, 36000]


def test_it_never_shows_a_traceback_for_bad_input():
    done = run_cli("score", "--jsonl", stdin='[]\n"hand"\n{"hand": 5, "win": null}\n\x00\n')
    assert done.returncode == 1
    assert done.stderr == ""
    assert all("error" in json.loads(line) for line in done.stdout.splitlines())


def documented_points_examples() -> list[tuple[list[str], str]]:
    """The `$ python -m scoring points ...` lines of the engine doc's command line section and
    their output."""
    section = (ROOT / "docs" / "engine.md").read_text().split("\n## Command line\n")[1]
    section = section.split("\n## ")[0]
    lines = section.splitlines()
    prompt = "$ python -m scoring "
    return [
        (line.removeprefix(prompt).split(), lines[i + 1])
        for i, line in enumerate(lines)
        if line.startswith(prompt + "points")
    ]


def test_the_engine_doc_shows_what_the_cli_prints(capsys):
    examples = documented_points_examples()
    assert len(examples) >= 5
    for argv, expected in examples:
        main(argv)
        assert capsys.readouterr().out.strip() == expected, argv


def test_the_docstring_examples_hold():
    results = doctest.testmod(cli)
    assert results.attempted >= 1 and results.failed == 0


@pytest.mark.parametrize(("han", "fu", "dealer", "tsumo", "line"), CHALLENGE)
@pytest.mark.parametrize("wind", ["E", "S", "W", "N", "e"])
def test_the_seat_wind_in_place_of_the_dealer_flag(capsys, han, fu, dealer, tsumo, line, wind):
    # East is the dealer: every challenge case with a dealer flag gives the same line with the
    # seat wind that says it, and another line with a seat wind that says the opposite.
    argv = ["points", str(han), str(fu), "--seat", wind, *["--tsumo"] * tsumo]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert (out == line + "\n") is (dealer == (wind.upper() == "E"))


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--seat", "S", "--dealer"], "the seat wind S is not the dealer's (East)"),
        (["--seat", "X"], "the seat wind is E, S, W or N, not 'X'"),
    ],
)
def test_a_bad_or_contradicting_seat_is_a_json_error(capsys, argv, message):
    assert main(["points", "3", "30", *argv]) == 1
    assert json.loads(capsys.readouterr().out)["error"].startswith(message)
