from django.urls import path

from carry import api

urlpatterns = [
    path("events/import/", api.EventImportView.as_view(), name="api-event-import"),
    path("events/<id:pk>/export/", api.EventExportView.as_view(), name="api-event-export"),
]
