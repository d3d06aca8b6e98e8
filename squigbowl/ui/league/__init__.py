"""League play's screens (RULES.md Part D): the team list, the team builder and the team sheet;
the pre- and post-match sequences."""
