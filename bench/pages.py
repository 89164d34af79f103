"""`make bench`, the pages: a learner's practice pages and a practice answer at 100, 1,000,
10,000 and 100,000 stored answers, on a throw-away SQLite database.

For each size a signed-in learner's history is bulk-created (answers spread over days, each
touching a few topics, about a third wrong), their kept practice state rebuilt from it, and
`/progress/`, `/practice/`, `/practice/next/` and a practice answer (a POST of a new question)
timed with Django's test client: the best of `--reps` runs each (the machine is shared: the
fastest run is the one least slowed by others; `/practice/next/`'s time depends on which
question it draws, so it is run three times as often). It prints a table and the
ratio of the largest size's time to the smallest's (the aim: within 1.5×); it never fails on
the figures: this is not a test.

    python -m bench.pages [--sizes 100,1000,10000,100000] [--reps 5]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any

PAGES = ("/progress/", "/practice/", "/practice/next/", "answer")
PER_DAY = 100  # answers a day, the newest day today


def fill(user: Any, count: int, *, seed: int = 0) -> None:
    """`count` answers for `user` (bulk-created: no state counted), oldest `count / PER_DAY`
    days ago, then the user's kept state rebuilt from them where the site keeps one."""
    from django.utils import timezone

    from quizsite.practice.models import Response
    from quizsite.practice.topics import TOPICS

    rng = random.Random(seed)
    names = sorted(TOPICS)
    now = timezone.now()
    step = timedelta(days=1) / PER_DAY
    rows = []
    for n in range(count):
        topics = rng.sample(names, 4)
        right = rng.random() < 0.7
        rows.append(
            Response(
                user=user,
                source=rng.choice(("quiz", "practice", "drill")),
                ref=f"bench-{n}",
                seed=n,
                mode="fu",
                level="beginner",
                rules="mahjongsoul",
                request={},
                given="30",
                expected="40",
                right=right,
                topics=topics,
                charged=[] if right else topics[:1],
                answered=now - step * (count - n),
            )
        )
    Response.objects.bulk_create(rows, batch_size=2000)
    try:
        from quizsite.practice.state import rebuild
    except ImportError:  # a site that replays the history on every page
        return
    rebuild({"user_id": user.pk})


def timed(work: Callable[[], Any], reps: int) -> float:
    """The best time of `reps` runs, in milliseconds (after one untimed run)."""
    work()
    laps = []
    for _ in range(reps):
        start = time.perf_counter()
        work()
        laps.append((time.perf_counter() - start) * 1000)
    return min(laps)


def measure(count: int, reps: int) -> dict[str, float]:
    from django.contrib.auth.models import User
    from django.test import Client

    user = User.objects.create_user(f"bench{count}", password="not-used-0")
    fill(user, count)
    client = Client()
    client.force_login(user)
    seeds = iter(range(10_000_000, 20_000_000))

    def get(url: str) -> Callable[[], Any]:
        def work() -> None:
            status = client.get(url).status_code
            assert status in (200, 302), (url, status)

        return work

    def answer() -> None:
        url = f"/practice/q/{next(seeds)}/?mode=fu&level=beginner&rules=mahjongsoul"
        response = client.post(url, {"fu": "30"})
        assert response.status_code == 200 and b"not counted again" not in response.content

    work = {page: get(page) for page in PAGES[:3]} | {"answer": answer}
    return {page: timed(work[page], reps * (3 if page.endswith("next/") else 1)) for page in PAGES}


def table(results: dict[int, dict[str, float]]) -> list[str]:
    sizes = sorted(results)
    head = "| answers | " + " | ".join(f"`{p}`" for p in PAGES) + " |"
    lines = [head, "|---:|" + "---:|" * len(PAGES)]
    for size in sizes:
        cells = " | ".join(f"{results[size][p]:.1f} ms" for p in PAGES)
        lines.append(f"| {size:,} | {cells} |")
    if len(sizes) > 1:
        low, high = sizes[0], sizes[-1]
        ratios = " | ".join(f"{results[high][p] / results[low][p]:.2f}×" for p in PAGES)
        lines.append(f"| {high:,} / {low:,} | {ratios} |")
    return lines


def setup(folder: str) -> None:
    """Django on a throw-away SQLite database in `folder`, migrated."""
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "quizsite.settings")
    os.environ["TENBO_RATE_ANSWERS"] = "1000000/m"  # the learner answers fast here
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.pages", description=__doc__)
    parser.add_argument("--sizes", default="100,1000,10000,100000", help="answers per learner")
    parser.add_argument("--reps", type=int, default=5, help="timed runs per page (the best)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory(prefix="tenbo-bench-") as folder:
        setup(folder)
        from django.test.utils import setup_test_environment

        setup_test_environment()  # the test client's hosts and outbox
        results = {}
        for size in sizes:
            results[size] = measure(size, args.reps)
            print(f"  {size:,} answers: done", file=sys.stderr, flush=True)
    print(f"Practice pages for one signed-in learner (best of {args.reps} runs)")
    print("\n".join(table(results)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
