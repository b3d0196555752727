"""Event.round_minutes and its check are dropped: a Swiss round's length is the event's judging
settings' now (judging 0009 copied every event's value to judging.JudgingSettings, with the
check)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0019_remove_event_penalty_policy"),
        ("judging", "0009_judgingsettings_round_minutes"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="event", name="event_round_minutes"),
        migrations.RemoveField(model_name="event", name="round_minutes"),
    ]
