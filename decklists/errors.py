"""Errors of decklists that both the services and the access layer raise."""

from core.errors import ServiceError


class DecklistsLocked(ServiceError):
    """A write after round 1 was paired by someone who is not a judge (403)."""

    status = 403

    def __init__(self) -> None:
        super().__init__(
            "Decklists are locked: round 1 has been paired. Only a judge can change them now.",
            code="decklists_locked",
        )
