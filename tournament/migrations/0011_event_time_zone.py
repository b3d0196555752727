"""The event's time zone: the organizer's, taken from the browser when the event is created;
"" (every event before it) reads times in the server's TIME_ZONE as before."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0010_team_player_search_key"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="time_zone",
            field=models.CharField(blank=True, default="", max_length=64),
        ),
    ]
