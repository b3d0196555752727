from django.urls import path

from core import converters  # noqa: F401  (registers <id:...>)
from notify import api

urlpatterns = [
    path("push/key/", api.PushKeyView.as_view(), name="api-push-key"),
    path("push/subscriptions/", api.PushSubscriptionsView.as_view(), name="api-push-subscriptions"),
    path(
        "push/subscriptions/<id:pk>/",
        api.PushSubscriptionView.as_view(),
        name="api-push-subscription",
    ),
]
