"""Helpers of the Continents tests (``test_continents_*.py``): positions with locations, read through the views."""

from __future__ import annotations

from evolutio.kernel import Action

from .conftest import animal, scenario, table

CONTINENTS = {"sets": "continents"}


def located(animals: list[list], locations: dict | None = None, to_act: int = 0, first: int = 0,
            pairs: list | None = None, hands: list | None = None, discards: list | None = None, phase: str = "feeding",
            seed: int = 1, deck_size: int | None = None, dice: list[int] | None = None,
            feeding_flags: dict | None = None, **options) -> object:
    """A scenario of a Continents game with locations. ``animals[p]``: seat p's animals (``location``: "laurasia",
    "gondwana" or "ocean"); ``locations``: the red tokens of each location (feeding phase)."""
    n = len(animals)
    body: dict = {
        "phase": phase, "first_player": first,
        "players": [{"animals": animals[p], "hand": (hands[p] if hands else []),
                     "discard": (discards[p] if discards else [])} for p in range(n)],
        "pairs": pairs or [],
    }
    if phase in ("feeding", "development"):
        body["to_act"] = to_act
    if phase == "feeding":
        body["locations"] = locations or {}
    if feeding_flags:
        body["feeding"] = feeding_flags
    if deck_size is not None:
        body["deck_size"] = deck_size
    if dice:
        body["chance"] = [{"die": v} for v in dice]
    return scenario(body, players=n, seed=seed, **{**CONTINENTS, **options})


def where(state, a: int) -> str:
    """Animal ``a``'s location in the public view."""
    return animal(state, a)["location"]


def food_of(state, location: str) -> int:
    """The red tokens of ``location`` in the public view."""
    return table(state)["locations"][location]["food"]


def legal(state, kind: str) -> set[Action]:
    return {a for a in state.legal_actions() if a.kind == kind}


def events(state, kind: str) -> list[dict]:
    return [e.data for e in state.events if e.kind == kind]
