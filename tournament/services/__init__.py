"""Every write of the tournament app goes through a function here, in one transaction."""
