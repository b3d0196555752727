"""`manage.py export_event ID` (`./tandem export-event ID > event.json`): one event as a file."""

from django.core.management.base import BaseCommand, CommandError

from carry.services import exchange
from tournament.models import Event


class Command(BaseCommand):
    help = (
        "Write one event (teams, decklists, rounds, results, penalties, tracker logs...) as JSON."
    )

    def add_arguments(self, parser):
        parser.add_argument("event_id", type=int)

    def handle(self, *args, **options):
        event = Event.objects.filter(pk=options["event_id"]).first()
        if event is None:
            raise CommandError(f"No event {options['event_id']}.")
        self.stdout.write(exchange.event_export_json(event=event))
