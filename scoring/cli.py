"""The command line: payments from han and fu, and whole hands scored from JSON.

`python -m scoring points HAN FU` prints the coding challenge's line, winner first:

>>> main(["points", "4", "24", "--dealer", "--tsumo"])
+11700/-3900/-3900/-3900
0

`python -m scoring score '<json>'` scores one request; `score --jsonl` scores one request per
line of stdin and writes one answer per line, in order; `--brief` answers with the facts only
(no reading, fu items, readings or steps: the fast path). Errors are answers too: one JSON line
`{"error": "..."}` on stdout, in the place of the answer, and exit status 1. Usage mistakes
(an unknown option, a missing argument) are argparse's: a message on stderr and status 2.

`python -m scoring settle '<json>'` settles one hand's end at the table and `python -m scoring
final '<json>'` works out final scores, from the JSON `POST /api/v1/settle` and
`POST /api/v1/final` take (read from stdin when no argument is given); they answer the API's
JSON on one line, or with `--explain` the steps for a person.

`--lang ja` (on every command; `en` is the default) words the explanation in Japanese: the
steps, yaku names, fu items and readings, in the JSON and with `--explain`; the keys stay
English. Any other language is an error like the others (`{"error": ...}`, status 1).

Only the engine is imported here, never Django: the CLI works without Django settings.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from scoring.engine import (
    RuleSet,
    ScoringError,
    final_json,
    format_deltas,
    parse_rules,
    score_json,
    score_text,
    settle,
    settle_json,
    words,
)
from scoring.engine.errors import shorten
from scoring.engine.explain import settlement_steps
from scoring.engine.payment import MAX_COUNTERS, Settlement, impossible_reason
from scoring.engine.payment import WORDS as LIMIT_WORDS
from scoring.han_fu import dealer_from_seat, parse_fu, parse_han

Answer = dict[str, Any]

# The command line's own lines around the engine's steps, per language.
WORDS = words.Catalogue(
    "cli",
    {
        "head": "{han} han{fu}, {who} {how}, {rules} rules",
        "fu": " {fu} fu",
        "dealer": "dealer",
        "non_dealer": "non-dealer",
        "tsumo": "tsumo",
        "ron": "ron",
        "impossible": "note: no real hand scores this ({reason}); the arithmetic still holds",
        "answer_head": "{han} han {fu} fu{limit}: {deltas}",
        "limit": ", {limit}",
        "deltas": "score changes by seat: {deltas}",
        "points": "final points by seat: {points}",
    },
)


def say(key: str, /, **fields: object) -> str:
    return words.phrase(WORDS, key, **fields)


def check_language(code: str) -> str:
    """`--lang`: one of the engine's languages, exactly."""
    if code not in words.LANGUAGES:
        raise ScoringError(
            f"--lang must be one of {', '.join(words.LANGUAGES)}, not {shorten(code)!r}"
        )
    return code


# ---- points ---------------------------------------------------------------------------------


def parse_count(text: str, name: str) -> int:
    """`--honba` and `--sticks`: a whole number from 0 to MAX_COUNTERS."""
    count = parse_int(text, name)
    if not 0 <= count <= MAX_COUNTERS:
        raise ScoringError(f"{name} must be from 0 to {MAX_COUNTERS}, not {shorten(text)}")
    return count


def parse_int(text: str, name: str) -> int:
    try:
        return int(text)
    except ValueError:  # not a number, or too many digits to read
        raise ScoringError(f"{name} must be a whole number, not {shorten(text)!r}") from None


def parse_rules_option(text: str) -> RuleSet:
    """`--rules`: a preset name, or a JSON object like `{"preset": "tenhou", "kiriage": true}`."""
    if not text.lstrip().startswith("{"):
        return parse_rules(text)
    try:
        return parse_rules(json.loads(text))
    except json.JSONDecodeError as e:
        raise ScoringError(f"--rules is not valid JSON: {e.msg} (column {e.colno})") from None


