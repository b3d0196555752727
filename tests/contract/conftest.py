"""Every API response of the contract tests is checked against the OpenAPI schema."""

import pytest
from rest_framework.test import APIClient

from support import openapi


@pytest.fixture(autouse=True)
def _responses_match_the_schema(monkeypatch):
    request = APIClient.request

    def checked_request(self, **kwargs):
        response = request(self, **kwargs)
        openapi.check(response)
        return response

    monkeypatch.setattr(APIClient, "request", checked_request)
