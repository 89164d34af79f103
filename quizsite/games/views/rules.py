"""A signed-in user's saved rule sets: listed, made, edited and deleted by their owner only
(a 404 for anyone else), each with a public page of every switch against its preset; and a
club's league rules, chosen by its organiser among their own saved sets."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from quizsite.games.forms import SavedRulesForm
from quizsite.games.models import SavedRules
from scoring.engine.rules import ALL_PRESETS
from scoring.switch_controls import initial_of, rows_against_preset

from .clubs import render_club
from .owners import organised_club


def owned(request: HttpRequest, slug: str) -> SavedRules:
    """The saved rule set if the signed-in user owns it, else 404."""
    found = SavedRules.objects.filter(slug=slug).first()
    if found is None or not request.user.is_authenticated or found.owner_id != request.user.pk:
        raise Http404("no such rule set")
    return found


@login_required
@require_http_methods(["GET", "POST"])
def index(request: HttpRequest) -> HttpResponse:
    """The user's saved rule sets, and a form for a new one."""
    form = SavedRulesForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        saved = SavedRules.objects.create(
            name=form.cleaned_data["name"], owner=request.user, rules=form.rules()
        )
        return redirect("games:rules_page", slug=saved.slug)
    mine = SavedRules.objects.filter(owner=request.user)
    return render(request, "games/rules_index.html", {"form": form, "saved": mine})


@require_GET
def page(request: HttpRequest, slug: str) -> HttpResponse:
    """A rule set's page: every switch against the preset it starts from, and the sources."""
    saved = get_object_or_404(SavedRules, slug=slug)
    preset = ALL_PRESETS[saved.preset]  # four- or three-player
    context = {
        "saved": saved,
        "preset": preset,
        "rows": rows_against_preset(saved.rules),
        "mine": request.user.is_authenticated and saved.owner_id == request.user.pk,
    }
    return render(request, "games/rules_page.html", context)


@require_http_methods(["GET", "POST"])
def edit(request: HttpRequest, slug: str) -> HttpResponse:
    saved = owned(request, slug)
    if request.method == "POST" and "delete" in request.POST:
        saved.delete()
        return redirect("games:rules")
    initial = initial_of(saved.rules) | {"name": saved.name}
    form = SavedRulesForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        saved.name, saved.rules = form.cleaned_data["name"], form.rules()
        saved.save()
        return redirect("games:rules_page", slug=saved.slug)
    return render(request, "games/rules_edit.html", {"form": form, "saved": saved})


@require_POST
def club_rules(request: HttpRequest, slug: str) -> HttpResponse:
    """The organiser sets the league's rules: one of their own saved sets, or none."""
    club = organised_club(request, slug)
    chosen = request.POST.get("rules", "")
    if chosen == "":
        club.rules = None
    else:
        mine = SavedRules.objects.filter(slug=chosen)
        if request.user.is_authenticated:
            mine = mine.filter(owner=request.user)
        found = mine.first() if request.user.is_authenticated else None
        if found is None:
            return render_club(request, club, problem=_("Choose one of the rule sets you saved."))
        club.rules = found
    club.save(update_fields=["rules"])
    return redirect("games:club", slug=club.slug)
