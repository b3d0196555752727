from django.apps import AppConfig


class PairingConfig(AppConfig):
    name = "pairing"
    default_auto_field = "django.db.models.BigAutoField"
