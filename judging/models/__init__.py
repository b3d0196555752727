"""Models of the judging app: penalties (the round clock adds its own module)."""

from judging.models.penalties import Penalty

__all__ = ["Penalty"]
