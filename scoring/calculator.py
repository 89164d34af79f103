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
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, replace_url

from scoring.engine import Limit, score_json, words
from scoring.engine.decompose import Wait, wait_name
from scoring.engine.explain import han_text
from scoring.engine.rules import ALL_PRESETS, SANMA_PRESETS
from scoring.engine.tiles import wind_name
from scoring.engine.yaku import yaku_name
from scoring.switch_controls import controls, switches_for

from . import hand_query, tables
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
    ("kita", re.compile(r'^"kita"|Norths across')),
    ("seat", re.compile(r'^"seat"')),
    ("round", re.compile(r'^"round"')),
]
FIELDS = (
    *("hand", "win", "melds", "tsumo", "seat", "round"),
    *("flags", "dora", "ura", "honba", "sticks", "rules", "kita"),
    *(s.name for s in switches_for("hand", sanma=True)),
)
PAYERS = {
    "ron": gettext_lazy("The discarder pays"),
    "dealer": gettext_lazy("The dealer pays"),
    "non_dealer": gettext_lazy("Each non-dealer pays"),
    "each": gettext_lazy("Each other player pays"),
}
# At a three-player table one non-dealer pays beside the dealer, two players pay a dealer.
SANMA_PAYERS = {
    **PAYERS,
    "non_dealer": gettext_lazy("The other non-dealer pays"),
    "each": gettext_lazy("Each of the two others pays"),
}
GROUP_NAMES = {
    "pair": pgettext_lazy("a group of tiles", "pair"),
    "sequence": pgettext_lazy("a group of tiles", "run"),
    "triplet": pgettext_lazy("a group of tiles", "triplet"),
    "quad": pgettext_lazy("a group of tiles", "quad"),
    "orphans": pgettext_lazy("a group of tiles", "thirteen orphans"),
}
# The words a meld is typed with ("pon 777z"), as the page's language says them.
MELD_TYPED = {
    "chi": pgettext_lazy("a meld as typed", "chi"),
    "pon": pgettext_lazy("a meld as typed", "pon"),
    "kan": pgettext_lazy("a meld as typed", "kan"),
    "ankan": pgettext_lazy("a meld as typed", "ankan"),
}
# The fields an error can be about, as "Fix the hand: …" names them.
FIELD_WORDS = {
    "hand": pgettext_lazy("a field of the hand calculator", "hand"),
    "win": pgettext_lazy("a field of the hand calculator", "win"),
    "melds": pgettext_lazy("a field of the hand calculator", "melds"),
    "tsumo": pgettext_lazy("a field of the hand calculator", "tsumo"),
    "seat": pgettext_lazy("a field of the hand calculator", "seat"),
    "round": pgettext_lazy("a field of the hand calculator", "round"),
    "flags": pgettext_lazy("a field of the hand calculator", "flags"),
    "dora": pgettext_lazy("a field of the hand calculator", "dora"),
    "ura": pgettext_lazy("a field of the hand calculator", "ura"),
    "honba": pgettext_lazy("a field of the hand calculator", "honba"),
    "sticks": pgettext_lazy("a field of the hand calculator", "sticks"),
    "rules": pgettext_lazy("a field of the hand calculator", "rules"),
    "kita": pgettext_lazy("a field of the hand calculator", "Norths set aside"),
}
WAIT_KINDS = frozenset(w.value for w in Wait)
YAKUMAN_HAN = 13  # the engine counts one yakuman as 13 han, a double as 26
YAKUMAN_WORDS = {
    1: gettext_lazy("yakuman"),
    2: gettext_lazy("double yakuman"),
    3: gettext_lazy("triple yakuman"),
}
EXAMPLES = [
    (gettext_lazy("Pinfu and all simples, two readings"), "hand=234m567p234s345s55s&win=5s"),
    (gettext_lazy("A called red dragon"), "hand=234m567p55s345s&win=3s&melds=pon+777z"),
    (
        gettext_lazy("Riichi, tsumo, seven pairs"),
        "hand=1133m2255p4466s77z&win=7z&tsumo=1&flags=riichi",
    ),
    (gettext_lazy("A dealer's mangan with dora"), "hand=123m123p123s44455s&win=5s&seat=E&dora=3s"),
]
POINT_STEPS = (
    *("fu_total", "fu_rounding", "basic_points", "limit"),
    *("payment", "north", "honba", "deposits", "total"),
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
        "error_list": [
            (name, FIELD_WORDS.get(name, name), message) for name, message in errors.items()
        ],
        "error_slots": [(name, errors.get(name, "")) for name in FIELDS],
        "switch_controls": [
            (c, errors.get(c.name, "")) for c in controls(dict(state.switches), "hand", sanma=True)
        ],
        "sanma_presets": " ".join(SANMA_PRESETS),
        **palette_context(state),
    }


def evaluate(state: HandState) -> tuple[dict[str, Any] | None, str]:
    """The engine's answer, or a hint while the hand is still being built."""
    if not state.hand and not state.melds:
        return None, _("Click the tiles, or type them in MPSZ, to build a hand of 14 tiles.")
    tiles = safe_tiles(state.hand)
    missing = 14 - 3 * len(state.melds) - len(tiles)
    if missing > 0 and (tiles or not state.hand):
        if problem := state.too_many():
            return {"error": problem}, ""
        return None, ngettext(
            "Add %(missing)d more tile (the winning tile included).",
            "Add %(missing)d more tiles (the winning tile included).",
            missing,
        ) % {"missing": missing}
    return score_json(state.engine_request()), ""


