"""Side effects only: nothing here is needed for correctness (docs/architecture.md)."""

import csv
import io

from celery import shared_task
from django.core.cache import cache

from tournament.models import Event


@shared_task(name="tournament.team_links_export")
def team_links_export(event_id: int, base_url: str = "") -> str:
    """A CSV of every team with its players and private link, for the organizer to send out.

    Kept in the cache for an hour under ``team-links:<event id>``; also returned.
    """
    event = Event.objects.get(pk=event_id)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["team", "players", "private link"])
    for team in event.teams.prefetch_related("players").order_by("name"):
        players = " / ".join(p.name for p in team.players.all())
        writer.writerow([team.name, players, f"{base_url}/t/{team.access_key}/"])
    text = out.getvalue()
    cache.set(f"team-links:{event_id}", text, 3600)
    return text
