"""Demo data: an event with staff and teams. Later stages add to it through tournament.hooks.DEMO_STEPS."""

import json
import random
import secrets
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model

from tournament.hooks import DEMO_STEPS
from tournament.models import Event
from tournament.services import events as svc
from tournament.services import teams as team_svc

DEMO_EVENT = "Tandem Demo 2HG Open"
FIRST = ["Alice", "Bob", "Chandra", "Dmitri", "Elspeth", "Farah", "Gideon", "Hana", "Ivo", "Jaya",
         "Kiora", "Liliana", "Mateo", "Nissa", "Oko", "Priya", "Quinn", "Rhys", "Sorin", "Tamiyo",
         "Ugo", "Vraska", "Wren", "Xu", "Yuki", "Zoë", "Ajani", "Basri", "Calix", "Dovin", "Estrid",
         "Feather"]  # fmt: skip
TEAM_WORDS = ["Giants", "Twins", "Heads", "Tandem", "Pair", "Duo", "Allies", "Partners"]
ADJ = ["Red", "Blue", "Grim", "Swift", "Lucky", "Iron", "Silver", "Wild", "Quiet", "Bold",
       "Golden", "Frost", "Storm", "Ember", "Stone", "Shadow"]  # fmt: skip


def _logins_file() -> Path:
    return Path(settings.VAR_DIR) / "demo-logins.json"


def _saved_logins() -> dict[str, str]:
    try:
        data = json.loads(_logins_file().read_text())
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _save_logins(logins: dict[str, str]) -> None:
    """The demo's passwords, kept beside the SQLite file so a second run can print them."""
    path = _logins_file()
    path.write_text(json.dumps(logins))
    path.chmod(0o600)


def _user(username: str, saved: dict[str, str], reset: bool) -> tuple[Any, str | None]:
    """The demo user and its password: kept when the user exists (unless reset); None when the
    kept password is not known (it was changed by hand)."""
    user, created = get_user_model().objects.get_or_create(username=username)
    known = saved.get(username)
    if not (created or reset or not user.has_usable_password()):
        return user, known if known and user.check_password(known) else None
    password = secrets.token_urlsafe(9)
    user.set_password(password)
    user.is_active = True
    user.save()
    return user, password


def build_demo(stdout, *, teams: int = 16, seed: int = 2026, reset: bool = False) -> Event:
    """The demo event with its users. Run again, it keeps the event and the passwords; with
    ``reset`` the event is built anew and both passwords change."""
    rng = random.Random(seed)
    saved = _saved_logins()
    organizer, org_pw = _user("organizer", saved, reset)
    judge, judge_pw = _user("judge", saved, reset)
    _save_logins({k: v for k, v in (("organizer", org_pw), ("judge", judge_pw)) if v})
    existing = Event.objects.filter(name=DEMO_EVENT, organizer=organizer).first()
    if existing is not None and not reset:
        stdout.write(f"Demo event kept: {existing.name} (id {existing.pk}); --reset rebuilds it.")
        _print_logins(stdout, org_pw, judge_pw)
        return existing
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
        team_svc.team_register(
            event=event,
            name=f"{ADJ[i % len(ADJ)]} {TEAM_WORDS[i % len(TEAM_WORDS)]}",
            players=[{"name": first + suffix}, {"name": second + suffix}],
        )
    DEMO_STEPS(event, rng, stdout)  # decklists, rounds, ... (tournament.hooks)
    stdout.write(f"Demo event: {event.name} (id {event.pk}), {teams} teams.")
    _print_logins(stdout, org_pw, judge_pw)
    return event


def _print_logins(stdout, org_pw: str | None, judge_pw: str | None) -> None:
    unknown = "(password changed by hand; --reset sets a new one)"
    stdout.write(f"  organizer login: organizer / {org_pw or unknown}")
    stdout.write(f"  head judge login: judge / {judge_pw or unknown}")
