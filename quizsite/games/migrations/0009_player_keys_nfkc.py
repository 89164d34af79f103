"""Club players' keys as names are now compared: NFKC, then case folded (full-width "ＡＩＫＯ"
is "aiko"). A player whose new key another player of the club already has keeps the old key:
the two stay two players, as they were; renaming one to the other's name merges them."""

import unicodedata

from django.db import migrations


def key_of(name: str) -> str:  # quizsite.names.name_key, as of this migration
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def rekey(apps, schema_editor):
    ClubPlayer = apps.get_model("games", "ClubPlayer")
    taken: dict[int, set[str]] = {}
    players = list(ClubPlayer.objects.order_by("club_id", "pk"))
    for player in players:
        taken.setdefault(player.club_id, set()).add(player.key)
    for player in players:
        new = key_of(player.name)[:40]
        if new == player.key or new in taken[player.club_id]:
            continue
        taken[player.club_id].discard(player.key)
        taken[player.club_id].add(new)
        player.key = new
        player.save(update_fields=["key"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_log_seat_and_identity"),
    ]

    operations = [migrations.RunPython(rekey, migrations.RunPython.noop)]
