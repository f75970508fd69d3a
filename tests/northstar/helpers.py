"""Scenario helpers for the northstar tests (scenario body: docs/northstar-scenarios.md)."""

from __future__ import annotations

import json
from typing import Any

from evolutio.kernel import Action, load_scenario

from evolutio.games.northstar.state import NorthstarState


def sp(body: int = 1, pop: int = 1, food: int = 0, traits: tuple = (), fat: int = 0, face_down: tuple = ()) -> dict:
    d: dict[str, Any] = {"body": body, "population": pop, "food": food, "traits": list(traits)}
    if fat:
        d["fat"] = fat
    if face_down:
        d["face_down"] = list(face_down)
    return d


def pl(*species: dict, hand: tuple = (), bag: int = 0, food_card: Any = None) -> dict:
    d: dict[str, Any] = {"species": list(species), "hand": [list(c) if isinstance(c, tuple) else c for c in hand],
                         "bag": bag}
    if food_card is not None:
        d["food_card"] = list(food_card) if isinstance(food_card, tuple) else food_card
    return d


def make(*players: dict, phase: str = "feeding", wh: int = 0, options: dict | None = None, seed: int = 1,
         **body: Any) -> NorthstarState:
    opts = {"players": len(players)}
    opts.update(options or {})
    sc = {"game": "northstar", "options": opts, "seed": seed, "phase": phase, "watering_hole": wh,
          "players": list(players)}
    body.setdefault("hold_round_end", True)  # stop before the end-of-round steps so tests can inspect the boards
    sc.update(body)
    st = load_scenario(json.loads(json.dumps(sc)))  # tuples → lists, as from a file
    assert isinstance(st, NorthstarState)
    return st


def A(kind: str, *args: int) -> Action:
    return Action(kind, *args)


def board(st: NorthstarState, p: int) -> list[tuple[int, int, int, int]]:
    """(body, population, food, fat) of every species of player p."""
    return [(s[0], s[1], s[2], s[3]) for s in st.boards[p]]


def card_id(st: NorthstarState, trait: str, food: int | None = None, where: list[int] | None = None) -> int:
    from evolutio.games.northstar.cards import TRAIT_INDEX

    t = TRAIT_INDEX[trait]
    pool = where if where is not None else range(st.cfg.ncards)
    for c in pool:
        if st.cfg.ctrait[c] == t and (food is None or st.cfg.cfood[c] == food):
            return c
    raise LookupError(trait)
