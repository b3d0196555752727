"""Pure domain of the tournament app (no Django imports): event formats and player names."""
