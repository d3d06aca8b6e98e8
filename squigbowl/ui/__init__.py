"""The Textual app. `app.py` is the shell over both games (main menu, Continue, Load, Replay);
`kit/` holds what both games' screens share; `match/` and `race/` hold each game's screens."""
