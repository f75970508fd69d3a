"""The full mix's fast paths (issue 9, "speed"): in random games with all the sets, the development choices (placement
rules: locations, paired traits within a location, Regeneration, Neoplasia...), the feeding choices offered before
a feeding turn chooses its location (every location's, and the migrations), and the animals a trait or an attack may
name (placement rules, locations) are exactly the actions each action's check allows, without duplicates. (Their
order is pinned by the full-mix playout digests, tests/sim.)"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from evolutio.kernel import load_game
from evolutio.kernel.flow import legal_by_check

FULL_MIX = "time_to_fly,continents,gift,ice_age"
#: one feeding turn in this many, before its location is chosen, is inspected (its candidates are many)
FEEDING_ONE_IN = 4
#: the decisions inspected every time
INSPECTED = ("development_turn", "trait_target", "attack_target")


def seat_animals(state) -> set[int]:
    """The animal numbers of the player to act (from the public view)."""
    view = state.view(None)
    return {animal["id"] for animal in view["players"][view["to_act"]]["animals"]}


def allowed(state, names_seat: bool) -> set:
    """The candidates of the decision on top that its check allows (for a feeding turn, of the candidates naming an
    animal of the player to act and ``pass``: the check refuses any other animal at once)."""
    step = state.step
    if not names_seat:
        return set(legal_by_check(step, state))
    own = seat_animals(state)
    return {action for action in step.candidates(state)
            if (not action.args or action.args[0] in own) and step.check(state, action) is None}


def inspect_game(players: int, seed: int, seen: Counter) -> None:
    game = load_game("origin", players=players, sets=FULL_MIX)
    state = game.new_state(seed)
    chooser = random.Random(seed)
    feeding_turns = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        name = state.step.name
        unlocated = name == "feeding_turn" and state.view(None)["feeding_location"] is None
        if name in INSPECTED or (unlocated and feeding_turns % FEEDING_ONE_IN == 0):
            assert len(set(legal)) == len(legal), f"{name}: duplicate legal actions"
            assert set(legal) == allowed(state, unlocated), f"{name}: legal_actions() differs from the checks"
            seen[name] += 1
            seen.update(action.kind for action in legal)
        feeding_turns += unlocated
        state.apply(legal[chooser.randrange(len(legal))])


@settings(max_examples=3, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**31 - 1))
def test_full_mix_fast_choices_are_what_the_checks_allow(players, seed):
    seen: Counter = Counter()
    inspect_game(players, seed, seen)
    assert seen["development_turn"] and seen["feeding_turn"]


def test_a_full_mix_game_inspects_trait_plays_paired_traits_takes_and_migrations():
    """A fixed game (seed picked to reach them) whose inspected choices include trait plays, their targets, attack
    targets, takes and moves."""
    seen: Counter = Counter()
    inspect_game(4, 7, seen)
    assert seen["trait"] and seen["take"] and seen["pass"]
    assert seen["trait_target"] and seen["attack_target"]
    assert any(kind.startswith(("migrate_", "fly_")) for kind in seen)
