"""Helpers for New World tests: scenarios, and finding cards, slots and actions through the public view."""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action, load_scenario
from evolutio.kernel.game import State


def scenario(players: list[dict[str, Any]], areas: list[dict[str, Any]] | None = None, **body: Any) -> State:
    """A New World position; ``options`` may be given in ``body``."""
    options = {"players": len(players), **body.pop("options", {})}
    document = {"game": "newworld", "options": options, "seed": body.pop("seed", 1),
                "areas": areas if areas is not None else [{"area": "steppe", "food": [0]}],
                "players": players, **body}
    return load_scenario(document)


def slot(state: State, half_name: str) -> int:
    """The slot number of the area half named ``half_name`` (English) in the row."""
    for area in state.view(None)["areas"]:
        for half in area["halves"]:
            if half["name"] == half_name:
                return half["slot"]
    raise AssertionError(f"{half_name} is not in the row")


def animal(state: State, number: int) -> dict[str, Any]:
    for player in state.view(None)["players"]:
        for entry in player["animals"]:
            if entry["animal"] == number:
                return entry
    raise AssertionError(f"no animal {number}")


def alive(state: State) -> set[int]:
    return {entry["animal"] for player in state.view(None)["players"] for entry in player["animals"]}


def traits_of(state: State, number: int) -> list[str]:
    return [trait["trait"] for trait in animal(state, number)["traits"]]


def hand_card(state: State, seat: int, trait: str) -> tuple[int, int]:
    """A card in ``seat``'s hand offering ``trait``: (card, side)."""
    for card in state.view(seat)["players"][seat]["hand"]:
        if card["large"] == trait:
            return card["card"], 0
        if card["small"] == trait:
            return card["card"], 1
    raise AssertionError(f"seat {seat} holds no {trait} card")


def kinds(state: State) -> set[str]:
    return {action.kind for action in state.legal_actions()}


def play(state: State, *actions: Action) -> State:
    for action in actions:
        state.apply(action)
    return state


def texts(state: State, seat: int | None = None) -> list[str]:
    return [event["text"] for event in state.events_for(seat)]
