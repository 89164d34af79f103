"""Page weight: every public page, loaded by Chromium with an empty cache from the site as it
is deployed (DEBUG off, `collectstatic`, WhiteNoise's compressed files, gunicorn), is under
50 KB on the wire and under 10 requests."""

from __future__ import annotations

import gzip
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MOST_BYTES = 50 * 1024
MOST_REQUESTS = 10  # fewer than this
PAGES = [
    "/",
    "/table/",
    "/table/cell/?han=3&fu=40&tsumo=1",
    "/points/",
    "/rules/",
    "/api/",
    "/tiles/",
    "/hand/",
    "/hand/?hand=234m567p234s345s55s&win=5s&tsumo=1&flags=riichi&dora=3s",
    "/table-rules/",
    "/quiz/",
    "/quiz/q/4242/?mode=payment&level=beginner&rules=mahjongsoul",
    "/quiz/q/4242/?mode=full&level=advanced&rules=mahjongsoul",
    "/quiz/q/4242/?mode=draw&level=intermediate&rules=mahjongsoul",
    "/learn/",
    "/learn/yaku/",
    "/learn/fu/",
    "/learn/terms/",
    "/practice/",
    "/practice/q/4242/?mode=fu&level=beginner&rules=mahjongsoul",
    "/progress/",
    "/drills/",
    "/games/",
    "/accounts/login/",
    "/accounts/signup/",
    # the other languages: the system's CJK fonts, no web font downloaded
    "/ja/",
    "/ja/learn/yaku/",
    "/zh-hans/hand/?hand=234m567p234s345s55s&win=5s&tsumo=1&dora=3s&flags=riichi",
    "/zh-hans/learn/terms/",
    "/ko/table/",
    "/ko/quiz/q/4242/?mode=full&level=advanced&rules=mahjongsoul",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def deployed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site with production settings on gunicorn, on a throw-away database."""
    folder = tmp_path_factory.mktemp("deployed")
    port = free_port()
    env = os.environ | {
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "page-weight-test-key-not-secret-0123456789",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_HSTS_SECONDS": "0",
        "DJANGO_STATIC_ROOT": str(folder / "static"),
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    manage = [sys.executable, "manage.py"]
    for command in (
        ["collectstatic", "--noinput", "-v0"],
        ["migrate", "-v0"],
        ["createcachetable"],
    ):
        subprocess.run([*manage, *command], cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "quizsite.wsgi", "-b", f"127.0.0.1:{port}", "-w", "2"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(f"{url}/", timeout=5).read()
                break
            except OSError:
                time.sleep(0.2)
        else:
            pytest.fail("gunicorn did not start")
        yield url
    finally:
        server.terminate()
        server.wait(timeout=20)


def weigh(browser, url: str) -> tuple[int, list[str]]:
    """Bytes on the wire (headers and bodies as sent) and the requests a fresh browser makes
    to load `url` (and whatever the page fetches once loaded)."""
    context = browser.new_context()
    page = context.new_page()
    requests: list[str] = []
    sizes: list[int] = []
    page.on("request", lambda r: requests.append(r.url))

    def finished(request) -> None:
        s = request.sizes()
        sizes.append(s["responseBodySize"] + s["responseHeadersSize"])

    page.on("requestfinished", finished)
    response = page.goto(url, wait_until="networkidle")
    assert response is not None and response.status == 200, url
    context.close()
    return sum(sizes), requests


def test_every_public_page_is_light(browser, deployed):
    heavy = []
    for path in PAGES:
        size, requests = weigh(browser, deployed + path)
        print(f"{path}: {size / 1024:.1f} KB in {len(requests)} requests")
        if size >= MOST_BYTES or len(requests) >= MOST_REQUESTS:
            heavy.append((path, size, requests))
    assert not heavy, heavy


def test_pages_and_styles_come_compressed(deployed):
    """The HTML is gzipped for a browser that takes it, the stylesheet too (one for the
    shared styles; in Brotli for a browser that takes that), and tiles come from one picture
    file."""
    request = urllib.request.Request(f"{deployed}/table/", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request) as response:
        assert response.headers["Content-Encoding"] == "gzip"
        page = response.read()
    html = gzip.decompress(page).decode()
    assert len(page) < len(html) / 4
    assert html.count('rel="stylesheet"') == 1 and "/static/css/all." in html
    hand = urllib.request.urlopen(f"{deployed}/hand/").read().decode()
    pictures = re.findall(r'<img src="([^"#]+)#t\w+"', hand)
    assert len(pictures) == hand.count("<img ") > 30 and len(set(pictures)) == 1
    # The static files in Brotli for a browser that takes it (smaller than gzip's), gzip else.
    sheet = deployed + re.findall(r'href="(/static/css/all\.[^"]+)"', html)[0]
    sizes = {}
    for encoding in ("br", "gzip"):
        request = urllib.request.Request(sheet, headers={"Accept-Encoding": encoding})
        with urllib.request.urlopen(request) as response:
            assert response.headers["Content-Encoding"] == encoding
            sizes[encoding] = len(response.read())
    assert sizes["br"] < sizes["gzip"]
