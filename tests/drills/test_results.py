"""The results board and the CSV export."""

from __future__ import annotations

import csv
import io

import pytest

from quizsite.drills.results import HEADER, results, safe_cell
from tests.factory import make_answer, make_attempt, make_drill, make_user

pytestmark = pytest.mark.django_db

HOSTILE = [
    'Smith, "Jo"',
    "山田 太郎",
    '=HYPERLINK("http://evil.example","x")',
    "+1+2",
    "-3",
    "@SUM(A1)",
    "\tTab",
    "Zoë's",
]


@pytest.fixture
def drill():
    return make_drill(owner=make_user("owner"), count=3)


def owner_client(client, drill):
    client.force_login(drill.owner)
    return client


def test_it_computes_scores_and_shares_from_the_rows(drill):
    a, b = make_attempt(drill, name="A"), make_attempt(drill, name="B")
    make_answer(a, 1), make_answer(a, 2, right=False)
    make_answer(b, 1, right=False), make_answer(b, 2, right=False)
    res = results(drill)
    assert [(r.attempt.name, r.right, r.answered) for r in res.rows] == [("A", 1, 2), ("B", 0, 2)]
    assert [c.percent_right for c in res.columns] == [50, 0, None]
    given, category, times = res.columns[1].common_wrong
    assert times == 2 and given and category
    assert res.answer_count == 4


def test_the_board_shows_the_grid_with_the_answers(client, drill):
    a = make_attempt(drill, name="Aiko")
    make_answer(a, 1), make_answer(a, 2, right=False)
    page = owner_client(client, drill).get(f"/drills/{drill.code}/results/").content.decode()
    assert "Aiko" in page and "1/3" in page
    assert page.count("cell--right") == 1 and page.count("cell--wrong") == 1
    assert 'hx-trigger="every 3s"' in page
    answer = a.answers.get(number=2)
    assert f'title="{answer.given}' in page and answer.category in page


def test_htmx_polling_gets_the_board_alone(client, drill):
    make_answer(make_attempt(drill, name="Aiko"), 1)
    response = owner_client(client, drill).get(
        f"/drills/{drill.code}/results/", HTTP_HX_REQUEST="true"
    )
    page = response.content.decode()
    assert page.lstrip().startswith('<section id="board"') and "Aiko" in page
    assert "<html" not in page


def read_csv(client, drill) -> list[list[str]]:
    response = client.get(f"/drills/{drill.code}/results.csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert f"drill-{drill.code}.csv" in response["Content-Disposition"]
    text = b"".join(response.streaming_content).decode("utf-8")
    return list(csv.reader(io.StringIO(text)))


def test_the_csv_has_a_row_per_student_and_question(client, drill):
    a = make_attempt(drill, name="Aiko")
    make_answer(a, 1), make_answer(a, 3, right=False)
    rows = read_csv(owner_client(client, drill), drill)
    assert rows[0] == HEADER
    assert [(r[0], r[3], r[5]) for r in rows[1:]] == [
        ("Aiko", "1", "yes"),
        ("Aiko", "2", ""),
        ("Aiko", "3", "no"),
    ]
    assert rows[3][4] == a.answers.get(number=3).given and rows[3][6]


def test_the_csv_keeps_hostile_names_and_defuses_formulas(client, drill):
    for name in HOSTILE:
        make_answer(make_attempt(drill, name=name), 1)
    rows = read_csv(owner_client(client, drill), drill)
    names = [r[0] for r in rows[1:] if r[3] == "1"]
    assert names == [safe_cell(n) for n in HOSTILE]
    assert names[0] == 'Smith, "Jo"' and names[1] == "山田 太郎" and names[-1] == "Zoë's"
    for name in names:
        assert not name.startswith(("=", "+", "-", "@", "\t", "\r"))
    assert names[2] == "'" + HOSTILE[2] and names[3] == "'+1+2"


@pytest.mark.parametrize(
    "value, safe",
    [
        ("=1+1", "'=1+1"),
        ("+x", "'+x"),
        ("-x", "'-x"),
        ("@x", "'@x"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("a=b", "a=b"),
        ("", ""),
        (7, 7),
    ],
)
def test_safe_cell(value, safe):
    assert safe_cell(value) == safe


def test_the_question_columns_link_to_the_questions_with_the_key(client, drill):
    from quizsite.quiz.public import check_key

    make_answer(make_attempt(drill, name="Aiko"), 1)
    page = owner_client(client, drill).get(f"/drills/{drill.code}/results/").content.decode()
    for dq in drill.questions.all():
        key = check_key(dq.as_question()).expected
        link = f'href="/drills/{drill.code}/preview/#q{dq.number}" title="Q{dq.number}: {key}"'
        assert link in page.replace("&#x27;", "'")
    preview = client.get(f"/drills/{drill.code}/preview/").content.decode()
    assert 'id="q1"' in preview
