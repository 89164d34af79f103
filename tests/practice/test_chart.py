"""The accuracy chart says something from the first twenty answers: a running share over the
latest answers while the days give few runs, the runs across the days once they give enough."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest

from quizsite.practice.progress import MARKS, accuracy, running
from tests.factory import post_answer, question


def test_a_running_share_follows_each_answer():
    rights = [False] * 10 + [True] * 10
    points = running(rights)
    assert [n for n, _ in points] == list(range(5, 21))  # a window of 5 at 20 answers
    assert points[0][1] == 0.0 and points[-1][1] == 1.0
    assert [s for _, s in points] == sorted(s for _, s in points)  # climbs as the slips stop


def test_twenty_answers_on_one_day_draw_a_line_not_one_dot():
    rights = [i % 3 != 0 for i in range(20)]
    chart = accuracy([(date(2026, 1, 5), 20, sum(rights))], rights, 20)
    assert chart["window"] == 5 and len(chart["line"].split()) == 16
    assert 1 < len(chart["dots"]) <= MARKS and chart["dots"][-1]["n"] == 20
    assert chart["first"] == 5 and chart["last"] == 20  # from the first full window


def test_many_days_draw_the_runs_across_them():
    start = date(2026, 1, 5)
    days = [(start + timedelta(days=i), 30, 10 + 2 * i) for i in range(8)]
    chart = accuracy(days, [True] * 200, 240)
    assert chart["window"] == 0 and chart["last"] == 240
    assert [d["percent"] for d in chart["dots"]] == sorted(d["percent"] for d in chart["dots"])


def test_a_long_history_on_few_days_draws_the_latest_answers():
    chart = accuracy([(date(2026, 1, 5), 500, 250)], [True] * 200, 500)
    assert chart["window"] == 20 and chart["first"] == 320 and chart["last"] == 500


@pytest.mark.django_db
def test_the_page_draws_the_running_share_after_twenty_answers(client):
    for seed in range(20):
        post_answer(client, question(seed, "payment"), right=seed % 4 != 0)
    page = client.get("/progress/").content.decode()
    assert "Each point is the share right in the 5 answers up to it" in page
    line = re.search(r'<polyline points="([^"]+)"', page)[1]
    assert len(line.split()) == 16
    assert "80% up to answer 20" in page  # the last five (seeds 15 to 19): the 16th missed
