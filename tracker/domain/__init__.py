"""Pure domain of the tracker app: no Django imports."""
