"""The class page, a member's page in the class, its weakest topics and its CSV."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from quizsite.classes.owners import membership, taught


@require_GET
def detail(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught(request, pk)
    return render(request, "classes/detail.html", {"classroom": classroom})


@require_GET
def me(request: HttpRequest, pk: int) -> HttpResponse:
    member = membership(request, pk)
    return render(request, "classes/detail.html", {"classroom": member.classroom})
