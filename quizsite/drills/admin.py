from typing import Any

from django.contrib import admin

from .models import Answer, Attempt, Drill, DrillQuestion


class QuestionInline(admin.TabularInline):  # type: ignore[type-arg]
    model = DrillQuestion
    extra = 0
    fields = ("number", "seed", "request")
    readonly_fields = ("number", "seed", "request")
    can_delete = False


@admin.register(Drill)
class DrillAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = (
        "title",
        "code",
        "owner",
        "mode",
        "level",
        "rules",
        "count",
        "is_open",
        "created",
    )
    list_filter = ("is_open", "mode", "level", "rules")
    search_fields = ("title", "code", "owner__username")
    readonly_fields = ("code",)
    inlines = [QuestionInline]


class AnswerInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Answer
    extra = 0
    fields = ("number", "given", "right", "category", "tries", "seconds", "answered")
    readonly_fields = fields
    can_delete = False  # an answer leaves with its attempt, out of the board's counters


class ReadOnly:
    """Answers are changed by learners alone (the results board's counters follow them)."""

    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "drill", "user", "started", "finished")
    list_filter = ("finished",)
    search_fields = ("name", "drill__code", "drill__title", "user__username")
    list_select_related = ("drill", "user")
    inlines = [AnswerInline]

    def delete_queryset(self, request: Any, queryset: Any) -> None:
        """One by one, so each attempt's answers leave the results board's counters."""
        for attempt in queryset:
            attempt.delete()


@admin.register(Answer)
class AnswerAdmin(ReadOnly, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("attempt", "number", "given", "right", "category", "tries", "seconds")
    list_filter = ("right", "category")
    search_fields = ("attempt__name", "attempt__drill__code")
    list_select_related = ("attempt", "attempt__drill")
