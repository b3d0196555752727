"""Settings of a Celery worker that sends pushes to a test's receiver on 127.0.0.1 (plain HTTP),
and queues the tasks it makes itself on the test's own queue (tests/notify/test_push_worker.py).
Never used by the application."""

import os

from config.settings import *  # noqa: F403

PUSH_ALLOW_HTTP = True
CELERY_TASK_DEFAULT_QUEUE = os.environ["TEST_CELERY_QUEUE"]
