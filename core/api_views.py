"""The base of every API view: the caller is resolved once DRF has authenticated the request."""

from rest_framework import views

from core.middleware import resolve_caller


# No docstring on the class: drf-spectacular would show it as the description of every view
# that has none of its own.
class APIView(views.APIView):
    # rest_framework's APIView with request.caller: the token or session user and the team of an
    # X-Team-Key, resolved after DRF authentication (the page middleware's caller cannot know
    # them).

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        request.caller = request._request.caller = resolve_caller(request)
        if request.method in ("POST", "PUT", "PATCH") and request.stream is not None:
            # Read the body now, also where the view takes none: a malformed or too deeply
            # nested body is a 400 from the parser on every write endpoint alike.
            request.data  # noqa: B018
