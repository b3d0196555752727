"""Errors of decklists that both the services and the access layer raise."""

from django.utils.translation import gettext, gettext_lazy

from core.errors import ServiceError


class DecklistsLocked(ServiceError):
    """A write after round 1 was paired by someone who is not a judge (403)."""

    status = 403

    def __init__(self, message: object = "") -> None:
        super().__init__(
            str(message)
            or gettext(
                "Decklists are locked: round 1 has been paired. Only a judge can change them now."
            ),
            code="decklists_locked",
        )


IN_MATCH = gettext_lazy(
    "Your match is under way: at this event decks change only between matches (MTR 7.3). "
    "Change them once your result is reported, or ask a judge."
)
