"""How API callers authenticate as a team: `X-Team-Key: <access_key>` (docs/api.md "Who may call")."""

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

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


def token_expired(token: Token) -> bool:
    return token.created < timezone.now() - settings.API_TOKEN_TTL


class ExpiringTokenAuthentication(authentication.TokenAuthentication):
    """`Authorization: Token <key>`, refused once the token is older than API_TOKEN_TTL
    (settings); the expired token is deleted, so the next POST /api/v1/auth/token/ issues a new
    one."""

    def authenticate_credentials(self, key):
        user, token = super().authenticate_credentials(key)
        if token_expired(token):
            token.delete()
            raise exceptions.AuthenticationFailed("Token expired; ask for a new one.")
        return user, token
