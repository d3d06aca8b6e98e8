"""The match server and its client library (issue 14; docs/network.md).

`server.py` holds rooms (`rooms.py`: a match or a squig race, its seats and spectators) behind a
user-only Unix socket speaking JSON lines (`protocol.py`); `catalogue.py` checks a new room's
teams, track and options by name; `client.py` is the headless client; `mirror.py` rebuilds a
room's game on a client from the rolls and decisions it is sent (no seed). `ssh_command.py` reads
what a friend typed after a game account's host (docs/hosting.md). This package imports
the engines, the computer players, `saves`, `text` and `paths`, never a screen.
"""
