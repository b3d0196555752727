"""Pushes sent after commit (notify.tasks), received by a push service on 127.0.0.1: the test
holds each subscription's private key as a browser does, decrypts the payload (RFC 8291,
aes128gcm) and checks it, the VAPID Authorization (RFC 8292: ES256 by the server's public key,
the endpoint's origin as audience, an expiry within 24 hours) and the TTL. Gone subscriptions
(410) are deleted, failures (500) sent again later, and a host no longer allowed gets nothing."""

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from judging import services as judging
from judging.services import calls
from notify import services, tasks, vapid
from notify.models import PushSubscription
from pairing import services as pairing
from pairing.models import MatchTeam
from support import actors
from support.push import Browser, check_vapid
from support.rounds import event_with_teams, match_of

pytestmark = pytest.mark.django_db


def _subscribe(team, receiver, path, player=None, language="en") -> Browser:
    browser = Browser()
    keys = browser.subscription("x")["keys"]
    services.subscription_save(
        team=team,
        endpoint=receiver.url(path),
        p256dh=keys["p256dh"],
        auth=keys["auth"],
        player=player.pk if player else None,
        language=language,
    )
    return browser


def _by_path(receiver):
    return {r.path: r for r in receiver.received}


def test_pairings_are_pushed_encrypted_signed_and_in_the_player_s_language(receiver):
    event, (red, blue) = event_with_teams(2, name="Spring 2HG")
    round_ = pairing.round_pair_next(event=event)
    entry = MatchTeam.objects.get(round=round_, team=red)
    primary = red.players.get(pk=entry.seats[0])
    second = red.players.get(pk=entry.seats[1])
    phones = {
        "/red/1": _subscribe(red, receiver, "/red/1", primary),
        "/red/2": _subscribe(red, receiver, "/red/2", second, language="es"),
        "/blue": _subscribe(blue, receiver, "/blue"),
    }
    pairing.round_publish(round_=round_)
    receiver.wait_for(3)
    got = _by_path(receiver)
    assert set(got) == set(phones)
    table = match_of(round_, red).table
    payloads = {path: phones[path].decrypt(got[path].body) for path in phones}
    assert payloads["/red/1"] == {
        "type": "pairings",
        "event": event.pk,
        "round": 1,
        "table": table,
        "title": "Spring 2HG",
        "body": f"Round 1: table {table}, you are the primary player. "
        f"Against {blue.name} ({', '.join(blue.players.values_list('name', flat=True))}).",
        "url": f"/t/{red.access_key}/",
    }
    assert payloads["/red/2"]["body"].startswith(
        f"Ronda 1: mesa {table}, eres el jugador secundario."
    )
    assert payloads["/blue"]["body"].startswith(f"Round 1: table {table}, ")
    assert payloads["/blue"]["url"] == f"/t/{blue.access_key}/"
    for request in got.values():
        headers = {k.lower(): v for k, v in request.headers.items()}
        assert headers["content-encoding"] == "aes128gcm"
        assert headers["ttl"] == "3600"
        assert headers["urgency"] == "high"
        check_vapid(
            headers["authorization"],
            audience=f"http://{receiver.host}",
            public_key=vapid.public_key(),
        )


def test_gone_subscriptions_are_deleted_and_failures_sent_again_later(receiver, monkeypatch):
    event, (red, blue) = event_with_teams(2)
    round_ = pairing.round_pair_next(event=event)
    ok = _subscribe(red, receiver, "/ok")
    _subscribe(red, receiver, "/gone")
    flaky = _subscribe(blue, receiver, "/flaky")
    receiver.status.update({"/gone": 410, "/flaky": 500})
    later = []
    monkeypatch.setattr(tasks, "run_task", lambda task, *args, **kw: later.append((task, args, kw)))
    tasks.push("round_published", event.pk, round_.pk)  # not published: nothing
    assert receiver.count == 0
    pairing.round_publish(round_=round_)
    queued = [(t, a) for t, a, _kw in later if t is tasks.push]
    assert queued == [(tasks.push, ("round_published", event.pk, round_.pk))]
    tasks.push("round_published", event.pk, round_.pk)  # as the worker would
    sends = [(t, a) for t, a, _kw in later if t is tasks.send]
    assert len(sends) == 1
    tasks.send(*sends[0][1])
    assert sorted(r.path for r in receiver.received) == ["/flaky", "/gone", "/ok"]
    assert ok.decrypt(_by_path(receiver)["/ok"].body)["type"] == "pairings"
    assert set(PushSubscription.objects.values_list("endpoint", flat=True)) == {
        receiver.url("/ok"),
        receiver.url("/flaky"),
    }
    task, args, kw = later[-1]
    assert task is tasks.send
    assert [m["endpoint"] for m in args[0]] == [receiver.url("/flaky")]
    assert args[1] == 1  # the second attempt
    assert kw["eta"] > timezone.now() + timedelta(seconds=10)
    receiver.status["/flaky"] = 201
    assert tasks.send(*args) == {"sent": 1, "gone": 0, "retry": 0, "dropped": 0}
    assert flaky.decrypt(receiver.received[-1].body)["type"] == "pairings"


