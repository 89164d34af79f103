"""The tile reference page and the hand calculator.

The calculator is a GET form: the hand lives in the URL, the engine scores it, and htmx
swaps in only the ``#result`` partial (plus the error line of each field, out of band).
Without JavaScript the palette's buttons submit and the page comes back with the edit made.
"""

from __future__ import annotations

import re
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, replace_url

from scoring.engine import PRESETS, Limit, score_json, words
from scoring.engine.decompose import Wait, wait_name
from scoring.engine.explain import han_text
from scoring.engine.tiles import wind_name
from scoring.engine.yaku import yaku_name
from scoring.switch_controls import controls, switches_for

from . import hand_query
from .hand_query import HandState, safe_tiles
from .live import is_typing
from .picker import palette_rows
from .tile_catalog import sections

# Which field an engine message is about: the first pattern found in it, else the hand.
ERROR_FIELDS: list[tuple[str, re.Pattern[str]]] = [
    ("win", re.compile(r"^win\b")),
    ("melds", re.compile(r"^meld |^\d+ melds|needs a closed hand")),
    ("ura", re.compile(r"^ura |ura indicators")),
    ("dora", re.compile(r"^dora |dora indicators")),
    ("flags", re.compile(rf"^unknown flag|\b({'|'.join(hand_query.FLAG_LABELS)})\b")),
    ("honba", re.compile(r"honba|deposits cannot")),
    ("rules", re.compile(r"rules preset|rule switch")),
]
FIELDS = (
    *("hand", "win", "melds", "tsumo", "seat", "round"),
    *("flags", "dora", "ura", "honba", "sticks", "rules"),
    *(s.name for s in switches_for("hand")),
)
# The engine's words as the result shows them (payers, sets, a yaku's worth), per language.
WORDS: words.Catalogue = {
    "en": {
        "payer_ron": "The discarder pays",
        "payer_dealer": "The dealer pays",
        "payer_non_dealer": "Each non-dealer pays",
        "payer_each": "Each other player pays",
        "group_pair": "pair",
        "group_sequence": "run",
        "group_triplet": "triplet",
        "group_quad": "quad",
        "group_orphans": "thirteen orphans",
        "called_open": "{called} (open {name})",
        "called_closed": "{called} (closed {name})",
        "meld_chi": "chi",
        "meld_pon": "pon",
        "meld_kan": "kan",
        "meld_ankan": "ankan",
        "yakuman_1": "yakuman",
        "yakuman_2": "double yakuman",
        "yakuman_3": "triple yakuman",
        "yakuman_n": "{count}× yakuman",
        "han": "{han} han",
        "wait_on": "{wait} on {group}",
        **{f"mode_{m}": label for m, label in hand_query.MODES.items()},
        **{f"flag_{f}": label for f, label in hand_query.FLAG_LABELS.items()},
    },
    "ja": {
        "payer_ron": "放銃者の支払い",
        "payer_dealer": "親の支払い",
        "payer_non_dealer": "子の支払い（各自）",
        "payer_each": "子の支払い（各自）",
        "group_pair": "雀頭",
        "group_sequence": "順子",
        "group_triplet": "刻子",
        "group_quad": "槓子",
        "group_orphans": "国士無双",
        "called_open": "{called}（副露した{name}）",
        "called_closed": "{called}（{name}）",
        "meld_chi": "チー",
        "meld_pon": "ポン",
        "meld_kan": "明槓",
        "meld_ankan": "暗槓",
        "yakuman_1": "役満",
        "yakuman_2": "ダブル役満",
        "yakuman_3": "トリプル役満",
        "yakuman_n": "{count}倍役満",
        "han": "{han}翻",
        "wait_on": "{group}の{wait}",
        "mode_hand": "手牌",
        "mode_chi": "チー",
        "mode_pon": "ポン",
        "mode_kan": "明槓",
        "mode_ankan": "暗槓",
        "mode_dora": "ドラ表示牌",
        "mode_ura": "裏ドラ表示牌",
        "flag_riichi": "立直",
        "flag_double_riichi": "ダブル立直",
        "flag_ippatsu": "一発",
        "flag_rinshan": "嶺上開花",
        "flag_chankan": "槍槓",
        "flag_haitei": "海底摸月",
        "flag_houtei": "河底撈魚",
        "flag_tenhou": "天和",
        "flag_chiihou": "地和",
    },
}
WAIT_KINDS = frozenset(w.value for w in Wait)
YAKUMAN_HAN = 13  # the engine counts one yakuman as 13 han, a double as 26


