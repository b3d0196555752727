from django.contrib import admin

from tournament.models import Event, Player, StaffRole, Team


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ["seat", "name", "wizards_id"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "structure", "format", "status", "organizer"]
    list_filter = ["structure", "status"]
    search_fields = ["name"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "dropped"]
    search_fields = ["name", "players__name"]
    inlines = [PlayerInline]


admin.site.register(StaffRole)
