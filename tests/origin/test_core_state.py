"""The base game's state class (``state.CoreOriginState``): the same rules as the full state without the expansion
layers' calls. Which games get it, and that a game continues the same way through a JSON round trip either way."""

from __future__ import annotations

import json
import random

import pytest

from evolutio.games.origin import rules
from evolutio.games.origin.rules import PROTECTING
from evolutio.games.origin.state import CORE_MASKS, CoreOriginState, OriginState, with_core_masks
from evolutio.kernel import load_game

FULL_MIX = "time_to_fly,continents,gift,ice_age"


@pytest.mark.parametrize("sets, core", [("", True), ("gift", True), ("time_to_fly", False), ("continents", False),
                                        ("ice_age", False), (FULL_MIX, False)])
def test_the_core_class_only_without_expansion_layers(sets: str, core: bool) -> None:
    game = load_game("origin", players=4, sets=sets) if sets else load_game("origin", players=4)
    state = game.new_state(3)
    assert isinstance(state, OriginState)
    assert isinstance(state, CoreOriginState) is core
    assert isinstance(state.clone(), CoreOriginState) is core


@pytest.mark.parametrize("sets", ["", "gift", "time_to_fly"])
def test_a_saved_game_plays_on_the_same_way(sets: str) -> None:
    game = load_game("origin", players=3, sets=sets) if sets else load_game("origin", players=3)
    rng = random.Random(5)
    state = game.new_state(11)
    for _ in range(60):   # into the game: animals, traits, maybe an attack
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    copy = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert type(copy) is type(state)
    while not state.is_terminal:
        assert copy.legal_actions() == state.legal_actions()
        action = state.legal_actions()[rng.randrange(len(state.legal_actions()))]
        state.apply(action)
        copy.apply(action)
        assert copy.view(None) == state.view(None)
    assert copy.is_terminal and copy.scores() == state.scores()


def test_a_scenario_with_an_expansion_mark_gets_the_full_state() -> None:
    """A base-game scenario that sets Toxic's paralysis mark needs the layer that switches the traits off."""
    game = load_game("origin", players=2)
    plain = game.state_from_scenario({"players": [{"animals": [{"traits": ["big"]}]}, {"animals": [{}]}]})
    marked = game.state_from_scenario({"players": [{"animals": [{"traits": ["big"], "marks": ["paralysed"]}]},
                                                   {"animals": [{}]}]})
    assert isinstance(plain, CoreOriginState)
    assert not isinstance(marked, CoreOriginState)
    assert marked.view(None)["players"][0]["animals"][0] != plain.view(None)["players"][0]["animals"][0]


@pytest.mark.parametrize("sets, players", [("", 2), ("", 4), ("gift", 3)])
def test_the_core_class_plays_as_the_full_state(sets: str, players: int) -> None:
    """The core class's rules read the hook masks without their expansion traits (``state.CORE_MASKS``): the same
    choices and the same positions as the full state's rules at every decision of random games."""
    game = load_game("origin", players=players, sets=sets) if sets else load_game("origin", players=players)
    for seed in range(12):
        core, full = game.new_state(seed), game.new_state(seed)
        full.__class__ = OriginState   # (what use_core_class would not have done: the rules of every layer)
        assert type(core) is CoreOriginState
        rng = random.Random(seed)
        while not core.is_terminal:
            assert full.legal_actions() == core.legal_actions()
            action = core.legal_actions()[rng.randrange(len(core.legal_actions()))]
            core.apply(action)
            full.apply(action)
        assert full.is_terminal and full.view(None) == core.view(None)


def test_a_rule_with_core_masks_keeps_its_defaults_and_names() -> None:
    def rule(mask: int, extra: int = 1, *, shift: int = 2) -> int:
        """Doc."""
        return (mask & PROTECTING) + extra + shift

    bound = with_core_masks(rule)
    assert bound(0) == 3 and bound(0, shift=5) == 6
    assert (bound.__qualname__, bound.__doc__) == (rule.__qualname__, rule.__doc__)
    assert bound(-1) == CORE_MASKS["PROTECTING"] + 3 and rule(-1) == PROTECTING + 3   # the core mask, not the full
    assert CORE_MASKS["PROTECTING"] != rules.PROTECTING


def test_a_saved_game_loads_with_the_live_games_own_phase_steps() -> None:
    """The phase hand-overs recognise the phase steps by identity: a loaded stack holds the same objects."""
    game = load_game("origin", players=3)
    rng = random.Random(8)
    state = game.new_state(4)
    shared_seen = 0
    while not state.is_terminal:
        copy = game.state_from_json(json.loads(json.dumps(state.to_json())))
        assert [step is live for step, live in zip(copy.flow, state.flow)] == [
            not live.fields() for live in state.flow]   # field-less steps: the very instances; the rest: new
        shared_seen += sum(not live.fields() for live in state.flow)
        for _ in range(9):
            if not state.is_terminal:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
    assert shared_seen > 20
