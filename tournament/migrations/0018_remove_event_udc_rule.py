"""Event.udc_rule is dropped: the rule is the event's deck rules' now (decklists 0006 copied
every event's value to decklists.EventDeckRules)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0017_event_match_format"),
        ("decklists", "0006_eventdeckrules_udc_rule"),
    ]

    operations = [
        migrations.RemoveField(model_name="event", name="udc_rule"),
    ]
