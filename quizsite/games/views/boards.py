"""The boards: the scorers' own (kept up to date by polling), the hand page's small board,
and the spectators' live board, each read from one replay of the game. A board shows the
latest hands (`board.SHOWN`); the older ones come a page at a time (`earlier_hands`), so a
board weighs the same at the 80th hand as at the 8th."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from quizsite.games import board
from quizsite.games.models import Game, SavedRules
from quizsite.visitors import public as visitors
from scoring.engine.game import Replay

from .owners import owned_game, owns

STALE = gettext_lazy(
    "Someone else entered a hand on another phone: here is the board now. "
    "Check it, then enter yours again."
)


def board_context(game: Game, *, owner: bool, played: Replay | None = None) -> dict[str, Any]:
    """The board's parts from one replay of the game (`played`, when the caller has it)."""
    played = game.replay() if played is None else played
    names = game.names
    return {
        "game": game,
        "played": played,
        "owner": owner,
        "players": board.players(game, played),
        "table_line": board.table_line(played),
        "standings": board.standings(played, names),
        "names": names,
        **hand_rows(game, played),
    }


def hand_rows(game: Game, played: Replay, before: int | None = None) -> dict[str, Any]:
    """The hands a board shows (the latest, or the page before hand `before`): `history`, the
    game's `hands_count`, where the hands shown start and stop (numbers, 1-based), and the
    `before` of the page after them (None at the latest)."""
    total = len(played.hands)
    start, stop = board.window(total, before)
    rows = board.history(played, game.names, game.engine_rules()[0], start=start, stop=stop)
    return {
        "history": rows,
        "hands_count": total,
        "first_shown": start + 1,
        "last_shown": stop,
        "later": stop + board.SHOWN + 1 if stop < total else None,  # `before` of the next page
    }


@require_GET
def game_board(request: HttpRequest, slug: str) -> HttpResponse:
    return owner_board(request, owned_game(request, slug))


def owner_board(request: HttpRequest, game: Game, **extra: Any) -> HttpResponse:
    """The scorers' board (with `stale` or `problem` when a change was not made)."""
    game.refresh_from_db()
    context = board_context(game, owner=True)
    context["watch_url"] = request.build_absolute_uri(reverse("games:watch", args=[game.slug]))
    context["join_url"] = request.build_absolute_uri(
        reverse("games:join", args=[game.slug, game.edit_token])
    )
    context["rules_name"] = named_rules(game)
    return render(request, "games/board.html", {**context, **extra})


def named_rules(game: Game) -> str:
    """The name of the owner's saved rule set the game is played by ("" when it is none)."""
    if game.owner_id is None:
        return ""
    saved = SavedRules.objects.filter(owner_id=game.owner_id).values_list("name", "rules")
    return next((name for name, rules in saved if rules == game.rules), "")


def board_now(game: Game, played: Replay) -> dict[str, Any]:
    """The scores and counters as they are now (`played`: the game's replay), for the hand
    page's own small board."""
    return {
        "now_scores": [
            (n, board.points_text(x)) for n, x in zip(game.names, played.scores, strict=True)
        ],
        "now_line": _("Game over") if played.over else board.table_line(played),
        "hands_count": len(played.hands),
    }


def moved_text(before: int, now: int) -> str:
    """What another phone did, from the number of hands before and now.

    >>> from django.utils.translation import override
    >>> with override("en"):
    ...     moved_text(2, 3), moved_text(2, 4), moved_text(3, 2), moved_text(3, 3)
    ('entered hand 3', 'entered hands 3–4', 'undid hand 3', 'changed a hand')
    >>> with override("ja"):
    ...     moved_text(2, 3), moved_text(5, 3)
    ('第3局を入力', '第4〜5局を取り消し')
    """
    if now == before + 1:
        return _("entered hand %(number)s") % {"number": now}
    if now > before:
        return _("entered hands %(first)s–%(last)s") % {"first": before + 1, "last": now}
    if now == before - 1:
        return _("undid hand %(number)s") % {"number": before}
    if now < before:
        return _("undid hands %(first)s–%(last)s") % {"first": now + 1, "last": before}
    return _("changed a hand")


@require_GET
@never_cache
def poll(request: HttpRequest, slug: str) -> HttpResponse:
    """The scorers' board (or the hand page's small board) asks every few seconds whether
    the game moved on: 204 while its version is the one shown, else the new part, with a
    notice of what another phone did. Cheap: one query when nothing changed."""
    game = owned_game(request, slug)
    if request.GET.get("version") == str(game.version):
        return HttpResponse(status=204)
    shown = request.GET.get("hands", "")
    played = game.replay()
    context = board_now(game, played)
    before = int(shown) if shown.isdigit() else context["hands_count"]
    did = moved_text(before, context["hands_count"])
    if request.GET.get("for") == "hand":
        moved = _("Another phone %(did)s: the board above is updated; check before you save.") % {
            "did": did
        }
        return render(
            request, "games/hand.html#table_now", {"game": game, "moved": moved, **context}
        )
    context = board_context(game, owner=True, played=played) | {
        "moved": _("Another phone %(did)s: the board is up to date.") % {"did": did}
    }
    return render(request, "games/board.html#scorers", context)


@require_GET
@vary_on_headers("HX-Request")
def watch(request: HttpRequest, slug: str) -> HttpResponse:
    """The spectators' board; polled by htmx with the version it shows: 204 while the game
    has not moved (one query, no replay), else the live part."""
    game = get_object_or_404(Game, slug=slug)
    if request.htmx and request.GET.get("version") == str(game.version):
        return HttpResponse(status=204)
    context = board_context(game, owner=False)
    template = "games/watch.html#live" if request.htmx else "games/watch.html"
    return render(request, template, context)


@require_GET
@vary_on_headers("HX-Request")
def earlier_hands(request: HttpRequest, slug: str) -> HttpResponse:
    """The `board.SHOWN` hands before hand `before` (a number the link gives; anything else
    reads as "the latest"): for htmx the rows alone, put in place of the board's "Show earlier
    hands" link; without script a page of them with links to the pages around it. Anyone with
    the public link may read them, as on the live board; the scorers also get the edit links."""
    game = get_object_or_404(Game, slug=slug)
    asked = request.GET.get("before", "")
    played = game.replay()
    context = {
        "game": game,
        "played": played,
        "owner": owns(request, visitors.GAME, game),
        **hand_rows(game, played, int(asked) if asked.isdigit() else None),
    }
    template = "games/_hand_rows.html" if request.htmx else "games/hands.html"
    return render(request, template, context)
