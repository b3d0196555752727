"""Organizers' usernames are not public in the API (they log in with them): an event shows the
organizer's name (first and last name, "" without one); the organizer reads their own username."""

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from support.api_clients import client_for

pytestmark = pytest.mark.django_db


def test_others_read_the_organizers_name_not_the_username(world):
    event = world.other_event  # public, organized by olga
    url = f"/api/v1/events/{event.pk}/"
    assert APIClient().get(url).json()["organizer"] == ""
    olga = event.organizer
    olga.first_name, olga.last_name = "Olga", "Ortiz"
    olga.save()
    for client in (APIClient(), client_for(world.alice)):
        assert client.get(url).json()["organizer"] == "Olga Ortiz"
        listed = {e["id"]: e for e in client.get("/api/v1/events/").json()}
        assert listed[event.pk]["organizer"] == "Olga Ortiz"
    assert client_for(olga).get(url).json()["organizer"] == "olga"  # their own


def test_no_username_appears_in_public_event_answers(world):
    body = APIClient().get("/api/v1/events/").content.decode()
    assert "olga" not in body


def test_adduser_sets_the_name_others_see(db):
    call_command("adduser", "zed", "--password", "long-password-1", "--name", "Zed Zane")
    from django.contrib.auth.models import User

    assert User.objects.get(username="zed").get_full_name() == "Zed Zane"
