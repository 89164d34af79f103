"""A hand's entry (preview, then save), its edit, undo, and the game's end: stopped by the
last dealer, time's up or abandoned. A form checks the input's shape, the model changes the
game (the engine replays it and the version guards against a second phone)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from quizsite.games import board
from quizsite.games.forms import STOP_ENTRY, HandForm, initial_of
from quizsite.games.models import Game, StaleVersion
from scoring.engine import ScoringError
from scoring.engine.entered import EarlyEnd
from scoring.engine.game import Entry, Replay
from scoring.picker import MODES, palette_rows

from .boards import STALE, board_context, board_now, moved_text, owner_board
from .owners import owned_game


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
        return render_hand(request, game, form, number, game.replay(entries), version=game.version)
    form = HandForm(request.POST, **hand_form_context(game))
    version = posted_version(request)
    context: dict[str, Any] = {}
    played: Replay | None = None  # the game as it is now, replayed once for this request
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
            played = game.replay(entries)
            context.update(preview(game, played, entries, entry, number, form))
    if context.get("stale"):
        # Nothing is saved from an old board; the hand as typed stays, against the new board.
        game.refresh_from_db()
        shown = request.POST.get("hands", "")
        before = int(shown) if shown.isdigit() else len(entries)
        did = moved_text(before, game.hands.count())
        context["stale"] = _(
            "Another phone %(did)s meanwhile: this hand was not saved. The board above is "
            "updated: check this hand against it, then settle and save it again."
        ) % {"did": did}
        context.pop("preview", None)
        version = game.version
        played = None
    if played is None:
        played = game.replay()
    return render_hand(request, game, form, number, played, version=version, **context)


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
    game: Game,
    now: Replay,
    entries: list[Entry],
    entry: Entry,
    number: int | None,
    form: HandForm,
) -> dict[str, Any]:
    """The hand settled by the engine as it would be saved (`now`: the game replayed as it
    is; a new hand is settled after it, an edited one replays the game with it)."""
    try:
        if number is None:
            played = game.replay([entry], after=now)
        else:
            played = game.replay([*entries[: number - 1], entry, *entries[number:]])
    except ScoringError as e:
        form.add_error(None, board.with_names(str(e), game.names))
        return {}
    index = len(entries) if number is None else number - 1
    (row,) = board.history(played, game.names, game.engine_rules()[0], start=index, stop=index + 1)
    if played.over:
        after = _("game over: %(reason)s") % {"reason": played.reason}
    else:
        after = board.table_line(played)
    return {"preview": row, "after": played.scores, "after_line": after}


def render_hand(
    request: HttpRequest,
    game: Game,
    form: HandForm,
    number: int | None,
    played: Replay,
    **context: Any,
) -> HttpResponse:
    """The hand page, from the game's replay as it is now (`played`): the counters of the
    hand entered (an edited hand's as they were before it) and the small board."""
    state = played.hands[number - 1].state if number else played.state
    return render(
        request,
        "games/hand.html",
        {
            "game": game,
            "form": form,
            "number": number,
            "state": state,
            "palette": palette_rows(),
            "sanma": game.players == 3,  # 2m–8m hidden from the palette
            **board_now(game, played),
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


ENDS = {"time": gettext_lazy("Time's up"), "abandon": gettext_lazy("Abandon the game")}


@require_http_methods(["GET", "POST"])
def end_game(request: HttpRequest, slug: str) -> HttpResponse:
    """End a game early: time's up (the final standings at these scores) or abandoned (no
    result). Asked first; done on the post."""
    game = owned_game(request, slug)
    context = board_context(game, owner=True)
    if context["played"].over:
        return redirect("games:board", slug=slug)
    if request.method == "GET":
        # the standings time's up would give, as the engine would settle it after these hands
        timed = game.replay([Entry.of((), EarlyEnd("time"))], after=context["played"])
        at_time = board.standings(timed, game.names)
        return render(request, "games/end.html", {**context, "at_time": at_time})
    why = request.POST.get("why", "")
    if why not in ENDS:
        return owner_board(request, game, problem=_("Choose time's up or abandon to end the game."))
    try:
        game.add_hand(Entry.of((), EarlyEnd(why)), version=posted_version(request))
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
