from django.db import migrations

import tracker.models


def compress_with_lz4(apps, schema_editor):
    """PostgreSQL: compress the state with lz4 where the server has it (14 and later, built with
    it; Debian's and the official images are): about half pglz's cost to store. Elsewhere the
    default compression stays."""
    connection = schema_editor.connection
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression'"
            " AND 'lz4' = ANY(enumvals)"
        )
        if cursor.fetchone() is None:
            return
    table = apps.get_model("tracker", "Game")._meta.db_table
    schema_editor.execute(f'ALTER TABLE "{table}" ALTER COLUMN "state" SET COMPRESSION lz4')


class Migration(migrations.Migration):
    dependencies = [
        ("tracker", "0002_game_core"),
    ]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="state",
            field=tracker.models.JSONText(),
        ),
        migrations.RunPython(compress_with_lz4, migrations.RunPython.noop),
    ]
