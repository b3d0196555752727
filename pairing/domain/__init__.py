"""Pure pairing domain: Swiss rounds, tiebreakers, the playoff bracket and an event simulator.

Nothing here imports Django, DRF or Celery; callers pass plain records and an injected RNG.
"""
