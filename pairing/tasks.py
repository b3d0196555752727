"""Side effects only: nothing here is needed for correctness (docs/architecture.md)."""

from celery import shared_task

from pairing import rendering, views
from pairing.models import Round


@shared_task(name="pairing.warm_pairings")
def warm_pairings(round_id: int) -> bool:
    """Render a published round's pairings into the cache, the whole public page with them, so
    round start is served from it (its first visitor too)."""
    round_ = Round.objects.select_related("event").filter(pk=round_id).first()
    if round_ is None:
        return False
    rendering.warm(round_, page=views.public_round_page)
    return True
