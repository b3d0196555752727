"""Languages: the browser's language is used, the switcher changes it, and the shipped Spanish
translation is complete and compiled (the .mo in the repository matches its .po)."""

import ast
import re
from pathlib import Path
from typing import NamedTuple

import pytest
from django.test import Client
from django.utils import translation

from judging.domain.infractions import CATALOGUE
from pairing import services
from support import factories

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "es" / "LC_MESSAGES" / "django.po"


class Entry(NamedTuple):
    context: str | None
    msgid: str
    plural: str | None
    msgstr: list[str]  # one text, or one per plural form (Spanish has three)


def _parse(path: Path) -> list[Entry]:
    """The entries of a .po file, with their context and plural forms."""
    entries = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        parts: dict[str, str] = {}
        key = None
        for line in block.splitlines():
            if line.startswith("#"):
                continue
            found = re.match(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) (\".*\")$", line)
            if found:
                key = found.group(1)
                parts[key] = ast.literal_eval(found.group(2))
            elif key:
                parts[key] += ast.literal_eval(line)
        if parts.get("msgid"):
            forms = sorted(k for k in parts if k.startswith("msgstr"))
            entries.append(
                Entry(
                    parts.get("msgctxt"),
                    parts["msgid"],
                    parts.get("msgid_plural"),
                    [parts[k] for k in forms],
                )
            )
    return entries


def _entries(path: Path) -> dict[str, str]:
    """msgid -> msgstr of a .po file's entries without context or plural."""
    return {e.msgid: e.msgstr[0] for e in _parse(path) if e.context is None and e.plural is None}


def _translated(entry: Entry, n: int) -> str:
    if entry.plural is None and entry.context is None:
        return translation.gettext(entry.msgid)
    if entry.plural is None:
        return translation.pgettext(entry.context, entry.msgid)
    if entry.context is None:
        return translation.ngettext(entry.msgid, entry.plural, n)
    return translation.npgettext(entry.context, entry.msgid, entry.plural, n)


def test_spanish_is_complete_and_its_compiled_catalogue_is_current():
    entries = _parse(PO)
    assert len(entries) > 50
    assert [e.msgid for e in entries if not all(e.msgstr)] == []
    # Spanish has three plural forms (one, a multiple of a million, other): each counted
    # sentence has all three.
    assert [e.msgid for e in entries if e.plural and len(e.msgstr) != 3] == []
    assert "#, fuzzy" not in PO.read_text(encoding="utf-8")
    stale = []
    with translation.override("es"):
        for e in entries:
            # Spanish plural forms: 1 -> [0], 1000000 -> [1], any other count -> [2]
            for n, form in ((1, 0), (1_000_000, 1), (2, 2)) if e.plural else ((1, 0),):
                if _translated(e, n) != e.msgstr[form]:
                    stale.append(e.msgid)
    assert stale == []  # run: manage.py compilemessages


def test_placeholders_survive_translation():
    for e in _parse(PO):
        wanted = sorted(set(re.findall(r"%\(\w+\)s", e.msgid)))
        for text in e.msgstr:
            assert sorted(set(re.findall(r"%\(\w+\)s", text))) == wanted, e.msgid


@pytest.fixture
def round_1(db):
    event = factories.event(name="Open", swiss_rounds=3, public=True)
    for name in ("Red", "Blue", "Gold", "Grey"):
        factories.team(event, name)
    round_ = services.round_pair_next(event=event, seed=1)
    services.round_publish(round_=round_)
    return event


def test_the_browser_language_is_used(round_1):
    url = f"/events/{round_1.pk}/rounds/1/print/names/"
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es-ES,es;q=0.9,en;q=0.5").get(url).content.decode()
    assert '<html lang="es">' in spanish
    assert "Emparejamientos por nombre" in spanish
    english = Client(HTTP_ACCEPT_LANGUAGE="en-GB").get(url).content.decode()
    assert '<html lang="en">' in english
    assert "Pairings by name" in english


def test_the_switcher_sets_the_language(round_1):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    url = f"/events/{round_1.pk}/rounds/1/print/tables/"
    page = client.get(url).content.decode()
    assert 'name="language"' in page
    assert 'action="/i18n/setlang/"' in page
    response = client.post("/i18n/setlang/", {"language": "es", "next": url})
    assert response.status_code == 302
    assert response["Location"] == url
    assert "Emparejamientos por mesa" in client.get(url).content.decode()


