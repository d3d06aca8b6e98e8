"""Save files: versioned, validated, written atomically (DESIGN.md promise 4: a match is its log).

A save is one plain JSON file (never pickle) holding what rebuilds the game — seed, options, the
teams (or racers and track) inline, and the decision log — plus a canonical snapshot of the state
at the last decision, which loading checks against the replay, and a summary for listings. The
format is described in docs/saves.md.

    folder = saves_dir()          # --saves DIR, $SQUIGBOWL_SAVES, ./saves, ~/.local/...
    saver = Autosaver(folder, "match")            # the controllers call it after every decision
    saver(match, coaches=("Ann", "Bob"))
    loaded = load(path)                           # SaveError: one clear line, nothing touched
    loaded.match, loaded.mismatch                 # the replayed match; None or what disagreed
    list_saves(folder), latest_unfinished(folder), delete_save(path)

Every problem with a file — missing, unreadable, too big, not JSON, truncated, hand-edited, a
wrong or unknown version, a log that no longer replays — raises `SaveError`, whose message is one
line naming the file. Nothing else escapes `read_save`, `load` or `list_saves`.

A save is untrusted input (issue 10): it is read only if it is a regular file within `MAX_BYTES`
(`paths.read_bounded`: a pipe or a device is never opened for a blocking read), its lists and
texts are counted before they are used, every name in it goes through `text.plain`, and it
carries everything inline (a track's name is a label, never a path). A game holds a lock on its
save while it is open (`claim`), so a second copy of the game cannot write it too.

The package, a module per job (each re-exported here: `from squigbowl import saves; saves.load`):
`spec` the format's name, version, kinds, migrations and limits; `errors` SaveError and its
one-line words; `files` the folder, new names, atomic writes, leftovers; `locks` one game per save;
`contents` what a save of each game holds (data, snapshot, summary); `autosave` the Autosaver and
its writer thread; `validation` reading and checking a file (`read_save`); `loading` replaying it
(`load`); `listing` the folder's saves for the app (list, Continue, delete).
"""

from __future__ import annotations

from squigbowl.saves.autosave import Autosaver
from squigbowl.saves.contents import (COMPUTER_LEVELS, computer_data, cup_data, cup_snapshot,
                                      cup_summary, match_data, match_snapshot, match_summary,
                                      now_text, race_data, race_snapshot, race_summary,
                                      team_to_data)
from squigbowl.saves.errors import SaveError, SaveInUse
from squigbowl.saves.files import (ENV, FORMATIONS_FILE, JOURNAL_NAME, LOCK_NAME, NOT_SAVES,
                                   REJOIN_FILE, STALE_TEMP_SECONDS, TEMP_NAME, clean_temp_files,
                                   dumps, export_path, new_save_path, reserve_save_path,
                                   saves_dir, user_saves_dir, write_atomic, write_new)
from squigbowl.saves.listing import (SaveInfo, delete_save, finished_words, is_save_name,
                                     latest_unfinished, list_saves)
from squigbowl.saves.loading import (Loaded, build_cup, build_match, cup_race_data, load,
                                     race_options, race_track, replay_cup, replay_match,
                                     replay_race, snapshot_difference)
from squigbowl.saves.locks import SaveLock, claim, in_use, lock_path
from squigbowl.saves.spec import (FORMAT, KINDS, MAX_BYTES, MAX_DECISIONS, MAX_DEPTH, MAX_LIST,
                                  MAX_NODES, MAX_TEXT, MAX_TRACK_TEXT, MIGRATIONS, VERSION)
from squigbowl.saves.validation import RACE_OPTIONS, read_save

__all__ = ["SaveError", "SaveInUse", "SaveLock", "claim", "in_use", "clean_temp_files",
           "reserve_save_path", "export_path", "Autosaver", "Loaded", "SaveInfo", "load",
           "read_save", "list_saves",
           "latest_unfinished", "delete_save", "saves_dir", "write_atomic", "write_new",
           "match_data",
           "race_data", "match_snapshot", "race_snapshot", "replay_match", "replay_race",
           "cup_data", "cup_snapshot", "replay_cup", "build_cup", "cup_race_data",
           "FORMAT", "VERSION", "MAX_BYTES", "MAX_DECISIONS", "MAX_NODES", "MAX_TEXT",
           "MAX_TRACK_TEXT"]
