"""Every form of the site speaks in its own words: none of Django's stock messages, and a
value too long to quote is quoted cut short."""

from __future__ import annotations

import pytest
from django import forms
from django.test import Client

from scoring.form_words import SiteWords

LONG = "7" * 5000
STOCK = [
    "Ensure this value",
    "Select a valid choice",
    "This field is required",
    "Enter a whole number",
    "is not one of the available choices",
]


def assert_site_words(html: str) -> None:
    for words in STOCK:
        assert words not in html
    # The value may stay in its own field (to be corrected there), but no message quotes it.
    without_fields = [part.split('"', 1)[1] for part in html.split('value="')[1:]]
    assert all("7" * 100 not in part for part in without_fields)


@pytest.mark.parametrize(
    ("path", "message"),
    [
        (f"/points/?han={LONG}&fu=30", "han must be a whole number from 1 to 13"),
        (f"/points/?han=4&fu={LONG}", "fu must be a whole number, such as 30"),
        (f"/points/?honba={LONG}", "Honba must be a whole number, such as 0 or 2"),
        (f"/points/?dealer={LONG}", "Dealer must be 1 or 0, not &#x27;77777777777777777..."),
        (f"/points/?rules={LONG}", "unknown rules preset &#x27;77777777777777777...&#x27;"),
        (f"/table/?seat={LONG}", "seat must be both, non_dealer or dealer, not &#x27;7777"),
        ("/table/?sticks=100", "Riichi deposits must be 99 or less"),
        (f"/table/?kiriage={LONG}", "Kiriage mangan must be 1 or 0"),
    ],
)
def test_it_words_a_bad_control_itself(client: Client, path: str, message: str) -> None:
    response = client.get(path)
    html = response.content.decode()
    assert response.status_code == 200
    assert message.lower() in html.lower()  # under the field, capitalised there
    assert_site_words(html)


def test_it_words_a_long_quiz_answer_itself(client: Client) -> None:
    url = client.get("/quiz/next/?mode=payment")["Location"]
    html = client.post(url, {"amount": LONG, "non_dealer": LONG, "dealer": LONG}).content.decode()
    assert "That is too long for an answer: type a number, like 7700." in html
    assert 'id="id_' in html and '_error">' in html  # under its field, which names it
    assert_site_words(html)


def test_it_words_bad_quiz_options_itself(client: Client) -> None:
    html = client.get(f"/quiz/next/?mode={LONG}").content.decode()
    modes = "payment, fu, han, full, draw, pao, multiron, counters, final"
    assert f"must be one of {modes}, not &#x27;7777777" in html
    assert_site_words(html)


class Sample(SiteWords, forms.Form):
    count = forms.IntegerField(label="Count", min_value=0, max_value=9)
    name = forms.CharField(label="Name", max_length=3)
    pick = forms.ChoiceField(label="Pick", choices=[("a", "A"), ("b", "B")])
    own = forms.ChoiceField(
        choices=[("a", "A")], error_messages={"invalid_choice": "own words %(value)r"}
    )


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({}, "count", "Count is needed"),
        ({"count": "x"}, "count", "Count must be a whole number, such as 2"),
        ({"count": "-1"}, "count", "Count must be 0 or more"),
        ({"count": "10"}, "count", "Count must be 9 or less"),
        ({"name": "abcd"}, "name", "Name is too long: at most 3 characters"),
        ({"pick": "c" * 50}, "pick", "Pick must be one of a, b, not 'ccccccccccccccccc...'"),
        ({"own": "z" * 50}, "own", "own words 'zzzzzzzzzzzzzzzzz...'"),
    ],
)
def test_it_replaces_only_the_stock_messages(data: dict, field: str, message: str) -> None:
    form = Sample(data)
    assert not form.is_valid()
    assert form.errors[field] == [message]


def test_it_leaves_the_stock_messages_of_other_forms_alone() -> None:
    class Plain(forms.Form):
        count = forms.IntegerField()

    assert Plain({"count": "x"}).errors["count"] == ["Enter a whole number."]


def all_subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    return found | {sub for c in found for sub in all_subclasses(c)}


def test_every_form_of_the_site_speaks_its_words() -> None:
    from django.urls import get_resolver

    get_resolver().url_patterns  # imports every view, and so every form  # noqa: B018
    ours = [
        f for f in all_subclasses(forms.Form) if f.__module__.startswith(("scoring", "quizsite"))
    ]
    assert len(ours) >= 5
    # A base that is never shown itself (a mixin of fields) speaks through the forms made of it.
    shown = [
        f for f in ours
        if not (f.__subclasses__() and all(issubclass(c, SiteWords) for c in all_subclasses(f)))
    ]  # fmt: skip
    assert [f.__name__ for f in shown if not issubclass(f, SiteWords)] == []


@pytest.mark.django_db
def test_a_choice_of_rows_is_neither_listed_nor_read_for_its_message(
    django_assert_num_queries,
) -> None:
    from django.contrib.auth.models import User

    class Pick(SiteWords, forms.Form):
        who = forms.ModelChoiceField(queryset=None)  # the rows chosen once the form is made

        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.fields["who"].queryset = User.objects.all()

    with django_assert_num_queries(0):
        form = Pick()
    assert form.fields["who"].error_messages["required"] == "Who is needed"
    assert form.fields["who"].error_messages["invalid_choice"] == (
        "Who must be one of the list's choices"
    )
