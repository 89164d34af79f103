"""Apps do not import each other in a circle: dependencies between the `quizsite` apps point
one way. The cycles that exist today are listed, each with what keeps it; the listing is
checked too, so a cycle once broken must leave the list (and cannot come back unnoticed)."""

from __future__ import annotations

from tests.import_graph import ROOT, cycles, import_graph

APPS = sorted(p.parent.name for p in (ROOT / "quizsite").glob("*/__init__.py"))

# Known cycles, to be broken by putting the answer store (responses, recording, session
# history) beneath quiz, practice and drills.
KNOWN_MUTUAL = {
    frozenset({"quiz", "practice"}),  # practice records through the quiz; the quiz links its topics
    frozenset({"drills", "practice"}),  # drills read practice's history; practice lists drills
}


def app_edges() -> dict[str, dict[str, list[str]]]:
    """app → app it imports → the modules that import it (as `module → imported`)."""
    edges: dict[str, dict[str, list[str]]] = {app: {} for app in APPS}
    for module, imported in import_graph("quizsite").items():
        parts = module.split(".")
        if len(parts) < 2 or parts[1] not in edges:
            continue
        for target in sorted(imported):
            other = target.split(".")[1] if target.count(".") else ""
            if other in edges and other != parts[1]:
                edges[parts[1]].setdefault(other, []).append(f"{module} → {target}")
    return edges


def mutual_pairs(edges: dict[str, dict[str, list[str]]]) -> set[frozenset[str]]:
    return {frozenset({a, b}) for a in edges for b in edges[a] if a in edges.get(b, {})}


def test_the_walk_sees_the_apps_and_their_imports():
    edges = app_edges()
    assert {"quiz", "practice", "drills", "games", "accounts"} <= set(edges)
    assert "visitors" in edges["games"]  # games use the visitors' public module


def test_no_two_apps_import_each_other_beyond_the_known_cycles():
    edges = app_edges()
    new = mutual_pairs(edges) - KNOWN_MUTUAL
    shown = {
        " ⇄ ".join(sorted(pair)): [line for a in pair for b in pair - {a} for line in edges[a][b]]
        for pair in new
    }
    assert not new, f"apps that import each other: {shown}"


def test_no_longer_cycle_among_the_apps():
    graph = {a: set(targets) for a, targets in app_edges().items()}
    for pair in KNOWN_MUTUAL:
        a, b = sorted(pair)
        graph[a].discard(b)
        graph[b].discard(a)
    assert cycles(graph) == []


def test_every_known_cycle_is_still_there():
    # Fails once a listed cycle is broken: take it off KNOWN_MUTUAL so it stays broken.
    edges = app_edges()
    assert mutual_pairs(edges) >= KNOWN_MUTUAL, (
        f"no longer a cycle, remove from KNOWN_MUTUAL: {KNOWN_MUTUAL - mutual_pairs(edges)}"
    )
