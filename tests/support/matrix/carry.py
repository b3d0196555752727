"""Matrix rows: event files (issue 32): the organizer exports, any logged-in user imports."""

import json

from support.matrix import Row, expect


def _file(world) -> dict:
    from carry.services import exchange

    return json.loads(exchange.event_export_json(event=world.event))


ROWS = [
    Row("event-file-export", "get", lambda w: f"/api/v1/events/{w.event.pk}/export/",
        expect("organizer")),
    Row("event-file-import", "post", lambda w: "/api/v1/events/import/", expect("user", 201),
        body=_file),
    Row("page-event-file-export", "get", lambda w: f"/events/{w.event.pk}/export/",
        expect("organizer"), fmt="page"),
    Row("page-event-file-import", "get", lambda w: "/events/import/", expect("user"), fmt="page"),
]  # fmt: skip
