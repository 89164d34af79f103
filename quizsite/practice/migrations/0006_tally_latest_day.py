"""Each learner's latest day with answers kept in their `Tally` (its `Day` row moved there), so
that counting an answer writes one row for the totals and the day."""

from django.db import migrations, models


def owner(row):
    return {"user_id": row.user_id} if row.user_id else {"user_id": None, "token": row.token}


def latest_day_to_tally(apps, schema_editor):
    Tally, Day = apps.get_model("practice", "Tally"), apps.get_model("practice", "Day")
    for tally in Tally.objects.all():
        latest = Day.objects.filter(**owner(tally)).order_by("-day").first()
        if latest is not None:
            tally.day, tally.day_answered, tally.day_right = (
                latest.day,
                latest.answered,
                latest.right,
            )
            tally.save(update_fields=["day", "day_answered", "day_right"])
            latest.delete()


def latest_day_to_days(apps, schema_editor):
    Tally, Day = apps.get_model("practice", "Tally"), apps.get_model("practice", "Day")
    for tally in Tally.objects.filter(day__isnull=False):
        Day.objects.create(
            **owner(tally), day=tally.day, answered=tally.day_answered, right=tally.day_right
        )


class Migration(migrations.Migration):
    dependencies = [("practice", "0005_response_scope")]

    operations = [
        migrations.AddField(model_name="tally", name="day", field=models.DateField(null=True)),
        migrations.AddField(
            model_name="tally", name="day_answered", field=models.PositiveIntegerField(default=0)
        ),
        migrations.AddField(
            model_name="tally", name="day_right", field=models.PositiveIntegerField(default=0)
        ),
        migrations.RunPython(latest_day_to_tally, latest_day_to_days),
    ]
