from django.conf import settings
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path
from drf_spectacular.views import SpectacularAPIView

from config.api_reference import api_reference
from config.health import favicon, healthz

api_v1: list[URLPattern | URLResolver] = [
    path("", include("tournament.api_urls")),
    path("", include("pairing.api_urls")),
    path("", include("judging.api_urls")),
    path("", include("tracker.api_urls")),
    path("", include("carry.api_urls")),
    path("", include("notify.api_urls")),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", api_reference, name="api-reference"),
]

urlpatterns = [
    path("api/v1/", include(api_v1)),
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", favicon, name="favicon"),
    path("", include("core.live")),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the language switcher
    path("", include("carry.urls")),
    path("", include("tournament.urls")),
    path("", include("pairing.urls")),
    path("", include("judging.urls")),
    path("", include("tracker.urls")),
]

# The database unreachable is a 503 page, any other fault the 500 page (core/error_pages.py).
handler500 = "core.error_pages.server_error"

if settings.ADMIN_ENABLED:
    urlpatterns.insert(3, path("admin/", admin.site.urls))
