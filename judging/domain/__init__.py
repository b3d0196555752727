"""Pure domain of the judging app: no Django imports."""
