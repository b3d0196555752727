"""Languages: the browser's language is used, the switcher changes it, and the shipped Spanish
translation is complete and compiled (the .mo in the repository matches its .po)."""

import ast
import re
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from pairing import services
from support import factories

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "es" / "LC_MESSAGES" / "django.po"


def _blocks(path: Path) -> list[dict[str, str]]:
    """The entries of a .po file as {msgid, msgstr} or, with plural forms, {msgid,
    msgid_plural, msgstr[0], msgstr[1], ...} (no contexts: Tandem's files have none)."""
    blocks = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        lines = [line for line in block.splitlines() if not line.startswith("#")]
        parts: dict[str, str] = {}
        key = None
        for line in lines:
            if line.startswith(("msgid ", "msgid_plural ", "msgstr ", "msgstr[")):
                key, _, value = line.partition(" ")
                parts[key] = ast.literal_eval(value)
            elif key:
                parts[key] += ast.literal_eval(line)
        if parts.get("msgid"):
            blocks.append(parts)
    return blocks


def _entries(path: Path) -> dict[str, str]:
    """msgid -> msgstr of the entries without plural forms."""
    return {b["msgid"]: b["msgstr"] for b in _blocks(path) if "msgid_plural" not in b}


def _plurals(path: Path) -> dict[tuple[str, str], list[str]]:
    """(msgid, msgid_plural) -> the translated forms, msgstr[0], msgstr[1], ..."""
    return {
        (b["msgid"], b["msgid_plural"]): [b[k] for k in sorted(k for k in b if k[:7] == "msgstr[")]
        for b in _blocks(path)
        if "msgid_plural" in b
    }


def test_spanish_is_complete_and_its_compiled_catalogue_is_current():
    entries = _entries(PO)
    assert len(entries) > 50
    assert [msgid for msgid, text in entries.items() if not text] == []
    with translation.override("es"):
        stale = [m for m, text in entries.items() if translation.gettext(m) != text]
    assert stale == []  # run: manage.py compilemessages


def test_spanish_plurals_are_complete_and_compiled():
    """Spanish has three plural forms (Django's es catalogue: one, a multiple of a million,
    other); each counted sentence has all three, and the compiled catalogue picks them."""
    plurals = _plurals(PO)
    assert plurals
    assert [ids for ids, forms in plurals.items() if len(forms) != 3 or not all(forms)] == []
    with translation.override("es"):
        stale = [
            ids
            for ids, forms in plurals.items()
            if translation.ngettext(*ids, 1) != forms[0]
            or translation.ngettext(*ids, 5) != forms[2]
        ]
    assert stale == []


def test_placeholders_survive_translation():
    for msgid, text in _entries(PO).items():
        assert sorted(re.findall(r"%\(\w+\)s", msgid)) == sorted(re.findall(r"%\(\w+\)s", text))
    for (msgid, _plural), forms in _plurals(PO).items():
        for text in forms:
            assert set(re.findall(r"%\(\w+\)s", msgid)) == set(re.findall(r"%\(\w+\)s", text))


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
