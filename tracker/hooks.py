"""Hooks the tracker app asks; the judging app answers in ``ready()``.

- ``NO_NEW_GAME`` (first answer): match -> why no new game may begin at this table now (the
  words to show, with the rule), or None when one may. The judging app answers from the
  table's clock: once time is called in a Swiss round no new game begins, and a match with no
  game won is a draw (MTR 2.4, 9.1); a playoff goes on under MTR 2.4's own rule. Asked only for
  a ``new_game`` and for the proposal of a drawn game, never for the other events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from core.hooks import CallAll, FirstAnswer

if TYPE_CHECKING:
    from django.http import HttpRequest

    from pairing.models import Match
    from tournament.hooks import TeamBlock
    from tournament.models import Team

NO_NEW_GAME: FirstAnswer[[Match], str] = FirstAnswer("no_new_game")
TABLE_PAGE: CallAll[[HttpRequest, Team, Match, str], TeamBlock | None] = CallAll("table_page")
