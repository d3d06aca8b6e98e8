"""The save format's name and version, the kinds of game a save holds, the migrations of
older versions and the limits of what a file may hold (docs/saves.md, "Limits")."""

from __future__ import annotations

FORMAT = "squigbowl-save"
VERSION = 1

# -- limits (docs/saves.md, "Limits"). The longest real match measured — overtime, every house
# rule, two scripted coaches — has about 1,300 decisions and takes about 25 KB; every player
# moving his full movement every turn of three periods would be about 9,000. The limits are
# above both, and low enough that a file at the limits is refused or replayed in a second or so.
#: the largest save file read at all (checked on the file's size, before reading)
MAX_BYTES = 4 * 1024 * 1024
#: the longest decision log (a log this long, 400 KB, replays in about 1.3 s)
MAX_DECISIONS = 20_000
#: the most lists and tables ("[" and "{") in a file, counted before the JSON is parsed
MAX_NODES = 4 * MAX_DECISIONS + 20_000
#: the longest text in a save (names are then cut to text.NAME_LIMIT), but for a track's file
MAX_TEXT = 1_000
#: the longest track file carried inline: every track the game reads (race.track.TRACK_FILE_LIMIT;
#: the shipped ones are 1.5 to 3.5 KB)
MAX_TRACK_TEXT = 128 * 1024
#: the longest list but the decision log (a team has at most 16 players, a race 6 racers)
MAX_LIST = 1_000
#: the deepest nesting of lists and tables (a save needs 6)
MAX_DEPTH = 24

KINDS = ("match", "race", "cup", "league_match")

#: older format version -> a function turning such a save dict into the next version's shape.
#: Version 1 is the first format: nothing to migrate yet.
MIGRATIONS: dict[int, callable] = {}
