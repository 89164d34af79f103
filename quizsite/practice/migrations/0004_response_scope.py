from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("practice", "0003_kept_state_from_answers"),
    ]

    operations = [
        migrations.AddField(
            model_name="response",
            name="scope",
            field=models.CharField(blank=True, db_index=True, default="", max_length=40),
        ),
    ]
