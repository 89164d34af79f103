"""No module of the engine imports another in a circle, directly or round several modules:
each stage builds on the ones below it (the request below `evaluate` and `explain`, the
result above them; the table's request below the settlement that uses it)."""

from __future__ import annotations

from tests.import_graph import cycles, import_graph


def test_the_engine_has_no_import_cycle():
    graph = import_graph("scoring.engine")
    assert "scoring.engine.request" in graph  # the walk found the engine's modules
    assert cycles(graph) == []


def test_the_request_is_below_evaluate_and_explain():
    graph = import_graph("scoring.engine")
    assert "scoring.engine.request" in graph["scoring.engine.evaluate"]
    assert "scoring.engine.request" in graph["scoring.engine.explain"]
    assert not graph["scoring.engine.request"] & {
        "scoring.engine.evaluate", "scoring.engine.explain", "scoring.engine.result",
        "scoring.engine.contract",
    }  # fmt: skip


def test_the_walk_finds_a_cycle_through_several_modules():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
