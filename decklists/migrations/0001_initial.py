"""The card catalogue, decklists and pools move from the tournament app to this app.

Only Django's state moves: the tables keep their names (``tournament_card`` ...) and every row
stays where it is. tournament 0003 removes the same models from the tournament app's state.
"""

import django.db.models.deletion
import uuid
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('tournament', '0002_catalogue_decklists'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name='BanList',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('format', models.CharField(max_length=40, unique=True)),
                        ('banned', models.JSONField(default=list)),
                        ('restricted', models.JSONField(default=list)),
                        ('as_of', models.DateField(blank=True, null=True)),
                        ('source', models.CharField(blank=True, default='', max_length=255)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                    ],
                    options={
                        'db_table': 'tournament_banlist',
                        'ordering': ['format'],
                    },
                ),
                migrations.CreateModel(
                    name='Card',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('name', models.CharField(max_length=255)),
                        ('name_key', models.CharField(max_length=255, unique=True)),
                        ('front_key', models.CharField(db_index=True, max_length=255)),
                        ('faces', models.JSONField(default=list)),
                        ('type_line', models.CharField(blank=True, default='', max_length=255)),
                        ('is_basic', models.BooleanField(default=False)),
                        ('deck_limit', models.PositiveIntegerField(blank=True, null=True)),
                        ('legalities', models.JSONField(default=dict)),
                        ('digest', models.CharField(max_length=32)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                    ],
                    options={
                        'db_table': 'tournament_card',
                        'ordering': ['name'],
                    },
                ),
                migrations.CreateModel(
                    name='CatalogueImport',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('kind', models.CharField(choices=[('cards', 'Cards'), ('banlists', 'Banned and restricted lists')], max_length=10)),
                        ('source', models.CharField(max_length=255)),
                        ('file_format', models.CharField(blank=True, default='', max_length=20)),
                        ('data_date', models.DateField(blank=True, null=True)),
                        ('note', models.TextField(blank=True, default='')),
                        ('cards_read', models.PositiveIntegerField(default=0)),
                        ('created', models.PositiveIntegerField(default=0)),
                        ('updated', models.PositiveIntegerField(default=0)),
                        ('formats', models.JSONField(blank=True, default=list)),
                        ('imported_at', models.DateTimeField(auto_now_add=True)),
                        ('token', models.UUIDField(default=uuid.uuid4, editable=False, unique=True)),
                    ],
                    options={
                        'db_table': 'tournament_catalogueimport',
                        'ordering': ['-imported_at', '-id'],
                    },
                ),
                migrations.CreateModel(
                    name='Decklist',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('main_text', models.TextField(blank=True, default='')),
                        ('sideboard_text', models.TextField(blank=True, default='')),
                        ('submitted_at', models.DateTimeField()),
                        ('by_team', models.BooleanField(default=False)),
                        ('player', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='decklist', to='tournament.player')),
                        ('submitted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'tournament_decklist',
                    },
                ),
                migrations.CreateModel(
                    name='DecklistChange',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('changed_by_name', models.CharField(max_length=150)),
                        ('changed_at', models.DateTimeField()),
                        ('reason', models.TextField(blank=True, default='')),
                        ('main_before', models.TextField(blank=True, default='')),
                        ('sideboard_before', models.TextField(blank=True, default='')),
                        ('main_after', models.TextField(blank=True, default='')),
                        ('sideboard_after', models.TextField(blank=True, default='')),
                        ('changed_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('player', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='decklist_changes', to='tournament.player')),
                        ('team', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='decklist_changes', to='tournament.team')),
                    ],
                    options={
                        'db_table': 'tournament_decklistchange',
                        'ordering': ['-changed_at', '-id'],
                    },
                ),
                migrations.CreateModel(
                    name='EventDeckRules',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('two_headed_giant_bans', models.JSONField(blank=True, null=True)),
                        ('updated_at', models.DateTimeField(auto_now=True)),
                        ('event', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='deck_rules', to='tournament.event')),
                        ('updated_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'db_table': 'tournament_eventdeckrules',
                    },
                ),
                migrations.CreateModel(
                    name='TeamPool',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('text', models.TextField(blank=True, default='')),
                        ('submitted_at', models.DateTimeField()),
                        ('by_team', models.BooleanField(default=False)),
                        ('submitted_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('team', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='pool', to='tournament.team')),
                    ],
                    options={
                        'db_table': 'tournament_teampool',
                    },
                ),
            ],
        ),
    ]
