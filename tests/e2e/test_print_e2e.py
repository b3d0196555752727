"""The organizer's printouts rendered to PDF by headless chromium (page.pdf, as printing from the
browser does) on A4 and on Letter: each printout has the expected number of pages and names every
team; the wall list of a 512-team event (1,024 players by name) prints in a few pages, in columns.
PDFs are kept in tests/e2e/screenshots/ for people to look at.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from pairing import services
from support import factories
from support.browser import login
from tournament.domain.names import name_key
from tournament.models import Player, Team

pytestmark = pytest.mark.django_db(transaction=True)

SHOTS = Path(__file__).parent / "screenshots"
PAPERS = ("A4", "Letter")
FIRST = (
    "Ana", "Bruno", "Chiara", "Dmitri", "Eleanor", "Fernando", "Giulia", "Haruto", "Ingrid",
    "Jean-Baptiste", "Kwame", "Lucía", "Maximilian", "Nadia", "Oluwaseun", "Priya",
)  # fmt: skip
LAST = (
    "Abernathy", "Bergström", "Castellanos", "Dubois", "Eriksen", "Fitzgerald", "García",
    "Hashimoto", "Ivanova", "Johansson", "Kowalczyk", "Laurent", "Montgomery", "Nakamura",
    "Okonkwo", "Papadopoulos", "Quintero", "Rasmussen", "Santos", "Thompson", "Urquhart",
    "Van der Berg", "Wójcik", "Xavier", "Yamamoto", "Zimmermann", "Almeida", "Brennan",
    "Caldwell", "Delacroix", "Esposito", "Fontaine",
)  # fmt: skip
GUILDS = ("Azorius", "Dimir", "Rakdos", "Gruul", "Selesnya", "Orzhov", "Izzet", "Golgari")
BEASTS = ("Giants", "Twin Dragons", "Grave-Trolls", "Sphinxes", "Wurms", "Angels", "Goblins")


def _event(n: int, team_size: int = 2):
    """An event of n teams with names of a realistic length, paired for round 1 (published)."""
    alice = factories.user("alice", password="alice-prints-9")
    event = factories.event(
        alice, name="Saturday Two-Headed Giant Open", swiss_rounds=9, team_size=team_size
    )
    names = [f"{GUILDS[i % 8]} {BEASTS[i // 8 % 7]} {i:03d}" for i in range(n)]
    teams = Team.objects.bulk_create(
        Team(event=event, name=name, name_key=name_key(name)) for name in names
    )
    players = []
    for i, team in enumerate(teams):
        for seat in range(1, team_size + 1):
            k = team_size * i + seat - 1
            name = f"{FIRST[k % 16]} {LAST[k // 16 % 32]}"
            if k >= 16 * 32:
                name += f" {k // (16 * 32) + 1}"  # unique names beyond 512 players
            players.append(
                Player(event=event, team=team, name=name, name_key=name_key(name), seat=seat)
            )
    Player.objects.bulk_create(players)
    round_ = services.round_pair_next(event=event, seed=7)
    services.round_publish(round_=round_)
    return event, round_, teams


def _pdf(page, url: str, paper: str, name: str) -> PdfReader:
    page.goto(url)
    page.emulate_media(media="print")
    data = page.pdf(format=paper, prefer_css_page_size=True, print_background=True)
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / f"print-{name}-{paper.lower()}.pdf").write_bytes(data)
    return PdfReader(io.BytesIO(data))


def _text(reader: PdfReader) -> str:
    """All the text, whitespace collapsed (a long name may wrap inside a column)."""
    text = " ".join(p.extract_text() or "" for p in reader.pages)
    return re.sub(r"\s+", " ", re.sub(r"-\s+", "-", text))


def _missing(text: str, names) -> list[str]:
    return [n for n in names if n not in text]


@pytest.fixture
def organizer_page(live_server, desktop):
    def open_as_alice():
        login(desktop, live_server.url, "alice", "alice-prints-9")
        return desktop

    return open_as_alice


def test_512_team_event_prints_wall_list_tables_and_standings(live_server, organizer_page):
    """The wall list: 1,024 players in 3 columns, at most 8 pages (a one-column list at a
    normal size takes over 20); pairings by table and standings: every team, a bounded count."""
    event, round_, teams = _event(512)
    team_names = [t.name for t in teams]
    players = list(Player.objects.filter(event=event).values_list("name", flat=True))
    page = organizer_page()
    base = f"{live_server.url}/events/{event.pk}"
    pages = {}
    for paper in PAPERS:
        wall = _pdf(page, f"{base}/rounds/1/print/names/", paper, "wall-512")
        text = _text(wall)
        assert _missing(text, team_names) == []
        assert _missing(text, players) == []
        tables = _pdf(page, f"{base}/rounds/1/print/tables/", paper, "tables-512")
        assert _missing(_text(tables), team_names + players) == []
        standings = _pdf(page, f"{base}/print/standings/", paper, "standings-512")
        assert _missing(_text(standings), team_names) == []
        pages[paper] = (len(wall.pages), len(tables.pages), len(standings.pages))
    print("pages (wall, tables, standings):", pages)
    for paper, (wall_pages, table_pages, standing_pages) in pages.items():
        assert wall_pages <= 8, (paper, wall_pages)
        assert table_pages <= 10, (paper, table_pages)  # 256 tables, about 28 a page
        assert standing_pages <= 12, (paper, standing_pages)  # 512 teams, about 48 a page


def test_slips_poster_and_a_bye_print_on_a4_and_letter(live_server, organizer_page):
    """21 teams: 10 tables and a bye. Slips: six a page, so 2 pages, each slip with both teams,
    every player and a signature line each; the poster is one page with the event's address."""
    event, round_, teams = _event(21)
    team_names = [t.name for t in teams]
    bye = round_.matches.get(team_b__isnull=True).team_a
    page = organizer_page()
    base = f"{live_server.url}/events/{event.pk}"
    for paper in PAPERS:
        slips = _pdf(page, f"{base}/rounds/1/slips/", paper, "slips")
        assert len(slips.pages) == 2
        text = _text(slips)
        assert _missing(text, [n for n in team_names if n != bye.name]) == []
        assert bye.name not in text  # a bye has no table and no slip
        for i, sheet in enumerate(slips.pages):
            sheet_text = sheet.extract_text() or ""
            assert sheet_text.count("Signature") == (6 if i == 0 else 4) * 4
            assert sheet_text.count("Primary") == (6 if i == 0 else 4) * 2
        wall = _pdf(page, f"{base}/rounds/1/print/names/", paper, "wall")
        assert len(wall.pages) == 1
        assert "bye" in _text(wall)
        tables = _pdf(page, f"{base}/rounds/1/print/tables/", paper, "tables")
        assert len(tables.pages) == 1
        assert _missing(_text(tables), team_names) == []
        poster = _pdf(page, f"{base}/print/poster/", paper, "poster")
        assert len(poster.pages) == 1
        assert f"{live_server.url}/events/{event.pk}/" in _text(poster)
        assert event.name in _text(poster)


