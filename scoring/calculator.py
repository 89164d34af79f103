"""The tile reference page and the hand calculator."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse


def tiles(request: HttpRequest) -> HttpResponse:
    return HttpResponse("The tile reference is being built.")


def hand(request: HttpRequest) -> HttpResponse:
    return HttpResponse("The hand calculator is being built.")
