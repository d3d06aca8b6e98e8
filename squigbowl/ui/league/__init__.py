"""League play's screens (RULES.md Part D)."""
