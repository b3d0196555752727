"""Top-cut rounds paired before seeds and bracket slots were columns kept them in
``Round.summary``: ``seeds`` (team id as text -> seed) and ``bracket`` (pairs [team_a, team_b or
null] in bracket order). Move them to ``MatchTeam.seed`` and ``Match.bracket_slot``; backwards,
write them into the summary again.
"""

from django.db import migrations


def fill_bracket_columns(apps, schema_editor):
    Round = apps.get_model("pairing", "Round")
    for round_ in Round.objects.filter(stage="top_cut").iterator():
        summary = dict(round_.summary or {})
        seeds = summary.pop("seeds", None)
        bracket = summary.pop("bracket", None)
        if seeds is None and bracket is None:
            continue
        _fill_seeds(apps, round_, seeds or {})
        _fill_slots(apps, round_, bracket or [])
        round_.summary = summary
        round_.save(update_fields=["summary"])


def _fill_seeds(apps, round_, seeds) -> None:
    MatchTeam = apps.get_model("pairing", "MatchTeam")
    for entry in MatchTeam.objects.filter(round=round_):
        seed = seeds.get(str(entry.team_id))
        if seed is not None:
            entry.seed = int(seed)
            entry.save(update_fields=["seed"])


def _fill_slots(apps, round_, bracket) -> None:
    Match = apps.get_model("pairing", "Match")
    by_team_a = {m.team_a_id: m for m in Match.objects.filter(round=round_)}
    for slot, (team_a, _team_b) in enumerate(bracket, start=1):
        match = by_team_a.get(team_a)
        if match is not None:
            match.bracket_slot = slot
            match.save(update_fields=["bracket_slot"])


def restore_summary(apps, schema_editor):
    Round = apps.get_model("pairing", "Round")
    MatchTeam = apps.get_model("pairing", "MatchTeam")
    Match = apps.get_model("pairing", "Match")
    for round_ in Round.objects.filter(stage="top_cut").iterator():
        seeds = {
            str(team): seed
            for team, seed in MatchTeam.objects.filter(round=round_, seed__isnull=False)
            .order_by("seed")
            .values_list("team_id", "seed")
        }
        bracket = [
            [a, b]
            for a, b in Match.objects.filter(round=round_, bracket_slot__isnull=False)
            .order_by("bracket_slot")
            .values_list("team_a_id", "team_b_id")
        ]
        round_.summary = {**(round_.summary or {}), "seeds": seeds, "bracket": bracket}
        round_.save(update_fields=["summary"])


class Migration(migrations.Migration):
    dependencies = [("pairing", "0003_match_notes_bracket_slot_seed")]

    operations = [migrations.RunPython(fill_bracket_columns, restore_summary)]
