"""Each name is defined once, in the engine, and read from there: the winds by letter
(`tiles.WIND_LABELS`), the abortive draws (`Abort.label`, `Abort.description`) and the
limit a number of han reaches (`payment.han_limit`)."""

from __future__ import annotations

import ast
from pathlib import Path

from scoring.engine import get_rules
from scoring.engine.hand_end import settle_json
from scoring.engine.payment import basic_points, han_limit
from scoring.engine.rules import Abort
from scoring.engine.tiles import WIND_LABELS, WIND_NAMES

ROOT = Path(__file__).resolve().parent.parent.parent
WINDS = set(WIND_NAMES)


def literal_strings(node: ast.AST) -> list[str]:
    """The strings a collection literal holds, one level of nesting included (a choices
    list of pairs)."""
    items: list[ast.AST] = []
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        items = list(node.elts)
    elif isinstance(node, ast.Dict):
        items = [v for v in node.values if v is not None]
    found = []
    for item in items:
        inner = item.elts if isinstance(item, (ast.Tuple, ast.List)) else [item]
        found += [
            i.value for i in inner if isinstance(i, ast.Constant) and isinstance(i.value, str)
        ]
    return found


def wind_literals() -> list[str]:
    """Where a literal lists the wind names (three or more of them), as `path:line`."""
    places = []
    for folder in ("scoring", "quizsite"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if len(WINDS.intersection(literal_strings(node))) >= 3:
                    places.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return places


def test_the_wind_names_are_written_once():
    assert wind_literals() == ["scoring/engine/tiles.py:50"]


def test_the_winds_by_letter():
    assert WIND_LABELS == {"E": "East", "S": "South", "W": "West", "N": "North"}


def test_every_abortive_draw_has_a_label_and_a_description():
    labels = [a.label for a in Abort]
    descriptions = [a.description for a in Abort]
    assert len(set(labels)) == len(Abort) and len(set(descriptions)) == len(Abort)
    assert Abort.NINE_TERMINALS.label == "Nine terminals"
    assert "kyuushu kyuuhai" in Abort.NINE_TERMINALS.description


def test_the_abortive_draws_steps_use_the_description():
    out = settle_json(
        {"rules": "tenhou", "scores": [25000] * 4, "dealer": 0,
         "end": {"kind": "abortive", "reason": "four_winds"}}
    )  # fmt: skip
    texts = " ".join(step["text"] for step in out["steps"])
    assert Abort.FOUR_WINDS.description in texts


def test_han_limit_is_the_limit_basic_points_gives():
    rules = get_rules("tenhou")
    for han in range(1, 13):
        expected = basic_points(han, 30, rules=rules).limit if han >= 5 else None
        assert han_limit(han) is expected, han
