from django.db import connection
from django.http import JsonResponse


def healthz(request):
    """Liveness and database check for the load balancer and docker-compose."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception:  # noqa: BLE001 - any database failure means "not healthy"
        return JsonResponse({"status": "database unavailable"}, status=503)
    return JsonResponse({"status": "ok"})


def favicon(request):
    """/favicon.ico, which browsers ask for on their own: the icon the pages link to."""
    from django.http import HttpResponsePermanentRedirect
    from django.templatetags.static import static

    return HttpResponsePermanentRedirect(static("favicon.svg"))
