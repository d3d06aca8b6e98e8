"""The race's screens: the controller (the only bridge to the race engine), set-up, the track
view, the race screen and the results."""
