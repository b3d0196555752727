"""A Swiss round's length moves from tournament's Event to the event's judging settings
(judging.JudgingSettings), beside the playoff's and the final's: the field and its check (20 to
240 minutes) are added here, each event's value copied (a row made for an event whose length is
not the default 60), and tournament 0020 then drops Event.round_minutes and its check."""

from django.db import migrations, models


def copy_lengths(apps, schema_editor):
    Event = apps.get_model("tournament", "Event")
    JudgingSettings = apps.get_model("judging", "JudgingSettings")
    chosen = Event.objects.exclude(round_minutes=60)
    for event_id, minutes in chosen.values_list("pk", "round_minutes").iterator():
        JudgingSettings.objects.update_or_create(
            event_id=event_id, defaults={"round_minutes": minutes}
        )


def copy_back(apps, schema_editor):
    Event = apps.get_model("tournament", "Event")
    JudgingSettings = apps.get_model("judging", "JudgingSettings")
    rows = JudgingSettings.objects.values_list("event_id", "round_minutes")
    for event_id, minutes in rows.iterator():
        Event.objects.filter(pk=event_id).update(round_minutes=minutes)


class Migration(migrations.Migration):
    dependencies = [
        ("judging", "0008_judgingsettings_penalty_policy"),
        ("tournament", "0019_remove_event_penalty_policy"),
    ]

    operations = [
        migrations.AddField(
            model_name="judgingsettings",
            name="round_minutes",
            field=models.PositiveSmallIntegerField(default=60),
        ),
        migrations.AddConstraint(
            model_name="judgingsettings",
            constraint=models.CheckConstraint(
                condition=models.Q(round_minutes__gte=20, round_minutes__lte=240),
                name="judgingsettings_round_minutes",
            ),
        ),
        migrations.RunPython(copy_lengths, copy_back),
    ]
