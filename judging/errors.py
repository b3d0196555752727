"""Errors of the judging services that are not plain bad input."""

from core.errors import ServiceError


class HeadJudgeOnly(ServiceError):
    """A judge asked for what only the head judge issues (IPG 1.2; docs/rules.md "Penalties")."""

    status = 403
