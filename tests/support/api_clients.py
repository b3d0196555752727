"""API clients per persona, importable from any test module (the same as conftest.client_for;
`from conftest import ...` is ambiguous when a sub-folder has its own conftest.py)."""

from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient


def client_for(who) -> APIClient:
    """An API client authenticated as a user (token), a team (X-Team-Key) or nobody."""
    client = APIClient()
    if who is None:
        return client
    if hasattr(who, "access_key"):
        client.credentials(HTTP_X_TEAM_KEY=who.access_key)
    else:
        token, _ = Token.objects.get_or_create(user=who)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client