def test_dashboard_shows_the_lan_address_and_qr_code_on_a_phone(live_server, phone, settings, shot):
    """LAN mode on a phone-sized screen: the address and a QR code that fits, no sideways
    scrolling; the poster link is there."""
    event, _round, _teams = _event(4)
    settings.LAN_URL = "http://192.168.1.20:8000"
    login(phone, live_server.url, "alice", "alice-prints-9")
    phone.goto(f"{live_server.url}/events/{event.pk}/")
    lan_block = phone.locator(".lan")
    assert f"http://192.168.1.20:8000/events/{event.pk}/" in lan_block.inner_text()
    box = phone.locator(".lan svg.qr").bounding_box()
    assert box is not None
    assert 120 <= box["width"] <= 390
    assert box["width"] == pytest.approx(box["height"], abs=1)
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert phone.locator("a[href$='/print/poster/']").count() == 1
    shot(phone, "print-dashboard-lan-phone")
    phone.goto(f"{live_server.url}/events/{event.pk}/rounds/1/print/names/")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(phone, "print-wall-phone")


def test_slips_of_four_player_teams_print_four_a_page(live_server, organizer_page):
    """Four-Headed Giant (CR 810.11): each slip has eight signature lines, so four slips a page."""
    event, _round, _teams = _event(10, team_size=4)
    page = organizer_page()
    for paper in PAPERS:
        slips = _pdf(page, f"{live_server.url}/events/{event.pk}/rounds/1/slips/", paper, "slips-4")
        assert len(slips.pages) == 2
        counts = [(p.extract_text() or "").count("Signature") for p in slips.pages]
        assert counts == [4 * 8, 1 * 8]
        players = Player.objects.filter(event=event).values_list("name", flat=True)
        assert _missing(_text(slips), players) == []
