"""The JSON API (v1): payments from han and fu, whole hands scored by the engine, one hand's
end settled at the table (`POST /api/v1/settle`) and final scores (`POST /api/v1/final`).

Bad input answers 400 with `{"error": "..."}`; the messages are the engine's and the forms'.
`POST /api/v1/score?explain=0` answers with the facts only (no reading, fu items, readings or
steps), which is faster. Every endpoint takes `?lang=ja` (or `en`, the default) for the
language of its explanations (steps, yaku names, fu items, readings); the keys stay English.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse, QueryDict
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from scoring.engine import final_json, score_json, score_text, settle_json, words
from scoring.engine.explain import settlement_steps

from .forms import PointsForm

JSON_OPTIONS = {"ensure_ascii": False}
NO = frozenset({"0", "false", "no"})  # `?explain=0`: the brief answer


View = Callable[[HttpRequest], HttpResponse]


def error(message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({"error": message}, status=status, json_dumps_params=JSON_OPTIONS)


def answers(method: str) -> Callable[[View], View]:
    """Lets only `method` (and HEAD with GET) through; any other gets 405 as JSON, not an HTML
    page. CSRF-exempt: no endpoint uses cookies, and a stray POST should get this 405, not 403."""
    allowed = {method, "HEAD"} if method == "GET" else {method}

    def decorate(view: View) -> View:
        @wraps(view)
        def checked(request: HttpRequest) -> HttpResponse:
            if request.method not in allowed:
                response = error(f"use {method} here, not {request.method}", status=405)
                response["Allow"] = ", ".join(sorted(allowed))
                return response
            lang = request.GET.get("lang", words.DEFAULT)
            if lang not in words.LANGUAGES:
                return error(f"lang must be one of {', '.join(words.LANGUAGES)}, not {lang[:20]!r}")
            # Whatever the visitor's cookie or browser say, the API's language is `lang`: the
            # engine's words and the forms' messages alike.
            with words.language(lang), translation.override(lang):
                return view(request)

        return csrf_exempt(checked)

    return decorate


def not_found(request: HttpRequest, rest: str = "") -> JsonResponse:
    """Any other address under /api/v1/: a JSON 404 that names the endpoints."""
    return error(
        f"no endpoint /api/v1/{rest}: use GET /api/v1/points, or POST /api/v1/score, "
        "/api/v1/settle or /api/v1/final",
        status=404,
    )


def points_answer(form: PointsForm) -> dict[str, Any]:
    """The answer to a valid points request."""
    settlement = form.settlement()
    d = form.cleaned_data
    rules = form.rule_set()
    return {
        "han": d["han"],
        "fu": d["fu"],
        "dealer": d["dealer"],
        "tsumo": d["tsumo"],
        "honba": d["honba"],
        "sticks": d["sticks"],
        "rules": {"preset": rules.name, **rules.switches()},
        "deltas": list(settlement.deltas),
        "payments": settlement.payments,
        "total": settlement.total,
        "basic_points": settlement.basic.points,
        "limit": settlement.limit.value if settlement.limit else None,
        "steps": [step.to_json() for step in settlement_steps(settlement)],
    }


@answers("GET")
def points(request: HttpRequest) -> JsonResponse:
    form = PointsForm.from_query(request.GET, defaults=False)
    if not form.is_valid():
        return error("; ".join(form.messages()))
    return JsonResponse(points_answer(form), json_dumps_params=JSON_OPTIONS)


def json_body(request: HttpRequest, example: str) -> dict[str, Any] | JsonResponse:
    """The body as a JSON object, or the 400 that says why it is not one."""
    try:
        payload = json.loads(request.body)
    except ValueError as exc:  # not UTF-8, not JSON, or a number too long to read
        return error(f"the body is not valid JSON: {exc}")
    except RecursionError:
        return error("the body is not valid JSON: it is nested too deeply")
    if not isinstance(payload, dict):
        return error(f"the body must be a JSON object, such as {example}")
    return payload


def engine_answer(answer: dict[str, Any]) -> JsonResponse:
    if "error" in answer:
        return error(str(answer["error"]))
    return JsonResponse(answer, json_dumps_params=JSON_OPTIONS)


@answers("POST")
def score(request: HttpRequest) -> HttpResponse:
    payload = json_body(request, '{"hand": ..., "win": ...}')
    if isinstance(payload, JsonResponse):
        return payload
    return text_answer(
        score_text(payload, explain=request.GET.get("explain", "1") not in NO, ensure_ascii=False)
    )


@answers("POST")
def settle(request: HttpRequest) -> HttpResponse:
    """One hand's end: the score changes, the scores after, the next hand and the steps."""
    payload = json_body(request, '{"scores": [...], "dealer": 0, "end": {...}}')
    if isinstance(payload, JsonResponse):
        return payload
    return engine_answer(settle_json(payload))


