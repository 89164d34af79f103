"""Helpers the tests share that make no rows (those are in tests/factory.py): reading the site's
HTML, the hand calculator's page, a deployer's environment, the command line, the engine's
legality checks and the real-wins corpus."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scoring.engine import settle
from scoring.engine.rules import parse_rules

if TYPE_CHECKING:
    from django.test import Client

ROOT = Path(__file__).resolve().parents[1]

HX = {"HTTP_HX_REQUEST": "true"}


def text_of(response) -> str:
    """The response body with tags removed and whitespace collapsed."""
    body = response.content.decode()
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def is_full_page(response) -> bool:
    return b"<html" in response.content


def table_entry(response, *, han: int, fu: int, dealer: bool, tsumo: bool) -> str:
    """The amount shown in the table for one win (the link's text)."""
    params = f"han={han}&amp;fu={fu}&amp;dealer={int(dealer)}&amp;tsumo={int(tsumo)}"
    pattern = (
        r'<a class="entry [a-z]+" href="[^"]*' + re.escape(params) + r'"[^>]*>'
        r'<span class="visually-hidden">[a-z]+ </span>'
        r'<span class="amount">((?:[^<]|<wbr>)+)</span></a>'
    )
    match = re.search(pattern, response.content.decode())
    assert match, f"no entry for {params}"
    return match.group(1).replace("<wbr>", "")  # a line may break after a tsumo's slash


# --- The hand calculator's page (/hand/).

TANYAO = "hand=234m567p234s345s55s&win=5s"


def get(client: Client, query: str, **headers: str) -> str:
    response = client.get(f"/hand/?{query}", headers=headers, follow=True)
    assert response.status_code == 200, response
    return response.content.decode()


def error_of(html: str, name: str) -> str:
    match = re.search(rf'<p id="error-{name}"[^>]*>([^<]*)</p>', html)
    assert match, f"no error slot for {name}"
    return match.group(1)


def headline(html: str) -> str:
    match = re.search(r'<h2 id="result-title"[^>]*>(.*?)</h2>', html, re.S)
    assert match
    return " ".join(re.sub(r"<[^>]+>", " ", match.group(1)).split())


# --- A deployment's environment.


def base_env() -> dict[str, str]:
    # The test run's own switches (DJANGO_ALLOW_ASYNC_UNSAFE for the browser tests) are not a
    # deployment's, and DATABASE_URL (set for the PostgreSQL run) is the test's to give: leave
    # them out.
    return {
        k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"
    }


# --- The command line.


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`python -m scoring ...` in a fresh interpreter, without any Django settings."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO")}
    return subprocess.run(
        [sys.executable, "-m", "scoring", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


# --- The engine's hand generator: what makes a request illegal.


def parse(text: str) -> list[str]:
    """MPSZ text to tile names, a red five kept as `0`."""
    return [d + suit for digits, suit in re.findall(r"(\d+)([mpsz])", text) for d in digits]


def plain(name: str) -> str:
    return "5" + name[1] if name[0] == "0" else name


def every_tile(request: dict[str, Any]) -> list[str]:
    melds = [parse(m.split()[1]) for m in request["melds"]]
    return [
        *parse(request["hand"]),
        *(t for m in melds for t in m),
        *parse(request["dora"]),
        *parse(request["ura"]),
    ]


def legality_problems(request: dict[str, Any]) -> list[str]:
    """Every way a request breaks the game's rules (an empty list when it is legal)."""
    problems = []
    tiles = every_tile(request)
    counts = Counter(plain(t) for t in tiles)
    problems += [f"{n} copies of {t}" for t, n in counts.items() if n > 4]
    reds = Counter(t[1] for t in tiles if t[0] == "0")
    problems += [f"{n} red fives in {s}" for s, n in reds.items() if n > 1]
    rules = parse_rules(request["rules"])
    if reds and not rules.red_fives:
        problems.append("red fives under rules without them")
    hand = parse(request["hand"])
    sets = len(request["melds"])
    if len(hand) != 14 - 3 * sets:
        problems.append(f"{len(hand)} concealed tiles with {sets} melds")
    if request["win"] not in hand or request["win"][0] == "0":
        problems.append("win tile not a plain tile of the hand")
    flags = set(request["flags"])
    riichi = bool(flags & {"riichi", "double_riichi"})
    is_open = any(m.split()[0] != "ankan" for m in request["melds"])
    kans = sum(m.split()[0] in ("kan", "ankan") for m in request["melds"])
    tsumo, dealer = request["tsumo"], request["seat"] == "E"
    checks = {
        "riichi and double riichi": flags >= {"riichi", "double_riichi"},
        "riichi on an open hand": riichi and is_open,
        "ippatsu without riichi": "ippatsu" in flags and not riichi,
        "rinshan without a kan": "rinshan" in flags and not kans,
        "rinshan on a ron": "rinshan" in flags and not tsumo,
        "haitei on a ron": "haitei" in flags and not tsumo,
        "houtei on a tsumo": "houtei" in flags and tsumo,
        "chankan on a tsumo": "chankan" in flags and tsumo,
        "chankan of a tile that is not the last": "chankan" in flags
        and counts[request["win"]] != 1,
        "tenhou not a dealer's closed tsumo": "tenhou" in flags
        and (not dealer or not tsumo or request["melds"] or riichi),
        "chiihou not a non-dealer's closed tsumo": "chiihou" in flags
        and (dealer or not tsumo or request["melds"] or riichi),
        "ura without riichi": bool(request["ura"]) and not riichi,
        "wrong number of dora indicators": len(parse(request["dora"])) != 1 + kans,
        "negative counters": request["honba"] < 0 or request["sticks"] < 0,
    }
    return problems + [name for name, broken in checks.items() if broken]


# --- The real-wins corpus (../shared/data/real_wins.jsonl.gz).

DATA = next(
    (
        p / "shared" / "data" / "real_wins.jsonl.gz"
        for p in Path(__file__).resolve().parents
        if (p / "shared" / "data" / "real_wins.jsonl.gz").exists()
    ),
    None,
)


def real_wins(data: Path | None = DATA) -> Path:
    """The corpus's path; where it is missing, a skip, or a failure in CI (CI=true)."""
    import pytest

    if data is None:
        missing = "real_wins.jsonl.gz is not here (it lives in ../shared/data)"
        if os.environ.get("CI", "").strip().lower() in ("true", "1", "yes"):
            pytest.fail(f"{missing}: in CI (CI=true) the real-win tests must run", pytrace=False)
        pytest.skip(missing)
    return data


# --- The real games (../shared/data/real_games.jsonl.gz): 400 whole games' mjlog XML.

GAMES = next(
    (
        p / "shared" / "data" / "real_games.jsonl.gz"
        for p in Path(__file__).resolve().parents
        if (p / "shared" / "data" / "real_games.jsonl.gz").exists()
    ),
    None,
)


def real_games(players: int = 4) -> list[dict[str, Any]]:
    """The real games of `players` players (`{"id", "players", "xml"}`); where the file is
    missing, a skip, or a failure in CI (CI=true)."""
    import gzip
    import json

    import pytest

    if GAMES is None:
        missing = "real_games.jsonl.gz is not here (it lives in ../shared/data)"
        if os.environ.get("CI", "").strip().lower() in ("true", "1", "yes"):
            pytest.fail(f"{missing}: in CI (CI=true) the real-game tests must run", pytrace=False)
        pytest.skip(missing)
    with gzip.open(GAMES, "rt", encoding="utf-8") as lines:
        games = [json.loads(line) for line in lines]
    return [g for g in games if g["players"] == players]


def rules_of(name: str) -> dict[str, Any]:
    """The engine's rules for a corpus table: `tenhou` with the variant's switches."""
    rules: dict[str, Any] = {"preset": "tenhou"}
    options = name.partition(":")[2].split(",")
    if "no_aka" in options:
        rules["red_fives"] = False
    if "no_kuitan" in options:
        rules["open_tanyao"] = False
    return rules


def is_rounded_up_table(record: dict[str, Any]) -> bool:
    """A special table's win paid as a mangan though its han and fu are below the cap."""
    e = record["expected"]
    if "custom_type" not in record["rules"] or e["han"] >= 5 or e["yakuman"]:
        return False
    dealer, tsumo = record["seat"] == "E", record["tsumo"]
    by_table = settle(e["han"], e["fu"], dealer=dealer, tsumo=tsumo).hand_value
    mangan = settle(5, 30, dealer=dealer, tsumo=tsumo).hand_value
    return by_table < mangan == e["points"]
