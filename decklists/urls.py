"""Pages of decklists (decklists/views.py); included from tournament/urls.py."""

from django.urls import path

from core import converters  # noqa: F401  (registers <id:...>)
from decklists import pool_views, views

urlpatterns = [
    path("t/<str:key>/decklists/", views.team_decklists, name="team-decklists"),
    path(
        "t/<str:key>/decklists/<str:target>/save/",
        views.team_decklist_save,
        name="team-decklist-save",
    ),
    path("events/<id:pk>/decklists/", views.board, name="event-decklists"),
    path("events/<id:pk>/decklists/rules/", views.deck_rules, name="event-deck-rules"),
    path("events/<id:pk>/decklists/print/", views.print_all, name="event-decklists-print"),
    path(
        "events/<id:pk>/decklists/<id:team_id>/",
        views.staff_team,
        name="event-team-decklists",
    ),
    path(
        "events/<id:pk>/decklists/<id:team_id>/print/",
        views.print_team,
        name="event-team-decklists-print",
    ),
    path("catalogue/", views.catalogue_page, name="catalogue"),
    path("catalogue/update/", views.catalogue_update, name="catalogue-update"),
    path("t/<str:key>/pool/opened/", pool_views.opened_pool_team, name="opened-pool-team"),
    path("events/<id:pk>/pools/", pool_views.pool_registration, name="pool-registration"),
    path(
        "events/<id:pk>/pools/<id:team_id>/opened/",
        pool_views.opened_pool_staff,
        name="opened-pool-staff",
    ),
    path("events/<id:pk>/pools/sheets/", pool_views.pool_sheets, name="pool-sheets"),
    path("events/<id:pk>/product/", pool_views.product_list, name="product-list"),
]
