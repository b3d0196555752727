"""Event.penalty_policy is dropped: the Game Loss policy is the event's judging settings' now
(judging 0008 copied every event's value to judging.JudgingSettings)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0018_remove_event_udc_rule"),
        ("judging", "0008_judgingsettings_penalty_policy"),
    ]

    operations = [
        migrations.RemoveField(model_name="event", name="penalty_policy"),
    ]