def said(key: str, /, **fields: object) -> str:
    """The result's word `key` in the page's language; a key it does not know, as it is."""
    if key not in WORDS[words.DEFAULT]:
        return key.partition("_")[2]
    return words.phrase(WORDS, key, **fields)


EXAMPLES = [
    ("Pinfu and all simples, two readings", "hand=234m567p234s345s55s&win=5s"),
    ("A called red dragon", "hand=234m567p55s345s&win=3s&melds=pon+777z"),
    ("Riichi, tsumo, seven pairs", "hand=1133m2255p4466s77z&win=7z&tsumo=1&flags=riichi"),
    ("A dealer's mangan with dora", "hand=123m123p123s44455s&win=5s&seat=E&dora=3s"),
]
POINT_STEPS = (
    *("fu_total", "fu_rounding", "basic_points", "limit"),
    *("payment", "honba", "deposits", "total"),
)


@require_GET
def tiles(request: HttpRequest) -> HttpResponse:
    return render(request, "scoring/tiles.html", {"sections": sections()})


@require_GET
@vary_on_headers("HX-Request", "Tenbo-Typing")
def hand(request: HttpRequest) -> HttpResponse:
    state = hand_query.read_state(request.GET)
    edited = hand_query.apply_edit(state, request.GET)
    if edited is not None:
        url = f"{reverse('hand')}?{edited.query(with_mode=True)}"
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    given = [(key, value) for key, values in request.GET.lists() for value in values]
    if not request.htmx and not state.errors and given != state.pairs(with_mode=True):
        return redirect(f"{reverse('hand')}?{state.query(with_mode=True)}")
    # A number that could not be read stays in its field (as text), beside its message.
    context = page_context(state) | {"typed": request.GET}
    if request.htmx:
        if context["errors"] and is_typing(request):
            return HttpResponse(status=204)  # the message waits until the field is left
        response = render(request, "scoring/hand_update.html", context)
        # The address follows the hand without a history entry per tile: one Back leaves.
        return replace_url(response, f"{reverse('hand')}?{state.query()}")
    return render(request, "scoring/hand.html", context)


def page_context(state: HandState) -> dict[str, Any]:
    # A field that could not be read is not scored as its default: the page says what to fix.
    answer, hint = (None, "") if state.errors else evaluate(state)
    errors = {**answer_errors(answer, state), **state.errors}
    return {
        "state": state,
        "result": present(answer) if answer and "error" not in answer else None,
        "hint": hint,
        "examples": EXAMPLES if not state.hand and not state.melds else [],
        "errors": errors,
        "error_slots": [(name, errors.get(name, "")) for name in FIELDS],
        "switch_controls": [
            (c, errors.get(c.name, "")) for c in controls(dict(state.switches), "hand")
        ],
        **palette_context(state),
    }


def evaluate(state: HandState) -> tuple[dict[str, Any] | None, str]:
    """The engine's answer, or a hint while the hand is still being built."""
    if not state.hand and not state.melds:
        return None, "Click the tiles, or type them in MPSZ, to build a hand of 14 tiles."
    tiles = safe_tiles(state.hand)
    missing = 14 - 3 * len(state.melds) - len(tiles)
    if missing > 0 and (tiles or not state.hand):
        if problem := state.too_many():
            return {"error": problem}, ""
        noun = "tile" if missing == 1 else "tiles"
        return None, f"Add {missing} more {noun} (the winning tile included)."
    return score_json(state.engine_request()), ""


def answer_errors(answer: dict[str, Any] | None, state: HandState) -> dict[str, str]:
    """The engine's message by the field it is about (found from its English wording)."""
    if not answer or "error" not in answer:
        return {}
    message = english = answer["error"]
    if words.current() != words.DEFAULT:
        with words.language(words.DEFAULT):
            again, _ = evaluate(state)
        english = again["error"] if again and "error" in again else message
    return {error_field(english): message}


def error_field(message: str) -> str:
    """The field an engine message is about, so it shows next to that field.

    >>> error_field("win tile 5s is not in the hand"), error_field("ura '9x': ...")
    ('win', 'ura')
    >>> error_field("the hand has no yaku (dora and red fives are not yaku)")
    'hand'

    """
    return next((name for name, pattern in ERROR_FIELDS if pattern.search(message)), "hand")


