"""Fragments made once or in Python for speed (issue 34) write what the templates they stand
for write: the answer input beside Django's own `TextInput` (its widget templates), a kept
row of the session's history made once for each language and values, escaped as the
template escapes it."""

from __future__ import annotations

from unittest import mock

import pytest
from django import forms
from django.test import override_settings
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy

from quizsite import chrome
from quizsite.quiz.forms import AnswerInput
from scoring.engine import words

ATTRS = [
    {},
    {"inputmode": "numeric", "size": "8", "class": "answer-input", "data-autofocus": ""},
    {"required": True, "disabled": False, "maxlength": 40, "title": 'say "3" & <b>'},
    {"placeholder": gettext_lazy("Log in"), "data-x": mark_safe("a&amp;b")},  # noqa: S308
]


@pytest.mark.parametrize("attrs", ATTRS)
@pytest.mark.parametrize("value", [None, "", "7700", 'x" onfocus="y', "<i>", 0, 12])
def test_the_answer_input_writes_what_django_s_text_input_writes(attrs, value):
    extra = {"id": "id_amount", "aria-describedby": "id_amount_helptext", "aria-invalid": True}
    for language in ("en", "ja"):
        with translation.override(language):
            ours = AnswerInput(attrs=attrs).render("amount", value, attrs=extra)
            django = forms.TextInput(attrs=attrs).render("amount", value, attrs=extra)
        assert ours == django
        assert isinstance(ours, SafeString)


ROW = "quiz/progress_row.html"


def row(**values):
    return chrome.kept(ROW, url="/quiz/q/1/?mode=fu", label="#1 · Fu", right=False, **values)


@override_settings(DEBUG=False)
def test_a_kept_row_is_made_once_for_each_language_and_values():
    chrome.made_fragment.cache_clear()
    with mock.patch.object(chrome, "render_to_string", wraps=chrome.render_to_string) as made:
        with translation.override("en"):
            first = row(given="30 fu")
            assert row(given="30 fu") == first and made.call_count == 1
            assert "wrong" in first and "30 fu" in first
            assert row(given="40 fu") != first and made.call_count == 2
        with translation.override("ja"):
            japanese = row(given="30 fu")
        assert made.call_count == 3 and japanese != first and "不正解" in japanese


@override_settings(DEBUG=False)
def test_a_kept_row_escapes_text_and_never_mistakes_it_for_markup():
    chrome.made_fragment.cache_clear()
    with translation.override("en"):
        typed = row(given="<b>7700</b>")
        safe = row(given=SafeString("<b>7700</b>"))
        again = row(given="<b>7700</b>")
    assert "&lt;b&gt;7700&lt;/b&gt;" in typed and "<b>" not in typed
    assert "<b>7700</b>" in safe
    assert again == typed


@override_settings(DEBUG=True)
def test_with_debug_on_nothing_is_kept():
    chrome.made_fragment.cache_clear()
    with mock.patch.object(chrome, "render_to_string", wraps=chrome.render_to_string) as made:
        row(given="30 fu")
        row(given="30 fu")
    assert made.call_count == 2


# The steps' list as a template wrote it before `{% step_item %}`: the item must not change.
STEPS_AS_TEMPLATE = (
    "{% load i18n tiles glossary %}{% for step in steps %}"
    '<li class="step step-{{ step.kind }}{% if step.marked %} step--marked{% endif %}">'
    '{% if step.marked %}<strong class="look">{% translate "Look here:" %}</strong> {% endif %}'
    "{% glossed step.text|capfirst as linked %}{{ linked|tile_text }}"
    "{% if step.tiles and step.tiles not in step.text %} "
    '{% if step.kind == "reading" %}{% tiles step.tiles win=q.request.win size="sm" %}'
    '{% else %}{% tiles step.tiles size="sm" %}{% endif %}{% endif %}</li>{% endfor %}'
)
STEPS = [
    {"kind": "reading", "text": "read as 234m 678p 55s", "tiles": "234m 678p 55s"},
    {"kind": "reading", "text": "the hand is read", "tiles": "234m678p55s", "marked": True},
    {"kind": "fu", "text": "base fu 20; a closed ron adds 10 fu", "marked": False},
    {"kind": "yaku", "text": "riichi: 1 han <and> dora & ura dora", "tiles": "5p"},
    {"kind": "han", "text": "dora indicator 3p: dora 4p", "tiles": "3p", "marked": True},
    {"kind": "settle", "text": "Tenpai: East and South pay 1500"},
]


@pytest.mark.parametrize("win", ["5s", ""])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_step_items_write_what_the_steps_template_wrote(win, language):
    from django.template import Context, Template

    context = {"steps": STEPS, "q": {"request": {"win": win} if win else {}}}
    ours = Template(
        "{% load verdict_steps %}{% for step in steps %}"
        "{% step_item step win=q.request.win %}{% endfor %}"
    )
    # the page's language for Django and for the engine's words (tile names), as a request has
    # them: the tiles' kept pictures are kept by the page's language
    with translation.override(language), words.language(language):
        before = Template(STEPS_AS_TEMPLATE).render(Context(context))
        after = ours.render(Context(context))
    assert after == before
    assert "step--marked" in after and "&lt;and&gt;" in after and 'class="term"' in after
