"""The topics missed most link to a drill on them: the progress page's "Make a drill of this"
opens the drill builder filled in with the topic's focus, and the drill drawn from that form
really tests the topic (every question scored by the engine and read into topics)."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from typing import Any

import pytest

from quizsite.drills.models import Drill
from quizsite.practice import answers
from quizsite.practice.choose import aim, drill_for
from quizsite.practice.models import Response
from quizsite.practice.table_topics import TOPIC_MODES
from quizsite.practice.topics import TOPICS, touched
from quizsite.quiz.public import make_question, solve
from tests.factory import make_attempt, make_drill, make_user

pytestmark = pytest.mark.django_db

LINK = re.compile(r'<a href="([^"]+)">Make a drill of this[^<]*</a>')


class FormValues(HTMLParser):
    """The values a browser would send from the page's POST form, as it stands."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, list[str]] = {}
        self.select: str | None = None
        self.textarea: str | None = None

    def add(self, name: str, value: str) -> None:
        self.data.setdefault(name, []).append(value)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        name = a.get("name", "")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.add(name, a.get("value", "on"))
            elif kind != "submit":
                self.add(name, a.get("value", ""))
        elif tag == "select":
            self.select = name
        elif tag == "option" and self.select and "selected" in a:
            self.add(self.select, a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.select = None


def form_values(html: str) -> dict[str, list[str]]:
    parser = FormValues()
    parser.feed(html)
    return parser.data


def missed(owner: dict[str, Any], topic: str, seed: int = 5, drill: str = "") -> None:
    """A wrong answer charged to `topic`, to a question that tests it (in the quiz, or as
    question 1 of the drill with code `drill`)."""
    pick = aim(topic, random.Random(seed), level="beginner")
    assert pick is not None
    q = pick.question
    answers.store(
        **owner, source="drill" if drill else "quiz", ref=f"{drill}#1" if drill else q.key,
        seed=q.seed, mode=q.mode, level=q.level,
        rules=q.rules, request=q.request, given="1", expected="2", right=False,
        topics=touched(q, solve(q)), charged=[topic],
    )  # fmt: skip


def drill_links(page: str) -> list[str]:
    return [h.replace("&amp;", "&") for h in LINK.findall(page)]


SAMPLE = [
    "fu:open_triplet_terminals",
    "fu:closed_quad_simples",
    "wait:kanchan",
    "yaku:pinfu",
    "yaku:chiitoitsu",
    "limit:haneman",
    "cell:3-40",
    "count:honba",
    "fu:pair_seat_wind",
    "fu:pair_round_wind",
    "fu:pair_double_wind",
]


@pytest.mark.parametrize("topic", SAMPLE)
def test_the_drill_link_presets_the_focus_and_the_drill_tests_the_topic(client, topic):
    user = make_user("kenji")
    missed({"user": user}, topic)
    client.force_login(user)
    links = drill_links(client.get("/progress/").content.decode())
    assert len(links) == 1, links
    builder = client.get(links[0])
    assert builder.status_code == 200
    values = form_values(builder.content.decode())
    focus, mode, level, rules = drill_for(topic)
    assert values["mode"] == [mode] and values["level"] == [level] and values["rules"] == [rules]
    for name, chosen in focus.items():
        if name in ("han", "fu"):
            assert values[f"focus_{name}_low"] == [str(chosen[0])]
            assert values[f"focus_{name}_high"] == [str(chosen[1])]
        elif name == "counters":
            assert values["focus_counters"] == ["on"]
        else:
            assert values[f"focus_{name}"] == chosen
    values["count"] = ["6"]
    made = client.post("/drills/new/", values)
    assert made.status_code == 302, made.content.decode()[-3000:]  # the builder accepts it
    drill = Drill.objects.get(owner=user)
    assert drill.focus == focus and drill.title.endswith(TOPICS[topic].label)
    for q in drill.quiz_questions():
        assert topic in touched(q, solve(q)), (topic, q.key)


# Table topics: the builder is filled in with the topic's table mode (and the level and preset
# where it needs them) and no focus; every question of the drill touches the topic.
TABLE_SAMPLE = ["draw:tenpai", "ron:double", "ron:head_bump", "count:dealer", "final:oka"]


@pytest.mark.parametrize("topic", TABLE_SAMPLE)
def test_a_table_topic_links_to_a_drill_of_its_mode_every_question_of_which_tests_it(client, topic):
    user = make_user("kenji")
    missed({"user": user}, topic)
    client.force_login(user)
    links = drill_links(client.get("/progress/").content.decode())
    assert len(links) == 1, links
    page = client.get(links[0]).content.decode()
    assert "<strong>Filled in</strong>: check the options" in page
    values = form_values(page)
    plan = drill_for(topic)
    assert plan.focus == {} and plan.mode == TOPIC_MODES[topic]
    assert (values["mode"], values["level"], values["rules"]) == (
        [plan.mode],
        [plan.level],
        [plan.rules],
    )
    assert not [n for n, v in values.items() if n.startswith("focus_") and any(v)]  # no focus
    values["count"] = ["12"]
    made = client.post("/drills/new/", values)
    assert made.status_code == 302, made.content.decode()[-3000:]
    drill = Drill.objects.get(owner=user)
    assert drill.mode == plan.mode and drill.focus == {}
    for q in drill.quiz_questions():
        assert q.is_table and topic in touched(q, solve(q)), (topic, q.key)


@pytest.mark.parametrize("topic", ["ron:head_bump", "final:oka", "count:dealer"])
def test_a_table_topic_is_drilled_only_where_its_mode_always_touches_it(topic):
    """A sample of seeds under the plan's options: not one question misses the topic."""
    plan = drill_for(topic)
    options = {"mode": plan.mode, "level": plan.level, "rules": plan.rules}
    for seed in range(0, 60_000, 1000):
        q = make_question(seed, options)
        assert topic in touched(q, solve(q)), (topic, seed)


@pytest.mark.parametrize(
    "topic",
    [
        "pay:ron",
        "fu:rounding",
        "draw:noten",  # a nagashi mangan now and then takes the noten payments' place
        "draw:nagashi",
        "pao:ron",  # pao on a ron or a tsumo: one or the other
        "ron:triple",
        "count:chombo",
        "final:ties",
    ],
)
def test_a_topic_no_drill_focus_names_has_no_drill_link(client, topic):
    user = make_user("mei")
    missed({"user": user}, topic)
    client.force_login(user)
    page = client.get("/progress/").content.decode()
    assert TOPICS[topic].label in page and "The last one explained" in page
    assert not drill_links(page)


def test_an_anonymous_learner_gets_practice_questions_and_is_told_so(client):
    from tests.factory import post_answer, question

    post_answer(client, question(3, "fu"), right=False)  # a real wrong answer, this session
    charged = Response.objects.get().charged
    assert charged and any(drill_for(t) for t in charged)  # topics a drill could focus on
    page = client.get("/progress/").content.decode()
    assert not drill_links(page)  # drills need an account
    assert "Practice questions on this</a>" in page and "topic=" in page


def test_an_instructor_gets_a_drill_link_for_a_students_weak_spot(client):
    teacher = make_user("sensei")
    student = make_user("aiko")
    drill = make_drill(owner=teacher)
    make_attempt(drill, user=student)
    missed({"user": student}, "fu:closed_triplet_terminals", drill=drill.code)
    client.force_login(teacher)
    page = client.get(f"/progress/students/{student.pk}/").content.decode()
    links = drill_links(page)
    assert len(links) == 1 and "Make a drill of this for the class" in page
    assert "focus_fu_items=concealed_triplet_terminals_honours" in links[0]
    assert client.get(links[0]).status_code == 200


def test_the_builder_leaves_out_what_it_does_not_accept(client):
    client.force_login(make_user("kenji"))
    page = client.get(
        "/drills/new/?mode=nope&level=advanced&focus_waits=kanchan&focus_waits=bogus&count=x"
    ).content.decode()
    values = form_values(page)
    assert values["level"] == ["advanced"] and "focus_waits" not in values
    assert values["mode"] == ["full"]  # the default, "nope" left out
