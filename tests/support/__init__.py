"""Helpers shared by the tests: factories and the permission matrix rows."""
