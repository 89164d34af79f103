"""The classes' forms: a new class, a code, names to add, a rename, a co-instructor, a drill
or a topic to set, and the students' sign-in."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from quizsite import names
from quizsite.accounts.limits import CODES_LIMITED, wrong_codes_refused
from quizsite.drills.codes import normalize
from quizsite.drills.public import drills_of
from quizsite.practice.public import topic_choices
from scoring.form_words import SiteWords

from . import students
from .models import Classroom, Member


class ClassForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Classroom
        fields = ["name", "description"]
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}
        error_messages = {
            "name": {"required": gettext_lazy("Give the class a name.")},
        }

    def clean_name(self) -> str:
        name = names.check(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(_("Give the class a name."))
        return name


class CodeForm(SiteWords, forms.Form):
    """A class code, found for this client (`classroom`): a code that names no class counts
    against the address's limit (`accounts.limits.wrong_codes_refused`), and past it no code
    is looked up (`limited`, answered 429)."""

    code = forms.CharField(
        label=gettext_lazy("Class code"),
        max_length=20,
        error_messages={"required": gettext_lazy("Type the class code.")},
    )

    def __init__(self, *args: Any, request: HttpRequest, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        self.limited = False
        self.classroom: Classroom | None = None

    def clean_code(self) -> str:
        code = normalize(self.cleaned_data["code"])
        found = class_by_code(self.request, code)
        if found is None:
            self.limited = True
            raise forms.ValidationError(CODES_LIMITED, code="limited")
        if not found:
            raise forms.ValidationError(
                _("No class has the code %(code)s: check it with your instructor.")
                % {"code": code[:10]}
            )
        self.classroom = found
        return code


def class_by_code(request: HttpRequest, code: str) -> Classroom | bool | None:
    """The class with this code; False when there is none (counted against the address);
    None when the address has given too many wrong codes (nothing is looked up)."""
    with transaction.atomic():  # one wait for a busy database, then 503 (OperationalError)
        if wrong_codes_refused(request, count=False):
            return None
        found = Classroom.objects.filter(code=code).first()
        if found is None:
            wrong_codes_refused(request, count=True)
            return False
    return found


class NamesForm(SiteWords, forms.Form):
    names = forms.CharField(
        label=gettext_lazy("Names, one per line"),
        widget=forms.Textarea(attrs={"rows": 8}),
        max_length=20000,
        error_messages={"required": gettext_lazy("Type at least one name.")},
    )

    def __init__(self, *args: Any, classroom: Classroom, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.classroom = classroom

    def clean_names(self) -> list[str]:
        lines = [line for line in self.cleaned_data["names"].splitlines() if line.strip()]
        if not lines:
            raise forms.ValidationError(_("Type at least one name."))
        if len(lines) > students.MOST_AT_ONCE:
            raise forms.ValidationError(
                _("At most %(most)s names at once (you typed %(has)s).")
                % {"most": students.MOST_AT_ONCE, "has": len(lines)}
            )
        checked, problems = [], []
        for number, line in enumerate(lines, start=1):
            try:
                checked.append(students.check_name(line))
            except forms.ValidationError as e:
                problems.append(_("Line %(n)s: %(why)s") % {"n": number, "why": e.messages[0]})
        seen: dict[str, str] = {}
        for name in checked:
            key = names.look_key(name)
            if key in seen:
                problems.append(
                    _("“%(name)s” is typed twice: each student needs a different name.")
                    % {"name": name}
                )
            seen[key] = name
        for name in students.already_in(self.classroom, checked):
            problems.append(
                _("The class has a student called “%(name)s” already.") % {"name": name}
            )
        if problems:
            raise forms.ValidationError(problems)
        return checked


class JoinForm(SiteWords, forms.Form):
    """The name a student joins a class under (their account's name, to start with)."""

    name = forms.CharField(
        label=gettext_lazy("Your name in the class"),
        max_length=200,
        required=False,
        help_text=gettext_lazy("As your instructor and the class will see it."),
    )

    def clean_name(self) -> str:
        return students.check_name(self.cleaned_data["name"])


class RenameForm(SiteWords, forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=200, required=False)

    def __init__(self, *args: Any, member: Member, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.member = member

    def clean_name(self) -> str:
        name = students.check_name(self.cleaned_data["name"])
        if students.taken(self.member.classroom, name, other_than=self.member):
            raise forms.ValidationError(
                _("The class has a student called “%(name)s” already.") % {"name": name}
            )
        return name


class InstructorForm(SiteWords, forms.Form):
    username = forms.CharField(
        label=gettext_lazy("Account name"),
        max_length=150,
        error_messages={"required": gettext_lazy("Type the account name of the instructor.")},
    )

    def __init__(self, *args: Any, classroom: Classroom, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.classroom = classroom

    def clean_username(self) -> Any:
        name = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username__iexact=name, is_active=True).first()
        if user is None or user.class_memberships.filter(added=True).exists():
            raise forms.ValidationError(
                _("No account is called “%(name)s”: check the spelling with them.") % {"name": name}
            )
        if user == self.classroom.owner or self.classroom.instructors.filter(pk=user.pk).exists():
            raise forms.ValidationError(
                _("%(name)s teaches this class already.") % {"name": user.get_username()}
            )
        return user


class DueField(forms.DateTimeField):
    widget = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class DueForm(SiteWords, forms.Form):
    due = DueField(
        label=gettext_lazy("Due (optional)"),
        required=False,
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%d"],
        error_messages={"invalid": gettext_lazy("Give the due time as a date and a time.")},
    )


class AssignForm(DueForm):
    """One of the instructor's own drills, not set for this class yet."""

    drill = forms.ModelChoiceField(
        label=gettext_lazy("Drill"),
        queryset=None,
        to_field_name="code",
        empty_label=gettext_lazy("Choose one of your drills"),
        error_messages={
            "required": gettext_lazy("Choose a drill."),
            "invalid_choice": gettext_lazy("That is not one of your drills."),
        },
    )
    field_order = ["drill", "due"]

    def __init__(self, *args: Any, user: Any, classroom: Classroom, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        set_already = classroom.assignments.values("drill")
        self.fields["drill"].queryset = drills_of(user).exclude(pk__in=set_already)  # type: ignore[attr-defined]


class TopicForm(SiteWords, forms.Form):
    topic = forms.ChoiceField(
        label=gettext_lazy("Topic"),
        error_messages={
            "required": gettext_lazy("Choose a topic."),
            "invalid_choice": gettext_lazy("Choose a topic from the list."),
        },
    )
    starts = forms.DateField(
        label=gettext_lazy("From"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={
            "required": gettext_lazy("Give the first day."),
            "invalid": gettext_lazy("Give the day as a date."),
        },
    )
    until = forms.DateField(
        label=gettext_lazy("Until (optional)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={"invalid": gettext_lazy("Give the day as a date.")},
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {"starts": timezone.localdate()})
        super().__init__(*args, **kwargs)
        self.fields["topic"].choices = [("", _("Choose a topic")), *topic_choices()]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        starts, until = data.get("starts"), data.get("until")
        if starts and until and until < starts:
            self.add_error("until", _("The last day comes on or after the first."))
        return data


class SignInForm(SiteWords, forms.Form):
    """A student the instructor added: their name in the class, then their PIN."""

    member = forms.ModelChoiceField(
        label=gettext_lazy("Your name"),
        queryset=None,
        empty_label=gettext_lazy("Choose your name"),
        error_messages={
            "required": gettext_lazy("Choose your name."),
            "invalid_choice": gettext_lazy("Choose your name from the list."),
        },
    )
    pin = forms.CharField(
        label=gettext_lazy("PIN"),
        max_length=12,
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        error_messages={"required": gettext_lazy("Type your PIN.")},
    )

    def __init__(self, *args: Any, classroom: Classroom, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = classroom.members.filter(added=True)  # type: ignore[attr-defined]
