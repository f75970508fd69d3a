"""Helpers shared by the origin tests."""

from __future__ import annotations

import pytest

from evolutio.bots import RandomBot
from evolutio.kernel import load_game, load_scenario


def scenario(body: dict, players: int = 2, seed: int = 1, **options):
    """Load an origin scenario: ``body`` is everything but the header."""
    data = {"game": "origin", "options": {"players": players, **options}, "seed": seed, **body}
    return load_scenario(data)


def animal(state, a: int) -> dict:
    for p in state.view(None)["players"]:
        for x in p["animals"]:
            if x["id"] == a:
                return x
    raise KeyError(a)


def alive(state, a: int) -> bool:
    return state.owner[a] >= 0


def kinds(state) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def play_random(game, seed: int, check=None, max_steps: int = 5000):
    state = game.new_state(seed)
    bot = RandomBot(seed)
    steps = 0
    while not state.is_terminal:
        if check is not None:
            check(state)
        state.apply(bot.choose(state))
        steps += 1
        assert steps < max_steps, "game does not terminate"
    return state


@pytest.fixture
def game4():
    return load_game("origin", players=4)


def in_hand(state, p: int, kind: str) -> int:
    """The id of a card in seat ``p``'s hand whose traits are ``kind`` ("poisonous/carnivore", "piracy")."""
    from evolutio.games.origin.traits import TRAIT_NUM

    want = tuple(TRAIT_NUM[t] for t in kind.split("/"))
    for c in state.hands[p]:
        if state.config.faces[c] == want:
            return c
    raise KeyError(f"no {kind} card in the hand of seat {p}")


def slot(state, p: int, kind: str) -> int:
    """The hand slot (the ``animal`` action's argument) of a card of ``kind`` in seat ``p``'s hand."""
    return state.hands[p].index(in_hand(state, p, kind))


def play_animal(state, p: int, kind: str) -> int:
    """Seat ``p`` plays a card of ``kind`` as a new animal; returns the new animal's number."""
    from evolutio.kernel import Action

    c = in_hand(state, p, kind)
    state.apply(Action("animal", state.hands[p].index(c)))
    a = state.animals[p][-1]
    assert state.animal_card[a] == c
    return a


def face_index(state, c: int, trait: str) -> int:
    from evolutio.games.origin.traits import TRAIT_NUM

    return state.config.faces[c].index(TRAIT_NUM[trait])


def feeding(animals: list[list], food_base: int = 5, to_act: int = 0, first: int = 0, players: int | None = None,
            pairs: list | None = None, hands: list | None = None, seed: int = 1, deck_size: int | None = None,
            feeding_flags: dict | None = None, **options):
    """A feeding-phase scenario. ``animals[p]`` lists seat p's animals as dicts (``id`` and ``traits`` …)."""
    n = players or len(animals)
    body = {
        "phase": "feeding", "first_player": first, "to_act": to_act, "food_base": food_base,
        "players": [{"animals": animals[p] if p < len(animals) else [],
                     "hand": (hands[p] if hands and p < len(hands) else [])} for p in range(n)],
        "pairs": pairs or [],
    }
    if deck_size is not None:
        body["deck_size"] = deck_size
    if feeding_flags:
        body["feeding"] = feeding_flags
    return scenario(body, players=n, seed=seed, **options)


def rig_die(state, *values: int) -> None:
    """Give ``state`` a generator whose next die rolls are ``values`` (found by searching seeds)."""
    from evolutio.kernel import Rng

    for seed in range(100000):
        r = Rng(seed)
        if all(r.die() == v for v in values):
            state.rng = Rng(seed)
            return
    raise AssertionError("no seed found")


def acts(state, kind: str) -> list:
    return [a for a in state.legal_actions() if a.kind == kind]
