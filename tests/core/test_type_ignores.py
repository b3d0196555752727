"""Every ``type: ignore`` names its error code and says why (issue 26 "Deliver" 7): ruff's
PGH003 asks for the code; this asks for the reason, a comment after it."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIP = {".venv", "var", "node_modules", ".git"}
IGNORE = re.compile(r"#\s*type:\s*ignore")
WITH_REASON = re.compile(r"#\s*type:\s*ignore\[[a-z-]+(?:,\s*[a-z-]+)*\]\s+#\s*\S")


def _sources():
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).parts
        if not SKIP.intersection(parts) and "migrations" not in parts and path != Path(__file__):
            yield path  # this file's own examples aside


def test_every_type_ignore_has_a_code_and_a_reason():
    bare = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in _sources()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if IGNORE.search(line) and not WITH_REASON.search(line)
    ]
    assert bare == [], "type: ignore without [code] and a reason comment"


def test_the_check_tells_a_reason_from_none():
    assert WITH_REASON.search("x = f()  # type: ignore[attr-defined]  # set by the middleware")
    assert not WITH_REASON.search("x = f()  # type: ignore[attr-defined]")
    assert not WITH_REASON.search("x = f()  # type: ignore  # no code")
