"""The Game Loss policy moves from tournament's Event to the event's judging settings
(judging.JudgingSettings): the field is added here, each event's value copied (a row made for an
event with a policy other than the default), and tournament 0019 then drops Event.penalty_policy."""

from django.db import migrations, models


def copy_policies(apps, schema_editor):
    Event = apps.get_model("tournament", "Event")
    JudgingSettings = apps.get_model("judging", "JudgingSettings")
    chosen = Event.objects.exclude(penalty_policy="match_point")
    for event_id, policy in chosen.values_list("pk", "penalty_policy").iterator():
        JudgingSettings.objects.update_or_create(
            event_id=event_id, defaults={"penalty_policy": policy}
        )


def copy_back(apps, schema_editor):
    Event = apps.get_model("tournament", "Event")
    JudgingSettings = apps.get_model("judging", "JudgingSettings")
    rows = JudgingSettings.objects.values_list("event_id", "penalty_policy")
    for event_id, policy in rows.iterator():
        Event.objects.filter(pk=event_id).update(penalty_policy=policy)


class Migration(migrations.Migration):
    dependencies = [
        ("judging", "0007_judging_settings"),
        ("tournament", "0018_remove_event_udc_rule"),
    ]

    operations = [
        migrations.AddField(
            model_name="judgingsettings",
            name="penalty_policy",
            field=models.CharField(
                choices=[
                    ("match_point", "Game Loss becomes a Match Point penalty (2HG guide)"),
                    ("ipg", "Current IPG: a Game Loss loses the match"),
                ],
                default="match_point",
                max_length=12,
            ),
        ),
        migrations.RunPython(copy_policies, copy_back),
    ]
