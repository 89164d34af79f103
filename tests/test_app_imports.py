"""The site's apps depend on each other one way: no two apps import each other, directly or
through others (every import counts, a function's own ones too; migrations left out). Inside
each app its modules do too: no two import each other, at the top, inside a function or
under `if TYPE_CHECKING:` (`tests/import_graph.py`, the engine's own test's walk)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.import_graph import cycles, import_graph

SITE = Path(__file__).resolve().parents[1] / "quizsite"
APPS = sorted(p.parent.name for p in SITE.glob("*/apps.py"))


def imported(path: Path) -> set[str]:
    """The quizsite modules a file imports (relative imports stay in their own app)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return {n for n in names if n.startswith("quizsite.")}


def graph() -> dict[str, set[str]]:
    """Each app and the other apps it imports."""
    uses: dict[str, set[str]] = {app: set() for app in APPS}
    for app in APPS:
        for path in (SITE / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for name in imported(path):
                other = name.split(".")[1]
                if other in uses and other != app:
                    uses[app].add(other)
    return uses


def cycle(uses: dict[str, set[str]]) -> list[str]:
    """A cycle of apps importing each other ([] when there is none)."""
    state: dict[str, int] = {}  # 1: on the path being followed, 2: done
    path: list[str] = []

    def visit(app: str) -> list[str]:
        state[app] = 1
        path.append(app)
        for other in sorted(uses[app]):
            if state.get(other) == 1:
                return path[path.index(other) :] + [other]
            if other not in state and (found := visit(other)):
                return found
        path.pop()
        state[app] = 2
        return []

    for app in sorted(uses):
        if app not in state and (found := visit(app)):
            return found
    return []


def test_the_apps_are_found():
    assert {"quiz", "practice", "drills", "games", "accounts"} <= set(APPS)
    uses = graph()
    assert "quiz" in uses["practice"] and "quiz" in uses["drills"]  # imports are seen


def test_no_two_apps_import_each_other():
    found = cycle(graph())
    assert found == [], "apps import each other: " + " → ".join(found)


def test_a_cycle_is_found_when_there_is_one():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": set(), "b": {"c"}, "c": {"b"}}) == ["b", "c", "b"]
    assert cycle({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("app", APPS)
def test_no_two_modules_of_an_app_import_each_other(app):
    graph = import_graph(f"quizsite.{app}")
    assert f"quizsite.{app}.apps" in graph  # the walk found the app's modules
    assert cycles(graph) == [], f"{app}'s modules import each other"


def test_an_apps_modules_import_one_way_inside_functions_too():
    quiz, practice = import_graph("quizsite.quiz"), import_graph("quizsite.practice")
    assert "quizsite.practice.answers" in practice["quizsite.practice.public"]  # in `record`
    assert "quizsite.practice.state" not in practice["quizsite.practice.models"]
    assert "quizsite.quiz.questions" in quiz["quizsite.quiz.verdicts"]
    assert not quiz["quizsite.quiz.questions"] & {"quizsite.quiz.forms", "quizsite.quiz.verdicts"}


def test_the_quiz_reaches_the_store_of_answers_without_importing_it():
    from quizsite.practice import public as practice
    from quizsite.quiz import public

    assert public.answer_store() is practice
    assert "practice" not in graph()["quiz"]