def answer_errors(answer: dict[str, Any] | None, state: HandState) -> dict[str, str]:
    if not answer or "error" not in answer:
        return {}
    message = answer["error"]
    return {placed(message, state): message}


def placed(message: str, state: HandState) -> str:
    """The field an engine message is about. `ERROR_FIELDS` reads the engine's English: a
    message in another language is placed by the same check made again in English."""
    if words.current() == words.DEFAULT:
        return error_field(message)
    with words.language(words.DEFAULT):
        english, _hint = evaluate(state)
    return error_field(english["error"]) if english and "error" in english else "hand"


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
    payers = SANMA_PAYERS if len(answer["deltas"]) == 3 else PAYERS
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
        "payers": [(payers.get(k, k), tables.amount(v)) for k, v in answer["payments"].items()],
        "total_text": tables.amount(answer["total"]),
        "deposits": tables.amount(answer["deposits"]) if answer["deposits"] else "",
        "point_steps": [s for s in answer["steps"] if s["kind"] in POINT_STEPS],
        "others": [other_view(r) for r in answer["readings"] if not r["chosen"]],
        "limit_label": Limit(answer["limit"]).label if answer["limit"] else "",
        "han_label": han_text(answer["han"], kazoe=answer["kazoe"]),
        "yaku_han": sum(y["han"] for y in answer["yaku"]),
    }


def yaku_view(yaku: dict[str, Any], *, yakuman: bool) -> dict[str, Any]:
    """A yaku with its worth in words: "2 han", or "double yakuman" in a yakuman hand."""
    count = yaku["han"] // YAKUMAN_HAN
    if yakuman:
        worth = YAKUMAN_WORDS.get(count) or _("%(count)s× yakuman") % {"count": count}
    else:
        worth = _("%(han)s han") % {"han": yaku["han"]}
    return {**yaku, "worth": worth}


GROUPS = re.compile(r"(?:[0-9]+[mpsz]\s?)+")  # a reading's groups, as every language writes them
EDGES = re.compile(r"^\W+|\W+$")  # the brackets around a wait in words


def other_view(reading: dict[str, Any]) -> dict[str, Any]:
    """A losing reading, its summary split into tiles and wait: "55s 234m … (tanki on 55s)"
    → the tiles, and "a pair wait (tanki) on 55s" (in Japanese "…（55sの単騎待ち）" → the
    tiles, and "55sの単騎待ち")."""
    summary = reading["summary"]
    points = tables.amount(reading["points"]) if reading.get("points") is not None else ""
    if words.current() != words.DEFAULT:  # the wait is already in words, beside the tiles
        found = GROUPS.search(summary)
        tiles = found.group().strip() if found else summary
        wait = EDGES.sub("", summary[found.end() :]) if found else ""
        return {**reading, "tiles": tiles, "wait": wait, "points": points}
    tiles, _open, wait = summary.rpartition(" (")
    kind, _on, group = wait.rstrip(")").partition(" on ")
    name = wait_name(kind) if kind in WAIT_KINDS else kind
    said = _("%(wait)s on %(tiles)s") % {"wait": name, "tiles": group} if group else name
    return {**reading, "tiles": tiles, "wait": said, "points": points}


def group_view(group: dict[str, Any], win: str) -> dict[str, Any]:
    called = group["called"]
    name = GROUP_NAMES.get(group["kind"], group["kind"])
    if called:
        words = (
            _("%(called)s (open %(name)s)") if group["open"] else _("%(called)s (closed %(name)s)")
        )
        label = words % {"called": MELD_TYPED.get(called, called), "name": name}
    else:
        label = str(name)
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
        "meld_list": [(i, m, meld_said(m)) for i, m in enumerate(state.melds) if is_drawable(m)],
        "dora_tiles": list(enumerate(safe_tiles(state.dora))),
        "ura_tiles": list(enumerate(safe_tiles(state.ura))),
        "modes": list(hand_query.MODES.items()),
        "winds": [(w, wind_name(i)) for i, (w, _) in enumerate(hand_query.WINDS)],
        "flag_choices": list(hand_query.FLAG_LABELS.items()),
        "presets": [(name, p.title) for name, p in ALL_PRESETS.items()],
    }


def meld_said(meld: str) -> str:
    """A meld as typed, its word in the page's language ("pon 777z" → "ポン 777z")."""
    kind, _sp, tiles = meld.partition(" ")
    return f"{MELD_TYPED[kind]} {tiles}" if kind in MELD_TYPED else meld


def is_drawable(meld: str) -> bool:
    """Whether a meld as typed can be drawn as tiles (the engine says what is wrong with the
    others, under the field), as hand.js decides.

    >>> is_drawable("pon 777z"), is_drawable("xyz 123m"), is_drawable("pon 12x")
    (True, False, False)
    """
    kind, _sp, tiles = meld.partition(" ")
    return kind in hand_query.MELD_SIZES and bool(safe_tiles(tiles))
