"""Demo data: an event with staff and teams. Later stages add to it through tournament.hooks.DEMO_STEPS."""

import random
import secrets
from typing import Any

from django.contrib.auth import get_user_model

from tournament.hooks import DEMO_STEPS
from tournament.models import Event
from tournament.services import events as svc

DEMO_EVENT = "Tandem Demo 2HG Open"
FIRST = ["Alice", "Bob", "Chandra", "Dmitri", "Elspeth", "Farah", "Gideon", "Hana", "Ivo", "Jaya",
         "Kiora", "Liliana", "Mateo", "Nissa", "Oko", "Priya", "Quinn", "Rhys", "Sorin", "Tamiyo",
         "Ugo", "Vraska", "Wren", "Xu", "Yuki", "Zoë", "Ajani", "Basri", "Calix", "Dovin", "Estrid",
         "Feather"]  # fmt: skip
TEAM_WORDS = ["Giants", "Twins", "Heads", "Tandem", "Pair", "Duo", "Allies", "Partners"]
ADJ = ["Red", "Blue", "Grim", "Swift", "Lucky", "Iron", "Silver", "Wild", "Quiet", "Bold",
       "Golden", "Frost", "Storm", "Ember", "Stone", "Shadow"]  # fmt: skip


def _user(username: str) -> tuple[Any, str]:
    password = secrets.token_urlsafe(9)
    user, _ = get_user_model().objects.get_or_create(username=username)
    user.set_password(password)
    user.is_active = True
    user.save()
    return user, password


def build_demo(stdout, *, teams: int = 16, seed: int = 2026) -> Event:
    rng = random.Random(seed)
    organizer, org_pw = _user("organizer")
    judge, judge_pw = _user("judge")
    Event.objects.filter(name=DEMO_EVENT, organizer=organizer).delete()
    event = svc.event_create(
        organizer=organizer, name=DEMO_EVENT, structure="constructed", format="modern",
        rel="competitive", swiss_rounds=4, top_cut=4, public=True,
    )  # fmt: skip
    svc.staff_set(event=event, username="judge", role="head_judge")
    names = FIRST[:]
    rng.shuffle(names)
    for i in range(teams):
        first, second = names[(2 * i) % len(names)], names[(2 * i + 1) % len(names)]
        suffix = "" if i < len(names) // 2 else f" {i}"
        svc.team_register(
            event=event,
            name=f"{ADJ[i % len(ADJ)]} {TEAM_WORDS[i % len(TEAM_WORDS)]}",
            players=[{"name": first + suffix}, {"name": second + suffix}],
        )
    DEMO_STEPS(event, rng, stdout)  # decklists, rounds, ... (tournament.hooks)
    stdout.write(f"Demo event: {event.name} (id {event.pk}), {teams} teams.")
    stdout.write(f"  organizer login: organizer / {org_pw}")
    stdout.write(f"  head judge login: judge / {judge_pw}")
    return event
