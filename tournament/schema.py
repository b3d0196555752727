"""OpenAPI description of the team key header (drf-spectacular extension)."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class TeamKeyScheme(OpenApiAuthenticationExtension):
    target_class = "tournament.api_auth.TeamKeyAuthentication"
    name = "teamKey"

    def get_security_definition(self, auto_schema):
        return {
            "type": "apiKey",
            "in": "header",
            "name": "X-Team-Key",
            "description": "A team's access key (its private link /t/<key>/).",
        }
