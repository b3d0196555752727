"""The pairing settings move from tournament's Event to pairing.PairingSettings: the model is made
here and each event's settings copied (a row for an event whose settings are not all the
defaults); tournament 0021 then drops the Event's columns and its top-cut check."""

import django.db.models.deletion
from django.db import migrations, models

NAMES = (
    "swiss_rounds", "top_cut", "top_cut_automatic", "tiebreak_order", "tiebreak_oomw",
    "pods_lifted",
)  # fmt: skip
DEFAULTS = {
    "swiss_rounds": None, "top_cut": 0, "top_cut_automatic": False, "tiebreak_order": "team",
    "tiebreak_oomw": False, "pods_lifted": False,
}  # fmt: skip


def copy_settings(apps, schema_editor):
    Event = apps.get_model("tournament", "Event")
    PairingSettings = apps.get_model("pairing", "PairingSettings")
    chosen = Event.objects.exclude(**DEFAULTS)  # not every setting the default
    rows = [
        PairingSettings(event_id=values.pop("pk"), **values)
        for values in chosen.values("pk", *NAMES).iterator()
    ]
    PairingSettings.objects.bulk_create(rows, batch_size=500)


def copy_back(apps, schema_editor):
    Event = apps.get_model("tournament", "Event")
    PairingSettings = apps.get_model("pairing", "PairingSettings")
    for values in PairingSettings.objects.values("event_id", *NAMES).iterator():
        Event.objects.filter(pk=values.pop("event_id")).update(**values)


class Migration(migrations.Migration):
    dependencies = [
        ("pairing", "0006_round_request_id"),
        ("tournament", "0020_remove_event_round_minutes"),
    ]

    operations = [
        migrations.CreateModel(
            name="PairingSettings",
            fields=[
                (
                    "event",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="pairing_settings",
                        serialize=False,
                        to="tournament.event",
                    ),
                ),
                ("swiss_rounds", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("top_cut", models.PositiveSmallIntegerField(default=0)),
                ("top_cut_automatic", models.BooleanField(default=False)),
                (
                    "tiebreak_order",
                    models.CharField(
                        choices=[
                            ("team", "Team: match points, OMW%, random"),
                            ("individual", "Individual: match points, OMW%, GW%, OGW%, random"),
                        ],
                        default="team",
                        max_length=12,
                    ),
                ),
                ("tiebreak_oomw", models.BooleanField(default=False)),
                ("pods_lifted", models.BooleanField(default=False)),
            ],
            options={
                "constraints": [
                    models.CheckConstraint(
                        condition=models.Q(("top_cut__in", (0, 2, 4, 8))),
                        name="pairingsettings_top_cut",
                    )
                ],
            },
        ),
        migrations.RunPython(copy_settings, copy_back),
    ]
