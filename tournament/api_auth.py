"""How API callers authenticate as a team: `X-Team-Key: <access_key>` (docs/api.md "Who may call")."""

from django.contrib.auth.models import AnonymousUser
from rest_framework import authentication, exceptions

from access import team_of_key


class TeamKeyAuthentication(authentication.BaseAuthentication):
    """`X-Team-Key: <access_key>`: the caller acts as that team (``request.auth`` is the team)."""

    header = "HTTP_X_TEAM_KEY"

    def authenticate(self, request):
        key = request.META.get(self.header)
        if key is None:
            return None
        team = team_of_key(key.strip())
        if team is None:
            raise exceptions.AuthenticationFailed("Unknown team key.")
        return (AnonymousUser(), team)

    def authenticate_header(self, request) -> str:
        return "X-Team-Key"