def test_retries_are_bounded(receiver, monkeypatch, settings):
    settings.PUSH_RETRIES = 2
    event, (red, _blue) = event_with_teams(2)
    _subscribe(red, receiver, "/down")
    receiver.status["/down"] = 503
    later = []
    monkeypatch.setattr(tasks, "run_task", lambda task, *args, **kw: later.append(args))
    round_ = pairing.round_pair_next(event=event)
    pairing.round_publish(round_=round_)
    messages = tasks.BUILDERS["round_published"](round_.pk)
    for attempt in range(3):
        tasks.send(messages, attempt)
    assert [args[1] for args in later if len(args) == 2 and isinstance(args[0], list)] == [1, 2]
    assert PushSubscription.objects.count() == 1  # failing is not gone


def test_a_host_no_longer_allowed_gets_nothing(receiver, settings):
    event, (red, _blue) = event_with_teams(2)
    _subscribe(red, receiver, "/p")
    settings.PUSH_ALLOWED_HOSTS = ["fcm.googleapis.com"]
    round_ = pairing.round_pair_next(event=event)
    pairing.round_publish(round_=round_)
    assert receiver.count == 0
    assert not PushSubscription.objects.exists()  # never sendable: removed


def test_clock_time_result_and_judge_are_pushed_to_the_right_teams(receiver):
    event, teams = event_with_teams(4)
    round_ = pairing.round_publish(round_=pairing.round_pair_next(event=event))
    red = teams[0]
    match = match_of(round_, red)
    rival = next(t for t in teams if t.pk in (match.team_a_id, match.team_b_id) and t != red)
    elsewhere = next(t for t in teams if t.pk not in (match.team_a_id, match.team_b_id))
    phones = {t.pk: _subscribe(t, receiver, f"/{t.pk}") for t in (red, rival, elsewhere)}

    def pushed() -> dict[int, dict]:
        got = {int(r.path[1:]): phones[int(r.path[1:])].decrypt(r.body) for r in receiver.received}
        receiver.received.clear()
        return got

    judging.clock_start(round_=round_, now=timezone.now())
    started = pushed()
    assert set(started) == set(phones)
    assert {p["type"] for p in started.values()} == {"clock_started"}
    assert started[red.pk]["body"] == f"Round 1 has begun: table {match.table}, 60 minutes."

    pairing.match_report_result(match=match, team=red, games_a=1, games_b=0, games_drawn=0)
    reported = pushed()
    assert set(reported) == {rival.pk}  # the team that has not reported
    assert reported[rival.pk]["type"] == "confirm_result"
    assert reported[rival.pk]["body"].startswith(f"{red.name} reported the result of table ")

    call = calls.judge_call(match=match, team=red).call
    assert pushed() == {}
    calls.judge_call_claim(call=call, actor=actors.judge(event, event.organizer))
    coming = pushed()
    assert set(coming) == {red.pk, rival.pk}
    assert coming[red.pk]["type"] == "judge_coming"
    assert coming[red.pk]["url"] == f"/t/{red.access_key}/table/"
    assert coming[red.pk]["table"] == match.table

    judging.clock_mark_due(round_=round_, now=timezone.now() + timedelta(hours=3))
    called = pushed()
    assert set(called) == {red.pk, rival.pk, elsewhere.pk}  # reported is not final: still playing
    assert {p["type"] for p in called.values()} == {"time_called"}
    assert called[elsewhere.pk]["url"].endswith("/table/")


def test_the_cut_tells_every_team_whether_it_made_it(receiver):
    from support.rounds import pair_and_play

    event, teams = event_with_teams(4, swiss_rounds=1, top_cut=2)
    pair_and_play(event, 1)
    phones = {t.pk: _subscribe(t, receiver, f"/{t.pk}") for t in teams}
    cut = pairing.round_pair_next(event=event)
    assert cut.is_top_cut
    pairing.round_publish(round_=cut)
    got = {int(r.path[1:]): phones[int(r.path[1:])].decrypt(r.body) for r in receiver.received}
    assert set(got) == set(phones)
    assert {p["type"] for p in got.values()} == {"cut"}
    made = set(MatchTeam.objects.filter(round=cut).values_list("team_id", flat=True))
    assert len(made) == 2
    for team, payload in got.items():
        if team in made:
            assert payload["body"].startswith("Your team made the top cut! Round 2: table ")
            assert payload["table"] is not None
        else:
            assert "not in it" in payload["body"]
            assert payload["table"] is None


