"""Each game keeps what the league needs of it (`Game.result`, and each club seat its part),
filled for the games there are from the replay of their hands."""

from django.db import migrations, models


def fill(apps, schema_editor):
    from quizsite.games.models import fill_results

    games = [apps.get_model("games", name) for name in ("Game", "Hand", "Seat")]
    fill_results(*games)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_hand_ended_early"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="result",
            field=models.JSONField(blank=True, default=None, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="deal_ins",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="hands",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="rank",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="tenths",
            field=models.IntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="wins",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
