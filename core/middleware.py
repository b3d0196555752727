"""Pages answer access errors like the API: 404 for what is private, login for anonymous callers."""

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404

from core.errors import AccessDenied, NotVisible


class AccessErrorsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, NotVisible):
            raise Http404("Not found.")
        if isinstance(exception, AccessDenied):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied("You do not have the right to do this in this event.")
        return None
