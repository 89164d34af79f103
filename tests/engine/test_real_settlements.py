"""Conformance: every win the Tenhou server scored, settled at its table.

Each record's `sc` gives every seat's score before the win and its change; `meta.raw.ba` the
honba and riichi deposits on the table. The win's hand (scored by the engine, not its
recorded han and fu) is settled from those scores, honba and deposits, and must move the
points the server moved, to the seat. The two wins of a double ron are settled together as
one ron with two winners (the server writes them as two records, the second starting from the
first's scores) and must move what both records moved. Pao wins carry `meta.pao_who`.

The corpus lives in ../shared/data; the test skips without it, except on CI (CI=true), where
its absence is a failure.
"""

from __future__ import annotations

import gzip
import json
import os
from collections import defaultdict
from typing import Any

import pytest

from scoring.engine.hand_end import settle_json
from tests.helpers import DATA, is_rounded_up_table, rules_of

HAND_KEYS = ("hand", "win", "melds", "dora", "ura", "flags")


@pytest.fixture(scope="module")
def corpus() -> list[dict[str, Any]]:
    if DATA is None:
        if os.environ.get("CI") == "true":
            pytest.fail("real_wins.jsonl.gz is missing, and on CI (CI=true) it must be there")
        pytest.skip("real_wins.jsonl.gz is not here (it lives in ../shared/data)")
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def sc_of(record: dict[str, Any]) -> tuple[list[int], list[int]]:
    """Scores before the win and each seat's change, in points (tables with chips add four
    more pairs after these, for the chips)."""
    values = [int(v) * 100 for v in record["expected"]["payments"]["sc"].split(",")][:8]
    return values[0::2], values[1::2]


def win_of(record: dict[str, Any]) -> dict[str, Any]:
    return {"seat": record["meta"]["who"], "hand": {k: record[k] for k in HAND_KEYS}}


def request_of(group: list[dict[str, Any]]) -> dict[str, Any]:
    first = group[0]
    meta = first["meta"]
    before, _ = sc_of(first)
    honba, sticks = (int(v) for v in meta["raw"]["ba"].split(","))
    rules = rules_of(first["rules"])
    rules["start"] = (sum(before) + 1000 * sticks) // 4
    if first["tsumo"]:
        end: dict[str, Any] = {"kind": "tsumo", "win": win_of(first)}
    else:
        end = {"kind": "ron", "from": meta["from_who"], "wins": [win_of(r) for r in group]}
    if "pao_who" in meta:
        end["pao"] = {"seat": meta["pao_who"], "for": meta["who"]}
    return {
        "rules": rules,
        "scores": before,
        "dealer": meta["oya"],
        "round": first["round"],
        "honba": honba,
        "sticks": sticks,
        "riichi": [],  # the recorded scores already have this hand's riichi deposits paid
        "end": end,
    }


def groups_of(records: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The records of each hand's end (two for a double ron), the first winner first."""
    hands: dict[tuple[Any, ...], list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        m = r["meta"]
        hands[(m["repo"], m["path"], m["game"], m["kyoku_index"])].append(r)
    return [sorted(g, key=lambda r: r["meta"]["agari_index_in_kyoku"]) for g in hands.values()]


def is_comparable(group: list[dict[str, Any]]) -> bool:
    """Leaves out docs/engine.md's two special-table wins rounded up to a mangan, the one win
    paid at a special honba rate, and tables whose scores are not in points."""
    for r in group:
        if (
            is_rounded_up_table(r)
            or r["meta"].get("checks", {}).get("winner_delta_matches") is False
        ):
            return False
    before, _ = sc_of(group[0])
    return sum(before) >= 4000 * 4


def test_every_real_win_settles_to_the_recorded_score_changes(corpus):
    groups = groups_of(corpus)
    checked = [g for g in groups if is_comparable(g)]
    assert len(groups) - len(checked) <= 6
    wrong = []
    for group in checked:
        answer = settle_json(request_of(group))
        want = [sum(sc_of(r)[1][seat] for r in group) for seat in range(4)]
        got = answer.get("deltas", answer)
        if got != want:
            r = group[0]
            wrong.append(f"{r['source']} {r['hand']} {r['win']}: got {got}, server {want}")
    doubles = sum(len(g) == 2 for g in checked)
    pao = sum("pao_who" in g[0]["meta"] for g in checked)
    summary = f"{len(checked) - len(wrong)} / {len(checked)} hands agree"
    summary += f" ({doubles} double rons, {pao} pao)"
    assert not wrong, summary + "\n" + "\n".join(wrong[:20])
    assert doubles >= 100 and pao >= 3
