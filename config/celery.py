"""The Celery application: `celery -A config worker`.

Tasks only do side effects (exports, cached pages, notifications); no correctness depends on a
worker running. Without CELERY_BROKER_URL the tasks run eagerly in-process (settings).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("tandem")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
