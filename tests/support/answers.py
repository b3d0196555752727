"""Comparing two answers to the same request made two ways (an early answer and the whole
middleware chain): the headers a caller or a browser acts on."""

# What the content is, its language and caching, and the security headers every answer carries.
HEADERS = (
    "Content-Type",
    "Content-Language",
    "Vary",
    "X-Frame-Options",
    "Content-Security-Policy",
    "Permissions-Policy",
    "X-Content-Type-Options",
    "Referrer-Policy",
)


def assert_same_headers(one, other, *extra: str) -> None:
    """Both answers carry each of HEADERS and ``extra``, with the same value."""
    for header in (*HEADERS, *extra):
        assert one.get(header) is not None, header
        assert one.get(header) == other.get(header), header