def present(answer: dict[str, Any]) -> dict[str, Any]:
    """The answer arranged for the page: fu items beside their sets, payers named."""
    reading = answer["reading"]
    groups = [group_view(g, reading["win"]) for g in reading["groups"]]
    loose: list[dict[str, Any]] = []
    for item in answer["fu_items"]:
        home = next((g for g in groups if item["tiles"] and same_tiles(g["tiles"], item)), None)
        (home["fu_items"] if home else loose).append(item)
    return {
        **answer,
        "groups": groups,
        "yaku": [yaku_view(y, yakuman=bool(answer["yakuman"])) for y in answer["yaku"]],
        "loose_fu": loose,
        "dora": [{**d, "name": yaku_name(d["kind"])} for d in answer["dora"]],
        "wait_name": wait_name(reading["wait"]),
        "payers": [(said(f"payer_{k}"), v) for k, v in answer["payments"].items()],
        "point_steps": [s for s in answer["steps"] if s["kind"] in POINT_STEPS],
        "others": [other_view(r) for r in answer["readings"] if not r["chosen"]],
        "limit_label": Limit(answer["limit"]).label if answer["limit"] else "",
        "han_label": han_text(answer["han"], kazoe=answer["kazoe"]),
        "yaku_han": sum(y["han"] for y in answer["yaku"]),
    }


def yaku_view(yaku: dict[str, Any], *, yakuman: bool) -> dict[str, Any]:
    """A yaku with its worth in words: "2 han", or "double yakuman" in a yakuman hand."""
    count = yaku["han"] // YAKUMAN_HAN
    if not yakuman:
        worth = said("han", han=yaku["han"])
    elif f"yakuman_{count}" in WORDS[words.DEFAULT]:
        worth = said(f"yakuman_{count}")
    else:
        worth = said("yakuman_n", count=count)
    return {**yaku, "worth": worth}


def other_view(reading: dict[str, Any]) -> dict[str, Any]:
    """A losing reading, its summary split into tiles and wait: "55s 234m … (tanki on 55s)"
    → the tiles, and "a pair wait (tanki) on 55s" (in Japanese "…（55sの単騎待ち）" → the
    tiles, and "55sの単騎待ち")."""
    summary = reading["summary"]
    if summary.endswith("）"):  # Japanese: the wait is already in words
        tiles, _, wait = summary.rpartition("（")
        return {**reading, "tiles": tiles, "wait": wait[:-1]}
    tiles, _, wait = summary.rpartition(" (")
    kind, _, group = wait.rstrip(")").partition(" on ")
    name = wait_name(kind) if kind in WAIT_KINDS else kind
    return {
        **reading,
        "tiles": tiles,
        "wait": said("wait_on", wait=name, group=group) if group else name,
    }


def group_view(group: dict[str, Any], win: str) -> dict[str, Any]:
    called = group["called"]
    name = said(f"group_{group['kind']}")
    label = name
    if called:
        how = "called_open" if group["open"] else "called_closed"
        label = said(how, called=said(f"meld_{called}"), name=name)
    return {
        **group,
        "draw": f"{called} {group['tiles']}" if called else group["tiles"],
        "label": label,
        "win_tile": win if group["win"] else None,
        "fu_items": [],
    }


def same_tiles(text: str, item: dict[str, Any]) -> bool:
    """Whether a fu item is about this set (red fives count as fives)."""
    return text.replace("0", "5") == str(item["tiles"]).replace("0", "5")


def palette_context(state: HandState) -> dict[str, Any]:
    """The palette rows and what is in the hand, drawn by the server for the first paint."""
    rows = palette_rows(state.exhausted())
    hand_tiles = safe_tiles(state.hand)
    win = state.win or state.default_win()
    return {
        "palette": rows,
        "hand_tiles": list(enumerate(hand_tiles)),
        "win_choices": [(c, c == win) for c in dict.fromkeys(hand_tiles)],
        "win_is_default": not state.win and bool(hand_tiles),
        "meld_list": [(i, m) for i, m in enumerate(state.melds) if is_drawable(m)],
        "dora_tiles": list(enumerate(safe_tiles(state.dora))),
        "ura_tiles": list(enumerate(safe_tiles(state.ura))),
        "modes": [(m, said(f"mode_{m}")) for m in hand_query.MODES],
        "winds": [(w, wind_name(i)) for i, (w, _) in enumerate(hand_query.WINDS)],
        "flag_choices": [(f, said(f"flag_{f}")) for f in hand_query.FLAG_LABELS],
        "presets": [(name, p.title) for name, p in PRESETS.items()],
    }


def is_drawable(meld: str) -> bool:
    """Whether a meld as typed can be drawn as tiles (the engine says what is wrong with the
    others, under the field), as hand.js decides.

    >>> is_drawable("pon 777z"), is_drawable("xyz 123m"), is_drawable("pon 12x")
    (True, False, False)
    """
    kind, _, tiles = meld.partition(" ")
    return kind in hand_query.MELD_SIZES and bool(safe_tiles(tiles))
