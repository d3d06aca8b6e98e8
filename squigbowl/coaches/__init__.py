"""The match's computer coaches: one `Coach` interface and the coaches' registry (coach.py),
the random, easy (scripted), normal and hard (search) coaches, their shared path search
(paths.py) and block odds (block_odds.py), the registry the house rules' coaching plugs into
(house_play.py), and the headless match simulator with its invariant checks (`squigbowl sim`).
They see only what a human coach sees: the pending decision and the state, never the match's
future dice."""
