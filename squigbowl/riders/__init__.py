"""The race's computer riders (RULES.md B11): the rider interface and registry (base.py), the
baseline and the personalities (Cautious, Canny, Reckless), their look-ahead over the mode
dice and the course distance field, and the headless race simulator (`squigbowl race-sim`)."""
