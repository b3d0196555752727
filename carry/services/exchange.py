"""One file carries an event between Tandem servers: export and import.

What belongs to an event is found, not listed: every model with a chain of foreign keys to
``tournament.Event`` (``event_models``), so a model added later is carried without a change here
(``tests/carry/test_exchange.py`` fails when one is reachable and neither carried nor excluded
with a reason, or holds ids in a JSON field nobody declared). Rows are written in the order of
their foreign keys, with their old ids; on import every id is remapped (the new server's ids), users
are carried by username (created, without a usable password, when the server has no such user),
and the whole import is one transaction: a file that is wrong anywhere saves nothing.

The file:

    {"format": "tandem-event", "version": 1, "exported_at": ISO time,
     "users": [{"username", "first_name", "last_name", "email"}],
     "models": {"app.Model": [{"pk": old id, field: value, ...}, ...], ...}}

A foreign key's value is the old id of the row it points to, or a username for a user; JSON values
are as stored. A model renamed since a file was written is read under its new name (``RENAMED``);
a setting moved from the event's row to an app's own model (tournament.hooks.EVENT_SETTINGS) is
read into that model's row (``_moved_settings``). Ids held outside foreign keys (a game event's player, a round's bye team, a game's
seats) are declared below and remapped too; a game's cached state is rebuilt from its log.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DatabaseError, models, transaction
from django.utils.translation import gettext

from core.errors import ServiceError
from tournament.hooks import event_settings
from tournament.models import Event

FORMAT = "tandem-event"
VERSION = 1
EVENT = "tournament.Event"
# Reachable from an event, and not carried, with the reason.
EXCLUDED = {
    "tournament.StaffInvite": "an invitation is a link of the server it was sent from",
    "notify.PushSubscription": "a phone's push address, made with the server's own keys",
}
TEAM, PLAYER = "tournament.Team", "tournament.Player"
# Integer columns holding the id of another carried row (not foreign keys, for speed).
INT_IDS = {
    "tracker.GameEvent.player": PLAYER,
    "tracker.GameEvent.team": TEAM,
}
# JSON values holding ids: the keys (at any depth) whose int or list of ints are ids of a model;
# "*": the value itself is a list of such ids.
JSON_IDS: dict[str, dict[str, str]] = {
    "pairing.Round.summary": {"bye_team": TEAM, "team_ids": TEAM},
    "pairing.Match.notes": {"team_ids": TEAM},
    "pairing.PairingChange.warnings": {"team_ids": TEAM},
    "pairing.MatchTeam.seats": {"*": PLAYER},
    "tracker.Game.setup": {"team": TEAM, "players": PLAYER, "chooser": TEAM},
    "tracker.GameEvent.changes": {"player": PLAYER},
}
# Models carried under another name by older files: the old label -> today's (a file's table is
# read as today's model, its fields the same).
RENAMED = {
    "judging.ClockSettings": "judging.JudgingSettings",
}
# JSON values that are caches, rebuilt after import (tracker.services.game_rebuild).
REBUILT = {"tracker.Game.state", "tracker.Game.core"}
# JSON values and big integer columns holding no ids.
NO_IDS = {
    "pairing.Round.seed",
    "decklists.PoolSwap.seed",
    "tournament.SoloSignup.match_seed",
    "tournament.Signup.players",
    "decklists.EventDeckRules.two_headed_giant_bans",
    "judging.Penalty.variants",
    "judging.Penalty.reasons",
}


class ExchangeError(ServiceError):
    """The file cannot be imported (the message says where); nothing was saved."""

    def __init__(self, message: str) -> None:
        super().__init__(message, code="bad_event_file")


def label(model: type[models.Model] | str) -> str:
    assert not isinstance(model, str), "a resolved model"
    return model._meta.label


def _links(model: type[models.Model]) -> list[models.ForeignKey]:
    return [f for f in model._meta.concrete_fields if isinstance(f, models.ForeignKey)]


def reachable_models() -> dict[str, str]:
    """Every model with a chain of foreign keys to Event: its label and the lookup from it to
    the event (``""`` for Event itself) through required links where it has one."""
    paths = {EVENT: ""}
    grown = True
    while grown:
        grown = False
        for model in apps.get_models():
            if label(model) in paths:
                continue
            found = [
                (
                    f.null,
                    paths[label(f.related_model)].count("__"),
                    f.name,
                    paths[label(f.related_model)],
                )
                for f in _links(model)
                if label(f.related_model) in paths and f.related_model is not model
            ]
            if found:  # a required link first (every row has it), then the shortest chain
                *_, name, rest = min(found)
                paths[label(model)] = f"{name}__{rest}" if rest else name
                grown = True
    return paths


def event_models() -> list[type[models.Model]]:
    """The carried models, each after every model its foreign keys (and declared ids) point to."""
    carried = {m: p for m, p in reachable_models().items() if m not in EXCLUDED}
    done: list[str] = []
    while len(done) < len(carried):
        for name in sorted(carried):
            if name in done:
                continue
            model = apps.get_model(name)
            needs = {label(f.related_model) for f in _links(model)} | {
                target
                for key, target in [*INT_IDS.items(), *_json_targets()]
                if key.rsplit(".", 1)[0] == name
            }
            needs &= set(carried)
            if needs - {name} <= set(done):
                done.append(name)
                break
        else:  # pragma: no cover - a cycle between two models
            raise RuntimeError(f"foreign keys in a cycle among {set(carried) - set(done)}")
    return [apps.get_model(name) for name in done]


def _json_targets() -> list[tuple[str, str]]:
    return [(key, target) for key, keys in JSON_IDS.items() for target in keys.values()]


def _is_user(field: models.ForeignKey) -> bool:
    return field.related_model is get_user_model()


# --- export -------------------------------------------------------------------------------


def event_export(*, event: Event) -> dict[str, Any]:
    """The event as one JSON-ready dict (the caller checked the right to read it whole)."""
    paths = reachable_models()
    user_ids: set[int] = set()
    out: dict[str, list[dict[str, Any]]] = {}
    for model in event_models():
        fields = model._meta.concrete_fields
        path = paths[label(model)]
        rows = model._default_manager.filter(**{path or "pk": event.pk})
        values = rows.order_by("pk").values_list(*[f.attname for f in fields])
        kept = []
        for row in values.iterator(chunk_size=2000):
            item = {}
            for f, value in zip(fields, row, strict=True):
                if f.primary_key:
                    item["pk"] = value
                    if not isinstance(f, models.ForeignKey):
                        continue
                if isinstance(f, models.ForeignKey) and _is_user(f) and value is not None:
                    user_ids.add(value)
                item[f.name] = value
            kept.append(item)
        out[label(model)] = kept
    users = get_user_model().objects.filter(pk__in=user_ids)
    names = {u.pk: u.get_username() for u in users}
    for model in event_models():
        user_fields = [f.name for f in _links(model) if _is_user(f)]
        for item in out[label(model)] if user_fields else ():
            for name in user_fields:
                if item[name] is not None:
                    item[name] = names[item[name]]
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": datetime.now(UTC).isoformat(),
        "users": [
            {
                "username": u.get_username(),
                "first_name": u.first_name,
                "last_name": u.last_name,
                "email": u.email,
            }
            for u in users.order_by("username")
        ],  # fmt: skip
        "models": out,
    }


def event_export_json(*, event: Event) -> str:
    return json.dumps(event_export(event=event), cls=DjangoJSONEncoder, separators=(",", ":"))


# --- import -------------------------------------------------------------------------------


def _refuse_above_limit(size: int) -> None:
    if size > settings.EVENT_FILE_MAX_MB * 1024 * 1024:
        raise ExchangeError(
            gettext("The event file is larger than %(mb)s MB.") % {"mb": settings.EVENT_FILE_MAX_MB}
        )


def parse_upload(upload: Any) -> object:
    """An uploaded file's JSON (an UploadedFile: its size is checked before it is read)."""
    _refuse_above_limit(upload.size)
    return parse(upload.read())


