"""The practice link's form: its topic choices are shared by every form made, not copied."""

from __future__ import annotations

from quizsite.practice.forms import LinkForm
from quizsite.practice.topics import TOPICS

LINK = {"seed": "7", "mode": "fu", "level": "beginner", "rules": "mahjongsoul"}


def test_it_reads_a_topic_and_refuses_an_unknown_one():
    topic = next(iter(TOPICS))
    form = LinkForm(LINK | {"topic": topic})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["topic"] == topic
    bad = LinkForm(LINK | {"topic": "no-such-topic"})
    assert not bad.is_valid()
    assert "'no-such-topic'" in bad.errors["topic"][0]
    assert LinkForm(LINK).is_valid()  # no topic: a fresh question


def test_each_form_shares_the_topic_choices_but_not_its_messages():
    one, two = LinkForm(LINK), LinkForm(LINK)
    assert one.fields["topic"] is not two.fields["topic"]
    assert one.fields["topic"].choices is two.fields["topic"].choices
    assert one.fields["topic"].widget is not two.fields["topic"].widget
    one.fields["topic"].error_messages["required"] = "changed"
    assert two.fields["topic"].error_messages["required"] != "changed"
