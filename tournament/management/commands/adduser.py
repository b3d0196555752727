from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Create an ordinary active user (or reset the password of an existing one)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--password", required=True)
        parser.add_argument("--email", default="")
        parser.add_argument(
            "--name", default=None, help="the name others see (the API shows no username)"
        )

    def handle(
        self, *args, username: str, password: str, email: str, name: str | None = None, **options
    ):
        username = username.strip()
        if not username or len(username) > 150:
            raise CommandError("Give a username of 1 to 150 characters.")
        if len(password) < 8:
            raise CommandError("The password must have at least 8 characters.")
        users = get_user_model().objects
        user, created = users.get_or_create(username=username, defaults={"email": email})
        user.set_password(password)
        user.is_active = True
        if name is not None:
            user.first_name, user.last_name = name.strip()[:150], ""
        user.save()
        verb = "Created" if created else "Updated the password of"
        self.stdout.write(self.style.SUCCESS(f"{verb} user {username}."))