def _visible_text(html: str) -> str:
    """The words a reader sees: tags, scripts and styles removed, entities as written."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _marked_english() -> list[str]:
    """The marked sentences whose Spanish differs: none may show on a Spanish page. Only whole
    phrases without placeholders (a single word such as "Table" may be a team's name)."""
    return [
        msgid
        for msgid, text in _entries(PO).items()
        if msgid != text and " " in msgid and "%" not in msgid and len(msgid) > 12
    ]


def test_the_players_pages_are_in_spanish(round_1):
    """The team's page, its table and the event's page, asked for in Spanish: Spanish words,
    and none of the marked English phrases."""
    team = round_1.teams.order_by("pk").first()
    key = team.access_key
    spanish = Client(HTTP_ACCEPT_LANGUAGE="es")
    english_phrases = _marked_english()
    expected = {
        f"/t/{key}/": ["Vuestro equipo", "Nuestra mesa", "Abrir nuestra mesa", "Recordarnos"],
        f"/t/{key}/table/": ["Pasar el turno", "Aplicar a los cuatro", "Registro", "veneno"],
        f"/events/{round_1.pk}/": ["Clasificación", "Equipos", "Rondas", "Busca tu mesa"],
    }
    for url, words in expected.items():
        response = spanish.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert '<html lang="es">' in html, url
        text = _visible_text(html)
        for word in words:
            assert word in text, (url, word)
        assert [p for p in english_phrases if p in text] == [], url


def test_the_players_pages_stay_english_without_a_spanish_browser(round_1):
    """The default language is English: tests and English browsers read the original words."""
    team = round_1.teams.order_by("pk").first()
    page = Client().get(f"/t/{team.access_key}/table/").content.decode()
    assert "Pass the turn" in page
    assert "Pasar el turno" not in page


def test_the_staff_pages_are_in_spanish(round_1):
    """The organizer's and the judges' pages, asked for in Spanish: Spanish words from their
    templates and from the words built in Python (the structure and sanctioning lines, the next
    step), and none of the marked English phrases."""
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    client.force_login(round_1.organizer)
    pk = round_1.pk
    match = round_1.rounds.get(number=1).matches.order_by("table").first()
    team = round_1.teams.order_by("pk").first()
    # The infractions' names come from the judging rules' catalogue (a list to pick from), not
    # from these pages' words.
    names = {i.name for i in CATALOGUE}
    english_phrases = [p for p in _marked_english() if p not in names]
    expected = {
        f"/events/{pk}/": ["Sancionable: sí", "Resultados de la ronda 1", "Cerrar sesión"],
        f"/events/{pk}/rounds/": ["3 rondas de suizo", "Fase", "introducir resultados"],
        f"/events/{pk}/rounds/1/": ["Por mesa", "Mover un enfrentamiento a otra mesa", "Equipo A"],
        f"/events/{pk}/rounds/1/results/": [
            "Ronda 1: introducir resultados",
            "2 mesas sin resultado definitivo",
        ],
        f"/events/{pk}/rounds/1/missing/": ["Nada comunicado", "Introducir resultados"],
        f"/events/{pk}/matches/{match.pk}/": ["Introducir el resultado", "Penalización en esta"],
        f"/events/{pk}/teams/": ["4 equipos", "Jugadores (el principal primero)"],
        # The forms' own labels and help texts (tournament.forms, pairing.forms).
        f"/events/{pk}/teams/{team.pk}/": ["Mantener en la mesa", "Nuevo nombre del equipo"],
        f"/events/{pk}/edit/": ["Jugadores por equipo", "Nivel de aplicación de las reglas"],
        "/events/new/": ["Nombre del evento", "Gigante de dos cabezas"],
        f"/events/{pk}/staff/": ["Invitar al staff", "Añadir a alguien que ya tiene cuenta"],
        f"/events/{pk}/decklists/": ["Prohibidas en todo el Gigante de dos cabezas", "faltan"],
        f"/events/{pk}/penalties/": ["No hay penalizaciones.", "Informe CSV"],
        f"/events/{pk}/penalties/new/": ["¿Dónde?", "Número de mesa"],
        f"/events/{pk}/penalties/new/?match={match.pk}": [
            "Buscar la infracción",
            "Proponer la penalización",
        ],
        f"/events/{pk}/seats/": ["El reloj de la ronda no ha empezado", "Por revisar"],
        f"/events/{pk}/deckchecks/": ["Recoger los mazos de un equipo"],
        f"/events/{pk}/judging/reference/": ["Referencia rápida de 2HG", "Infracciones"],
        f"/events/{pk}/clock/floor/": ["Reloj de la ronda:", "Sala"],
        f"/events/{pk}/matches/{match.pk}/clock/": ["Turno pasado", "Dar la extensión"],
        "/catalogue/": ["Lo que sabe Tandem", "Cargar datos de cartas más recientes"],
    }
    for url, words in expected.items():
        response = client.get(url)
        assert response.status_code == 200, url
        text = _visible_text(response.content.decode())
        for word in words:
            assert word in text, (url, word)
        assert [p for p in english_phrases if p in text] == [], url


@pytest.mark.django_db
def test_the_registration_forms_are_in_spanish():
    """The forms' labels and help texts are translated, not only the templates around them:
    a new event's team form (before round 1) asked for in Spanish."""
    event = factories.event()
    client = Client(HTTP_ACCEPT_LANGUAGE="es")
    client.force_login(event.organizer)
    text = _visible_text(client.get(f"/events/{event.pk}/teams/").content.decode())
    for words in ("Jugador principal (se sienta a la derecha)", "ID de la cuenta de Wizards"):
        assert words in text
    assert "Primary player" not in text
    assert "Team name" not in text


def test_the_staff_pages_stay_english_by_default(round_1):
    client = Client()
    client.force_login(round_1.organizer)
    page = _visible_text(client.get(f"/events/{round_1.pk}/rounds/1/").content.decode())
    assert "Move a match to another table" in page
    dashboard = _visible_text(client.get(f"/events/{round_1.pk}/").content.decode())
    assert "Sanctionable: yes" in dashboard
    assert "Sancionable" not in dashboard
