import os

from django.core.asgi import get_asgi_application

from core import keylog

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_asgi_application()
# Team keys stay out of the server's access log (the server set up its logging before this).
keylog.install()
