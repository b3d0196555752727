"""The two error kinds of Tandem's services.

- ServiceError: the user asked for something the rules or the data forbid. The interface shows
  the message (a form error, or a 400/409 JSON answer). Never a bug.
- Anything else raised from a service is an invariant violation: a bug, and a 500.
Access errors are separate: AccessDenied (403, or 401 for an anonymous caller) and NotVisible
(404: the object's existence is itself private).

A message may be a ``core.text.Text`` (words of a domain package): it is put in the active
language here, as the service raises it inside the request.
"""

from core.i18n import localize
from core.text import Text


class ServiceError(Exception):
    status = 400

    def __init__(
        self,
        message: str = "",
        *,
        code: str = "invalid",
        field: str | None = None,
        errors: dict[str, list[str]] | None = None,
        data: dict[str, object] | None = None,
    ) -> None:
        if isinstance(message, Text):
            message = localize(message)
        super().__init__(message or "; ".join(m for ms in (errors or {}).values() for m in ms))
        self.message = message or str(self)
        self.code = code
        self.field = field
        self.errors = errors or ({field: [message]} if field else None)
        self.data = data or {}  # more of the answer, e.g. the teams a 409 names

    def as_dict(self) -> dict[str, object]:
        if self.errors:
            return dict(self.errors)
        return {"detail": self.message, "code": self.code, **self.data}


class Conflict(ServiceError):
    """The request is well-formed but clashes with the current state (409). Its answer is always
    ``{detail, code}`` (the API's Error); ``errors`` only name the fields for a page's form."""

    status = 409

    def as_dict(self) -> dict[str, object]:
        return {"detail": self.message, "code": self.code, **self.data}


class AccessDenied(Exception):
    """A known caller without the right (403); an anonymous caller gets 401."""


class NotVisible(Exception):
    """The object does not exist for this caller (404)."""
