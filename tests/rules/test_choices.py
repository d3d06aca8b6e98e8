"""`events.Choices`: a decision's legal choices with families that are not built tuple by tuple
(the set-up's ("place", (pid, square)) choices, A4.1 step 5). It must behave exactly as the
plain list of the same choices, and the random coach must pick from it exactly as from the list."""

from __future__ import annotations

import random

import pytest

from squigbowl.coaches.random_coach import pick_uniform
from squigbowl.rules.events import Choices, Decision


def _example() -> tuple[Choices, list]:
    c = Choices([("formation", "a"), ("formation", "b")])
    c.add_family("place", [3, 7], [(0, 1), (0, 2), (5, 5)])
    c.extend([("remove", 3), ("place", (9, (1, 1)))])
    c.add_family("place", [], [(2, 2)])  # an empty family adds nothing
    c.append(("end_setup", None))
    plain = [("formation", "a"), ("formation", "b"),
             ("place", (3, (0, 1))), ("place", (3, (0, 2))), ("place", (3, (5, 5))),
             ("place", (7, (0, 1))), ("place", (7, (0, 2))), ("place", (7, (5, 5))),
             ("remove", 3), ("place", (9, (1, 1))), ("end_setup", None)]
    return c, plain


def test_choices_behave_as_the_list_of_their_choices():
    c, plain = _example()
    assert len(c) == len(plain)
    assert [c[i] for i in range(len(c))] == plain
    assert c[-1] == ("end_setup", None) and c[2:4] == plain[2:4]
    with pytest.raises(IndexError):
        c[len(plain)]
    for choice in plain:
        assert choice in c
    for absent in [("place", (3, (1, 1))), ("place", (8, (0, 1))), ("place", 3),
                   ("place", ([3], (0, 1))), ("remove", 7), ("end", None), "place"]:
        assert absent not in c
    assert c == plain and list(c) == plain and tuple(c) == tuple(plain)


def test_choices_answer_types_counts_and_the_nth_of_a_type_without_building():
    c, plain = _example()
    d = Decision("setup", 0, c)
    assert d.types() == ["formation", "place", "remove", "end_setup"]
    assert c._list is None  # nothing built so far
    for kind in d.types():
        of_kind = [x for x in plain if x[0] == kind]
        assert c.count_type(kind) == len(of_kind)
        assert [c.nth_of_type(kind, j) for j in range(len(of_kind))] == of_kind
        assert d.of_type(kind) == of_kind
    assert c._list is None


def test_the_random_coach_picks_the_same_from_choices_as_from_the_plain_list():
    c, plain = _example()
    a, b = random.Random(4), random.Random(4)
    assert [pick_uniform(a, c) for _ in range(500)] == [pick_uniform(b, plain) for _ in range(500)]
    only = Choices()
    only.add_family("place", [1, 2], [(0, 0), (0, 1)])
    a, b = random.Random(5), random.Random(5)
    assert ([pick_uniform(a, only) for _ in range(100)]
            == [pick_uniform(b, list(only)) for _ in range(100)])
