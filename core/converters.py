"""The <id:...> path converter: a positive integer a database key can hold (1 .. 2**63-1).

A longer number is no route at all (404) instead of an OverflowError (500) in the query.
Importing this module registers the converter; the URL confs that use it import it.
"""

from django.urls import register_converter

MAX_ID = 2**63 - 1


class IdConverter:
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if not 0 < number <= MAX_ID:
            raise ValueError(value)  # Django: the route does not match
        return number

    def to_url(self, value: int | str) -> str:
        return str(int(value))


register_converter(IdConverter, "id")
