"""Pure domain of the tournament app: no Django imports."""
