"""update_cards: Scryfall's bulk-data index, the streamed download of the Oracle Cards file with a
progress bar, the import, and the skip when the file is the one imported last, against a local
HTTP server serving a fixture (never the internet)."""

import io

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings

from decklists.models import Card, CatalogueImport
from support.catalogue import catalogue  # noqa: F401
from support.scryfall_server import FILE_NAME, SAMPLE, FixtureServer

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("catalogue")]


@pytest.fixture
def server():
    with FixtureServer(SAMPLE.read_bytes()) as running:
        yield running


def run(*args) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("update_cards", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_update_cards_downloads_through_the_index_shows_progress_and_imports(server):
    cards_before = Card.objects.count()
    with override_settings(SCRYFALL_BULK_DATA_URL=f"{server.url}/bulk-data"):
        out, err = run()
    assert server.requests == ["/bulk-data", f"/files/{FILE_NAME}"]
    assert all(agent.startswith("Tandem/") for agent in server.user_agents)
    assert "100%" in err
    assert f"of {len(server.body) / 1e6:.1f} MB" in err
    assert f"26 cards read from {FILE_NAME} (data of 2026-11-22)" in out
    record = CatalogueImport.objects.filter(kind="cards").order_by("-id").first()
    assert (record.source, record.data_date.isoformat()) == (FILE_NAME, "2026-11-22")
    assert Card.objects.count() == cards_before  # the sample's cards were all known: updated


def test_update_cards_skips_the_file_imported_last_and_never_duplicates(server):
    url = f"{server.url}/bulk-data"
    run("--index-url", url)
    count = Card.objects.count()
    out, _ = run("--index-url", url)
    assert "is up to date" in out
    assert server.requests[-1] == "/bulk-data"  # the file was not downloaded again
    out, _ = run("--index-url", url, "--force")
    assert "26 cards read" in out
    assert "0 added, 0 updated, 26 unchanged" in out
    assert Card.objects.count() == count
    assert CatalogueImport.objects.filter(kind="cards", source=FILE_NAME).count() == 2


def test_update_cards_reports_an_unreachable_or_wrong_index(server):
    with pytest.raises(CommandError, match="answered 404"):
        run("--index-url", f"{server.url}/nothing")
    with pytest.raises(CommandError, match="has no 'default_cards'|answered 404"):
        run("--index-url", f"{server.url}/bulk-data", "--type", "default_cards")
    with pytest.raises(CommandError, match="Could not reach"):
        run("--index-url", "http://127.0.0.1:9/bulk-data")
    with pytest.raises(CommandError, match="Not an http"):
        run("--index-url", "file:///etc/passwd")


# --- the card data page: a file uploaded from a laptop without internet --------------------------


def admin_client(django_user_model, **flags):
    from django.test import Client

    user = django_user_model.objects.create_user("root", password="x", **flags)  # noqa: S106
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("flags", [{"is_superuser": True}, {"is_staff": True}])
def test_catalogue_page_loads_an_uploaded_scryfall_file(django_user_model, flags):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = admin_client(django_user_model, **flags)
    assert b'enctype="multipart/form-data"' in client.get("/catalogue/").content
    upload = SimpleUploadedFile(FILE_NAME, SAMPLE.read_bytes(), "application/json")
    answer = client.post("/catalogue/", {"file": upload}, follow=True)
    assert answer.status_code == 200
    assert "26 cards read from oracle-cards-20261122100000.json" in answer.content.decode()
    record = CatalogueImport.objects.filter(kind="cards").order_by("-id").first()
    assert record.data_date.isoformat() == "2026-11-22"
    assert "2026-11-22" in answer.content.decode()  # the page names the new data's date


def test_catalogue_page_loads_an_uploaded_mtgjson_file_with_a_date(django_user_model):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = admin_client(django_user_model, is_superuser=True)
    mtgjson = SAMPLE.parent / "mtgjson-atomiccards.sample.json"
    upload = SimpleUploadedFile("AtomicCards.json", mtgjson.read_bytes(), "application/json")
    answer = client.post("/catalogue/", {"file": upload, "date": "2026-11-20"}, follow=True)
    assert "26 cards read from AtomicCards.json" in answer.content.decode()
    record = CatalogueImport.objects.filter(kind="cards").order_by("-id").first()
    assert record.file_format == "mtgjson"


def test_catalogue_page_refuses_a_wrong_file_and_saves_nothing(django_user_model):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = admin_client(django_user_model, is_superuser=True)
    imports = CatalogueImport.objects.count()
    answer = client.post("/catalogue/", {"file": SimpleUploadedFile("x.json", b'{"a": 1}')})
    assert answer.status_code == 400
    assert "Not a card file" in answer.content.decode()
    answer = client.post("/catalogue/", {"file": SimpleUploadedFile("x.json", b"[]"), "date": "x"})
    assert answer.status_code == 400
    assert "YYYY-MM-DD" in answer.content.decode()
    assert CatalogueImport.objects.count() == imports


def test_catalogue_page_upload_is_for_administrators_only(django_user_model):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client

    client = admin_client(django_user_model)
    assert b'enctype="multipart/form-data"' not in client.get("/catalogue/").content
    upload = SimpleUploadedFile(FILE_NAME, SAMPLE.read_bytes())
    assert client.post("/catalogue/", {"file": upload}).status_code == 403
    assert Client().post("/catalogue/", {"file": upload}).status_code == 403
