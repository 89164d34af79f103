"""Pages of the scoring app: thin views that validate, call the engine and render."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "scoring/home.html")


def table(request: HttpRequest) -> HttpResponse:
    return HttpResponse("The han/fu table is being built.")


def cell(request: HttpRequest) -> HttpResponse:
    return HttpResponse("The cell derivation is being built.")


def points(request: HttpRequest) -> HttpResponse:
    return HttpResponse("The payment calculator is being built.")


def rules(request: HttpRequest) -> HttpResponse:
    return HttpResponse("The rule presets page is being built.")


def api_docs(request: HttpRequest) -> HttpResponse:
    return HttpResponse("The API documentation is being built.")
