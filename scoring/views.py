"""Pages of the scoring app: thin views that validate, call the engine and render."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "scoring/home.html")
