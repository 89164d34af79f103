"""The games' pages: start a game, the board, a hand's entry (preview, then save), edit,
undo, the spectators' live board, exports and import.

Thin views: a form checks the input's shape, the model changes the game (the engine replays
it and the version guards against a second phone), the board module reads the replay for the
template. A game is the scorers' when their browser keeps its edit token (in the visitor's
server-side record, `visitors.public`) or when it is the signed-in user's own (started or
imported while signed in); everyone else gets a 404 from the scorers' pages and may watch
through the public link. Clubs likewise.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from quizsite.visitors import public as visitors
from scoring.engine import ScoringError
from scoring.engine.game import END, Entry
from scoring.picker import MODES, palette_rows

from . import board, exports, league
from .forms import STOP_ENTRY, ClubForm, HandForm, ImportForm, LeagueForm, NewGameForm, initial_of
from .models import Club, ClubPlayer, Game, SavedRules, StaleVersion

STALE = (
    "Someone else entered a hand on another phone: here is the board now. "
    "Check it, then enter yours again."
)


# ---- whose game ---------------------------------------------------------------------------


def signed_in_owner(request: HttpRequest) -> Any:
    """The user a new game or club belongs to: the signed-in one, else nobody."""
    return request.user if request.user.is_authenticated else None


def owns(request: HttpRequest, kind: str, thing: Game | Club) -> bool:
    """Whether this visitor may change `thing`: their visitor record keeps its edit token, or
    they are signed in as its owner."""
    if thing.owner_id is not None and thing.owner_id == request.user.pk:
        return True
    token = visitors.secret(request.session, kind, thing.slug)
    return bool(token) and secrets.compare_digest(token, thing.edit_token)


def keep(request: HttpRequest, game: Game) -> None:
    visitors.keep(request.session, visitors.GAME, game.slug, game.edit_token)


def owned_game(request: HttpRequest, slug: str) -> Game:
    """The game if this browser keeps its score or the user owns it, else 404 (the same answer
    as no game)."""
    game = Game.objects.filter(slug=slug).first()
    if game is None or not owns(request, visitors.GAME, game):
        raise Http404("no such game")
    return game


def kept_games(request: HttpRequest) -> QuerySet[Game]:
    """The games this browser keeps the score of, and the signed-in user's own."""
    mine = Q(slug__in=list(visitors.kept(request.session, visitors.GAME)))
    if request.user.is_authenticated:
        mine |= Q(owner=request.user)
    return Game.objects.filter(mine)


# ---- pages --------------------------------------------------------------------------------


def keep_club(request: HttpRequest, club: Club) -> None:
    visitors.keep(request.session, visitors.CLUB, club.slug, club.edit_token)


def organised_club(request: HttpRequest, slug: str) -> Club:
    """The club if this browser is its organiser's or the user owns it, else 404."""
    club = Club.objects.filter(slug=slug).first()
    if club is None or not owns(request, visitors.CLUB, club):
        raise Http404("no such club")
    return club


def is_organiser(request: HttpRequest, club: Club) -> bool:
    return owns(request, visitors.CLUB, club)


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    games = kept_games(request)
    clubs = Club.objects.filter(slug__in=list(visitors.kept(request.session, visitors.CLUB)))
    if request.user.is_authenticated:
        clubs = clubs | Club.objects.filter(owner=request.user)
    return render(request, "games/index.html", {"games": games, "clubs": clubs})


@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    club_slug = request.GET.get("club") or request.POST.get("club") or ""
    club = organised_club(request, club_slug) if club_slug else None
    saved = SavedRules.objects.filter(owner=request.user) if request.user.is_authenticated else ()
    league = club.rules if club is not None else None
    form = NewGameForm(request.POST or None, saved=saved, league=league)
    if request.method == "POST" and form.is_valid():
        game = form.game()
        game.owner = signed_in_owner(request)
        game.save()
        if club is not None:
            club.add_game(game)
        keep(request, game)
        return redirect("games:board", slug=game.slug)
    return render(request, "games/new.html", {"form": form, "club": club})


