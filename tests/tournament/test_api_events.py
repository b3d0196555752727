"""The team import's dry run (POST /api/v1/events/{id}/teams/import/ with dry_run).

Every other case of the events, staff and teams API is in tests/contract. This one stays here
until the OpenAPI schema describes the dry run's 200 answer (it describes only the 201), since
the contract tests check every answer against the schema.
"""

import pytest

from support.api_clients import client_for
from tournament.models import Team

pytestmark = pytest.mark.django_db


def test_csv_import_dry_run_previews_without_saving(world):
    response = client_for(world.sam).post(
        f"/api/v1/events/{world.event.pk}/teams/import/",
        {"csv": "T1;Ann;Art\n", "dry_run": True},
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["ok"] is True
    assert not Team.objects.filter(name="T1").exists()
