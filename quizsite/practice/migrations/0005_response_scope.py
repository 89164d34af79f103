from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("practice", "0004_own_hands"),
    ]

    operations = [
        migrations.AddField(
            model_name="response",
            name="scope",
            field=models.CharField(blank=True, db_index=True, default="", max_length=40),
        ),
    ]
