"""The card catalogue, decklists and pools now belong to the decklists app (decklists 0001).

State only: the tables and their rows stay. Content types (and so admin permissions) follow the
models to their new app label.
"""

from django.db import migrations

MOVED = ["banlist", "card", "catalogueimport", "decklist", "decklistchange", "eventdeckrules", "teampool"]


def relabel(apps, schema_editor, source="tournament", target="decklists"):
    ContentType = apps.get_model("contenttypes", "ContentType")
    db = schema_editor.connection.alias
    for model in MOVED:
        if ContentType.objects.using(db).filter(app_label=target, model=model).exists():
            continue
        ContentType.objects.using(db).filter(app_label=source, model=model).update(app_label=target)


def unlabel(apps, schema_editor):
    relabel(apps, schema_editor, source="decklists", target="tournament")


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0002_catalogue_decklists'),
        ('decklists', '0001_initial'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name=name)
                for name in ['BanList', 'Card', 'CatalogueImport', 'Decklist', 'DecklistChange', 'EventDeckRules', 'TeamPool']
            ],
        ),
        migrations.RunPython(relabel, unlabel),
    ]
