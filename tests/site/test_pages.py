"""The list of pages the browser checks visit (tests/e2e/pages.py) covers the site."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, get_resolver

from tests.e2e.pages import SAMPLES

# JSON endpoints and catch-alls: no HTML page to check. Form actions that answer with a
# redirect (or a file) are no pages either; Django's admin is Django's own.
NOT_PAGES = {
    "api_points",
    "api_score",
    "api_settle",
    "api_final",
    "games:csv",
    "games:json",
    "progress:export",
    "classes:csv",
}
# An instructor's view of a student's progress draws the same templates as the learner's own
# (practice/progress.html, practice/answer.html), which the samples check.
SAME_TEMPLATES = {"progress:student", "progress:student_answer"}
ACTIONS = {
    "accounts:logout",
    "set_language",  # the language switch: back to the page it was on, in the language chosen
    "drills:copy",
    "drills:set_open",
    "drills:redraw",
    "drills:results_csv",
    "games:club_rules",  # the league's rules chosen: back to the club's page (sampled)
    "classes:set_open",
    "classes:due",  # a drill's due date set: back to the class's work (its form sampled there)
    "classes:add_instructor",  # an unknown name: the roster again, with the message
    "classes:remove_instructor",
    "classes:reset_pin",  # the new PIN: on the roster (sampled)
    "classes:renew_link",
    "classes:unassign",
    "classes:add_topic",  # a bad topic: the work page again, with the message
    "classes:remove_topic",
    "classes:switch",
    "classes:link",  # a student's personal link: signs in, to their class's page (sampled)
    "classes:me_share",  # the member's sharing ticked or not: back to their page (sampled)
    "games:practise",  # the game's wins kept as own practice: to practice (sampled)
    "games:drill",  # a drill made of the game's wins: to the drill's page
    "practice:own_next",  # to the own hand due (sampled)
    "practice:own_remove",  # back to the list of own hands
}


def named_patterns(resolver: URLResolver, prefix: str = "") -> set[str]:
    names = set()
    for p in resolver.url_patterns:
        if isinstance(p, URLResolver):
            ns = f"{prefix}{p.namespace}:" if p.namespace else prefix
            names |= named_patterns(p, ns)
        elif isinstance(p, URLPattern) and p.name:
            names.add(prefix + p.name)
    return names


def test_it_lists_a_sample_of_every_named_page() -> None:
    names = named_patterns(get_resolver())
    pages = {n for n in names if not n.startswith("admin:")} - NOT_PAGES - ACTIONS - SAME_TEMPLATES
    missing = pages - {s.url_name for s in SAMPLES}
    assert not missing, f"add these pages to tests/e2e/pages.py: {sorted(missing)}"


def test_it_samples_only_pages_that_exist() -> None:
    names = named_patterns(get_resolver())
    assert {s.url_name for s in SAMPLES if s.url_name} <= names


def test_no_two_addresses_share_a_name() -> None:
    """`{% url %}` and `reverse` find one address a name: two patterns of one name in one
    namespace would send one of them to the other's view."""
    seen: dict[str, str] = {}
    twice = []

    def walk(resolver: URLResolver, prefix: str = "") -> None:
        for p in resolver.url_patterns:
            if isinstance(p, URLResolver):
                walk(p, f"{prefix}{p.namespace}:" if p.namespace else prefix)
            elif isinstance(p, URLPattern) and p.name:
                name = prefix + p.name
                if name in seen and seen[name] != str(p.pattern):
                    twice.append((name, seen[name], str(p.pattern)))
                seen.setdefault(name, str(p.pattern))

    walk(get_resolver())
    assert not twice, twice
