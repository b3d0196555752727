"""Issue 31: the draft's pod tables printed to PDF on A4 and Letter (one page per pod, every team
on its pod's page) and the pods on a 1920x1080 projector, all on one screen. Files:
print-pod-tables-*.pdf, pods-projector-1920.png in tests/e2e/screenshots/.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from support import factories
from support.browser import login
from tournament.services import events as event_services

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = Path(__file__).parent / "screenshots"
GUILDS = ("Azorius", "Dimir", "Rakdos", "Gruul", "Selesnya", "Orzhov", "Izzet", "Golgari")


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_pod_tables_print_a_page_per_pod_and_fit_the_projector(live_server, browser, paper):
    alice = factories.user("alice", password="alice-prints-9")
    event = factories.event(
        alice, name="Draft 2HG Open", structure="draft", format="", rel="competitive", public=True
    )
    for i in range(24):
        factories.team(event, f"{GUILDS[i % 8]} Grave-Trolls {i:02d}", [f"Ana {i}", f"Bo {i}"])
    event_services.event_seat_pods(event=event, size=4, seed=9)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        login(page, live_server.url, "alice", "alice-prints-9")
        page.goto(f"{live_server.url}/events/{event.pk}/pods/print/")
        page.emulate_media(media="print")
        data = page.pdf(format=paper, prefer_css_page_size=True, print_background=True)
        SHOTS.mkdir(exist_ok=True)
        (SHOTS / f"print-pod-tables-{paper.lower()}.pdf").write_bytes(data)
        reader = PdfReader(io.BytesIO(data))
        assert len(reader.pages) == 6
        for number, pdf_page in enumerate(reader.pages, start=1):
            text = re.sub(r"\s+", " ", re.sub(r"-\s+", "-", pdf_page.extract_text() or ""))
            assert f"Pod {number}" in text
            pod_teams = event.teams.filter(pod=number)
            assert all(t.name in text for t in pod_teams)
        if paper == "A4":
            page.set_viewport_size({"width": 794, "height": 1123})
            page.screenshot(path=str(SHOTS / "pod-table-a4.png"))
            page.emulate_media(media="screen")
            page.set_viewport_size({"width": 1920, "height": 1080})
            page.goto(f"{live_server.url}/events/{event.pk}/pods/projector/")
            assert page.locator(".pod-card").count() == 6
            page.screenshot(path=str(SHOTS / "pods-projector-1920.png"))
            assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    finally:
        context.close()
