"""The Unified Deck Construction rule moves from tournament's Event to the event's deck rules
(decklists.EventDeckRules): the field is added here, each event's value copied (a row made for an
event with a rule other than the default), and tournament 0018 then drops Event.udc_rule."""

from django.db import migrations, models


def copy_rules(apps, schema_editor):
    Event = apps.get_model("tournament", "Event")
    EventDeckRules = apps.get_model("decklists", "EventDeckRules")
    chosen = Event.objects.exclude(udc_rule="mtr").values_list("pk", "udc_rule")
    for event_id, rule in chosen.iterator():
        EventDeckRules.objects.update_or_create(event_id=event_id, defaults={"udc_rule": rule})


def copy_back(apps, schema_editor):
    Event = apps.get_model("tournament", "Event")
    EventDeckRules = apps.get_model("decklists", "EventDeckRules")
    for event_id, rule in EventDeckRules.objects.values_list("event_id", "udc_rule").iterator():
        Event.objects.filter(pk=event_id).update(udc_rule=rule)


class Migration(migrations.Migration):
    dependencies = [
        ("decklists", "0005_limited_setup_opened_pools_and_swap"),
        ("tournament", "0017_event_match_format"),
    ]

    operations = [
        migrations.AddField(
            model_name="eventdeckrules",
            name="udc_rule",
            field=models.CharField(
                choices=[
                    ("mtr", "No two decks share a card (MTR 8.4, since July 2016)"),
                    ("combined_four", "Combined decks hold at most four of a card (older rule)"),
                ],
                default="mtr",
                max_length=16,
            ),
        ),
        migrations.RunPython(copy_rules, copy_back),
    ]
