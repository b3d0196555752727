"""ClockSettings becomes JudgingSettings (it holds the head judge's authority over severe
penalties, not only the clock's lengths): the model and its table renamed, every row kept."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("judging", "0006_limited_timers"),
        ("tournament", "0013_team_awarded_byes"),
    ]

    operations = [
        migrations.RenameModel(old_name="ClockSettings", new_name="JudgingSettings"),
        migrations.AlterField(
            model_name="judgingsettings",
            name="event",
            field=models.OneToOneField(
                on_delete=django.db.models.deletion.CASCADE,
                primary_key=True,
                related_name="judging_settings",
                serialize=False,
                to="tournament.event",
            ),
        ),
    ]
