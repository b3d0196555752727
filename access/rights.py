"""The rights of Tandem (docs/api.md "Who may call") and the least staff role holding each.

Roles of a caller in an event, strongest first: organizer (created the event), head judge, judge,
scorekeeper (added by the organizer). A team (holder of a team's access key) holds no staff right;
it holds the *team rights* on its own team and its own match. Everyone may read a public event.
"""

from __future__ import annotations

from enum import StrEnum

from tournament.models import StaffRole


class Perm(StrEnum):
    # Rights in an event
    VIEW_EVENT = "view_event"
    VIEW_PRIVATE = "view_private"  # staff: access keys, every team's decklists, unpublished rounds
    EDIT_EVENT = "edit_event"
    MANAGE_STAFF = "manage_staff"
    MANAGE_TEAMS = "manage_teams"
    MANAGE_DECKLISTS = "manage_decklists"
    MANAGE_ROUNDS = "manage_rounds"
    ENTER_RESULTS = "enter_results"
    MANAGE_CLOCK = "manage_clock"
    PENALTIES = "penalties"
    EXTENSIONS = "extensions"
    DECK_CHECKS = "deck_checks"
    SEVERE_PENALTIES = "severe_penalties"  # Game Loss or more, overrides, rescinding
    # Team rights: held by the team itself (on its own team or match) or by staff (TEAM_RIGHTS)
    READ_DECKLISTS = "read_decklists"
    WRITE_DECKLISTS = "write_decklists"  # after the lock: DECK_CHECKS only, whoever asks
    SET_SEATS = "set_seats"  # the team chooses its seat order (MTR 9.4)
    REPORT_RESULT = "report_result"
    TRACK_GAME = "track_game"  # write its table's tracker
    READ_GAME = "read_game"  # read its table's tracker and log (staff: any table of the event)
    CHECK_IN = "check_in"  # the team checks itself in (staff: at the desk)
    DROP_TEAM = "drop_team"  # the team drops itself (MTR 2.10); undrop stays staff's


ORGANIZER = "organizer"
RANK = {
    StaffRole.Role.SCOREKEEPER: 1,
    StaffRole.Role.JUDGE: 2,
    StaffRole.Role.HEAD_JUDGE: 3,
    ORGANIZER: 4,
}
MIN_RANK = {
    Perm.VIEW_PRIVATE: 1,
    Perm.MANAGE_TEAMS: 1,
    Perm.MANAGE_DECKLISTS: 1,
    Perm.MANAGE_ROUNDS: 1,
    Perm.ENTER_RESULTS: 1,
    Perm.MANAGE_CLOCK: 1,
    Perm.PENALTIES: 2,
    Perm.EXTENSIONS: 2,
    Perm.DECK_CHECKS: 2,
    Perm.SEVERE_PENALTIES: 3,
    Perm.EDIT_EVENT: 4,
    Perm.MANAGE_STAFF: 4,
}
# A team right is held by the team itself, or by staff holding the staff right named here.
TEAM_RIGHTS = {
    Perm.READ_DECKLISTS: Perm.VIEW_PRIVATE,
    Perm.WRITE_DECKLISTS: Perm.MANAGE_DECKLISTS,
    Perm.SET_SEATS: Perm.MANAGE_TEAMS,
    Perm.REPORT_RESULT: Perm.ENTER_RESULTS,
    Perm.TRACK_GAME: Perm.ENTER_RESULTS,
    Perm.READ_GAME: Perm.VIEW_PRIVATE,
    Perm.CHECK_IN: Perm.MANAGE_TEAMS,
    Perm.DROP_TEAM: Perm.MANAGE_TEAMS,
}


def staff_right(right: Perm) -> Perm:
    """The staff right that stands for `right` when the caller is not the team itself."""
    return TEAM_RIGHTS.get(right, right)
