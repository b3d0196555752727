"""``By``: who a service records as having acted, as interfaces pass it: the request's user
(AnonymousUser when nobody is logged in) or None (a task, a command, the demo). A service keeps a
logged-in user on what it records and nobody otherwise."""

from __future__ import annotations

from typing import TypeAlias

from django.contrib.auth.models import AnonymousUser, User

By: TypeAlias = User | AnonymousUser | None


def recorded(by: By) -> User | None:
    """The user to record: a logged-in user, else nobody."""
    return by if isinstance(by, User) and by.is_authenticated else None
