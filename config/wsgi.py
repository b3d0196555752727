import os

from django.core.wsgi import get_wsgi_application

from core import keylog

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
# Team keys stay out of the server's access log (the server set up its logging before this).
keylog.install()
