"""The language of a page.

Every page lives at one address per language of `settings.LANGUAGES`: English, the source
language, at its plain path (`/hand/`), each other language under its prefix (`/ja/hand/`,
`/zh-hans/hand/`, `/ko/hand/`). A shared link therefore names its language, and the links and
htmx requests a page makes (all made with `{% url %}`) stay in the page's language.

A plain path asked for by a visitor who prefers another language (the switch's cookie, else the
browser's `Accept-Language`: `zh-CN` or `zh` is Simplified Chinese) is sent to its address in
that language; a visitor who chose English with the switch stays on the plain one whatever the
browser says. The JSON API has no prefix: it takes `lang=ja`.

The engine words its explanations in the language set here for the request
(`scoring.engine.words`), so the engine itself never reads Django's.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.middleware.locale import LocaleMiddleware
from django.urls import is_valid_path
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_POST

from quizsite.redirects import asked_path
from scoring.engine import words


def prefixed(path: str, language: str) -> str:
    """The path's address in `language` (English: no prefix).

    >>> prefixed("/hand/", "ja"), prefixed("/ja/hand/", "en"), prefixed("/ja/", "ja")
    ('/ja/hand/', '/hand/', '/ja/')
    """
    bare = unprefixed(path)
    if language == settings.LANGUAGE_CODE:
        return bare
    return f"/{language}{bare}"


def unprefixed(path: str) -> str:
    """The path without its language prefix.

    >>> unprefixed("/ja/hand/"), unprefixed("/ja"), unprefixed("/japan/")
    ('/hand/', '/', '/japan/')
    """
    for code, _name in settings.LANGUAGES:
        if path == f"/{code}" or path.startswith(f"/{code}/"):
            return path[len(code) + 1 :] or "/"
    return path


def exists(path: str, language: str) -> bool:
    """Whether a page answers at `path` in `language` (prefixes resolve per active language)."""
    with translation.override(language):
        return is_valid_path(path)


class LanguageMiddleware(LocaleMiddleware):
    """Django's locale middleware, with a plain path sent to the visitor's own language."""

    def process_request(self, request: HttpRequest) -> HttpResponse | None:  # type: ignore[override]
        super().process_request(request)
        language = translation.get_language()
        path = request.path_info
        if (
            request.method in ("GET", "HEAD")
            and not request.headers.get("HX-Request")
            and translation.get_language_from_path(path) is None
        ):
            wanted = translation.get_language_from_request(request, check_path=False)
            if wanted != language and exists(prefixed(path, wanted), wanted):
                query = request.META.get("QUERY_STRING", "")
                script = request.META.get("SCRIPT_NAME", "").rstrip("/")
                target = script + prefixed(path, wanted) + (f"?{query}" if query else "")
                response = HttpResponseRedirect(target)
                patch_vary_headers(response, ("Accept-Language", "Cookie"))
                return response
        request.engine_language = words.use(language)  # type: ignore[attr-defined]
        return None

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        response = super().process_response(request, response)
        if translation.get_language_from_path(request.path_info) is None and response.get(
            "Content-Type", ""
        ).startswith("text/html"):
            # A page's plain address answers per the visitor's cookie and browser (the API's
            # JSON per its `lang` alone).
            patch_vary_headers(response, ("Accept-Language", "Cookie"))
        token = getattr(request, "engine_language", None)
        if token is not None:
            words.reset(token)
        return response


MAX_KEPT = 600  # characters of a page's address the language switch carries back


def context(request: HttpRequest) -> dict[str, object]:
    """For every template: the page's path without its language prefix (to mark the menu's
    current entry), its full address (where the language switch comes back to) and the
    switch's languages, each named in its own words (the others first, English last)."""
    # An address that names no page (a 404) is not echoed (the switch goes home), nor is an
    # overlong query (the switch keeps the page, not the query).
    here = request.get_full_path() if request.resolver_match else "/"
    if len(here) > MAX_KEPT:
        here = request.path
    switch = sorted(settings.LANGUAGES, key=lambda lang: lang[0] == settings.LANGUAGE_CODE)
    return {
        "bare_path": unprefixed(request.path_info),
        "full_path": here,
        "switch_languages": switch,
    }


@require_POST
def choose(request: HttpRequest) -> HttpResponse:
    """The language switch: keep the choice in a cookie and show the page (`next`, a path on
    this site) again at its address in that language. An unknown language changes nothing."""
    code = request.POST.get("language", "")
    back = asked_path(request) or "/"
    if code not in dict(settings.LANGUAGES):
        return HttpResponseRedirect(back)
    path, _, query = back.partition("?")
    response = HttpResponseRedirect(prefixed(path, code) + (f"?{query}" if query else ""))
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