def parse(raw: bytes) -> object:
    """An event file's JSON (ExchangeError when it is not JSON or too big)."""
    _refuse_above_limit(len(raw))
    try:
        return json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ExchangeError(
            gettext("The event file is not JSON (%(error)s).") % {"error": exc}
        ) from exc


def _check_shape(data: object) -> dict[str, list[dict[str, Any]]]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ExchangeError(
            gettext('This is not a Tandem event file (no "format": "tandem-event").')
        )
    version = data.get("version")
    if version != VERSION:
        raise ExchangeError(
            gettext(
                "This event file is version %(version)s; this server reads version %(known)s:"
                " update Tandem, or export the event again from a server of the same version."
            )
            % {"version": version, "known": VERSION}
        )
    tables = data.get("models")
    if not isinstance(tables, dict) or not isinstance(data.get("users", []), list):
        raise ExchangeError(
            gettext('The event file has no "models" object or a wrong "users" list.')
        )
    tables = {RENAMED.get(name, name): rows for name, rows in tables.items()}
    _moved_settings(tables)
    known = {label(m) for m in event_models()}
    for name, rows in tables.items():
        if name not in known:
            raise ExchangeError(
                gettext("The event file holds %(table)s, which this server does not carry.")
                % {"table": repr(name)}
            )
        if not isinstance(rows, list) or not all(
            isinstance(r, dict) and isinstance(r.get("pk"), int) for r in rows
        ):
            raise ExchangeError(
                gettext('%(table)s: every row must be an object with an integer "pk".')
                % {"table": name}
            )
    if len(tables.get(EVENT, [])) != 1:
        raise ExchangeError(gettext("The event file must hold exactly one event."))
    return tables


