"""The match's computer coaches: one `Coach` interface (coach.py), the random coach, the
scripted coach (and its secret-weapon policy), and the headless match simulator with its
invariant checks (`squigbowl sim`). They see only what a human coach sees: the pending
decision and the state, never the match's future dice."""
