"""The local network address for LAN mode (./tandem serve --lan), with its QR code.

manage.py lan --url --port 8000   prints http://<address>:8000 (or fails with a message)
manage.py lan --show URL          prints the address and its QR code for the terminal
"""

from __future__ import annotations

import os

from django.core.management.base import BaseCommand, CommandError

from core import lan, qr


class Command(BaseCommand):
    help = "Find this machine's local network address (LAN mode) or show one with its QR code."

    def add_arguments(self, parser):
        parser.add_argument("--url", action="store_true", help="print the LAN URL and stop")
        parser.add_argument("--port", type=int, default=8000)
        parser.add_argument("--show", metavar="URL", help="print URL and its QR code")

    def handle(self, *args, **options):
        if options["show"]:
            self._show(options["show"])
            return
        chosen = os.environ.get("TANDEM_LAN_ADDRESS", "").strip()
        if chosen:
            if not lan.usable(chosen):
                raise CommandError(
                    f"TANDEM_LAN_ADDRESS={chosen} is not an IPv4 address other machines reach."
                )
            address = chosen
        else:
            try:
                address = lan.local_address()
            except lan.NoNetwork as exc:
                raise CommandError(str(exc)) from exc
        self.stdout.write(lan.url(address, options["port"]))

    def _show(self, url: str) -> None:
        self.stdout.write(f"Players' phones on this network open {url}/")
        self.stdout.write(qr.terminal(url + "/"))
        self.stdout.write(
            "The organizer's dashboard of each event shows this address and its QR code."
        )
