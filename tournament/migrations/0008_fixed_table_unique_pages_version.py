from django.db import migrations, models


def release_duplicates(apps, schema_editor):
    """Before the constraint: where two teams of an event kept one table (a race the check in
    the service could lose), the first team to have registered keeps it."""
    Team = apps.get_model("tournament", "Team")
    seen: set[tuple[int, int]] = set()
    rows = Team.objects.filter(fixed_table__isnull=False).order_by("event_id", "pk")
    for pk, event_id, table in rows.values_list("pk", "event_id", "fixed_table"):
        if (event_id, table) in seen:
            Team.objects.filter(pk=pk).update(fixed_table=None)
        else:
            seen.add((event_id, table))


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0007_self_registration"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="pages_version",
            field=models.PositiveIntegerField(default=1, editable=False),
        ),
        migrations.RunPython(release_duplicates, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="team",
            constraint=models.UniqueConstraint(
                condition=models.Q(("fixed_table__isnull", False)),
                fields=("event", "fixed_table"),
                name="team_fixed_table_unique_in_event",
            ),
        ),
    ]
