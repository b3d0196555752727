from django.urls import path

from carry import views

urlpatterns = [
    path("events/import/", views.event_import, name="event-import"),
    path("events/<id:pk>/export/", views.event_export, name="event-export"),
]
