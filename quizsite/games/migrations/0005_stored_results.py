"""Each game keeps what the league needs of it (`Game.result`), filled for the games there are
from the replay of their hands."""

from django.db import migrations, models


def fill(apps, schema_editor):
    from quizsite.games.models import fill_results

    fill_results(apps.get_model("games", "Game"), apps.get_model("games", "Hand"))


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
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
