"""Management commands of docs/api.md: adduser, demo."""

import io

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import CommandError, call_command

from tournament.models import Event

pytestmark = pytest.mark.django_db


def test_adduser_creates_an_active_user_who_can_log_in():
    call_command("adduser", "zed", "--password", "long-enough-pw", stdout=io.StringIO())
    assert authenticate(username="zed", password="long-enough-pw") is not None


def test_adduser_refuses_short_password():
    with pytest.raises(CommandError, match="at least 8"):
        call_command("adduser", "zed", "--password", "short")
    assert not get_user_model().objects.filter(username="zed").exists()


def test_demo_prints_working_logins_and_builds_the_event():
    out = io.StringIO()
    call_command("demo", stdout=out)
    text = out.getvalue()
    org_pw = text.split("organizer login: organizer / ")[1].split()[0]
    judge_pw = text.split("head judge login: judge / ")[1].split()[0]
    assert authenticate(username="organizer", password=org_pw) is not None
    assert authenticate(username="judge", password=judge_pw) is not None
    event = Event.objects.get(name="Tandem Demo 2HG Open")
    assert event.teams.count() == 16
    assert event.staff.get().role == "head_judge"


def _logins(text: str) -> tuple[str, str]:
    org = text.split("organizer login: organizer / ")[1].split()[0]
    judge = text.split("head judge login: judge / ")[1].split()[0]
    return org, judge


def test_demo_twice_keeps_the_event_and_the_passwords():
    first, second = io.StringIO(), io.StringIO()
    call_command("demo", stdout=first)
    event = Event.objects.get(name="Tandem Demo 2HG Open")
    call_command("demo", stdout=second)
    assert Event.objects.get(name="Tandem Demo 2HG Open").pk == event.pk
    assert "Demo event kept" in second.getvalue()
    assert _logins(second.getvalue()) == _logins(first.getvalue())
    org_pw, _ = _logins(first.getvalue())
    assert authenticate(username="organizer", password=org_pw) is not None


def test_demo_reset_rebuilds_the_event_with_new_passwords():
    first, again = io.StringIO(), io.StringIO()
    call_command("demo", stdout=first)
    old = Event.objects.get(name="Tandem Demo 2HG Open").pk
    call_command("demo", "--reset", stdout=again)
    assert Event.objects.filter(name="Tandem Demo 2HG Open").count() == 1
    assert Event.objects.get(name="Tandem Demo 2HG Open").pk != old
    org_pw, judge_pw = _logins(again.getvalue())
    assert org_pw != _logins(first.getvalue())[0]
    assert authenticate(username="organizer", password=org_pw) is not None
    assert authenticate(username="judge", password=judge_pw) is not None
