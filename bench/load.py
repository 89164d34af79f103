"""`make bench`, the site under load: 50 learners answering practice questions at once on
gunicorn (production settings, a throw-away SQLite database, 127.0.0.1), beside 50 readers of a
trivial page; answered questions a second and the 95th percentile of the answer's time.

Each learner opens a practice question (for the session and CSRF cookies), then answers new
questions one after another until it has answered `--answers` or `--seconds` have passed;
the readers do the same with `/rules/` (a page that reads nothing stored). The load runs on
the same machine as the server, so both share its cores. It prints a table and never fails on
the figures: this is not a test.

    python -m bench.load [--learners 50] [--answers 20] [--seconds 30] [--workers 2]
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUESTION = "/practice/q/{seed}/?mode=fu&level=beginner&rules=mahjongsoul"


class Browser:
    """One learner's connection and cookies (kept by hand: the site's cookies are Secure and
    the load runs over plain HTTP, the proxy's `X-Forwarded-Proto: https` sent as a proxy
    would)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def send(self, method: str, path: str, data: dict[str, str] | None = None) -> tuple[int, str]:
        headers = {"X-Forwarded-Proto": "https", "Host": f"127.0.0.1:{self.port}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            headers["Referer"] = f"https://127.0.0.1:{self.port}{path}"
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        text = response.read().decode()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        return response.status, text


def run_clients(
    count: int,
    first: Callable[[Browser], None],
    step: Callable[[Browser, int], bool],
    *,
    port: int,
    most: int,
    seconds: float,
) -> tuple[list[float], int, float]:
    """`count` clients at once, each `first` then up to `most` `step`s within `seconds`:
    every step's time (s), the failed steps, the wall time of the steps."""
    times: list[float] = []
    failed = [0]
    lock = threading.Lock()
    ready = threading.Barrier(count + 1)

    def client(n: int) -> None:
        browser = Browser(port)
        first(browser)
        ready.wait()
        deadline = time.perf_counter() + seconds
        for i in range(most):
            if time.perf_counter() > deadline:
                break
            start = time.perf_counter()
            ok = step(browser, n * 100_000 + i)
            lap = time.perf_counter() - start
            with lock:
                times.append(lap)
                failed[0] += not ok

    threads = [threading.Thread(target=client, args=(n,)) for n in range(count)]
    for t in threads:
        t.start()
    ready.wait()
    start = time.perf_counter()
    for t in threads:
        t.join()
    return times, failed[0], time.perf_counter() - start


def p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[-1] if len(times) > 1 else (times or [0.0])[0]


def start_server(folder: Path, workers: int) -> tuple[subprocess.Popen[bytes], int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    env = os.environ | {
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "load-benchmark-key-not-secret-0123456789-abcdefghij",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_STATIC_ROOT": str(folder / "static"),
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "TENBO_RATE_ANSWERS": "1000000/m",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    for command in (
        ["collectstatic", "--noinput", "-v0"],
        ["migrate", "-v0"],
        ["createcachetable"],
    ):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "quizsite.wsgi", "-b", f"127.0.0.1:{port}"]
        + ["-w", str(workers), "--threads", "4"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(300):
        try:
            http.client.HTTPConnection("127.0.0.1", port, timeout=5).request("GET", "/rules/")
            break
        except OSError:
            time.sleep(0.1)
    return server, port


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__)
    parser.add_argument("--learners", type=int, default=50, help="clients at once (50)")
    parser.add_argument("--answers", type=int, default=20, help="answers per learner at most")
    parser.add_argument("--seconds", type=float, default=30, help="time per side at most")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (2)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tenbo-load-") as folder:
        server, port = start_server(Path(folder), args.workers)
        try:

            def open_question(b: Browser) -> None:
                b.send("GET", QUESTION.format(seed=1))

            def answer(b: Browser, n: int) -> bool:
                status, text = b.send("POST", QUESTION.format(seed=10_000_000 + n), {"fu": "30"})
                return status == 200 and "not counted again" not in text

            def read(b: Browser, n: int) -> bool:
                return b.send("GET", "/rules/")[0] == 200

            common = {"port": port, "most": args.answers, "seconds": args.seconds}
            rows = []
            for label, first, step in (
                ("`/rules/` (trivial page)", open_question, read),
                ("practice answer (POST)", open_question, answer),
            ):
                times, failed, wall = run_clients(args.learners, first, step, **common)
                rows.append((label, len(times), failed, len(times) / wall, p95(times)))
        finally:
            server.terminate()
            server.wait(timeout=30)
    print(
        f"Site under load: {args.learners} clients at once on gunicorn "
        f"({args.workers} workers × 4 threads, SQLite), up to {args.answers} requests each"
    )
    print("| requests | done | failed | per second | p95 |")
    print("|---|---:|---:|---:|---:|")
    for label, done, failed, rate, p in rows:
        print(f"| {label} | {done} | {failed} | {rate:.1f} | {p * 1000:.0f} ms |")
    trivial, answers = rows
    print(f"answer's p95 / trivial page's p95: {answers[4] / trivial[4]:.2f}×")
    return 0


if __name__ == "__main__":
    sys.exit(main())
