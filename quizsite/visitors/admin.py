from django.contrib import admin

from .models import Kept


@admin.register(Kept)
class KeptAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Which browser keeps a game, club or drill attempt: searchable by its slug or code. The
    secrets (edit tokens, attempt keys) are left out of the list."""

    list_display = ("added", "kind", "key", "visitor")
    list_filter = ("kind",)
    search_fields = ("key", "visitor")
    date_hierarchy = "added"
    exclude = ("secret",)

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False
