"""The match's screens: the controller (the only bridge to the engine), the words for events
and decisions, the pitch, set-up, match, help and end screens, widgets and animations."""
