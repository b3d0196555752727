"""Team and player names folded for search (tournament.domain.names.search_key): "jose" finds
"José" on SQLite and PostgreSQL alike. The existing names are folded here."""

from django.db import migrations, models

from tournament.domain.names import search_key


def fold_names(apps, schema_editor):
    for model_name in ("Team", "Player"):
        model = apps.get_model("tournament", model_name)
        rows = list(model.objects.only("pk", "name"))
        for row in rows:
            row.search_key = search_key(row.name)
        model.objects.bulk_update(rows, ["search_key"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0009_staff_invites_event_archive"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="search_key",
            field=models.CharField(default="", editable=False, max_length=160),
        ),
        migrations.AddField(
            model_name="team",
            name="search_key",
            field=models.CharField(default="", editable=False, max_length=160),
        ),
        migrations.RunPython(fold_names, migrations.RunPython.noop),
    ]
