"""Helpers for Evo tests: build scenarios and find hexes, actions and events through the public contract."""

from __future__ import annotations

from typing import Any

from evolutio.games.evo.cards import CARD_INDEX
from evolutio.kernel import Action, load_scenario
from evolutio.kernel.game import State

# the 3-player map (reconstructed layout 3p): a few hexes by terrain, all inland unless noted
HILLS_A = (-3, 1)
MOUNTAIN_A = (-2, 1)     # neighbour of HILLS_A
HILLS_B = (-2, 0)        # neighbour of HILLS_A and MOUNTAIN_A
PLAINS_EDGE = (-4, 1)    # edge hex
DESERT_EDGE = (-4, 3)    # edge hex, starred
DESERT_EDGES = [(-4, 3), (-3, 3), (-3, -1), (-1, 3)]
MOUNTAINS = [(-2, 1), (-2, 2), (-1, 0), (-1, 1), (0, -1)]

#: a scenario's flow in the middle of the gene auction: seat 0 to bid, the payment and the grant still to come
MID_AUCTION = [{"step": "round_end"}, {"step": "grant"}, {"step": "each_player", "part": "pay", "done": 0},
               {"step": "each_player", "part": "bid", "done": 6}, {"step": "bid", "seat": 0}]


def scenario(players_spec: list[dict[str, Any]], phase: str = "movement", round_number: int = 1,
             options: dict[str, Any] | None = None, seed: int = 0, **body: Any) -> State:
    data: dict[str, Any] = {"game": "evo", "options": {"players": len(players_spec), **(options or {})}, "seed": seed,
                            "round": round_number, "phase": phase, "players": players_spec, **body}
    return load_scenario(data)


def hex_of(state: State, q: int, r: int) -> int:
    for index, cell in enumerate(state.view(None)["hexes"]):
        if (cell["q"], cell["r"]) == (q, r):
            return index
    raise KeyError((q, r))


def owner_at(state: State, q: int, r: int) -> int | None:
    return state.view(None)["hexes"][hex_of(state, q, r)]["owner"]


def move(state: State, source: tuple[int, int], target: tuple[int, int]) -> Action:
    return Action("move", hex_of(state, *source), hex_of(state, *target))


def events(state: State, kind: str) -> list[dict[str, Any]]:
    return [event for event in state.events_for(None) if event["kind"] == kind]


def card_action(state: State, card: str, target: int = 0) -> Action:
    return Action("play", CARD_INDEX[card], target)



def play_when_offered(state: State, card: str, target: int = 0, limit: int = 50) -> None:
    """Answer ``done`` to card windows until ``card`` may be played, then play it."""
    wanted = card_action(state, card, target)
    for _ in range(limit):
        if wanted in state.legal_actions():
            state.apply(wanted)
            return
        state.apply(Action("done"))
    raise AssertionError(f"{card} was never offered")


def skip_windows(state: State) -> None:
    while state.view(None)["step"] == "card_window":
        state.apply(Action("done"))
