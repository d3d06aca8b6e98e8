"""League play, RULES.md Part D: teams that live on (D1, D2), the post-match (D3) and league
pre-match (D4) sequences and the inducements, the skills reachable by advancement (D5)."""
