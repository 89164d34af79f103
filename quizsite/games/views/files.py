"""A game's exports (CSV, JSON), and a game imported from its JSON or from a game log."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import ngettext
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods

from quizsite.games import batch, exports, limits, log_words, logs, uploads
from quizsite.games.forms import ImportForm
from quizsite.games.models import Game, GameLog
from scoring import gamelog
from scoring.engine import ScoringError

from .owners import keep, kept_games, signed_in_owner


@require_GET
def export_csv(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(Game, slug=slug)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="tenbo-game-{slug}.csv"'
    exports.write_csv(game, response)
    return response


@require_GET
def export_json(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(Game, slug=slug)
    response = HttpResponse(exports.game_json(game), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="tenbo-game-{slug}.json"'
    return response


POST_MARGIN = 262_144  # a form's other fields and multipart framing, beside the log itself


@csrf_exempt  # checked in `import_form`, once the size is known to be within the limit
@require_http_methods(["GET", "POST"])
def import_game(request: HttpRequest) -> HttpResponse:
    """A Tenbō game export or a game log, pasted or uploaded. A post longer than the log limit
    is refused before its body is read (neither into memory nor to a temporary file)."""
    refused = too_large(request, "games/import.html")
    return refused or import_form(request)


def too_large(request: HttpRequest, template: str, **context: Any) -> HttpResponse | None:
    """A 413 with the form and the message for a post whose length says it is past the log
    limit (its body unread), else None."""
    limit = settings.TENBO_LOG_MAX_BYTES
    if request.method != "POST":
        return None
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length <= limit + POST_MARGIN:
        return None
    problem = log_words.message("too_large", params={"size": length, "limit": limit})
    context = {"form": ImportForm(), "problem": problem, **context}
    return render(request, template, context, status=413)


@csrf_protect
def import_form(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"
    form = ImportForm(request.POST if posted else None, request.FILES if posted else None)
    context: dict[str, Any] = {"form": form, "problem": "", "ask_preset": False}
    if not posted or not form.is_valid():
        return render(request, "games/import.html", context)
    limit = settings.TENBO_LOG_MAX_BYTES
    try:
        items = uploads.given(request, form.cleaned_data, limit)
    except gamelog.LogError as e:
        context.update(problem=log_words.error_text(e), **log_words.how_to(e))
        return render(request, "games/import.html", context)
    except ScoringError as e:
        context["problem"] = str(e)
        return render(request, "games/import.html", context)
    if len(items) == 1 and not items[0].packed:
        if limits.import_refused(request):
            context["problem"] = str(limits.IMPORTS_LIMITED)
            return render(request, "games/import.html", context)
        return import_one(request, form, items[0].raw, context)
    outcomes = batch.import_many(
        items, limit=limit, owner=signed_in_owner(request),
        preset=form.cleaned_data["preset"], mine=lambda: kept_games(request),
        keep=lambda game: keep(request, game), refused=lambda: limits.import_refused(request),
    )  # fmt: skip
    return render(request, "games/imported.html", batch_context(outcomes))


def batch_context(outcomes: list[batch.Outcome], club: Any = None) -> dict[str, Any]:
    return {"outcomes": outcomes, "counts": batch.counts(outcomes), "club": club}


def import_one(
    request: HttpRequest, form: ImportForm, raw: bytes, context: dict[str, Any]
) -> HttpResponse:
    """One file or pasted text: a Tenbō export, or one log (asked about first when it is cut
    short or names no rules Tenbō knows; kept meanwhile, so nothing is chosen again)."""
    owner = signed_in_owner(request)
    data = form.cleaned_data
    try:
        export = logs.tenbo_export(raw)
        if export is not None:
            game = exports.import_game(export, owner=owner)
            keep(request, game)
            return redirect("games:board", slug=game.slug)
        digest = logs.digest_of(raw)
        again = GameLog.objects.filter(digest=digest, game__in=kept_games(request)).first()
        if again is not None:  # a second submit of the same log: the game made the first time
            return redirect(reverse("games:log", args=[again.game.slug]) + "?again=1")
        logged = gamelog.read(raw, limit=settings.TENBO_LOG_MAX_BYTES, sanma=True)
        if logged.cut is not None and not data["cut_ok"]:
            uploads.keep_for_now(request, digest, raw)
            context.update(cut_question(logged), kept=digest)
            return render(request, "games/import.html", context)
        seat = logs.seat_named(data["me"], logged.players)
        imported = logs.import_log(
            logged,
            digest=digest,
            owner=owner,
            preset=data["preset"],
            mine=kept_games(request),  # read again where the game would be saved
            keep=lambda game: keep(request, game),
            seat=seat,
        )
    except gamelog.LogError as e:
        context.update(problem=log_words.error_text(e), **log_words.how_to(e))
    except logs.NeedsPreset:
        uploads.keep_for_now(request, digest, raw)
        context.update(ask_preset=True, rules_text=logged.rules_text, kept=digest)
        form.fields["preset"].choices = logs.preset_choices_for(logged)
    except ScoringError as e:
        context["problem"] = str(e)
    else:
        uploads.forget(request, digest)
        if owner is not None and seat is not None:
            logs.remember_name(owner, imported.game.names[seat], logged.players[seat])
        said = "?again=1" if imported.again else "?replaced=1" if imported.replaced else ""
        return redirect(reverse("games:log", args=[imported.game.slug]) + said)
    return render(request, "games/import.html", context)


def cut_question(logged: gamelog.LoggedGame) -> dict[str, Any]:
    """What the page asks of a log cut short: where it stops, and how many hands it keeps."""
    assert logged.cut is not None
    complete = len(logged.hands)
    said = {"stop": complete + 1, "count": complete}
    if logged.cut.params.get("what") == "no_owari":  # every hand is there, not the end
        ask = ngettext(
            "The log stops after hand %(count)s, before the game's end: import its hand?",
            "The log stops after hand %(count)s, before the game's end: import its %(count)s "
            "hands?",
            complete,
        )
    else:
        ask = ngettext(
            "The log stops in hand %(stop)s: import its %(count)s complete hand?",
            "The log stops in hand %(stop)s: import its %(count)s complete hands?",
            complete,
        )
    return {"cut_text": log_words.error_text(logged.cut), "cut_ask": ask % said}
