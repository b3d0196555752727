import os

from django.core.asgi import get_asgi_application

from core import keylog, tasks

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()
# Team keys stay out of the server's access log (the server set up its logging before this).
keylog.install()
# Without a broker, tasks meant for later (a round's deadline) and beat's periodic ones run on
# this process's timer thread (core.tasks.in_process).
tasks.start_in_process()
