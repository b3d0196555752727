"""Sanctioning checks (MTR 10.1, 10.2, 3.2, App. B; tournament.domain.sanctioning)."""

from __future__ import annotations

from tournament.domain.sanctioning import sanctioning

OK = {
    "structure": "constructed",
    "format": "modern",
    "team_size": 2,
    "round_minutes": 50,
    "teams": 8,
    "rounds": 3,
}


def test_a_regular_2hg_event_is_sanctionable() -> None:
    result = sanctioning(**OK)
    assert result.ok
    assert result.line() == "Sanctionable: yes."
    assert sanctioning(**{**OK, "structure": "draft", "format": ""}).ok
    assert sanctioning(**{**OK, "structure": "sealed", "format": ""}).ok


def test_each_minimum_is_named_with_its_rule() -> None:
    """MTR 10.1: 4 teams; MTR 10.2: 2 rounds; App. B: 40-minute rounds."""
    assert "MTR 10.1" in sanctioning(**{**OK, "teams": 3}).line()
    assert "MTR 10.2" in sanctioning(**{**OK, "rounds": 1}).line()
    assert "MTR App. B" in sanctioning(**{**OK, "round_minutes": 35}).line()
    assert sanctioning(**{**OK, "round_minutes": 40}).ok


def test_only_the_formats_of_mtr_3_2_and_teams_of_two() -> None:
    """MTR 3.2: Standard, Pioneer, Modern, Legacy, Vintage, Sealed, Booster Draft; 3- and
    4-headed teams are casual."""
    for fmt in ("standard", "pioneer", "legacy", "vintage"):
        assert sanctioning(**{**OK, "format": fmt}).ok
    pauper = sanctioning(**{**OK, "format": "pauper"})
    assert not pauper.ok
    assert "Pauper is not a format sanctioned" in pauper.line()
    three = sanctioning(**{**OK, "team_size": 3})
    assert three.line().startswith("Sanctionable: no, because teams of 3")
    assert three.line().endswith("It runs as a casual event.")


def test_every_reason_is_listed() -> None:
    result = sanctioning(**{**OK, "teams": 2, "rounds": 1, "team_size": 4})
    assert len(result.reasons) == 3