def _moved_settings(tables: dict[str, Any]) -> None:
    """A file written while an app's setting was a field of the event's row: the value goes to
    the app's row of the event (made when the file has none), unless that row holds it."""
    events = tables.get(EVENT)
    if not isinstance(events, list) or len(events) != 1 or not isinstance(events[0], dict):
        return  # refused below
    event = events[0]
    for entry in event_settings():
        moved = {k: event.pop(k) for k in entry.names if k in event}
        if not moved:
            continue
        rows = tables.setdefault(entry.model, [])
        if not isinstance(rows, list):
            return  # refused below
        own = next(
            (r for r in rows if isinstance(r, dict) and r.get("event") == event.get("pk")), None
        )
        if own is None:
            own = {"pk": event.get("pk"), "event": event.get("pk")}
            rows.append(own)
        for name, value in moved.items():
            own.setdefault(name, value)


def _remap_json(value: Any, keys: dict[str, str], ids: Callable[[str, object], int]) -> Any:
    if "*" in keys:
        return [ids(keys["*"], v) for v in value or []]

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            out = {}
            for k, v in node.items():
                if k in keys and v is not None and not isinstance(v, (dict, str, bool)):
                    out[k] = (
                        [ids(keys[k], x) for x in v] if isinstance(v, list) else ids(keys[k], v)
                    )
                else:
                    out[k] = walk(v)
            return out
        if isinstance(node, list):
            return [walk(x) for x in node]
        return node

    return walk(value)


