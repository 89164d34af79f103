"""`make bench`, the site under load: learners asking quiz questions and answering them on
gunicorn, beside lookups of the han/fu table's cells.

The site runs as its docs deploy it (the gunicorn command line its README or docs/ give,
`--workers 3` today, and any gunicorn.conf.py beside it), with production settings, a
throw-away SQLite database, on 127.0.0.1. `--learners` clients at once (50), each a browser of
its own with its cookies, each repeating until `--seconds` have passed (30):

- `/quiz/next/` with the default options (a redirect to a new question),
- the question's page (GET),
- an answer to it (the answer form's fields filled, posted as htmx posts it: the verdict),
- a lookup: a cell of the han/fu table (`/table/cell/?han=..&fu=..`, a page that reads
  nothing stored).

It prints answered questions a second, the 50th and 95th percentile of each kind of request,
the answer's p95 beside the lookup's, and the errors (a status other than the expected one, a
refused connection or a timeout). The load runs on the same machine as the server, so both
share its cores. It never fails on the figures: this is not a test (`bench.compare` runs it on
two commits in turn).

    python -m bench.load [--learners 50] [--seconds 30] [--root .] [--python .venv/bin/python]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.builds import Side, here

KINDS = ("next", "question", "answer", "lookup")
NEXT = "/quiz/next/"
# Each field an answer form may have, and what a learner types in it (right or wrong alike:
# every answer is judged and stored).
TYPED = {"amount": "3900", "non_dealer": "1000", "dealer": "2000", "fu": "30", "han": "2"}
FIELD = re.compile(r'<input[^>]*\bname="(' + "|".join(TYPED) + r')"')
CELLS = [(han, fu) for han in (1, 2, 3, 4) for fu in (30, 40, 50, 60, 70)]
MOST_LOOPS = 10_000  # each learner's loops at most, whatever the time


class Browser:
    """One learner's connection and cookies (kept by hand: the site's cookies are Secure and
    the load runs over plain HTTP, the proxy's `X-Forwarded-Proto: https` sent as a proxy
    would)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def send(
        self,
        method: str,
        path: str,
        data: dict[str, str] | None = None,
        *,
        htmx: bool = False,
    ) -> tuple[int, str, str]:
        """(status, body, Location) of one request, on the kept connection."""
        headers = {"X-Forwarded-Proto": "https", "Host": f"127.0.0.1:{self.port}"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if htmx:
            headers["HX-Request"] = "true"
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["X-CSRFToken"] = self.cookies.get("csrftoken", "")
            headers["Referer"] = f"https://127.0.0.1:{self.port}{path}"
        try:
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            text = response.read().decode()
        except (OSError, http.client.HTTPException):
            self.connection.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            return 0, "", ""
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key] = rest.split(";", 1)[0]
        if response.getheader("Connection", "").lower() == "close":
            self.connection.close()
        return response.status, text, response.getheader("Location", "")


@dataclass
class Tally:
    """Every request's time by kind, the errors by kind, and the answers stored."""

    times: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    errors: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    answered: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, kind: str, seconds: float, ok: bool) -> None:
        with self.lock:
            self.times[kind].append(seconds)
            self.errors[kind] += not ok
            self.answered += ok and kind == "answer"

    def failed(self, kind: str) -> None:
        with self.lock:
            self.errors[kind] += 1


def learner(port: int, n: int, tally: Tally, start: threading.Barrier, seconds: float) -> None:
    """One learner: next, question, answer, lookup, again, until the time is up."""
    browser = Browser(port)
    start.wait()
    deadline = time.perf_counter() + seconds
    for loop in range(MOST_LOOPS):
        if time.perf_counter() > deadline:
            break

        def timed(kind: str, method: str, path: str, **kw: object) -> tuple[int, str, str]:
            began = time.perf_counter()
            status, text, location = browser.send(method, path, **kw)  # type: ignore[arg-type]
            ok = status == (302 if kind == "next" else 200)
            tally.add(kind, time.perf_counter() - began, ok)
            return status, text, location

        status, _, location = timed("next", "GET", NEXT)
        if status != 302 or not location:
            continue
        path = urllib.parse.urlsplit(location)
        question = path.path + ("?" + path.query if path.query else "")
        status, page, _ = timed("question", "GET", question)
        fields = {name: TYPED[name] for name in FIELD.findall(page)}
        if status == 200 and fields:
            timed("answer", "POST", question, data=fields, htmx=True)
        elif status == 200:
            tally.failed("answer")  # a question page without an answer form
        han, fu = CELLS[(n + loop) % len(CELLS)]
        timed("lookup", "GET", f"/table/cell/?han={han}&fu={fu}")


