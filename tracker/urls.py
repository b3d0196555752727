from django.urls import path

from core import converters  # noqa: F401  (registers <id:...>)
from tracker import views

urlpatterns = [
    path("t/<str:key>/table/", views.table, name="tracker-table"),
    path("t/<str:key>/table/event/", views.table_event, name="tracker-table-event"),
    path("t/<str:key>/table/confirm/", views.table_confirm, name="tracker-table-confirm"),
    path("events/<id:pk>/matches/<id:match_id>/game/", views.judge_table, name="tracker-judge"),
    path(
        "events/<id:pk>/matches/<id:match_id>/game/event/",
        views.judge_table_event,
        name="tracker-judge-event",
    ),
]
