"""The team's penalties on its private page (tournament.hooks.TEAM_PAGE, registered in
JudgingConfig.ready()): what the judges recorded for its players, rescinded ones left out, so
the players know where they stand (IPG and the 2HG penalty rules in docs/rules.md "Penalties")."""

from __future__ import annotations

from django.http import HttpRequest

from core.i18n import localize
from judging.domain.infractions import UnknownInfractionError, infraction
from judging.models import Penalty
from tournament.hooks import TeamBlock
from tournament.models import Team


def team_penalties(request: HttpRequest, team: Team) -> TeamBlock | None:
    penalties = list(
        Penalty.objects.filter(team=team, rescinded_at__isnull=True)
        .select_related("player")
        .order_by("issued_at", "pk")
    )
    if not penalties:
        return None
    for p in penalties:
        try:
            p.infraction_name = localize(infraction(p.infraction).name)  # type: ignore[attr-defined]  # a display attribute for the template
        except UnknownInfractionError:
            p.infraction_name = p.infraction  # type: ignore[attr-defined]  # a display attribute for the template
    return TeamBlock("judging/_team_block.html", {"team_penalties": penalties})
