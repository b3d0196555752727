from django.db import migrations

import tracker.models


def _is_postgresql(schema_editor) -> bool:
    return schema_editor.connection.vendor == "postgresql"


def _table(apps) -> str:
    return apps.get_model("tracker", "Game")._meta.db_table


def state_to_text(apps, schema_editor):
    """PostgreSQL: the state column becomes text, compressed with lz4 where the server has it
    (14 and later, built with it; Debian's and the official images are): about half pglz's cost
    to store. SQLite keeps JSON as text already: nothing changes there."""
    if not _is_postgresql(schema_editor):
        return
    table = _table(apps)
    schema_editor.execute(
        f'ALTER TABLE "{table}" ALTER COLUMN "state" TYPE text USING "state"::text'
    )
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(
            "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression'"
            " AND 'lz4' = ANY(enumvals)"
        )
        has_lz4 = cursor.fetchone() is not None
    if has_lz4:
        schema_editor.execute(f'ALTER TABLE "{table}" ALTER COLUMN "state" SET COMPRESSION lz4')


def state_to_jsonb(apps, schema_editor):
    if not _is_postgresql(schema_editor):
        return
    table = _table(apps)
    schema_editor.execute(f'ALTER TABLE "{table}" ALTER COLUMN "state" SET COMPRESSION default')
    schema_editor.execute(
        f'ALTER TABLE "{table}" ALTER COLUMN "state" TYPE jsonb USING "state"::jsonb'
    )


class Migration(migrations.Migration):
    dependencies = [
        ("tracker", "0002_game_core"),
    ]

    # Django's AlterField would not cast text back to jsonb on the way back (both fields are
    # JSONFields to it), so the column's type is changed here, both ways.
    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="game",
                    name="state",
                    field=tracker.models.JSONText(),
                ),
            ],
            database_operations=[migrations.RunPython(state_to_text, state_to_jsonb)],
        ),
    ]
