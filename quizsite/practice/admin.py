from django.contrib import admin

from .models import Response


@admin.register(Response)
class ResponseAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("answered", "user", "source", "ref", "given", "right", "category")
    list_filter = ("source", "right", "mode", "level")
    search_fields = ("user__username", "ref", "category")
    raw_id_fields = ("user",)
    date_hierarchy = "answered"
