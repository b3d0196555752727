"""The accessibility check of the browser tests: axe-core (vendored in tests/e2e/fixtures/axe.min.js)
runs in the page and the test fails on any serious or critical violation of WCAG 2.x A/AA.

The script is evaluated through the DevTools protocol (page.evaluate), not added as a <script>,
so a Content-Security-Policy that forbids inline scripts does not stop the check."""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).parent.parent / "e2e" / "fixtures" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
FAIL_ON = ("serious", "critical")


def violations(page) -> list[dict]:
    """The serious and critical violations on the page as it is now."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    result = page.evaluate(
        "async (tags) => await axe.run(document, {runOnly: {type: 'tag', values: tags}})", TAGS
    )
    return [v for v in result["violations"] if v.get("impact") in FAIL_ON]


def describe(found: list[dict]) -> str:
    lines = []
    for v in found:
        targets = [", ".join(n["target"]) for n in v["nodes"][:5]]
        lines.append(f"{v['impact']}: {v['id']} ({v['help']}) at {targets}")
    return "\n".join(lines)


def assert_accessible(page, where: str = "") -> None:
    found = violations(page)
    assert not found, f"axe-core found on {where or page.url}:\n{describe(found)}"
