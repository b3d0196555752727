"""The pairing settings and the top-cut check are dropped from Event: they are the event's
pairing settings' now (pairing 0007 copied every event's values to pairing.PairingSettings)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0020_remove_event_round_minutes"),
        ("pairing", "0007_pairingsettings"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="event", name="event_top_cut"),
        migrations.RemoveField(model_name="event", name="swiss_rounds"),
        migrations.RemoveField(model_name="event", name="top_cut"),
        migrations.RemoveField(model_name="event", name="top_cut_automatic"),
        migrations.RemoveField(model_name="event", name="tiebreak_order"),
        migrations.RemoveField(model_name="event", name="tiebreak_oomw"),
        migrations.RemoveField(model_name="event", name="pods_lifted"),
    ]
