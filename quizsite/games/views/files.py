"""A game's exports (CSV, JSON), and a game imported from its JSON or from a game log."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods

from quizsite.games import exports, log_words, logs
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
    limit = settings.TENBO_LOG_MAX_BYTES
    if request.method == "POST":
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > limit + POST_MARGIN:
            problem = log_words.message("too_large", params={"size": length, "limit": limit})
            return render(
                request, "games/import.html", {"form": ImportForm(), "problem": problem}, status=413
            )
    return import_form(request)


@csrf_protect
def import_form(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"
    form = ImportForm(request.POST if posted else None, request.FILES if posted else None)
    context: dict[str, Any] = {"form": form, "problem": "", "ask_preset": False}
    if not posted or not form.is_valid():
        return render(request, "games/import.html", context)
    owner = signed_in_owner(request)
    try:
        raw = logs.read_input(form.cleaned_data, settings.TENBO_LOG_MAX_BYTES)
        data = logs.tenbo_export(raw)
        if data is not None:
            game = exports.import_game(data, owner=owner)
            keep(request, game)
            return redirect("games:board", slug=game.slug)
        digest = logs.digest_of(raw)
        again = GameLog.objects.filter(digest=digest, game__in=kept_games(request)).first()
        if again is not None:  # a second submit of the same log: the game made the first time
            return redirect(reverse("games:log", args=[again.game.slug]) + "?again=1")
        logged = gamelog.read(raw, limit=settings.TENBO_LOG_MAX_BYTES)
        imported = logs.import_log(
            logged,
            digest=digest,
            owner=owner,
            preset=form.cleaned_data["preset"],
            mine=kept_games(request),  # read again where the game would be saved
            keep=lambda game: keep(request, game),
        )
    except gamelog.LogError as e:
        context["problem"] = log_words.error_text(e)
    except logs.NeedsPreset:
        context["ask_preset"] = True
        context["rules_text"] = logged.rules_text
        context["uploaded"] = form.cleaned_data.get("file") is not None
    except ScoringError as e:
        context["problem"] = str(e)
    else:
        if imported.again:  # the same log sent twice at once: the game the other one made
            return redirect(reverse("games:log", args=[imported.game.slug]) + "?again=1")
        return redirect("games:log", slug=imported.game.slug)
    return render(request, "games/import.html", context)
