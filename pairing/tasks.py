"""Side effects only: nothing here is needed for correctness (docs/architecture.md)."""

from celery import shared_task
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, QueryDict
from django.urls import reverse

from core import pagecache
from core.middleware import resolve_caller
from pairing import rendering, views
from pairing.models import Round


@shared_task(name="pairing.warm_pairings")
def warm_pairings(round_id: int) -> bool:
    """Render a published round's pairings into the cache, the whole public page with them, so
    round start is served from it (its first visitor too)."""
    round_ = Round.objects.select_related("event").filter(pk=round_id).first()
    if round_ is None:
        return False
    rendering.warm(round_, page=public_round_page)
    return True


def public_round_page(round_: Round, view: str) -> str:
    """The public's page of a round as an anonymous visitor's request renders it for the cache
    (CSRF_PLACEHOLDER for the token), rendered outside a request."""
    request = HttpRequest()
    request.method = "GET"
    request.path = request.path_info = reverse("round", args=[round_.event_id, round_.number])
    query = "by=name" if view == "name" else ""
    request.META["QUERY_STRING"] = query
    request.GET = QueryDict(query)
    request.user = AnonymousUser()
    request.caller = resolve_caller(request)  # type: ignore[attr-defined]  # as core.middleware.CallerMiddleware sets it
    page = views.round_page(request, round_, view, False, csrf_token=pagecache.CSRF_PLACEHOLDER)
    return page.content.decode()
