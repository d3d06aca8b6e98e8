"""League play (RULES.md Part D): teams kept between matches, their money and their matches."""
