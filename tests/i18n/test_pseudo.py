"""Nothing a visitor reads escapes the catalogues: in the pseudo-language (every message of
both domains wrapped and accented, made by tools/pseudo.py, never shipped) every page and every
explanation step kind shows no plain English (nor Japanese) string."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from django.test import Client

from scoring.engine import words
from tests.e2e.pages import SAMPLES
from tests.i18n.answers import DATA, DATA_WORDS, engine_messages, explained_answers, strings_in
from tests.i18n.pseudo import CODE, make, plain_words, speaking_pseudo
from tools.pseudo import pseudo

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make(tmp_path_factory.mktemp("pseudo"))


@pytest.fixture
def speaking(folder: Path):
    with speaking_pseudo(folder):
        yield


def test_a_message_is_wrapped_and_accented_its_placeholders_kept() -> None:
    said = pseudo("{who} pays %(amount)s to <b>the winner</b> &amp; more")
    assert said.startswith("⟦") and said.endswith("⟧")
    assert "{who}" in said and "%(amount)s" in said and "<b>" in said and "&amp;" in said
    filled = said.replace("{who}", "1").replace("%(amount)s", "2")
    assert plain_words(f"<p>{filled}</p>") == []
    assert plain_words("<p>the winner</p>") == ["the", "winner"]
    assert plain_words("<p>和了者</p><p lang='ja'>日本語</p><code>123m</code>") == ["和了者"]


PAGES = [s for s in SAMPLES if s.then is None]


@pytest.mark.parametrize("sample", PAGES, ids=[s.label for s in PAGES])
def test_every_page_reads_pseudo(speaking: None, client: Client, sample) -> None:
    response = client.get(f"/{CODE}{sample.path}", follow=True)
    html = response.content.decode()
    assert f'<html lang="{CODE}"' in html, sample.label
    left = plain_words(html)
    assert not left, f"{sample.label}: not from a catalogue: {sorted(set(left))}"


# ---- every explanation step kind ---------------------------------------------------------------

ENGINE = Path(__file__).resolve().parents[2] / "scoring" / "engine"


def step_kinds_in_the_code() -> set[str]:
    """Every kind a step is made with in the engine's source (`Step("kind", ...)`, and the
    ledger's `self.add("kind", ...)`)."""
    found: set[str] = set()
    for source in ENGINE.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        found |= set(re.findall(r'Step\(\s*"(\w+)"', text))
        found |= set(re.findall(r"\.say\(\s*\"(\w+)\"", text))
    return found


def test_every_explanation_step_kind_reads_pseudo(speaking: None) -> None:
    with words.language(CODE):
        answers = explained_answers()
    kinds: set[str] = set()
    for answer in answers:
        assert "error" not in answer, answer
        for step in answer.get("steps", []):
            kinds.add(step["kind"])
            text = step["text"]
            assert text.startswith("⟦") and text.endswith("⟧"), step
            assert not plain_words(f"<p>{text}</p>"), step
        worded = [s for s in strings_in(answer) if not DATA.match(s)]
        left = [w for s in worded for w in plain_words(f"<p>{html.escape(s)}</p>")]
        assert not left, (sorted(set(left)), answer.get("steps", [])[:1])
    missing = step_kinds_in_the_code() - kinds
    assert not missing, f"step kinds no generated question shows: {sorted(missing)}"


# ---- the engine's messages about a request: every one from a catalogue -------------------------


def test_every_engine_message_about_a_request_reads_pseudo(speaking: None) -> None:
    with words.language(CODE):
        said = engine_messages()
    for text in said:  # an id is quoted as it is typed ("kanchan", "mahjongsoul_sanma")
        text = re.sub(r'"[\w-]+"', "", text)
        left = plain_words(f"<p>{html.escape(text)}</p>", allowed=DATA_WORDS)
        assert not left, (text, left)
