"""The floor view's lines written in one pass (judging.presenters.floor_items): each line's
words in the reader's language and escaped, its table's page linked, the "Penalty" link only
for a judge."""

from types import SimpleNamespace

from django.utils import translation

from core.text import Text, gettext_noop
from judging.presenters import floor_items


def _line(table: int, words, phase: str = "playing"):
    return SimpleNamespace(table=table, summary=words, state=SimpleNamespace(phase=phase))


def _lines():
    name = '<b>Red & "Co"</b>'
    return [
        (_line(3, Text(gettext_noop("time called")), "extra_turns"), SimpleNamespace(pk=41)),
        (_line(7, f"table 7: {name}"), SimpleNamespace(pk=42)),
    ]


def test_each_line_links_its_table_escapes_its_words_and_offers_a_penalty_to_judges():
    html = floor_items(
        _lines(),
        table_url=("/events/5/matches/", "/clock/"),
        penalty_url="/events/5/penalties/new/",
        penalty="Penalty",
    )
    assert html == (
        '\n  <li class="floor-line phase-extra_turns"><a href="/events/5/matches/41/clock/">'
        'time called</a> <a class="penalty-link" href="/events/5/penalties/new/?match=41">'
        "Penalty</a></li>\n"
        '\n  <li class="floor-line phase-playing"><a href="/events/5/matches/42/clock/">'
        "table 7: &lt;b&gt;Red &amp; &quot;Co&quot;&lt;/b&gt;</a> "
        '<a class="penalty-link" href="/events/5/penalties/new/?match=42">Penalty</a></li>\n'
    )


def test_without_the_penalty_word_no_penalty_link_and_words_in_the_readers_language():
    with translation.override("es"):
        html = floor_items(_lines(), table_url=("/m/", "/"), penalty_url="/p/", penalty=None)
    assert "penalty-link" not in html
    assert ">tiempo cantado</a>" in html
