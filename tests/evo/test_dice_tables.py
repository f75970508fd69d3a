"""Every face of the die against the rule tables, with the die pinned by the scenario: combat (NOTES §6, ruling 12)
and the meteor track (NOTES §9, §13.3; rulings 24-25)."""

from __future__ import annotations

import pytest

from .helpers import HILLS_A, MOUNTAIN_A, events, move, owner_at, scenario

# NOTES §6: attacker horns minus defender horns -> the die faces on which the attacker wins
ATTACKER_WINS_ON = {-3: (), -2: (), -1: (1,), 0: (1, 2), 1: (1, 2, 3, 4), 2: (1, 2, 3, 4, 5), 3: (1, 2, 3, 4, 5)}
FACES = range(1, 7)
# board.json (reconstructed): the die faces that end the game on each meteor space; the last space always ends it
METEOR_FACES = {11: (1,), 12: (1, 2), 13: (1, 2, 3)}
LAST_SPACE = 14
THREE = [{"dinos": [[-3, 1]]}, {"dinos": [[3, -1]]}, {"dinos": [[0, 2]]}]


@pytest.mark.parametrize("difference", sorted(ATTACKER_WINS_ON))
def test_combat_on_every_face_follows_the_table(difference):
    attacker, defender = (difference, 0) if difference >= 0 else (0, -difference)
    for face in FACES:
        state = scenario([{"genes": {"horn": attacker}, "dinos": [list(HILLS_A)]},
                          {"genes": {"horn": defender}, "dinos": [list(MOUNTAIN_A)]},
                          {"dinos": [[3, -2]]}], chance=[{"die": face}])
        state.apply(move(state, HILLS_A, MOUNTAIN_A))
        (fight,) = events(state, "combat")
        won = face in ATTACKER_WINS_ON[difference]
        assert (fight["roll"], fight["difference"], fight["won"]) == (face, difference, won)
        assert owner_at(state, *MOUNTAIN_A) == (0 if won else 1)
        assert owner_at(state, *HILLS_A) is None


@pytest.mark.parametrize("space", range(LAST_SPACE))
def test_meteor_on_every_space_and_face(space):
    for face in FACES:
        state = scenario(THREE, phase="meteor", meteor=space, chance=[{"die": face}])
        (meteor,) = events(state, "meteor")
        landed = space + 1
        ends = landed == LAST_SPACE or face in METEOR_FACES.get(landed, ())
        assert meteor["space"] == landed and meteor["hit"] == ends
        assert state.view(None)["ended"] == ends
        assert bool(events(state, "auction")) != ends, "a round in which the game ends has no auction (ruling 25)"


def test_the_meteor_ends_every_game_by_the_last_space():
    for space in range(0, LAST_SPACE, 3):
        state = scenario(THREE, phase="meteor", meteor=space, seed=space)
        while not state.view(None)["ended"]:
            state.apply(state.legal_actions()[0])
        spaces = [event["space"] for event in events(state, "meteor")]
        assert spaces == list(range(space + 1, spaces[-1] + 1)), "one space per round"
        assert spaces[-1] <= LAST_SPACE and events(state, "meteor")[-1]["hit"]