@answers("POST")
def final(request: HttpRequest) -> HttpResponse:
    """Final scores: placements and points with oka and uma."""
    payload = json_body(request, '{"scores": [...], "sticks": 0}')
    if isinstance(payload, JsonResponse):
        return payload
    return engine_answer(final_json(payload))


def text_answer(text: str) -> HttpResponse:
    """An answer the engine wrote straight to JSON text (brief or explained): the same bytes
    JsonResponse would send."""
    if text.startswith('{"error": '):
        return error(json.loads(text)["error"])  # the message as the other errors write it
    return HttpResponse(text, content_type="application/json")


# ---- examples for the documentation page (computed, so the docs cannot drift) --------------

POINTS_EXAMPLE = "han=3&fu=25&dealer=1&tsumo=0"
SCORE_EXAMPLE = {
    "hand": "123m456p789s11122z",
    "win": "2z",
    "tsumo": False,
    "seat": "S",
    "round": "E",
    "flags": ["riichi"],
}


SETTLE_EXAMPLE = {
    "rules": "tenhou",
    "scores": [25000, 25000, 25000, 25000],
    "dealer": 3,
    "round": "E",
    "honba": 1,
    "sticks": 0,
    "riichi": [1],
    "end": {"kind": "ron", "from": 2, "wins": [{"seat": 1, "han": 3, "fu": 30}]},
}
FINAL_EXAMPLE = {"rules": "mleague", "scores": [41200, 30500, 17100, 11200], "sticks": 0}
SANMA_EXAMPLE = {
    "hand": "111m999p123456s77z",
    "win": "7z",
    "tsumo": True,
    "flags": ["riichi"],
    "kita": 1,
    "rules": "tenhou_sanma",
}


@dataclass(frozen=True)
class Example:
    title: str
    curl: str
    response: str


def examples(site: str = "http://127.0.0.1:8000") -> list[Example]:
    """The documentation's examples, as curl commands against `site` (the page's own address),
    with the answers those commands get: English, as they ask for no `lang`, whatever the
    page's language."""
    with words.language(words.DEFAULT):
        return english_examples(site)


def english_examples(site: str) -> list[Example]:
    form = PointsForm.from_query(QueryDict(POINTS_EXAMPLE))
    form.is_valid()
    points_json = json.dumps(points_answer(form), indent=2, ensure_ascii=False)
    body = json.dumps(SCORE_EXAMPLE)
    try:
        score_text = json.dumps(score_json(SCORE_EXAMPLE), indent=2, ensure_ascii=False)
    except Exception:  # the example must not take the documentation down with it
        score_text = "(this server cannot score the example hand right now)"
    return [
        Example(
            _("Payments for 3 han 25 fu, dealer ron"),
            f"curl '{site}/api/v1/points?{POINTS_EXAMPLE}'",
            points_json,
        ),
        Example(
            _("Score a whole hand: riichi and the East round wind, ron on the South pair"),
            f"curl -X POST {site}/api/v1/score \\\n"
            f"     -H 'Content-Type: application/json' \\\n     -d '{body}'",
            score_text,
        ),
        post_example(
            _("Settle a hand's end: East 4, 1 honba, seat 1 in riichi wins 3 han 30 fu by ron"),
            f"{site}/api/v1/settle",
            SETTLE_EXAMPLE,
            settle_json,
        ),
        post_example(
            _("Final scores under the M-League rules"),
            f"{site}/api/v1/final",
            FINAL_EXAMPLE,
            final_json,
        ),
        post_example(
            _(
                "Three players: a riichi tsumo with a North set aside, at Tenhou's three-player "
                "table"
            ),
            f"{site}/api/v1/score?explain=0",
            SANMA_EXAMPLE,
            lambda body: score_json(body, explain=False),
        ),
    ]


def post_example(
    title: str, url: str, body: dict[str, Any], answer: Callable[[Any], dict[str, Any]]
) -> Example:
    curl = (
        f"curl -X POST {url} \\\n     -H 'Content-Type: application/json' \\\n"
        f"     -d '{json.dumps(body)}'"
    )
    return Example(title, curl, json.dumps(answer(body), indent=2, ensure_ascii=False))
