"""Who checks a team in, drops or brings it back as staff (docs/rules.md "Check-in"): the
service itself asks the access layer (access.actors.actor_of_user: the user's role in the event)
whether the logged-in user acting is staff of that event, whatever its caller passed; a
logged-in user who is not (Charlie, or another event's organizer) is refused and nothing is
written. The team itself (no user) and a task (nobody) act as before."""

import pytest

from core.errors import AccessDenied, Conflict
from support import factories
from tournament.models import DropRecord, TeamCheckIn
from tournament.services import checkin as checkin_svc

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    return factories.event(factories.user("olivia"), name="Friday 2HG")


def test_a_logged_in_user_who_is_not_staff_is_refused(event):
    red = factories.team(event, "Red")
    charlie = factories.user("charlie")
    elsewhere = factories.event(factories.user("oscar")).organizer  # staff of another event
    for outsider in (charlie, elsewhere):
        with pytest.raises(AccessDenied):
            checkin_svc.team_check_in(team=red, by=outsider)  # check-in closed: staff only
        with pytest.raises(AccessDenied):
            checkin_svc.team_drop_by_staff(team=red, by=outsider)
    assert not TeamCheckIn.objects.exists()
    assert not DropRecord.objects.exists()
    red.refresh_from_db()
    assert not red.dropped


def test_staff_of_the_event_check_in_at_the_desk_and_the_team_itself_while_open(event):
    red, blue = factories.team(event, "Red"), factories.team(event, "Blue")
    scorekeeper = factories.staff(event, "scorekeeper", "sam")
    row = checkin_svc.team_check_in(team=red, by=scorekeeper)  # closed: staff may
    assert row.by == scorekeeper
    with pytest.raises(AccessDenied):
        checkin_svc.team_check_in_undo(team=red, by=factories.user("charlie"))
    assert TeamCheckIn.objects.filter(team=red).exists()
    checkin_svc.team_check_in_undo(team=red, by=event.organizer)
    assert not TeamCheckIn.objects.filter(team=red).exists()
    with pytest.raises(Conflict):
        checkin_svc.team_check_in(team=blue)  # the team itself, check-in closed
    checkin_svc.checkin_set_open(event=event, open=True)
    assert checkin_svc.team_check_in(team=blue).by is None


def test_undrop_asks_the_access_layer_too(event):
    red = factories.team(event, "Red")
    checkin_svc.team_drop_by_staff(team=red)  # a task: nobody acting
    with pytest.raises(AccessDenied):
        checkin_svc.team_undrop_by_staff(team=red, by=factories.user("charlie"))
    red.refresh_from_db()
    assert red.dropped
    checkin_svc.team_undrop_by_staff(team=red, by=factories.staff(event, "judge", "judy"))
    red.refresh_from_db()
    assert not red.dropped
