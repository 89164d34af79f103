"""The work set for a class: drills (one of the instructor's own, or a new one from the drill
builder, made for the class and set as it is drawn), each with an optional due time asked
here, and practice topics with a first and an optional last day; and the page where a member
sees that work."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from quizsite.classes.forms import AssignForm, DueForm, TopicForm
from quizsite.classes.models import Assignment, Classroom, TopicAssignment
from quizsite.classes.owners import membership, taught
from quizsite.drills.public import drills_of
from quizsite.practice.public import topic_label
from quizsite.redirects import asked_path


def labelled(topics: Any) -> list[Any]:
    rows = list(topics)
    for row in rows:
        row.label = topic_label(row.topic)
    return rows


def new_drill_link(classroom: Classroom) -> str:
    """The drill builder making a drill for the class (set as it is drawn)."""
    return f"{reverse('drills:new')}?for=class:{classroom.pk}"


def work_context(request: HttpRequest, classroom: Classroom, **forms: Any) -> dict[str, Any]:
    assignments = list(classroom.assignments.select_related("drill"))
    asked = str(forms.get("due_pk") or request.GET.get("due", ""))
    dated = next((a for a in assignments if str(a.pk) == asked), None)
    return {
        "classroom": classroom,
        "here": "work",  # the class's menu, whichever address answered
        "assignments": assignments,
        "topics": labelled(classroom.topics.all()),
        "assign_form": forms.get("assign_form")
        or AssignForm(user=request.user, classroom=classroom),
        "topic_form": forms.get("topic_form") or TopicForm(),
        "new_drill": new_drill_link(classroom),
        "dated": dated,  # the drill whose due time is asked for (`?due=<pk>`)
        "due_form": forms.get("due_form")
        or (DueForm(initial={"due": dated.due}) if dated else None),
    }


@require_GET
def work(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught(request, pk)
    return render(request, "classes/work.html", work_context(request, classroom))


@require_http_methods(["GET", "POST"])
def set_due(request: HttpRequest, pk: int, assignment_pk: int) -> HttpResponse:
    """A drill set for the class: its due time changed (or taken away, left empty)."""
    classroom = taught(request, pk)
    assignment = get_object_or_404(classroom.assignments.select_related("drill"), pk=assignment_pk)
    if request.method == "GET":
        return redirect(reverse("classes:work", args=[pk]) + f"?due={assignment.pk}#due-form")
    form = DueForm(request.POST)
    if not form.is_valid():
        context = work_context(request, classroom, due_pk=assignment.pk, due_form=form)
        return render(request, "classes/work.html", context, status=400)
    assignment.due = form.cleaned_data["due"]
    assignment.save(update_fields=["due"])
    title = assignment.drill.title
    messages.success(
        request,
        _("“%(title)s” is due %(when)s")
        % {"title": title, "when": date_format(localtime(assignment.due), "SHORT_DATETIME_FORMAT")}
        if assignment.due
        else _("“%(title)s” has no due date.") % {"title": title},
    )
    return redirect("classes:work", classroom.pk)


@require_http_methods(["GET", "POST"])
def assign(request: HttpRequest, pk: int) -> HttpResponse:
    """Set a drill: by POST from the work page's form; by GET (`?drill=<code>`, where the drill
    builder sends a drill it has just made) a page to confirm it, with its due time."""
    classroom = taught(request, pk)
    if request.method == "GET":
        drill = get_object_or_404(drills_of(request.user), code=request.GET.get("drill", ""))
        if classroom.assignments.filter(drill=drill).exists():
            return redirect("classes:work", classroom.pk)
        context = {"classroom": classroom, "drill": drill, "form": DueForm()}
        return render(request, "classes/assign.html", context)
    form = AssignForm(request.POST, user=request.user, classroom=classroom)
    if form.is_valid():
        drill = form.cleaned_data["drill"]
        Assignment.objects.get_or_create(
            classroom=classroom, drill=drill, defaults={"due": form.cleaned_data["due"]}
        )
        messages.success(request, _("“%(title)s” is set for the class.") % {"title": drill.title})
        return redirect("classes:work", classroom.pk)
    if request.POST.get("from") == "builder":
        drill = drills_of(request.user).filter(code=request.POST.get("drill", "")).first()
        context = {"classroom": classroom, "drill": drill, "form": form}
        return render(request, "classes/assign.html", context, status=400)
    return render(
        request, "classes/work.html", work_context(request, classroom, assign_form=form), status=400
    )


@require_POST
def unassign(request: HttpRequest, pk: int, assignment_pk: int) -> HttpResponse:
    classroom = taught(request, pk)
    assignment = get_object_or_404(classroom.assignments.select_related("drill"), pk=assignment_pk)
    assignment.delete()
    messages.success(
        request,
        _("“%(title)s” is no longer set for the class (the drill itself is kept).")
        % {"title": assignment.drill.title},
    )
    return redirect("classes:work", classroom.pk)


@require_POST
def add_topic(request: HttpRequest, pk: int) -> HttpResponse:
    classroom = taught(request, pk)
    form = TopicForm(request.POST)
    if form.is_valid():
        TopicAssignment.objects.create(classroom=classroom, **form.cleaned_data)
        label = topic_label(form.cleaned_data["topic"])
        messages.success(
            request, _("“%(topic)s” is set for the class's practice.") % {"topic": label}
        )
        # Set from the class page (a weak topic no drill aims at): back there.
        return redirect(
            asked_path(request) or reverse("classes:work", args=[classroom.pk]) + "#topics"
        )
    return render(
        request, "classes/work.html", work_context(request, classroom, topic_form=form), status=400
    )


@require_POST
def remove_topic(request: HttpRequest, pk: int, topic_pk: int) -> HttpResponse:
    classroom = taught(request, pk)
    get_object_or_404(classroom.topics, pk=topic_pk).delete()
    return redirect(reverse("classes:work", args=[classroom.pk]) + "#topics")


@require_GET
def student(request: HttpRequest, pk: int) -> HttpResponse:
    """A member's view of the class: the drills set (due times, a link to take each) and the
    practice topics running now."""
    member = membership(request, pk)
    classroom = member.classroom
    today = timezone.localdate()
    running = classroom.topics.filter(starts__lte=today).exclude(until__lt=today)
    context = {
        "member": member,
        "classroom": classroom,
        "assignments": classroom.assignments.select_related("drill"),
        "topics": labelled(running),
        "now": timezone.now(),
        "practice": reverse("practice:home") + f"?class={classroom.pk}",
    }
    return render(request, "classes/student.html", context)
