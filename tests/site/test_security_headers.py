"""The browser-side security headers on every kind of response, and a scan of the templates
for the inline script and style that the Content-Security-Policy would refuse."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import RequestFactory, override_settings

from quizsite.headers import SecurityHeadersMiddleware, csp_header, permissions_header
from tests.helpers import HX

ROOT = Path(settings.BASE_DIR)


def directives(header: str) -> dict[str, list[str]]:
    parsed = {}
    for part in header.split(";"):
        name, *sources = part.split()
        parsed[name] = sources
    return parsed


def assert_strict_headers(response) -> None:
    csp = directives(response.headers["Content-Security-Policy"])
    for directive in ("script-src", "style-src"):
        assert csp[directive] == ["'self'"], csp
    assert not any("unsafe" in s for sources in csp.values() for s in sources), csp
    assert csp["default-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"]
    assert csp["frame-ancestors"] == ["'none'"]
    assert csp["base-uri"] == ["'self'"] and csp["form-action"] == ["'self'"]
    assert csp["img-src"] == ["'self'", "data:"]
    features = dict(
        f.strip().split("=", 1) for f in response.headers["Permissions-Policy"].split(",")
    )
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert features[feature] == "()", features
    assert response.headers["Referrer-Policy"] == "same-origin"


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/", 200),
        ("/table/", 200),
        ("/hand/?hand=123m456p789s11z222z", 200),
        ("/quiz/q/12345/", 200),
        ("/no-such-page/", 404),
        ("/static/img/tiles.svg", 200),
        ("/admin/login/", 200),
        ("/admin/", 302),
        ("/api/v1/points?han=3&fu=30", 200),
    ],
)
def test_every_kind_of_response_carries_the_headers(client, path, status):
    response = client.get(path)
    assert response.status_code == status
    assert_strict_headers(response)


@pytest.mark.parametrize("path", ["/static/css/site.css", "/static/js/site.js"])
def test_style_sheets_and_scripts_go_without_the_document_policies(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert "Content-Security-Policy" not in response.headers
    assert "Permissions-Policy" not in response.headers
    assert response.headers["X-Content-Type-Options"] == "nosniff"  # read as what they are


def test_an_htmx_partial_and_a_post_carry_them_too(client):
    assert_strict_headers(client.get("/table/?honba=2", **HX))
    User.objects.create_user("mika", password="a long password 9")
    response = client.post(
        "/accounts/login/", {"username": "mika", "password": "a long password 9"}
    )
    assert response.status_code == 302
    assert_strict_headers(response)


def test_a_server_error_page_carries_them(client, monkeypatch):
    client.raise_request_exception = False

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("quizsite.quiz.views.render", broken)
    response = client.get("/quiz/")
    assert response.status_code == 500
    assert_strict_headers(response)


def test_in_debug_mode_djangos_own_error_pages_go_without_the_policy():
    # Django's debug 404 and 500 pages are built with inline script and style.
    factory = RequestFactory()
    with override_settings(DEBUG=True):
        missing = SecurityHeadersMiddleware(lambda r: HttpResponse(status=404))(factory.get("/x"))
        page = SecurityHeadersMiddleware(lambda r: HttpResponse())(factory.get("/"))
    assert "Content-Security-Policy" not in missing.headers
    assert "Permissions-Policy" in missing.headers
    assert "Content-Security-Policy" in page.headers
    served = SecurityHeadersMiddleware(lambda r: HttpResponse(status=404))(factory.get("/x"))
    assert "Content-Security-Policy" in served.headers


def test_a_view_that_sets_its_own_policy_keeps_it():
    def view(request):
        response = HttpResponse()
        response.headers["Content-Security-Policy"] = "default-src 'none'"
        return response

    response = SecurityHeadersMiddleware(view)(RequestFactory().get("/"))
    assert response.headers["Content-Security-Policy"] == "default-src 'none'"


def test_the_headers_are_written_from_the_settings():
    assert csp_header({"default-src": ["'self'"], "img-src": ["'self'", "data:"]}) == (
        "default-src 'self'; img-src 'self' data:"
    )
    assert permissions_header({"camera": [], "fullscreen": ["self"]}) == (
        "camera=(), fullscreen=(self)"
    )


# --- No inline script or style in the templates ---------------------------------------------

COMMENTS = re.compile(r"\{#.*?#\}|\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}", re.S)
TAG = re.compile(r"<[a-zA-Z][^<>]*>")
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script\s*>", re.S | re.I)
TAG_RULES = [
    (re.compile(r"(?<![\w:-])on[a-z]+\s*=", re.I), "an on… event handler attribute"),
    (re.compile(r"(?<![\w:-])style\s*=", re.I), "a style attribute"),
    (re.compile(r"hx-on\b", re.I), "an hx-on attribute (htmx evaluates it as script)"),
    (re.compile(r"hx-vars\s*=", re.I), "hx-vars (htmx evaluates it as script)"),
    (re.compile(r"hx-(vals|headers)\s*=\s*['\"]\s*(js|javascript):", re.I), "a js: value"),
    (re.compile(r"hx-trigger\s*=\s*['\"][^'\"]*\[", re.I), "an hx-trigger filter (script)"),
]


def inline_code(text: str) -> list[str]:
    """What in a template the CSP would refuse (or htmx would have to evaluate)."""
    text = COMMENTS.sub("", text)
    found = []
    for attrs, body in SCRIPT.findall(text):
        if body.strip() or "src=" not in attrs:
            found.append("an inline <script>")
    if re.search(r"<style\b", text, re.I):
        found.append("a <style> element")
    if re.search(r"javascript:", text, re.I):
        found.append("a javascript: URL")
    for tag in TAG.findall(text):
        found += [f"{what}: {tag[:80]}" for rule, what in TAG_RULES if rule.search(tag)]
    return found


def our_templates() -> list[Path]:
    dirs = [Path(d) for t in settings.TEMPLATES for d in t["DIRS"]]
    dirs += [p for p in (ROOT / "quizsite").glob("**/templates") if p.is_dir()]
    return sorted(p for d in dirs for p in d.glob("**/*") if p.suffix in {".html", ".svg"})


@pytest.mark.parametrize(
    "snippet",
    [
        "<script>alert(1)</script>",
        '<script src="/static/x.js">alert(1)</script>',
        "<script>\n</script>",
        "<style>p { color: red }</style>",
        '<button onclick="print()">Print</button>',
        "<body onload='go()'>",
        '<span class="bar" style="width: {{ p }}%"></span>',
        '<a href="javascript:void(0)">x</a>',
        '<form hx-on:htmx:after-request="this.reset()">',
        '<div hx-on::before-request="x()">',
        "<div hx-vals='js:{a: 1}'>",
        '<div hx-vars="a:1">',
        "<input hx-trigger=\"keyup[key=='Enter']\">",
    ],
)
def test_the_scan_finds_each_kind_of_inline_code(snippet):
    assert inline_code(snippet), snippet


@pytest.mark.parametrize(
    "snippet",
    [
        "<script src=\"{% static 'js/site.js' %}\" defer></script>",
        '<button type="button" data-print data-copy="{{ link }}">Print</button>',
        '<p data-on-off="1" class="online">Turn it on=off</p>',
        '<rect class="bar-fill" width="{{ p }}" height="10"/>',
        "{# an inline <style> would be refused #}",
        '<div hx-trigger="every 5s" hx-vals=\'{"a": 1}\'>',
    ],
)
def test_the_scan_lets_files_and_data_attributes_pass(snippet):
    assert inline_code(snippet) == [], snippet


def test_no_template_has_inline_script_handlers_or_styles():
    templates = our_templates()
    assert len(templates) > 50  # the scan reads the site's templates, all of them
    found = [
        f"{path.relative_to(ROOT)}: {what}"
        for path in templates
        for what in inline_code(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "\n".join(found)


def test_no_script_file_evaluates_strings_or_sets_style_attributes():
    bad = re.compile(r"\beval\s*\(|new\s+Function\s*\(|setAttribute\(\s*['\"]style['\"]")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "static" / "js").glob("**/*.js"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if bad.search(line)
    ]
    assert found == []
