"""`make bench`, the site's part: how the pages that summarise stored data grow with it.

Each page is timed through Django's test client (the whole request: middleware, queries,
template) against a throw-away SQLite database made for the run, at three sizes:

- a drill's results page, its poll (the board part, as htmx asks for it after a change) and
  its CSV, at 30, 300 and 3,000 students (10 questions each);
- a club's league page at 10, 100 and 1,000 finished games;
- a game's board, its watchers' page and its poll at 8, 30 and 80 hands;
- a game log's import (read, replay, save) and its review page, at 6 hands and a whole
  hanchan of 14 (and the log readers' fixture, when they are there).
- the largest log the import takes (100 hands), every page of its review and the other
  public pages of its game (the aim: each under 300 ms), and a real hanchan's review;
- a class's page at 20, 60 and 200 members with 500 answers each (100,000 answer rows at 200:
  ten drills of ten questions and 400 practice answers in the class a member), and the recount
  of the class's standings from those rows.

Each row gives the median time of `--repeat` requests, the queries and the bytes; each table
ends with the ratio of the largest size's time to the smallest's (the aim is within 2×). The
CSV is streamed, so it reports the time per row (which should stay flat: linear in all) and the
peak memory while it is read (which should stay flat: streamed). It prints figures and never
fails on them: this is not a test.

The site's load (learners answering on gunicorn) is `bench.load`, which `make bench`
runs before this.

    python -m bench.site [--repeat 5] [--only drill,league,board,log,largest_log] [--quick]
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
    of right and wrong answers), made in a few bulk queries, its board's counters then
    written from the rows as the answers would have left them."""
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
    drill.recount()
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


# ---- importing a game log ---------------------------------------------------------------------

LOG_FIXTURE = Path(__file__).resolve().parent.parent / "tests/gamelog/logs/short_game.xml"


def bench_log(sizes: list[int], repeat: int) -> None:
    """A game log's import (read, replay every hand, save the game and its log) and its review
    page. The game is the tests' own (tests/games/logs.py) at `sizes` hands (14: a whole
    hanchan), given to the import as the reader gives it; with the readers present, also the
    fixture `short_game.xml` read from its bytes."""
    from django.conf import settings
    from django.test import Client

    from quizsite.games import logs
    from quizsite.visitors import public as visitors
    from scoring import gamelog
    from tests.games.logs import logged_game, long_hands

    print("\nImporting a game log (median; read + replay + save, and the review page)")
    print(f"{'hands':>6} {'import':>10} {'review':>10} {'queries':>8} {'bytes':>9}")
    first = last = 0.0
    for n in sizes:
        logged = logged_game(long_hands(n), length="hanchan" if n > 6 else "tonpuusen", plant=False)
        times = []
        for i in range(repeat + 1):
            start = time.perf_counter()
            game = logs.import_log(logged, digest=f"bench-{n}-{i}").game
            times.append(time.perf_counter() - start)
        took = statistics.median(times[1:])
        client = Client()
        session = client.session
        visitors.keep(session, visitors.GAME, game.slug, game.edit_token)
        session.save()
        client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
        page, queries, size = timed(lambda c=client, s=game.slug: c.get(f"/games/{s}/log/"), repeat)
        print(f"{n:>6} {took * 1000:>8.1f}ms {page * 1000:>8.1f}ms {queries:>8} {size:>9,}")
        first, last = (took, took) if not first else (first, took)
    if len(sizes) > 1 and first:
        print(f"  import: {sizes[-1]} hands take {last / first:.1f}× the time of {sizes[0]}")
    if LOG_FIXTURE.exists():
        raw = LOG_FIXTURE.read_bytes()
        try:
            times = []
            for i in range(repeat + 1):
                start = time.perf_counter()
                logs.import_log(gamelog.read(raw), digest=f"fixture-{i}", preset="tenhou")
                times.append(time.perf_counter() - start)
        except (ImportError, gamelog.LogError, logs.NeedsPreset) as e:
            print(f"  {LOG_FIXTURE.name}: not read ({type(e).__name__}: {e})")
        else:
            took = statistics.median(times[1:])
            name = f"{LOG_FIXTURE.name} ({len(raw):,} bytes)"
            print(f"  {name}: read + replay + save {took * 1000:.1f}ms")


