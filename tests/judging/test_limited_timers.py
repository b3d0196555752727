"""The Limited timers' services, API and pages (issue 31; MTR App. B): run by the scorekeeper,
read by anyone who sees the event, facts not counters."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core.errors import Conflict, ServiceError
from decklists.models import TeamPool
from judging.models import LimitedTimer, LimitedTimerCorrection, LimitedTimerPause
from judging.selectors import limited_timers as sel
from judging.services import limited_timers as services

pytestmark = pytest.mark.django_db
MIN = timedelta(minutes=1)


def _limited(world, structure: str):
    event = world.event
    event.structure, event.format, event.rel = structure, "", "competitive"
    event.save(update_fields=["structure", "format", "rel"])
    return event


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_sealed_construction_starts_with_75_minutes_on_a_release_weekend(world):
    event = _limited(world, "sealed")
    timer = services.timer_start(event=event, kind="construction", release_weekend=True)
    assert timer.length_seconds == 75 * 60
    registration = services.timer_start(event=event, kind="registration")
    assert registration.length_seconds == 20 * 60


def test_draft_timer_takes_the_whole_pick_schedule(world):
    event = _limited(world, "draft")
    timer = services.timer_start(event=event, kind="draft", packs=6, pack_size=14)
    assert (timer.packs, timer.pack_size, timer.length_seconds) == (6, 14, 6 * 195 + 5 * 60)
    with pytest.raises(ServiceError):
        services.timer_start(event=event, kind="registration")  # no pool registration in a draft


def test_bad_input_is_refused_with_a_message(world):
    event = _limited(world, "draft")
    with pytest.raises(ServiceError):
        services.timer_start(event=event, kind="draft", pack_size=16)
    with pytest.raises(ServiceError):
        services.timer_start(event=event, kind="nonsense")
    assert not LimitedTimer.objects.exists()
    world.event.structure = "constructed"
    with pytest.raises(ServiceError):
        services.timer_start(event=world.event, kind="construction")


def test_pause_resume_and_correction_are_stored_as_facts(world):
    event = _limited(world, "sealed")
    t0 = timezone.now() - 30 * MIN
    services.timer_start(event=event, kind="construction", now=t0)
    services.timer_pause(event=event, kind="construction", now=t0 + 10 * MIN)
    with pytest.raises(Conflict):
        services.timer_pause(event=event, kind="construction", now=t0 + 11 * MIN)
    services.timer_resume(event=event, kind="construction", now=t0 + 15 * MIN)
    assert LimitedTimerPause.objects.get().resumed_at == t0 + 15 * MIN
    timer = LimitedTimer.objects.get()
    # 30 minutes of wall time, 5 paused: 35 of 60 left.
    assert sel.timer_of(timer, t0 + 30 * MIN).remaining_seconds == 35 * 60
    services.timer_set_remaining(event=event, kind="construction", seconds=300, now=t0 + 30 * MIN)
    state = sel.timer_of(timer, t0 + 30 * MIN)
    assert state.remaining_seconds == 300
    assert state.warning
    assert LimitedTimerCorrection.objects.get().seconds == 300


def test_go_to_pick_puts_the_draft_at_that_pick(world):
    event = _limited(world, "draft")
    t0 = timezone.now() - 5 * MIN
    services.timer_start(event=event, kind="draft", now=t0)
    services.timer_go_to_pick(event=event, pack=2, pick=3, now=t0 + MIN)
    state = sel.timer_of(LimitedTimer.objects.get(), t0 + MIN + timedelta(seconds=5))
    # Pack 2, pick 3: 11 cards left, 40 s (MTR App. B); pack 2 passes right.
    assert (state.step.pack, state.step.pick, state.step.cards) == (2, 3, 11)
    assert state.step_remaining == 35
    assert state.step.direction == "right"
    with pytest.raises(ServiceError):
        services.timer_go_to_pick(event=event, pack=2, pick=8)  # the last pick is untimed


def test_reset_clears_the_facts_so_the_timer_starts_again(world):
    event = _limited(world, "draft")
    services.timer_start(event=event, kind="draft")
    with pytest.raises(Conflict):
        services.timer_start(event=event, kind="draft")
    services.timer_reset(event=event, kind="draft")
    assert not LimitedTimer.objects.exists()
    services.timer_start(event=event, kind="draft")


def test_missing_decklists_at_time_are_listed_for_staff_only(world, api):
    event = _limited(world, "sealed")
    TeamPool.objects.create(team=world.red, text="", submitted_at=timezone.now())
    services.timer_start(event=event, kind="construction", now=timezone.now() - 61 * MIN)
    answer = _client(world.sam).get(f"/api/v1/events/{event.pk}/timers/?missing=1").json()
    construction = next(t for t in answer["timers"] if t["kind"] == "construction")
    assert construction["status"] == "time_called"
    assert set(answer["missing_decklists"]) == {"Team Red", "Team Blue"}
    page = _client(world.judy).get(f"/events/{event.pk}/timers/").content.decode()
    assert "Decklists missing at time" in page
    assert "Team Blue" in page
    event.public = True
    event.save(update_fields=["public"])
    public = Client().get(f"/api/v1/events/{event.pk}/timers/?missing=1").json()
    assert public["missing_decklists"] == []


def test_api_runs_the_timer_for_the_scorekeeper_but_not_for_a_stranger(world):
    event = _limited(world, "draft")
    url = f"/api/v1/events/{event.pk}/timers/"
    refused = _client(world.charlie).post(url, {"kind": "draft", "action": "start"})
    assert refused.status_code in (403, 404)
    answer = _client(world.sam).post(
        url, {"kind": "draft", "action": "start"}, content_type="application/json"
    )
    assert answer.status_code == 200, answer.content
    draft = next(t for t in answer.json()["timers"] if t["kind"] == "draft")
    assert draft["status"] == "running"
    assert draft["step"] == {
        "kind": "pick",
        "pack": 1,
        "pick": 1,
        "cards": 15,
        "seconds": 50,
        "direction": "left",
    }
    again = _client(world.sam).post(
        url, {"kind": "draft", "action": "start"}, content_type="application/json"
    )
    assert again.status_code == 409


def test_projector_page_shows_the_pick_and_its_direction(world):
    event = _limited(world, "draft")
    services.timer_start(event=event, kind="draft", now=timezone.now() - timedelta(seconds=210))
    page = _client(world.sam).get(f"/events/{event.pk}/timers/draft/").content.decode()
    # 210 s: pack 1 took 200 s; the review after it has 50 s left.
    assert "Review your picks after pack 1" in page
    assert "00:50" in page or "00:49" in page
    assert _client(world.charlie).get(f"/events/{event.pk}/timers/draft/").status_code in (403, 404)


def test_page_control_starts_and_reports_errors(world):
    event = _limited(world, "sealed")
    client = _client(world.sam)
    client.post(f"/events/{event.pk}/timers/control/", {"kind": "registration", "action": "start"})
    assert LimitedTimer.objects.get().kind == "registration"
    answer = client.post(
        f"/events/{event.pk}/timers/control/",
        {"kind": "registration", "action": "set_remaining", "minutes": "x"},
        follow=True,
    )
    assert "Enter a whole number" in answer.content.decode()


def test_event_page_links_the_limited_day_for_staff_of_a_limited_event(world):
    event = _limited(world, "sealed")
    page = _client(world.sam).get(f"/events/{event.pk}/").content.decode()
    assert f"/events/{event.pk}/timers/" in page
    event.structure, event.format = "constructed", "modern"
    event.save(update_fields=["structure", "format"])
    page = _client(world.sam).get(f"/events/{event.pk}/").content.decode()
    assert f"/events/{event.pk}/timers/" not in page


def test_projector_speaks_spanish(world):
    event = _limited(world, "draft")
    services.timer_start(event=event, kind="draft", now=timezone.now() - timedelta(seconds=60))
    page = (
        _client(world.sam)
        .get(f"/events/{event.pk}/timers/draft/", HTTP_ACCEPT_LANGUAGE="es")
        .content.decode()
    )
    # 60 s: pick 2 of pack 1 (13 cards), passing left
    assert "Sobre 1 · elección 2 · 13 cartas · pasad a la izquierda" in page
