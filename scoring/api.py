"""The JSON API (v1)."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt


def points(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"error": "not built yet"}, status=501)


@csrf_exempt
def score(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"error": "not built yet"}, status=501)