def run_points(args: argparse.Namespace) -> int:
    han = parse_han(args.han)
    fu = parse_fu(args.fu, han=han)
    rules = parse_rules_option(args.rules)
    dealer = args.dealer
    if args.seat is not None:
        dealer = dealer_from_seat(args.seat, dealer=args.dealer or None)
    settlement = settle(
        han,
        fu or 0,  # blank only from 5 han, where the fu do not count
        dealer=dealer,
        tsumo=args.tsumo,
        honba=parse_count(args.honba, "--honba"),
        sticks=parse_count(args.sticks, "--sticks"),
        rules=rules,
    )
    print(format_deltas(settlement.deltas))
    if args.explain:
        print(explain_points(settlement, rules=rules))
    return 0


def explain_points(settlement: Settlement, *, rules: RuleSet) -> str:
    """The settlement's steps for a person, with a warning when no real hand scores this."""
    b = settlement.basic
    who = say("dealer" if settlement.dealer else "non_dealer")
    how = say("tsumo" if settlement.tsumo else "ron")
    fu = say("fu", fu=b.fu) if b.fu else ""
    lines = [say("head", han=b.han, fu=fu, who=who, how=how, rules=rules.name)]
    reason = impossible_reason(b.han, b.fu, tsumo=settlement.tsumo, rules=rules)
    if reason:
        lines.append(say("impossible", reason=reason))
    lines += [f"- {step.text}" for step in settlement_steps(settlement)]
    return "\n".join(lines)


# ---- score ----------------------------------------------------------------------------------


def answer_text(text: str, *, brief: bool = False) -> str:
    """The answer to one request given as JSON text, as one line of JSON: the engine's answer
    or `{"error": ...}`; `brief` leaves out the explanation (and writes the answer straight
    to JSON text: `score_text`, the fast path)."""
    try:
        request = json.loads(text)
    except json.JSONDecodeError as e:
        return json.dumps({"error": f"the request is not valid JSON: {e.msg} (column {e.colno})"})
    try:
        if not brief and words.current() != words.DEFAULT:  # its own letters, not \u escapes
            return json.dumps(score_json(request), ensure_ascii=False)
        return score_text(request, explain=not brief)
    except Exception as e:  # noqa: BLE001 — a batch must go on, and never show a traceback
        return json.dumps({"error": f"the engine failed on this request ({type(e).__name__}: {e})"})


def is_error(answer: str) -> bool:
    return answer.startswith('{"error": ')


def render(answer: str, *, explain: bool) -> str:
    """The JSON line, or with `explain` the answer's steps for a person."""
    if not explain or is_error(answer):
        return answer
    return explain_answer(json.loads(answer))


def explain_answer(answer: Answer) -> str:
    """`4 han 30 fu: +8200/-4000/-2100/-2100`, then each step on its own line."""
    limit = ""
    if answer["limit"]:
        limit = say("limit", limit=words.word(LIMIT_WORDS, f"name_{answer['limit']}"))
    deltas = format_deltas(answer["deltas"])
    head = say("answer_head", han=answer["han"], fu=answer["fu"], limit=limit, deltas=deltas)
    return "\n".join([head, *(f"- {step['text']}" for step in answer["steps"])])


def score_lines(lines: Iterable[str], *, explain: bool, brief: bool = False) -> int:
    """Answer each line in order; a blank line in gives a blank line out (not an error)."""
    failed = 0
    for line in lines:
        if not line.strip():
            print(flush=True)
            continue
        answer = answer_text(line, brief=brief)
        failed += is_error(answer)
        print(render(answer, explain=explain), flush=True)
        if explain:
            print()
    return 1 if failed else 0


def run_score(args: argparse.Namespace) -> int:
    if args.jsonl:
        return score_lines(sys.stdin, explain=args.explain, brief=args.brief)
    answer = answer_text(args.request, brief=args.brief)
    print(render(answer, explain=args.explain))
    return 1 if is_error(answer) else 0


# ---- settle and final -----------------------------------------------------------------------

TABLE_ANSWERS = {"settle": settle_json, "final": final_json}


def run_table(args: argparse.Namespace) -> int:
    text = args.request if args.request is not None else sys.stdin.read()
    try:
        request = json.loads(text)
    except json.JSONDecodeError as e:
        raise ScoringError(f"the request is not valid JSON: {e.msg} (column {e.colno})") from None
    except RecursionError:
        raise ScoringError("the request is not valid JSON: it is nested too deeply") from None
    answer = TABLE_ANSWERS[args.command](request)
    if "error" in answer:
        print(json.dumps({"error": answer["error"]}))
        return 1
    if args.explain:
        print(explain_table(answer))
    else:
        print(json.dumps(answer, ensure_ascii=False))
    return 0


