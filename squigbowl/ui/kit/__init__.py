"""Screen parts both games share: dialogs, colour palettes, glyphs and their ASCII stand-ins."""
