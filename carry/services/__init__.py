"""Carrying an event: backups of the SQLite database, and one event's export and import."""