def percentile(times: list[float], p: int) -> float:
    if len(times) < 2:
        return times[0] if times else 0.0
    return statistics.quantiles(times, n=100, method="inclusive")[p - 1]


@dataclass(frozen=True)
class Result:
    """One load run's figures (times in ms)."""

    side: str
    command: str
    learners: int
    seconds: float
    answered: int
    rate: float  # answered questions a second
    p50: dict[str, float]
    p95: dict[str, float]
    requests: dict[str, int]
    errors: dict[str, int]

    @property
    def answer_over_lookup(self) -> float:
        return self.p95["answer"] / self.p95["lookup"] if self.p95["lookup"] else 0.0

    def to_json(self) -> str:
        return json.dumps(self.__dict__)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "TENBO_"))}
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    return env | {
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "load-benchmark-key-not-secret-0123456789-abcdefghij",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_STATIC_ROOT": str(folder / "static"),
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "TENBO_RATE_ANSWERS": "1000000/m",  # 50 learners answering as fast as they can
    }


def start_server(side: Side, folder: Path) -> tuple[subprocess.Popen[bytes], int, str]:
    """The side's site on gunicorn, as its docs deploy it, on a new database in `folder`."""
    env = server_env(folder)
    # (createcachetable: an older tree may keep its cache in a table no migration makes)
    for command in (
        ["collectstatic", "--noinput", "-v0"],
        ["migrate", "-v0"],
        ["createcachetable"],
    ):
        subprocess.run(
            [str(side.python), "manage.py", *command], cwd=side.root, env=env, check=True
        )
    port = free_port()
    args = [*side.gunicorn_command(), "--bind", f"127.0.0.1:{port}"]
    server = subprocess.Popen(
        [str(side.python), "-m", "gunicorn", *args],
        cwd=side.root,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(600):
        try:
            probe = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            probe.request("GET", "/rules/", headers={"X-Forwarded-Proto": "https"})
            probe.getresponse().read()
            break
        except OSError:
            time.sleep(0.1)
    return server, port, "gunicorn " + " ".join(args[:-2])


def run(side: Side, *, learners: int = 50, seconds: float = 30) -> Result:
    """One load run against `side`'s site, started for it and stopped after."""
    with tempfile.TemporaryDirectory(prefix="tenbo-load-") as folder:
        server, port, command = start_server(side, Path(folder))
        try:
            tally = Tally()
            start = threading.Barrier(learners + 1)
            threads = [
                threading.Thread(target=learner, args=(port, n, tally, start, seconds))
                for n in range(learners)
            ]
            for t in threads:
                t.start()
            start.wait()
            began = time.perf_counter()
            for t in threads:
                t.join()
            wall = time.perf_counter() - began
        finally:
            server.terminate()
            server.wait(timeout=60)
    ms = {k: [t * 1000 for t in v] for k, v in tally.times.items()}
    return Result(
        side=side.name,
        command=command,
        learners=learners,
        seconds=round(wall, 1),
        answered=tally.answered,
        rate=tally.answered / wall,
        p50={k: percentile(v, 50) for k, v in ms.items()},
        p95={k: percentile(v, 95) for k, v in ms.items()},
        requests={k: len(v) for k, v in ms.items()},
        errors=tally.errors,
    )


def table(results: Sequence[Result]) -> list[str]:
    """The runs side by side: a row per run."""
    head = (
        "| side | answered/s | "
        + " | ".join(f"{k} p50 / p95" for k in KINDS)
        + " | answer p95 / lookup p95 | errors |"
    )
    lines = [head, "|---|---:|" + "---:|" * len(KINDS) + "---:|---:|"]
    for r in results:
        cells = " | ".join(f"{r.p50[k]:.0f} / {r.p95[k]:.0f} ms" for k in KINDS)
        errors = sum(r.errors.values())
        lines.append(
            f"| {r.side} | {r.rate:.1f} | {cells} | {r.answer_over_lookup:.2f}× | {errors} |"
        )
    return lines


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__)
    parser.add_argument("--learners", type=int, default=50, help="clients at once (50)")
    parser.add_argument("--seconds", type=float, default=30, help="how long (30 s)")
    parser.add_argument("--root", type=Path, help="another tree of Tenbō (this one)")
    parser.add_argument("--python", type=Path, help="the Python of --root's venv")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    side = here()
    if args.root:
        root = args.root.resolve()
        side = Side(root.name, root, args.python or root / ".venv" / "bin" / "python")
    result = run(side, learners=args.learners, seconds=args.seconds)
    if args.json:
        print(result.to_json())
        return 0
    print(
        f"Site under load: {args.learners} learners for {result.seconds:.0f} s "
        f"({result.command}, SQLite; the engine {side.engine_kind()})"
    )
    print("\n".join(table([result])))
    print(f"requests: {result.requests}; errors by kind: {result.errors}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
