"""A drill's focus: every question meets it (scored by the engine), and a focus no question
can meet is refused with a message naming the option in the way."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from scoring.engine import ScoringError, score_json, settle
from scoring.engine.generate import LEVELS, MODES, Focus, check_focus, choices, focused, generate
from scoring.engine.yaku import REGISTRY
from tests.helpers import legality_problems

SEEDS = range(12)
LEVEL_OF_LIMIT = {"mangan": "beginner", "haneman": "intermediate", "baiman": "intermediate"}


def lowest_level(focus: dict[str, Any], mode: str = "full") -> str:
    """The first level (beginner up) whose questions can meet the focus."""
    for level in LEVELS:
        try:
            check_focus(Focus.from_dict(focus), level=level, mode=mode, rules="mahjongsoul")
        except ScoringError:
            continue
        return level
    raise AssertionError(f"no level meets {focus}")


def answers(focus: dict[str, Any], *, mode: str = "full", rules: str = "mahjongsoul"):
    level = lowest_level(focus, mode)
    for seed in SEEDS:
        request = generate(seed, level=level, mode=mode, rules=rules, focus=focus)
        assert not legality_problems(request), (seed, request)
        answer = score_json(request)
        assert "error" not in answer, (seed, request, answer)
        yield request, answer


@pytest.mark.parametrize("yaku", [y.id for y in REGISTRY])
def test_a_yaku_focus_builds_hands_with_that_yaku(yaku: str) -> None:
    for request, answer in answers({"yaku": [yaku]}):
        assert yaku in [y["id"] for y in answer["yaku"]], request


FU_REASONS = {
    "closed_ron": "closed hand won on a discard (menzen ron)",
    "tsumo": "won by self-draw (tsumo)",
    "open_no_fu": "open hand won on a discard with no other fu: counted as 30",
    "seven_pairs": "seven pairs (chiitoitsu): a flat 25 fu",
    "kanchan_wait": "kanchan wait",
    "penchan_wait": "penchan wait",
    "tanki_wait": "tanki wait",
    "dragon_pair": "pair of dragons",
    "seat_wind_pair": "pair of the seat wind",
    "round_wind_pair": "pair of the round wind",
    "double_wind_pair": "pair of the seat wind that is also the round wind",
}


@pytest.mark.parametrize("item", [k for k, _ in choices()["fu_items"]])
def test_a_fu_item_focus_builds_hands_that_count_it(item: str) -> None:
    if item in FU_REASONS:
        wanted = FU_REASONS[item]
    else:  # open_triplet_simples → "open triplet of simples", maybe "(completed on a ...)"
        state, what, kind = item.split("_", 2)
        wanted = f"{state} {what} of {kind.replace('_', '/')}"
    for request, answer in answers({"fu_items": [item]}):
        reasons = [i["reason"].split(" (completed")[0] for i in answer["fu_items"]]
        assert wanted in reasons, (request, reasons)


WIND_PAIRS = {  # the wind the pair must be, from the seat and round winds
    "seat_wind_pair": lambda seat, round_: seat if seat != round_ else None,
    "round_wind_pair": lambda seat, round_: round_ if seat != round_ else None,
    "double_wind_pair": lambda seat, round_: seat if seat == round_ else None,
}


@pytest.mark.parametrize("item", list(WIND_PAIRS))
@pytest.mark.parametrize("rules", ["tenhou", "mahjongsoul", "wrc", "ema"])
def test_a_wind_pair_focus_is_met_at_every_level_by_the_right_wind(item: str, rules: str) -> None:
    for level in LEVELS:
        for mode in ("fu", "full"):
            check_focus(Focus.from_dict({"fu_items": [item]}), level=level, mode=mode, rules=rules)
            for seed in range(6):
                request = generate(
                    seed, level=level, mode=mode, rules=rules, focus={"fu_items": [item]}
                )
                answer = score_json(request)
                assert "error" not in answer and not legality_problems(request), request
                wind = WIND_PAIRS[item](request["seat"], request["round"])
                assert wind is not None, request  # seat and round as the item needs them
                pairs = [i for i in answer["fu_items"] if i["reason"] == FU_REASONS[item]]
                assert pairs and pairs[0]["fu"] > 0, (request, answer["fu_items"])
                assert pairs[0]["tiles"] == f"{2 * str('ESWN'.index(wind) + 1)}z", request


@pytest.mark.parametrize("wait", [k for k, _ in choices()["waits"]])
def test_a_wait_focus_wins_on_that_wait(wait: str) -> None:
    for request, answer in answers({"waits": [wait]}):
        assert answer["reading"]["wait"] == wait, request


@pytest.mark.parametrize("limit", [k for k, _ in choices()["limits"]])
@pytest.mark.parametrize("mode", ["full", "payment"])
def test_a_limit_focus_reaches_that_limit(limit: str, mode: str) -> None:
    level = lowest_level({"limits": [limit]}, mode)
    for seed in SEEDS:
        q = generate(seed, level=level, mode=mode, rules="mahjongsoul", focus={"limits": [limit]})
        if mode == "payment":
            s = settle(
                q["han"], q["fu"], dealer=q["dealer"], tsumo=q["tsumo"], yakuman=q.get("yakuman", 0)
            )
            assert s.limit == limit, q
        else:
            assert score_json(q)["limit"] == limit, q


CELL_FOCI = [
    {"han": [1, 1], "fu": [30, 40]},
    {"han": [2, 2], "fu": [20, 25]},
    {"han": [3, 4], "fu": [50, 60]},
    {"han": [1, 2], "fu": [70, 110]},
    {"han": [4, 4]},
    {"fu": [25, 25]},
]


@pytest.mark.parametrize("focus", CELL_FOCI, ids=json.dumps)
@pytest.mark.parametrize("mode", ["full", "han", "fu", "payment"])
def test_a_cell_focus_scores_inside_its_ranges(focus: dict[str, Any], mode: str) -> None:
    (han_lo, han_hi), (fu_lo, fu_hi) = focus.get("han", (1, 4)), focus.get("fu", (20, 110))
    level = lowest_level(focus, mode)
    for seed in SEEDS:
        q = generate(seed, level=level, mode=mode, rules="mahjongsoul", focus=focus)
        han, fu = (
            (q["han"], q["fu"])
            if mode == "payment"
            else (lambda a: (a["han"], a["fu"]))(score_json(q))
        )
        assert han_lo <= han <= han_hi and fu_lo <= fu <= fu_hi, (seed, q)


@pytest.mark.parametrize("mode", MODES)
def test_a_counters_focus_puts_honba_and_deposits_on_the_table(mode: str) -> None:
    for focus in ({"counters": True}, {"counters": True, "waits": ["kanchan"]}):
        if mode == "payment" and "waits" in focus:
            continue
        for seed in SEEDS:
            q = generate(seed, level="intermediate", mode=mode, rules="tenhou", focus=focus)
            assert q["honba"] > 0 and q["sticks"] > 0, q


def test_the_focus_holds_under_every_preset_and_level() -> None:
    for rules in ("tenhou", "mahjongsoul", "mleague", "wrc", "ema"):
        for level in LEVELS:
            for seed in range(4):
                q = generate(
                    seed, level=level, mode="full", rules=rules, focus={"waits": ["shanpon"]}
                )
                assert score_json(q)["reading"]["wait"] == "shanpon", (rules, level, q)
                assert q["rules"] == rules  # the focus was checked against the preset itself


CONFLICTS = [
    (
        {"yaku": ["kokushi"]},
        "beginner",
        "full",
        "focus yaku “Thirteen orphans (kokushi musou)” is not asked at beginner level: choose "
        "advanced",
    ),
    (
        {"yaku": ["chinitsu"]},
        "beginner",
        "han",
        "is not asked at beginner level: choose intermediate or advanced",
    ),
    (
        {"yaku": ["daisangen"]},
        "advanced",
        "fu",
        "a yakuman counts no fu or han; choose full hand mode",
    ),
    ({"yaku": ["kokushi_13"]}, "advanced", "full", "M-League rules count it as a single yakuman"),
    ({"yaku": ["pinfu"]}, "advanced", "payment", "payment questions show no hand: a yaku focus"),
    ({"waits": ["tanki"]}, "advanced", "payment", "a wait focus needs fu, han or full hand mode"),
    (
        {"fu_items": ["open_triplet_simples"]},
        "beginner",
        "full",
        "needs an open hand: beginner hands are closed",
    ),
    (
        {"fu_items": ["concealed_quad_simples"]},
        "intermediate",
        "fu",
        "quads come only at advanced level",
    ),
    (
        {"limits": ["yakuman"]},
        "beginner",
        "full",
        "limit “Yakuman” is not asked at beginner level: choose advanced",
    ),
    ({"limits": ["double_yakuman"]}, "advanced", "han", "a yakuman counts no fu or han"),
    (
        {"limits": ["double_yakuman"]},
        "advanced",
        "full",
        "M-League rules have no double-yakuman hands",
    ),
    ({"counters": True}, "beginner", "full", "beginner questions have no honba or deposits"),
    (
        {"han": [1, 1], "fu": [20, 20]},
        "advanced",
        "payment",
        "no advanced payment question scores 1–1 han with 20–20 fu",
    ),
    (
        {"han": [1, 1], "fu": [110, 110]},
        "advanced",
        "full",
        "scores 1–1 han with 110–110 fu under M-League rules",
    ),
    ({"fu": [80, 110]}, "intermediate", "fu", "or choose advanced (quads bring the fu)"),
]


@pytest.mark.parametrize(
    ("focus", "level", "mode", "message"), CONFLICTS, ids=lambda v: str(v)[:40]
)
def test_a_focus_no_question_can_meet_says_which_option_conflicts(focus, level, mode, message):
    rules = "mleague"  # 2-fu double wind, no double yakuman
    with pytest.raises(ScoringError, match=message.replace("(", r"\(").replace(")", r"\)")):
        check_focus(Focus.from_dict(focus), level=level, mode=mode, rules=rules)
    with pytest.raises(ScoringError, match="focus|question|hand"):
        generate(1, level=level, mode=mode, rules=rules, focus=focus)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"yaku": ["pinfu"], "waits": ["kanchan"]}, "one kind of thing .* has yaku and waits"),
        ({"fu_items": ["tsumo"], "waits": ["tanki"]}, "this one has fu items and waits$"),
        ({"limits": ["mangan"], "han": [1, 2]}, "this one has limit hands and table cells$"),
        ({"fu_items": ["x"]}, "focus fu items: unknown 'x'"),
        ({"fu_items": "tsumo"}, "focus fu items: a list of ids"),
        ({"yaku": ["dora"]}, "focus yaku: unknown 'dora'"),
        ({"waits": "kanchan"}, "focus waits: a list of ids"),
        ({"han": [3, 1]}, "han range 3–1: choose from 1 to 4, the lower bound first"),
        ({"fu": [20, 120]}, "fu range 20–120"),
        ({"fu": "30"}, r"focus fu: a range \[low, high\]"),
        ({"counters": "yes"}, r"focus honba and deposits \(\"counters\"\): true or false"),
        ({"colour": ["red"]}, "unknown option 'colour'"),
        ([1, 2], "a focus is an object"),
    ],
)
def test_bad_focus_data_gets_a_message(data, message) -> None:
    with pytest.raises(ScoringError, match=message):
        Focus.from_dict(data)


# A Python identifier as the messages must not show one: a word joined to another by "_".
IDENTIFIER = re.compile(r"[A-Za-z0-9]+_[A-Za-z0-9_]+")
BAD_DATA = [
    {"fu_items": ["tsumo"], "waits": ["tanki"]},
    {"yaku": ["pinfu"], "limits": ["mangan"], "han": [1, 2], "fu_items": ["tsumo"]},
    {"fu_items": ["x"]},
    {"fu_items": "tsumo"},
    {"fu_items": [1]},
    {"limits": "mangan"},
    {"han": [3, 1]},
    {"counters": "yes"},
]


@pytest.mark.parametrize("data", BAD_DATA, ids=lambda v: str(v)[:40])
def test_bad_focus_data_is_told_without_internal_names(data) -> None:
    with pytest.raises(ScoringError) as caught:
        Focus.from_dict(data)
    assert not IDENTIFIER.search(str(caught.value)), str(caught.value)


@pytest.mark.parametrize(
    ("focus", "level", "mode", "message"), CONFLICTS, ids=lambda v: str(v)[:40]
)
def test_a_conflict_is_told_without_internal_names(focus, level, mode, message) -> None:
    with pytest.raises(ScoringError) as caught:
        check_focus(Focus.from_dict(focus), level=level, mode=mode, rules="mleague")
    assert not IDENTIFIER.search(str(caught.value)), str(caught.value)


@pytest.mark.parametrize(
    ("focus", "words"),
    [
        (
            {"fu_items": ["concealed_triplet_terminals_honours", "tanki_wait"], "counters": True},
            "fu items: Concealed triplet of terminals/honours, Pair wait (tanki, +2) · with honba",
        ),
        ({"limits": ["double_yakuman", "haneman"]}, "limit hands: Double yakuman, Haneman"),
        ({"yaku": ["yakuhai_haku", "pinfu"]}, "yaku: White dragon"),
        ({"han": [2, 3], "fu": [30, 40]}, "2–3 han with 30–40 fu"),
    ],
    ids=lambda v: str(v)[:40],
)
def test_a_focus_the_generator_gives_up_on_is_named_in_words(focus, words, monkeypatch) -> None:
    monkeypatch.setattr(focused, "ATTEMPTS", 0)
    with pytest.raises(ScoringError) as caught:
        focused.focused_question(
            random.Random(1), Focus.from_dict(focus), level="advanced", mode="full", rules="wrc"
        )
    message = str(caught.value)
    assert not IDENTIFIER.search(message), message
    assert message.startswith(f"no advanced full hand question met the focus ({words}"), message


def test_a_focus_is_stored_as_json_and_read_back() -> None:
    for focus in (
        Focus(yaku=("pinfu", "iipeikou"), counters=True),
        Focus(fu_items=("tsumo",)),
        Focus(limits=("mangan", "haneman")),
        Focus(han=(1, 2), fu=(30, 40)),
        Focus(counters=True),
        Focus(),
    ):
        assert Focus.from_dict(json.loads(json.dumps(focus.to_dict()))) == focus
    assert Focus.from_dict(None) == Focus() == Focus.from_dict({})
    assert not Focus() and Focus(counters=True)


def test_the_choices_name_every_id_a_focus_takes() -> None:
    c = choices()
    assert [i for i, _ in c["yaku"]] == [y.id for y in REGISTRY]
    for kind in ("yaku", "fu_items", "waits", "limits"):
        for item, label in c[kind]:
            assert label and Focus.from_dict({kind: [item]})
    assert (c["han"], c["fu"]) == ((1, 4), (20, 110))


def test_a_focused_question_is_its_seed_and_focus() -> None:
    focus = {"yaku": ["ittsu", "sanshoku"]}
    first = [
        generate(s, level="intermediate", mode="full", rules="wrc", focus=focus) for s in range(20)
    ]
    again = [
        generate(s, level="intermediate", mode="full", rules="wrc", focus=Focus.from_dict(focus))
        for s in range(20)
    ]
    assert first == again
    assert len({q["hand"] for q in first}) > 15
    assert {
        y for q in first for y in ("ittsu", "sanshoku") if y in json.dumps(score_json(q)["yaku"])
    } == {"ittsu", "sanshoku"}


def test_no_focus_leaves_the_question_as_it_was() -> None:
    for seed in range(30):
        plain = generate(seed, level="advanced", mode="full", rules="tenhou")
        assert generate(seed, level="advanced", mode="full", rules="tenhou", focus=None) == plain
        assert generate(seed, level="advanced", mode="full", rules="tenhou", focus={}) == plain


UNDER_LIMIT_FOCI = [
    *({"fu_items": [i]} for i, _ in choices()["fu_items"] if "_quad_" not in i),
    *({"waits": [w]} for w, _ in choices()["waits"]),
    {"yaku": ["toitoi", "sanankou", "honitsu"]},
    {"han": [3, 4]},
]


@pytest.mark.parametrize("focus", UNDER_LIMIT_FOCI, ids=lambda v: str(v)[:40])
def test_a_fu_focus_at_intermediate_level_stays_under_the_limits(focus) -> None:
    for seed in range(40):
        request = generate(seed, level="intermediate", mode="fu", rules="mahjongsoul", focus=focus)
        answer = score_json(request)
        assert not answer["limit"] and not answer["yakuman"], (seed, answer["han"], request)
        assert answer["fu_items"], request


@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_a_limit_focus_on_fu_questions_below_advanced_is_refused(level: str) -> None:
    with pytest.raises(ScoringError, match="fu questions at .* level stay under the limits"):
        check_focus(Focus(limits=("mangan",)), level=level, mode="fu", rules="mahjongsoul")
    check_focus(Focus(limits=("mangan",)), level="advanced", mode="fu", rules="mahjongsoul")
    with pytest.raises(ScoringError, match="widen the han or fu range"):
        check_focus(Focus(han=(4, 4), fu=(40, 50)), level=level, mode="fu", rules="mahjongsoul")
    check_focus(Focus(han=(4, 4), fu=(40, 50)), level=level, mode="han", rules="mahjongsoul")
