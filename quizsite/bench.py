"""`make bench`, the site's part: how the pages that summarise stored data grow with it.

Each page is timed through Django's test client (the whole request: middleware, queries,
template) against a throw-away SQLite database made for the run, at three sizes:

- a drill's results page, its poll (the board part, as htmx asks for it after a change) and
  its CSV, at 30, 300 and 3,000 students (10 questions each);
- a club's league page at 10, 100 and 1,000 finished games;
- a game's board, its watchers' page and its poll at 8, 30 and 80 hands.

Each row gives the median time of `--repeat` requests, the queries and the bytes; each table
ends with the ratio of the largest size's time to the smallest's (the aim is within 2×). The
CSV is streamed, so it reports the time per row (which should stay flat: linear in all) and the
peak memory while it is read (which should stay flat: streamed). It prints figures and never
fails on them: this is not a test.

Then the site's load: 50 simultaneous learners (threads, each with its own cookies) answering
practice questions on gunicorn (3 workers, 127.0.0.1) for 15 s, beside 50 visitors of the home
page for as long: answers recorded a second (counted in the database) and the p95 of each.

    python -m quizsite.bench [--repeat 5] [--only drill,league,board,load] [--quick]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

GOAL = 2.0  # largest size's time within this many times the smallest's


# ---- the throw-away site ---------------------------------------------------------------------


@contextmanager
def throwaway_site() -> Iterator[None]:
    """Django set up on a new SQLite file in a temporary directory, migrated; removed after."""
    with tempfile.TemporaryDirectory(prefix="tenbo-bench-") as folder:
        os.environ["DATABASE_URL"] = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "quizsite.settings")
        import django
        from django.conf import settings
        from django.core.management import call_command
        from django.test.utils import setup_test_environment

        django.setup()
        settings.DEBUG = False  # queries are not logged (but where counted), as served
        setup_test_environment()  # the test client's host, the e-mail kept in memory
        call_command("migrate", verbosity=0, interactive=False)
        yield


def timed(request: Callable[[], Any], repeat: int) -> tuple[float, int, int]:
    """Median seconds of `repeat` calls (after one to warm up), the queries and bytes of one."""
    from django.db import connection

    queries = []
    with connection.execute_wrapper(lambda run, sql, *rest: queries.append(sql) or run(sql, *rest)):
        response = request()
    assert response.status_code == 200, response.status_code
    size = len(response.content)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        request()
        times.append(time.perf_counter() - start)
    return statistics.median(times), len(queries), size


def table(title: str, unit: str, rows: dict[str, dict[int, tuple[float, int, int]]]) -> None:
    """One table a subject: a line a page and size, then the ratio of each page."""
    print(f"\n{title}")
    print(f"  {'page':<14} {unit:>8} {'ms':>9} {'queries':>8} {'KB':>8}")
    for page, sizes in rows.items():
        for n, (seconds, queries, size) in sizes.items():
            print(f"  {page:<14} {n:>8,} {seconds * 1000:>9.1f} {queries:>8} {size / 1024:>8.1f}")
    for page, sizes in rows.items():
        times = [t for t, _, _ in sizes.values()]
        ratio = times[-1] / times[0]
        verdict = "within" if ratio <= GOAL else "over"
        print(
            f"  {page}: largest/smallest {ratio:.2f}× ({verdict} the {GOAL:g}× aim), "
            f"queries {' / '.join(str(q) for _, q, _ in sizes.values())}"
        )


# ---- drills ----------------------------------------------------------------------------------


def make_drill(owner: Any, students: int, questions: int = 10) -> Any:
    """A drill of `questions` questions answered by `students` students, all of them (a mix
    of right and wrong answers), made in a few bulk queries."""
    from django.utils import timezone

    from quizsite.drills.models import Answer, Attempt, Drill

    drill = Drill(
        owner=owner, title=f"Bench {students}", count=questions, mode="full",
        level="beginner", rules="mahjongsoul",
    )  # fmt: skip
    drill.save()
    drill.draw()
    made = Attempt.objects.bulk_create(
        (
            Attempt(drill=drill, name=f"Student {i}", order=list(range(1, questions + 1)))
            for i in range(students)
        ),
        batch_size=1000,
    )
    now = timezone.now()
    Answer.objects.bulk_create(
        (
            Answer(
                attempt_id=a.pk,
                number=n,
                given=str(1000 + 100 * ((a.pk + n) % 7)),
                answer={},
                right=(a.pk + n) % 3 != 0,
                category="" if (a.pk + n) % 3 else "fu count",
                seconds=10 + (a.pk + n) % 50,
                answered=now,
            )  # fmt: skip
            for a in made
            for n in range(1, questions + 1)
        ),
        batch_size=2000,
    )
    return drill


def csv_read(client: Any, url: str) -> tuple[float, int, int]:
    """Seconds to read the whole streamed CSV, its lines, and the peak memory (bytes) taken
    while reading it (a second read, under tracemalloc)."""
    start = time.perf_counter()
    response = client.get(url)
    lines = sum(chunk.count(b"\n") for chunk in response.streaming_content)
    seconds = time.perf_counter() - start
    tracemalloc.start()
    response = client.get(url)
    for _ in response.streaming_content:
        pass
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return seconds, lines, peak


def bench_drills(sizes: list[int], repeat: int) -> None:
    from django.contrib.auth.models import User
    from django.test import Client

    from quizsite.drills.results import CSV_CHUNK

    owner = User.objects.create_user("bench-teacher", password="a-long-bench-password-42")
    client = Client()
    client.force_login(owner)
    rows: dict[str, dict[int, tuple[float, int, int]]] = {"results": {}, "poll": {}}
    csv: dict[int, tuple[float, int, int]] = {}
    for n in sizes:
        drill = make_drill(owner, n)
        url = f"/drills/{drill.code}/results/"
        rows["results"][n] = timed(lambda url=url: client.get(url), repeat)
        rows["poll"][n] = timed(
            lambda url=url: client.get(url, {"v": "old"}, headers={"HX-Request": "true"}), repeat
        )
        csv[n] = csv_read(client, f"/drills/{drill.code}/results.csv")
    third = sizes[-1] // 3  # past the students the CSV reads at once, for its memory
    csv[third] = csv_read(client, f"/drills/{make_drill(owner, third).code}/results.csv")
    csv = dict(sorted(csv.items()))
    table("A drill's results (10 questions)", "students", rows)
    print(f"  {'CSV':<14} {'students':>8} {'ms':>9} {'lines':>8} {'µs/line':>8} {'peak KB':>8}")
    for n, (seconds, lines, peak) in csv.items():
        per = seconds / max(lines, 1) * 1e6
        ms, kb = seconds * 1000, peak / 1024
        print(f"  {'CSV':<14} {n:>8,} {ms:>9.1f} {lines:>8,} {per:>8.1f} {kb:>8.0f}")
    first, last = csv[sizes[0]], csv[sizes[-1]]
    print(
        f"  CSV: time per line largest/smallest {last[0] / last[1] / (first[0] / first[1]):.2f}× "
        f"(linear when near 1); peak memory {last[2] / csv[third][2]:.2f}× from {third:,} to "
        f"{sizes[-1]:,} students (streamed when near 1: it reads {CSV_CHUNK} students at once, "
        f"so memory grows up to that many and then stays)"
    )


# ---- clubs and games -------------------------------------------------------------------------

PLAYERS = ["Aiko", "Bruno", "Chen", "Dana", "Emi", "Femi", "Goro", "Hana"]


def league_entries(k: int) -> list[Any]:
    """An east-only game of four hands, each won by the seat after the dealer (so the deal
    moves on and the game ends); hand `k % 4` bigger, so the games' results differ."""
    from scoring.engine.game import Entry

    entries = []
    for d in range(4):
        han = 1 + (k // 4) % 4 if d == k % 4 else 1
        riichi = ((d + 1) % 4,) if d == k % 4 else ()
        win = {"seat": (d + 1) % 4, "han": han, "fu": 30}
        entries.append(Entry(riichi, {"kind": "ron", "from": (d + 2) % 4, "wins": [win]}))
    return entries


def make_club(games: int) -> Any:
    """A club of eight players and `games` finished games among them, each saved with its
    hands and its league result as the keeper's changes leave it (the result from the
    engine's replay, once a kind of game), in bulk."""
    from quizsite.games.models import Club, Game, Hand, Seat, name_key

    club = Club.objects.create(name=f"Bench {games}")
    players = [club.players.create(name=p, key=name_key(p)) for p in PLAYERS]
    kinds = 16
    shape = {"rules": {"preset": "wrc"}, "length": "tonpuusen", "extension": False}
    results = {}
    for k in range(kinds):
        sample = Game(agari_yame=False, **shape)
        results[k] = stored_result(sample, league_entries(k))
    made = Game.objects.bulk_create(
        Game(
            club=club,
            agari_yame=False,
            version=4,
            **dict(zip(("east", "south", "west", "north"), seated(i), strict=True)),
            **shape,
            **results[i % kinds],
        )  # fmt: skip
        for i in range(games)
    )
    Hand.objects.bulk_create(
        (
            Hand(game=g, number=n, **Hand.fields_of(e))
            for i, g in enumerate(made)
            for n, e in enumerate(league_entries(i % kinds), 1)
        ),
        batch_size=2000,
    )
    by_name = {p.name: p for p in players}
    Seat.objects.bulk_create(
        (
            Seat(game=g, seat=s, player=by_name[name], **seat_part(results[i % kinds], s))
            for i, g in enumerate(made)
            for s, name in enumerate(seated(i))
        ),
        batch_size=2000,
    )
    return club


def stored_result(game: Any, entries: list[Any]) -> dict[str, Any]:
    """What the keeper stores on the game after its last hand: `{"result": ...}`."""
    from quizsite.games.models import result_of

    return {"result": result_of(game.replay(entries))}


def seat_part(stored: dict[str, Any], seat: int) -> dict[str, Any]:
    """A seat's numbers as the keeper stores them with the game's result."""
    from quizsite.games.models import seat_numbers

    return seat_numbers(stored["result"], seat)


def seated(i: int) -> list[str]:
    return [PLAYERS[(i * 3 + s) % len(PLAYERS)] for s in range(4)]


def board_game(hands: int) -> Any:
    """A hanchan still going after `hands` hands: six wins with riichi (the deal moves on),
    then draws with everyone tenpai (the dealer stays)."""
    from quizsite.games.models import Game, Hand
    from scoring.engine.game import Entry

    entries = [
        Entry(
            ((k + 1) % 4,),
            {
                "kind": "ron",
                "from": (k + 2) % 4,
                "wins": [{"seat": (k + 1) % 4, "han": 1 + k % 3, "fu": 30}],
            },
        )  # fmt: skip
        if k < 6
        else Entry((), {"kind": "draw", "tenpai": [0, 1, 2, 3]})
        for k in range(hands)
    ]
    game = Game.objects.create(
        east="Aiko", south="Bruno", west="Chen", north="Dana", rules={"preset": "tenhou"},
        length="hanchan", extension=True, agari_yame=True, version=hands,
    )  # fmt: skip
    Hand.objects.bulk_create(
        Hand(game=game, number=n, **Hand.fields_of(e)) for n, e in enumerate(entries, 1)
    )
    return game


def bench_league(sizes: list[int], repeat: int) -> None:
    from django.test import Client
    from django.urls import reverse

    client = Client()
    rows: dict[str, dict[int, tuple[float, int, int]]] = {"league": {}}
    for n in sizes:
        url = reverse("games:club", args=[make_club(n).slug])
        rows["league"][n] = timed(lambda url=url: client.get(url), repeat)
    table("A club's league", "games", rows)


def bench_board(sizes: list[int], repeat: int) -> None:
    from django.conf import settings
    from django.test import Client

    from quizsite.visitors import public as visitors

    rows: dict[str, dict[int, tuple[float, int, int]]] = {"board": {}, "watch": {}, "poll": {}}
    for n in sizes:
        game = board_game(n)
        client = Client()
        session = client.session
        visitors.keep(session, visitors.GAME, game.slug, game.edit_token)
        session.save()
        client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
        pages = {
            "board": (f"/games/{game.slug}/", {}, {}),
            "watch": (f"/games/{game.slug}/watch/", {}, {}),
            "poll": (
                f"/games/{game.slug}/poll/",
                {"version": 0, "hands": 0},
                {"HX-Request": "true"},
            ),
        }
        for page, (url, query, headers) in pages.items():
            rows[page][n] = timed(
                lambda c=client, u=url, q=query, h=headers: c.get(u, q, headers=h), repeat
            )
    table("A game's board", "hands", rows)


# ---- site load: learners answering against gunicorn ------------------------------------------

LOAD_SECONDS = 15  # each phase of the load runs this long


@contextmanager
def gunicorn(workers: int = 3) -> Iterator[str]:
    """gunicorn serving the throw-away database on a free port of 127.0.0.1; its address."""
    import socket
    import subprocess
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "quizsite.wsgi", "--workers", str(workers),
         "--bind", f"127.0.0.1:{port}", "--log-level", "warning"],
        env=os.environ.copy(),
    )  # fmt: skip
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(address + "/", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        yield address
    finally:
        server.terminate()
        server.wait(timeout=20)


def hammer(users: int, seconds: float, visit: Callable[[Any], list[float]]) -> list[float]:
    """`users` threads, each with its own cookies, calling `visit` until `seconds` are up;
    the timed requests' seconds, all together."""
    import http.cookiejar
    import threading
    import urllib.request

    timings: list[float] = []
    lock = threading.Lock()
    stop = time.perf_counter() + seconds

    def user() -> None:
        opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        while time.perf_counter() < stop:
            took = visit(opener)
            with lock:
                timings.extend(took)

    threads = [threading.Thread(target=user) for _ in range(users)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return timings


def answer_fields(html: str) -> dict[str, str]:
    """The practice question's form filled in as a hurried learner would: every answer box
    with a plausible number (right or wrong, the answer is recorded), and the CSRF token."""
    import re

    form = html[html.find("<form") : html.find("</form>")]
    fields = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        if name is None:
            continue
        value = re.search(r'value="([^"]*)"', tag)
        key = name.group(1)
        if 'type="hidden"' in tag:
            fields[key] = value.group(1) if value else ""
        elif 'type="text"' in tag:
            fields[key] = "30" if "fu" in key else "2" if "han" in key else "1000"
    return fields


def learner_visit(address: str) -> Callable[[Any], list[float]]:
    """One practice turn: the next question (redirected to its page), then the answer posted;
    the answer's time."""
    import urllib.parse

    def visit(opener: Any) -> list[float]:
        with opener.open(address + "/practice/next/", timeout=30) as page:
            url, html = page.geturl(), page.read().decode()
        data = urllib.parse.urlencode(answer_fields(html)).encode()
        start = time.perf_counter()
        request = urllib.request.Request(url, data=data, headers={"Referer": url})
        with opener.open(request, timeout=30) as answered:
            answered.read()
        return [time.perf_counter() - start]

    import urllib.request

    return visit


def page_visit(url: str) -> Callable[[Any], list[float]]:
    def visit(opener: Any) -> list[float]:
        start = time.perf_counter()
        with opener.open(url, timeout=30) as page:
            page.read()
        return [time.perf_counter() - start]

    return visit


def p95(timings: list[float]) -> float:
    return sorted(timings)[int(len(timings) * 0.95)] if timings else 0.0


def bench_load(sizes: list[int], repeat: int) -> None:
    """`sizes[0]` simultaneous learners answering practice questions for LOAD_SECONDS, beside
    as many visitors of the home page (a stateless page: the trivial one)."""
    from quizsite.practice.models import Response

    users = sizes[0]
    print(
        f"\nSite load: {users} simultaneous users for {LOAD_SECONDS} s each, gunicorn (3 workers)"
    )
    print(f"  {'what':<34} {'per second':>10} {'p95 ms':>8} {'median ms':>10}")
    with gunicorn() as address:
        home = hammer(users, LOAD_SECONDS, page_visit(address + "/"))
        before = Response.objects.count()
        answers = hammer(users, LOAD_SECONDS, learner_visit(address))
        answered = Response.objects.count() - before
    for what, timings, count in (
        ("home page (trivial) requests", home, len(home)),
        ("practice answers recorded", answers, answered),
    ):
        median = statistics.median(timings) * 1000 if timings else 0.0
        rate = count / LOAD_SECONDS
        print(f"  {what:<34} {rate:>10.1f} {p95(timings) * 1000:>8.1f} {median:>10.1f}")
    if home and answers:
        print(f"  answer's p95 / home page's p95: {p95(answers) / p95(home):.2f}× (aim: 1.2×)")
    print("  (the clients run on the same 2 cores as the server: figures are a floor)")


# ---- the run ---------------------------------------------------------------------------------

SUBJECTS = {
    "drill": (bench_drills, [30, 300, 3000]),
    "league": (bench_league, [10, 100, 1000]),
    "board": (bench_board, [8, 30, 80]),
    "load": (bench_load, [50, 10]),  # learners (--quick: 10)
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="requests timed a page and size")
    parser.add_argument("--only", default=",".join(SUBJECTS), help=",".join(SUBJECTS))
    parser.add_argument("--quick", action="store_true", help="the two smaller sizes only")
    args = parser.parse_args(argv)
    chosen = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = [s for s in chosen if s not in SUBJECTS]
    if unknown:
        print(f"unknown subject {', '.join(unknown)}: choose from {', '.join(SUBJECTS)}")
        return 2
    start = time.perf_counter()
    with throwaway_site():
        print(f"Site benchmarks: median of {args.repeat} requests, a throw-away SQLite database")
        for name in chosen:
            run, sizes = SUBJECTS[name]
            run(
                sizes[1:] if args.quick and name == "load" else sizes[:2] if args.quick else sizes,
                args.repeat,
            )
    print(f"\n(site benchmarks took {time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