def board_context(game: Game, *, owner: bool) -> dict[str, Any]:
    played = game.replay()
    names = game.names
    return {
        "game": game,
        "played": played,
        "owner": owner,
        "players": board.players(game, played),
        "table_line": board.table_line(played),
        "history": board.history(played, names, game.engine_rules()[0]),
        "standings": board.standings(played, names),
        "names": names,
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
    return render(request, "games/board.html", {**context, **extra})


def board_now(game: Game) -> dict[str, Any]:
    """The scores and counters as they are now, for the hand page's own small board."""
    played = game.replay()
    return {
        "now_scores": [(n, f"{x:,}") for n, x in zip(game.names, played.scores, strict=True)],
        "now_line": "Game over" if played.over else board.table_line(played),
        "hands_count": len(played.hands),
    }


def moved_text(before: int, now: int) -> str:
    """What another phone did, from the number of hands before and now.

    >>> moved_text(2, 3), moved_text(2, 4), moved_text(3, 2), moved_text(3, 3)
    ('entered hand 3', 'entered hands 3–4', 'undid hand 3', 'changed a hand')
    """
    if now == before + 1:
        return f"entered hand {now}"
    if now > before:
        return f"entered hands {before + 1}–{now}"
    if now < before:
        return f"undid hand {before}" if now == before - 1 else f"undid hands {now + 1}–{before}"
    return "changed a hand"


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
    context = board_now(game)
    before = int(shown) if shown.isdigit() else context["hands_count"]
    did = f"Another phone {moved_text(before, context['hands_count'])}"
    if request.GET.get("for") == "hand":
        moved = f"{did}: the board above is updated; check before you save."
        return render(
            request, "games/hand.html#table_now", {"game": game, "moved": moved, **context}
        )
    context = board_context(game, owner=True) | {"moved": f"{did}: the board is up to date."}
    return render(request, "games/board.html#scorers", context)


@require_GET
def join(request: HttpRequest, slug: str, token: str) -> HttpResponse:
    """A second phone joins the scorers through the link the first one shows."""
    game = get_object_or_404(Game, slug=slug)
    if not secrets.compare_digest(token, game.edit_token):
        raise Http404("no such game")
    keep(request, game)
    return redirect("games:board", slug=slug)


@require_GET
@vary_on_headers("HX-Request")
def watch(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(Game, slug=slug)
    context = board_context(game, owner=False)
    template = "games/watch.html#live" if request.htmx else "games/watch.html"
    return render(request, template, context)


@require_http_methods(["GET", "POST"])
def hand(request: HttpRequest, slug: str, number: int | None = None) -> HttpResponse:
    """Enter a hand (or edit hand `number`): the engine's settlement is shown first; a second
    post with `save` keeps it."""
    game = owned_game(request, slug)
    entries = game.entries()
    if number is not None and not 1 <= number <= len(entries):
        raise Http404("no such hand")
    if request.method == "GET":
        initial = initial_of(entries[number - 1]) if number else None
        form = HandForm(initial=initial, **hand_form_context(game))
        return render_hand(request, game, form, number, version=game.version)
    form = HandForm(request.POST, **hand_form_context(game))
    version = posted_version(request)
    context: dict[str, Any] = {}
    if version != game.version:
        context["stale"] = STALE
    elif form.is_valid():
        entry: Entry = form.cleaned_data["entry"]
        # A hand with warnings is saved only from its own "Save anyway" button.
        if "save" in request.POST and (not form.warnings or request.POST["save"] == "anyway"):
            try:
                save_hand(game, entry, number, version)
            except StaleVersion:
                context["stale"] = STALE
            except ScoringError as e:
                form.add_error(None, board.with_names(str(e), game.names))
            else:
                return redirect("games:board", slug=slug)
        else:
            context.update(preview(game, entries, entry, number, form))
    if context.get("stale"):
        # Nothing is saved from an old board; the hand as typed stays, against the new board.
        game.refresh_from_db()
        shown = request.POST.get("hands", "")
        before = int(shown) if shown.isdigit() else len(entries)
        did = moved_text(before, game.hands.count())
        context["stale"] = (
            f"Another phone {did} meanwhile: this hand was not saved. The board above is "
            "updated: check this hand against it, then settle and save it again."
        )
        context.pop("preview", None)
        version = game.version
    return render_hand(request, game, form, number, version=version, **context)


def hand_form_context(game: Game) -> dict[str, Any]:
    """What the hand form checks a hand against: the players' names and the game's rules."""
    rules, table_rules = game.engine_rules()
    return {"names": game.names, "rules": rules, "table_rules": table_rules}


def save_hand(game: Game, entry: Entry, number: int | None, version: int) -> None:
    if number is None:
        game.add_hand(entry, version=version)
    else:
        game.replace_hand(number, entry, version=version)


def preview(
    game: Game, entries: list[Entry], entry: Entry, number: int | None, form: HandForm
) -> dict[str, Any]:
    """The hand settled by the engine as it would be saved (every later hand replayed too)."""
    changed = [*entries, entry] if number is None else [
        *entries[: number - 1], entry, *entries[number:]
    ]  # fmt: skip
    try:
        played = game.replay(changed)
    except ScoringError as e:
        form.add_error(None, board.with_names(str(e), game.names))
        return {}
    index = len(entries) if number is None else number - 1
    rows = board.history(played, game.names, game.engine_rules()[0])
    after = f"game over: {played.reason}" if played.over else board.table_line(played)
    return {"preview": rows[index], "after": played.scores, "after_line": after}


def render_hand(
    request: HttpRequest, game: Game, form: HandForm, number: int | None, **context: Any
) -> HttpResponse:
    played = game.replay(game.entries()[: number - 1]) if number else game.replay()
    return render(
        request,
        "games/hand.html",
        {
            "game": game,
            "form": form,
            "number": number,
            "state": played.state,
            "palette": palette_rows(),
            **board_now(game),
            "picker_modes": list(MODES.items()),
            **context,
        },
    )


def posted_version(request: HttpRequest) -> int:
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        return -1


@require_http_methods(["GET", "POST"])
def undo(request: HttpRequest, slug: str) -> HttpResponse:
    """Undo the last hand: asked first (the hand shown as it was settled), done on the post."""
    game = owned_game(request, slug)
    if request.method == "GET":
        context = board_context(game, owner=True)
        if not context["history"]:
            return redirect("games:board", slug=slug)
        return render(request, "games/undo.html", {**context, "last": context["history"][-1]})
    try:
        game.undo(version=posted_version(request))
    except StaleVersion:
        return owner_board(request, game, stale=STALE)
    except ScoringError as e:
        return owner_board(request, game, problem=str(e))
    return redirect("games:board", slug=slug)


ENDS = {"time": "Time's up", "abandon": "Abandon the game"}


@require_http_methods(["GET", "POST"])
def end_game(request: HttpRequest, slug: str) -> HttpResponse:
    """End a game early: time's up (the final standings at these scores) or abandoned (no
    result). Asked first; done on the post."""
    game = owned_game(request, slug)
    context = board_context(game, owner=True)
    if context["played"].over:
        return redirect("games:board", slug=slug)
    if request.method == "GET":
        # the standings time's up would give, as the engine would replay it
        timed = game.replay([*game.entries(), Entry((), {"kind": END, "why": "time"})])
        at_time = board.standings(timed, game.names)
        return render(request, "games/end.html", {**context, "at_time": at_time})
    why = request.POST.get("why", "")
    if why not in ENDS:
        return owner_board(request, game, problem="Choose time's up or abandon to end the game.")
    try:
        game.add_hand(Entry((), {"kind": END, "why": why}), version=posted_version(request))
    except StaleVersion:
        return owner_board(request, game, stale=STALE)
    except ScoringError as e:
        return owner_board(request, game, problem=str(e))
    return redirect("games:board", slug=slug)


@require_POST
def stop(request: HttpRequest, slug: str) -> HttpResponse:
    """The last dealer's choice to end the game while first (agari-yame)."""
    game = owned_game(request, slug)
    try:
        game.add_hand(STOP_ENTRY, version=posted_version(request))
    except StaleVersion:
        return owner_board(request, game, stale=STALE)
    except ScoringError as e:
        return owner_board(request, game, problem=str(e))
    return redirect("games:board", slug=slug)


# ---- exports and import ---------------------------------------------------------------------


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


@require_http_methods(["GET", "POST"])
def import_game(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"
    form = ImportForm(request.POST if posted else None, request.FILES if posted else None)
    problem = ""
    if posted and form.is_valid():
        try:
            game = exports.import_game(
                exports.read_upload(form.cleaned_data), owner=signed_in_owner(request)
            )
        except ScoringError as e:
            problem = str(e)
        else:
            keep(request, game)
            return redirect("games:board", slug=game.slug)
    return render(request, "games/import.html", {"form": form, "problem": problem})


# ---- clubs ----------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def club_new(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club = Club.objects.create(name=form.cleaned_data["name"], owner=signed_in_owner(request))
        keep_club(request, club)
        return redirect("games:club", slug=club.slug)
    return render(request, "games/club_new.html", {"form": form})


@require_GET
def club_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The league table (public, read only); the organiser also gets its tools."""
    club = get_object_or_404(Club, slug=slug)
    return render_club(request, club)


def render_club(request: HttpRequest, club: Club, **extra: Any) -> HttpResponse:
    period = LeagueForm(request.GET or None)
    since = until = None
    if period.is_valid():
        since, until = period.cleaned_data["since"], period.cleaned_data["until"]
    organiser = is_organiser(request, club)
    addable = kept_games(request).filter(club=None) if organiser else Game.objects.none()
    context = {
        "club": club,
        "league": league.league(club, since=since, until=until),
        "period": period,
        "organiser": organiser,
        "addable": addable,
        "players": club.players.all() if organiser else [],
        "my_rules": (
            SavedRules.objects.filter(owner=request.user)
            if organiser and request.user.is_authenticated
            else []
        ),
        **extra,
    }
    return render(request, "games/club.html", context)


@require_POST
def club_add(request: HttpRequest, slug: str) -> HttpResponse:
    club = organised_club(request, slug)
    game = kept_games(request).filter(slug=request.POST.get("game", ""), club=None).first()
    if game is None:
        return render_club(request, club, problem="Choose one of the games you keep the score of.")
    if club.rules is not None and game.rules != club.rules.rules:
        return render_club(
            request, club, problem=f"That game is not played by the league's rules ({club.rules})."
        )
    try:
        club.add_game(game)
    except ValidationError as e:  # a name kept before names were checked as they are now
        return render_club(request, club, problem=e.messages[0])
    return redirect("games:club", slug=slug)


@require_POST
def club_rename(request: HttpRequest, slug: str) -> HttpResponse:
    club = organised_club(request, slug)
    pk = request.POST.get("player", "")
    player = get_object_or_404(ClubPlayer, pk=int(pk) if pk.isdigit() else 0, club=club)
    try:
        player.rename(request.POST.get("name", ""))
    except ValidationError as e:
        return render_club(request, club, problem=e.messages[0])
    except ScoringError as e:
        return render_club(request, club, problem=str(e))
    return redirect("games:club", slug=slug)