def _users(listed: Iterable[object]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for entry in listed:
        name = entry.get("username") if isinstance(entry, dict) else None
        if not isinstance(name, str) or not name.strip():
            raise ExchangeError(gettext("Every user of the event file needs a username."))
        assert isinstance(entry, dict)
        out[name] = entry
    return out


def _user(entry: dict[str, Any]) -> User:
    """The server's user of that username; created without a usable password when missing."""
    User = get_user_model()
    user = User.objects.filter(username=entry["username"]).first()
    if user is None:
        user = User(username=entry["username"], email=str(entry.get("email") or "")[:254])
        user.first_name = str(entry.get("first_name") or "")[:150]
        user.last_name = str(entry.get("last_name") or "")[:150]
        user.set_unusable_password()
        user.save()
    return user


def event_import(*, data: object, organizer: User | None = None) -> Event:
    """Create the event of an event file on this server, with new ids; ``organizer``: who
    organizes it here (the file's organizer when None). Raises ExchangeError, saving nothing."""
    tables = _check_shape(data)
    assert isinstance(data, dict)
    try:
        with transaction.atomic():
            return _import(tables, data.get("users", []), organizer)
    except ExchangeError:
        raise
    except (ValidationError, DatabaseError, ValueError, TypeError, KeyError) as exc:
        raise ExchangeError(
            gettext("The event file does not fit: %(error)s") % {"error": exc}
        ) from exc


def _import(
    tables: dict[str, list[dict[str, Any]]], listed: list[Any], organizer: User | None
) -> Event:
    listed_users = _users(listed)
    users: dict[str, Any] = {}  # only the users a row names are looked up or created
    new_ids: dict[str, dict[int, int]] = {}

    def ids(target: str, old: object) -> int:
        try:
            return new_ids[target][old]  # type: ignore[index]  # old is an id from the file: a miss is the KeyError below
        except KeyError:
            raise ExchangeError(
                gettext("A row refers to %(table)s %(id)s, which the file does not hold.")
                % {"table": target, "id": repr(old)}
            ) from None

    def user(name: object, where: str) -> User:
        if not isinstance(name, str) or name not in listed_users:
            raise ExchangeError(
                gettext("%(where)s: the user %(name)s is not in the file's users.")
                % {"where": where, "name": repr(name)}
            )
        if name not in users:
            users[name] = _user(listed_users[name])
        return users[name]

    games = []
    for model in event_models():
        name = label(model)
        rows = tables.get(name, [])
        new_ids[name] = {}
        later: list[tuple[models.Model, str, object]] = []  # links to a row of the same model
        built = []
        fields = {f.name: f for f in model._meta.concrete_fields}
        for row in rows:
            unknown = set(row) - set(fields) - {"pk"}
            if unknown:
                raise ExchangeError(
                    gettext("%(row)s: unknown field(s) %(fields)s.")
                    % {"row": f"{name} {row['pk']}", "fields": ", ".join(sorted(unknown))}
                )
            values: dict[str, Any] = {}
            own: list[tuple[str, object]] = []
            for fname, f in fields.items():
                where = f"{name} {row['pk']}.{fname}"
                if f.primary_key and not isinstance(f, models.ForeignKey):
                    continue
                if name == EVENT and fname == "organizer" and organizer is not None:
                    values["organizer"] = organizer  # the file's organizer is not needed here
                    continue
                if fname not in row:
                    continue  # a field added since the export: its default
                value = row[fname]
                key = f"{name}.{fname}"
                if isinstance(f, models.ForeignKey):
                    if value is None:
                        values[f.attname] = None
                    elif _is_user(f):
                        values[fname] = user(value, where)
                    elif f.related_model is model:
                        own.append((f.attname, value))  # set once that row has its id
                        values[f.attname] = None
                    else:
                        values[f.attname] = ids(label(f.related_model), value)
                elif key in INT_IDS:
                    values[fname] = None if value is None else ids(INT_IDS[key], value)
                elif key in JSON_IDS:
                    values[fname] = _remap_json(value, JSON_IDS[key], ids)
                elif key in REBUILT:
                    values[fname] = {}
                elif isinstance(f, models.JSONField):
                    values[fname] = value
                else:
                    try:
                        values[fname] = None if value is None else f.to_python(value)
                    except ValidationError as exc:
                        message = " ".join(exc.messages)
                        raise ExchangeError(f"{where}: {message}") from exc
                if f.unique and not f.is_relation and callable(f.default) and value is not None:
                    if model._default_manager.filter(**{fname: values[fname]}).exists():
                        values[fname] = f.default()  # a key this server already gave out
            obj = model(**values)
            later.extend((obj, attname, old) for attname, old in own)
            built.append(obj)
        model._default_manager.bulk_create(built, batch_size=500)
        if name == "tracker.Game":
            games = [obj.pk for obj in built]  # its primary key is its match
        for row, obj in zip(rows, built, strict=True):
            if obj.pk is None:  # pragma: no cover - a database that returns no ids
                raise ExchangeError(f"{name}: the database gave no ids back")
            new_ids[name][row["pk"]] = obj.pk
        for obj, attname, old in later:
            model._default_manager.filter(pk=obj.pk).update(**{attname: ids(name, old)})
    _rebuild_games(games)
    return Event.objects.get(pk=new_ids[EVENT][tables[EVENT][0]["pk"]])


def _rebuild_games(match_ids: list[int]) -> None:
    from pairing.models import Match
    from tracker.services import game_rebuild

    for match in Match.objects.filter(pk__in=match_ids).select_related("round"):
        game_rebuild(match=match)