def explain_table(answer: Answer) -> str:
    """The head line (score changes, or final points), then each step on its own line."""
    if "deltas" in answer:
        head = say("deltas", deltas=" ".join(f"{d:+d}" if d else "0" for d in answer["deltas"]))
    else:
        head = say("points", points=" ".join(f"{p:+.1f}" for p in answer["points"]))
    return "\n".join([head, *(f"- {step['text']}" for step in answer["steps"])])


# ---- the parser -----------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m scoring",
        description="Riichi mahjong scoring from the command line (no Django needed).",
        epilog='Errors are printed as one JSON line {"error": "..."} on stdout, exit status 1.',
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    add_points_parser(commands)
    add_score_parser(commands)
    add_table_parsers(commands)
    return parser


def add_points_parser(commands: Any) -> None:
    p = commands.add_parser(
        "points",
        help="payments for HAN and FU, e.g. +11700/-3900/-3900/-3900",
        description="Print the score changes for a win: the winner first, then each payer, "
        "largest payment first, 0 for a player who pays nothing.",
    )
    p.add_argument("han", metavar="HAN", help="1 to 13 (13 = 13 or more, counted by the rules)")
    p.add_argument("fu", metavar="FU", help="25, or an even number 20–130 (at most 110 at 1–2 han)")
    p.add_argument("--dealer", action="store_true", help="the winner is the dealer (East)")
    p.add_argument(
        "--seat", metavar="WIND", help="the winner's seat wind, E S W or N, in place of --dealer"
    )
    p.add_argument("--tsumo", action="store_true", help="won by self-draw (default: ron)")
    p.add_argument("--honba", default="0", metavar="N", help="honba counters")
    p.add_argument("--sticks", default="0", metavar="N", help="riichi deposits")
    p.add_argument(
        "--rules",
        default="mahjongsoul",
        help="a preset name (three players: tenhou_sanma, mahjongsoul_sanma) or a JSON rules "
        "object",
    )
    p.add_argument("--explain", action="store_true", help="show every step of the arithmetic")
    add_language(p)
    p.set_defaults(run=run_points)


def add_score_parser(commands: Any) -> None:
    p = commands.add_parser(
        "score",
        help="score a whole hand given as a JSON request",
        description="Score one JSON request, or with --jsonl one request per line of stdin "
        "(one answer per line, in order; a blank line gives a blank line; exit status 1 "
        "when any line failed).",
    )
    p.add_argument("request", nargs="?", metavar="JSON", help="one request as a JSON object")
    p.add_argument("--jsonl", action="store_true", help="read one request per line from stdin")
    explain = p.add_mutually_exclusive_group()
    explain.add_argument("--explain", action="store_true", help="print the steps for a person")
    explain.add_argument(
        "--brief",
        action="store_true",
        help="answer with the facts only (han, fu, yaku, payments, ...): no reading, fu items, "
        "readings or steps",
    )
    add_language(p)
    p.set_defaults(run=run_score)


def add_table_parsers(commands: Any) -> None:
    helps = {
        "settle": "settle one hand's end at the table (the JSON of POST /api/v1/settle)",
        "final": "final scores with oka and uma (the JSON of POST /api/v1/final)",
    }
    for name, help_text in helps.items():
        p = commands.add_parser(
            name,
            help=help_text,
            description=help_text[0].upper()
            + help_text[1:]
            + "; the request is read from stdin when not given.",
        )
        p.add_argument("request", nargs="?", metavar="JSON", help="the request as a JSON object")
        p.add_argument("--explain", action="store_true", help="print the steps for a person")
        add_language(p)
        p.set_defaults(run=run_table)


def add_language(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--lang",
        default=words.DEFAULT,
        metavar="LANG",
        help="the explanation's language: en (the default) or ja",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 bad input, 2 bad usage)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "score" and args.jsonl == (args.request is not None):
        parser.error("score takes either one JSON request or --jsonl (requests on stdin)")
    try:
        with words.language(check_language(args.lang)):
            status: int = args.run(args)
    except ScoringError as e:
        print(json.dumps({"error": str(e)}))
        return 1
    except BrokenPipeError:
        # The reader went away (`... | head -1`): stop quietly, as Unix tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return status
