"""The match screen's modes: how it answers keys for what is asked now (issue 22).

The screen (screen.py) holds one mode object per way of answering and delegates to the current
one: which of its actions work (`check`), what Enter and Tab do, the prompt line, what the
pitch shows on entering, the footer's extra entries. Each mode brings its own keys (BINDINGS,
joined into the screen's) and its help entry (HELP, made into the help's lines by key_help.py).

* base.py: `Mode`, and the modes with no keys of their own (waiting, a dialog, the match over);
* turn.py: the 'turn' decision (one key per action);
* action.py: an action (Enter commits, walks a path; Esc ends; the path and odds preview);
* pick.py: any other question picked on the pitch (a push square, the kick...);
* setup.py: the set-up's keys (the placing itself: setup_screen.SetupMode);
* computer.py: a computer coach deciding, and the pace its decisions are played at.
"""
