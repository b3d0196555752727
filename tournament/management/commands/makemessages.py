"""``makemessages`` that also extracts the plural templates of the pure code
(``core.text.ngettext_noop(singular, plural)``); everything else is Django's own command."""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=ngettext_noop:1,2"]
