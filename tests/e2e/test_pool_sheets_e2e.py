"""Issue 31: the pool sheets and the product list printed to PDF by headless chromium on A4 and
Letter: one page per team, the swap printed on each sheet (who the pool goes to, whose pool the
team builds from, the seed), every card of the pool listed. PDFs: print-pool-sheets-*.pdf,
print-product-*.pdf in tests/e2e/screenshots/.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from decklists.models import PoolSwapEntry
from decklists.services import pool_swap as services
from support import factories
from support.browser import login

pytestmark = pytest.mark.django_db(transaction=True)
SHOTS = Path(__file__).parent / "screenshots"


def _pdf(page, url: str, paper: str, name: str) -> PdfReader:
    page.goto(url)
    page.emulate_media(media="print")
    data = page.pdf(format=paper, prefer_css_page_size=True, print_background=True)
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / f"print-{name}-{paper.lower()}.pdf").write_bytes(data)
    return PdfReader(io.BytesIO(data))


def _text(reader: PdfReader, page: int) -> str:
    return re.sub(r"\s+", " ", reader.pages[page].extract_text() or "")


def _pool(i: int) -> str:
    # 112 cards in 56 distinct names of a realistic length (a full Sealed pool's size)
    return "\n".join(f"2 Vengeful Strixhaven Archmage {i}-{n:02d}" for n in range(56))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_pool_sheets_print_one_page_per_team_with_the_swap(live_server, desktop, paper):
    alice = factories.user("alice", password="alice-prints-9")
    event = factories.event(
        alice, name="Sealed 2HG Open", structure="sealed", format="", rel="competitive"
    )
    teams = [factories.team(event, f"Team {name}") for name in ("Azorius", "Dimir", "Rakdos")]
    services.limited_setup_update(
        event=event,
        data={"pool_procedure": "register_and_swap", "product_name": "Secrets of Strixhaven"},
    )
    for i, team in enumerate(teams):
        services.opened_pool_submit(team=team, text=_pool(i))
    services.pool_swap_draw(event=event, seed=31)
    gives = {
        e.opener.name: e.receiver.name
        for e in PoolSwapEntry.objects.select_related("opener", "receiver")
    }
    login(desktop, live_server.url, "alice", "alice-prints-9")
    base = f"{live_server.url}/events/{event.pk}"
    sheets = _pdf(desktop, f"{base}/pools/sheets/", paper, "pool-sheets")
    assert len(sheets.pages) == 3
    for i, team in enumerate(teams):
        text = _text(sheets, i)
        assert f"Pool opened by {team.name}" in text
        assert f"This pool goes to: {gives[team.name]}" in text
        builds_from = next(a for a, b in gives.items() if b == team.name)
        assert f"{team.name} builds from the pool of: {builds_from}" in text
        assert "Swap seed 31" in text
        assert f"Vengeful Strixhaven Archmage {i}-55" in text  # the last card is on the page
        assert "112 cards registered" in text
    if paper == "A4":  # the first sheet as printed, for people to look at
        desktop.set_viewport_size({"width": 794, "height": 1123})
        desktop.screenshot(path=str(SHOTS / "pool-sheet-a4.png"))
    product = _pdf(desktop, f"{base}/product/", paper, "product")
    assert len(product.pages) == 1
    assert "Secrets of Strixhaven" in _text(product, 0)
    assert re.search(r"Boosters .*8 24", _text(product, 0))
