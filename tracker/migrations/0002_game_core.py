from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tracker", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="core",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
