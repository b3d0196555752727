"""Every write of the decklists app goes through a function here, in one transaction."""