@pytest.mark.django_db(transaction=True)
def test_a_server_without_a_broker_pushes_from_a_thread_of_its_own(receiver, monkeypatch):
    """In a server (core.tasks.in_process started) the build and the sending run on the outbox's
    thread from the commit on: the request's thread never waits on a push service."""
    import threading

    from core.tasks import in_process

    event, (red, _blue) = event_with_teams(2)
    phone = _subscribe(red, receiver, "/red")
    monkeypatch.setattr(in_process, "started", True)
    threads = []
    push = tasks.push
    monkeypatch.setattr(
        tasks, "push", lambda *a: threads.append(threading.current_thread().name) or push(*a)
    )
    pairing.round_publish(round_=pairing.round_pair_next(event=event))
    tasks.outbox.wait()
    tasks.outbox.wait()  # the batches it queued behind itself
    assert threads == ["tandem-outbox_0"]
    assert phone.decrypt(receiver.received[0].body)["type"] == "pairings"


def test_messages_cross_a_broker_as_json(receiver):
    """Celery's JSON serializer carries the messages unchanged (tasks take plain data)."""
    import json

    event, (red, _blue) = event_with_teams(2)
    _subscribe(red, receiver, "/red", language="es")
    round_ = pairing.round_pair_next(event=event)
    pairing.round_publish(round_=round_)
    messages = tasks.BUILDERS["round_published"](round_.pk)
    assert len(messages) == 1
    assert json.loads(json.dumps(messages)) == messages


def test_a_server_retries_through_its_timer_into_the_outbox(receiver, monkeypatch):
    """Without a broker, in a server: the retry waits on the timer thread, which only hands it to
    the outbox (a slow push service never holds the timer that runs the rounds' deadlines)."""
    from core.tasks import in_process

    event, (red, _blue) = event_with_teams(2)
    _subscribe(red, receiver, "/down")
    receiver.status["/down"] = 502
    round_ = pairing.round_pair_next(event=event)
    pairing.round_publish(round_=round_)
    receiver.received.clear()
    timed = []
    monkeypatch.setattr(in_process, "started", True)
    monkeypatch.setattr(in_process, "call_at", lambda when, key, f, *a: timed.append((when, f, a)))
    messages = tasks.BUILDERS["round_published"](round_.pk)
    assert tasks.send(messages)["retry"] == 1
    [(when, func, args)] = timed
    assert func == tasks.outbox.submit
    assert args[0] is tasks.send
    assert args[2] == 1
    assert when > time.time() + 10


def test_an_event_without_subscriptions_queues_nothing(receiver, monkeypatch):
    event, (red, _blue) = event_with_teams(2)
    queued = []
    monkeypatch.setattr(tasks, "run_task", lambda task, *args, **kw: queued.append(args))
    round_ = pairing.round_pair_next(event=event)
    pairing.round_publish(round_=round_)
    assert queued == []
    _subscribe(red, receiver, "/red")  # the flag is set once it commits
    judging.clock_start(round_=round_, now=timezone.now())
    assert queued == [("clock_started", event.pk, round_.pk)]


def test_a_team_moving_up_from_the_waiting_list_is_told(receiver):
    """A capped event's place opens before round 1 (a drop): the first team waiting is told it
    is in (core.events.team_promoted, docs/rules.md "Capacity and waiting list")."""
    from support import factories
    from tournament.services import capacity
    from tournament.services import checkin as checkin_svc

    event = factories.event(factories.user("olivia"), name="Capped 2HG", public=True)
    capacity.set_max_teams(event=event, value=2)
    red = factories.team(event, "Red")
    blue = factories.team(event, "Blue")
    owls = factories.team(event, "Owls")  # past the cap: waits
    phones = {t.pk: _subscribe(t, receiver, f"/{t.pk}", language="es") for t in (blue, owls)}
    checkin_svc.team_drop_self(team=red)
    receiver.wait_for(1)
    got = {int(r.path[1:]): phones[int(r.path[1:])].decrypt(r.body) for r in receiver.received}
    assert set(got) == {owls.pk}  # the team that moved up, nobody else
    assert got[owls.pk] == {
        "type": "promoted",
        "event": event.pk,
        "round": None,
        "table": None,
        "title": "Capped 2HG",
        "body": "Estáis dentro: se abrió una plaza y vuestro equipo sale de la lista de espera.",
        "url": f"/t/{owls.access_key}/",
    }
    headers = {k.lower(): v for k, v in receiver.received[0].headers.items()}
    assert headers["ttl"] == "21600"