def bench_largest_log(repeat: int) -> None:
    """The largest log the import takes (`scoring.gamelog.MAX_HANDS` hands: the tests' JSON
    fixture's hands, double ron and rinshan among them, over and over, as a visitor could
    send one) posted to /games/import/, then every page of its review, the spectators' review
    and the other public pages of its game; and a real hanchan's review when the shared real
    games are there. The aim: each page under 300 ms."""
    import json

    from django.conf import settings
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client

    from quizsite.games.logs import PAGE
    from quizsite.games.models import Game
    from scoring.gamelog import MAX_HANDS

    fixture = Path(__file__).resolve().parent.parent / "tests/gamelog/logs/short_game.json"
    log = json.loads(fixture.read_text())
    log["log"] = (log["log"] * MAX_HANDS)[:MAX_HANDS]
    raw = json.dumps(log).encode()
    client = Client()
    start = time.perf_counter()
    response = client.post("/games/import/", {"file": SimpleUploadedFile("big.json", raw)})
    took = time.perf_counter() - start
    slug = response["Location"].split("/")[2]
    game = Game.objects.get(slug=slug)
    print(
        f"\nThe largest log taken: {MAX_HANDS} hands, {len(raw):,} bytes; import "
        f"{took * 1000:.0f}ms ({game.hands.count()} hands became the game's)"
    )
    print(f"{'page':<34} {'time':>9} {'queries':>8} {'bytes':>9}")
    pages = [f"/games/{slug}/log/?hands={n}" for n in range(1, -(-MAX_HANDS // PAGE) + 1)]
    pages += [f"/games/{slug}/watch/log/", f"/games/{slug}/watch/", f"/games/{slug}/",
              f"/games/{slug}/hands/?before=5", f"/games/{slug}/game.csv",
              f"/games/{slug}/game.json"]  # fmt: skip
    for url in pages:
        page, queries, size = timed(lambda u=url: client.get(u), repeat)
        print(f"{url.replace(slug, '<game>'):<34} {page * 1000:>7.1f}ms {queries:>8} {size:>9,}")
    found = (p / "shared" / "data" / "real_games.jsonl.gz" for p in Path(settings.BASE_DIR).parents)
    real = next((p for p in found if p.exists()), None)
    if real is not None:
        import gzip

        with gzip.open(real, "rt", encoding="utf-8") as lines:
            games = [json.loads(line) for line in lines]
        longest = max(
            (g for g in games if g["players"] == 4), key=lambda g: g["xml"].count("<INIT")
        )
        response = client.post(
            "/games/import/", {"file": SimpleUploadedFile("real.xml", longest["xml"].encode())}
        )
        url = response["Location"].split("?")[0]
        page, queries, size = timed(lambda u=url: client.get(u), repeat)
        hands = longest["xml"].count("<INIT")
        print(
            f"a real hanchan's review ({hands} hands) {page * 1000:>7.1f}ms {queries:>8} {size:>9,}"
        )


# ---- classes ---------------------------------------------------------------------------------

PER_MEMBER = 500  # answers a member: 10 drills × 10 questions, and 400 practice answers


def make_classroom(owner: Any, members: int, drills: list[Any]) -> Any:
    """A class of `members` members, the drills set, and `PER_MEMBER` answers a member (a mix
    of right and wrong, over sixty topics), in bulk; its standings then recounted."""
    from datetime import timedelta

    from django.contrib.auth.models import User
    from django.utils import timezone

    from quizsite.classes.models import Assignment, Classroom, Member
    from quizsite.classes.standing import recount
    from quizsite.drills.models import Answer, Attempt
    from quizsite.practice.models import Response
    from quizsite.practice.public import topic_order

    classroom = Classroom.objects.create(owner=owner, name=f"Bench {members}")
    first = User.objects.count()
    users = User.objects.bulk_create(
        User(username=f"bench-{first + i}", password="!") for i in range(members)
    )
    Member.objects.bulk_create(
        Member(classroom=classroom, user=u, name=f"Student {i}") for i, u in enumerate(users)
    )
    Assignment.objects.bulk_create(Assignment(classroom=classroom, drill=d) for d in drills)
    topics = list(topic_order())[:60]
    now = timezone.now()
    practice_n = PER_MEMBER - 10 * len(drills)

    def row(u: Any, k: int, source: str, ref: str, scope: str) -> Response:
        right = (u.pk + k) % 3 != 0
        touched = [topics[(u.pk + k * 7) % 60], topics[(k * 13) % 60]]
        return Response(
            user=u, source=source, ref=ref, seed=k, mode="fu", level="beginner",
            rules="mahjongsoul", request={}, given="30", expected="40", right=right,
            topics=touched, charged=[] if right else touched[:1], scope=scope,
            answered=now - timedelta(minutes=PER_MEMBER - k),
        )  # fmt: skip

    Response.objects.bulk_create(
        (
            row(u, k, "practice", f"bench-{k}", f"class:{classroom.pk}")
            for u in users
            for k in range(practice_n)
        ),
        batch_size=2000,
    )
    Response.objects.bulk_create(
        (
            row(u, practice_n + j * 10 + n, "drill", f"{d.code}#{n}", "")
            for u in users
            for j, d in enumerate(drills)
            for n in range(1, 11)
        ),
        batch_size=2000,
    )
    attempts = Attempt.objects.bulk_create(
        Attempt(drill=d, user=u, name=u.username, order=list(range(1, 11)))
        for u in users
        for d in drills
    )
    Answer.objects.bulk_create(
        (
            Answer(
                attempt=a,
                number=n,
                given="30",
                answer={},
                right=(a.pk + n) % 3 != 0,
                seconds=10,
                answered=now,
            )  # fmt: skip
            for a in attempts
            for n in range(1, 11)
        ),
        batch_size=2000,
    )
    start = time.perf_counter()
    recount(classroom)
    return classroom, time.perf_counter() - start


def bench_classes(sizes: list[int], repeat: int) -> None:
    from django.contrib.auth.models import User
    from django.test import Client

    from quizsite.practice.models import Response

    owner = User.objects.create_user("bench-instructor", password="a-long-bench-password-42")
    drills = [make_drill(owner, 0) for _ in range(10)]
    client = Client()
    client.force_login(owner)
    rows: dict[str, dict[int, tuple[float, int, int]]] = {"class page": {}, "sorted": {}}
    recounts = {}
    for n in sizes:
        classroom, recounts[n] = make_classroom(owner, n, drills)
        url = f"/classes/{classroom.pk}/"
        rows["class page"][n] = timed(lambda url=url: client.get(url), repeat)
        rows["sorted"][n] = timed(
            lambda url=url: client.get(url, {"sort": "-topic:yaku:riichi"}), repeat
        )
    table(f"A class's page ({PER_MEMBER} answers a member)", "members", rows)
    print(f"  answer rows in all: {Response.objects.count():,}")
    for n, seconds in recounts.items():
        print(f"  recount of the class's standings, {n:,} members: {seconds:.1f} s")


# ---- the run ---------------------------------------------------------------------------------

SUBJECTS = {
    "drill": (bench_drills, [30, 300, 3000]),
    "league": (bench_league, [10, 100, 1000]),
    "board": (bench_board, [8, 30, 80]),
    "log": (bench_log, [6, 14]),
    "largest_log": (lambda sizes, repeat: bench_largest_log(repeat), []),
    "class": (bench_classes, [20, 60, 200]),
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
            run(sizes[:2] if args.quick else sizes, args.repeat)
    print(f"\n(site benchmarks took {time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
