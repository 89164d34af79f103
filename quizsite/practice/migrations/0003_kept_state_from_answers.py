"""The kept state of every learner's existing answers, replayed (`state.rebuild_all`)."""

from django.db import migrations


def rebuild(apps, schema_editor):
    from quizsite.practice.state import Models, rebuild_all

    get = apps.get_model
    rebuild_all(
        Models(
            get("practice", "Response"),
            get("practice", "Tally"),
            get("practice", "Day"),
            get("practice", "Topic"),
        )
    )


class Migration(migrations.Migration):
    dependencies = [("practice", "0002_kept_state")]

    operations = [migrations.RunPython(rebuild, migrations.RunPython.noop)]
