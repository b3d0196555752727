"""`manage.py import_event FILE` (`./tandem import-event event.json`): an event file into this
server, with new ids; nothing is saved when the file is wrong."""

import json
import sys
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from carry.services import exchange


class Command(BaseCommand):
    help = "Import an event file written by export_event (a new event, new ids)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="an event.json file, or - for standard input")
        parser.add_argument(
            "--organizer", help="the username who organizes it here (default: the file's)"
        )

    def handle(self, *args, **options):
        name = options["file"]
        try:
            text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
            data = json.loads(text)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CommandError(f"{name}: cannot read it as JSON ({exc})") from exc
        organizer = None
        if options["organizer"]:
            organizer = get_user_model().objects.filter(username=options["organizer"]).first()
            if organizer is None:
                raise CommandError(f"No user {options['organizer']!r} on this server.")
        try:
            event = exchange.event_import(data=data, organizer=organizer)
        except exchange.ExchangeError as exc:
            raise CommandError(f"{name}: {exc.message} Nothing was imported.") from exc
        self.stdout.write(f"Imported {event.name!r} as event {event.pk}.")
