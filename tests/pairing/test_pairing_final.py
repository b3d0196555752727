"""Final results and the EventLink export (pairing.domain.final; docs/rules.md)."""

import csv
import io

import pytest

from pairing import selectors, services
from pairing.selectors import results as final_reads
from support.rounds import event_with_teams, games, win_all_a
from tournament.services import teams as tournament_teams

pytestmark = pytest.mark.django_db


def _csv(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(response.content.decode())))


def test_finish_order_and_exports_of_a_played_event(client):
    """Five teams, 2 Swiss rounds (one intentional draw, byes), a top 2. The final's winner is
    first, the loser second, then the Swiss standings; a team that dropped before round 1 has no
    place; the export shows an intentional draw as 0-0-3 and a bye as 2-0-0."""
    event, teams = event_with_teams(6, swiss_rounds=2, top_cut=2)
    tournament_teams.team_drop(team=teams[5])  # before round 1: did not take part
    first = services.round_pair_next(event=event, seed=1)
    played = list(first.matches.filter(team_b__isnull=False).order_by("table"))
    results = {m.pk: (1, 0, 0) for m in played}
    results[played[0].pk] = (0, 0, 0)  # an intentional draw
    services.results_enter_bulk(round_=first, results=results)
    win_all_a(services.round_pair_next(event=event, seed=2))
    final_round = services.round_pair_next(event=event)
    final = final_round.matches.get()
    services.match_enter_result(match=final, **games(0, 1))
    event.refresh_from_db()
    assert event.status == "finished"

    rows = final_reads.final_results(event)
    assert [r.team for r in rows[:2]] == [final.team_b_id, final.team_a_id]
    assert [r.reached for r in rows[:2]] == ["champion", "final"]
    assert teams[5].pk not in {r.team for r in rows}
    assert [r.place for r in rows] == [1, 2, 3, 4, 5]
    swiss = selectors.standings(event)
    rest = [row.team for row in swiss.rows if row.team not in (final.team_a_id, final.team_b_id)]
    assert [r.team for r in rows[2:]] == [t for t in rest if t != teams[5].pk]

    client.force_login(event.organizer)
    page = client.get(f"/events/{event.pk}/final/")
    assert page.status_code == 200
    assert "places.csv" in page.content.decode()
    places = _csv(client.get(f"/events/{event.pk}/final/places.csv"))
    assert places[0][:4] == ["place", "team", "player 1", "wizards id 1"]
    assert [line[0] for line in places[1:]] == ["1", "2", "3", "4", "5"]
    results = _csv(client.get(f"/events/{event.pk}/final/results.csv"))
    header, body = results[0], results[1:]
    assert header == [
        "round",
        "stage",
        "table",
        "team",
        "opponent",
        "result",
        "won",
        "lost",
        "drawn",
    ]
    draw_rows = [r for r in body if r[0] == "1" and r[5] == "draw"]
    assert [r[6:] for r in draw_rows] == [["0", "0", "3"], ["0", "0", "3"]]
    bye_rows = [r for r in body if r[4] == "bye"]
    assert bye_rows
    assert all(r[5:] == ["win", "2", "0", "0"] for r in bye_rows)


def test_the_exports_are_for_staff_only(client):
    """The places export carries Wizards Account IDs: staff only; the order itself is public."""
    event, _teams = event_with_teams(4, swiss_rounds=1)
    assert client.get(f"/events/{event.pk}/final/").status_code == 200
    assert client.get(f"/events/{event.pk}/final/places.csv").status_code in (302, 403, 404)
    assert client.get(f"/events/{event.pk}/final/results.csv").status_code in (302, 403, 404)
