"""Scenario helpers for the northstar tests (scenario body: docs/northstar-scenarios.md).

Positions are read only through the kernel contract (views, scores, the state's JSON form), never through the
state's internal lists, so the tests survive a redesign of the engine.
"""

from __future__ import annotations

import json
from typing import Any

from evolutio.kernel import Action, State, load_scenario


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
         **body: Any) -> State:
    opts = {"players": len(players)}
    opts.update(options or {})
    sc = {"game": "northstar", "options": opts, "seed": seed, "phase": phase, "watering_hole": wh,
          "players": list(players)}
    body.setdefault("hold_round_end", True)  # stop before the end-of-round steps so tests can inspect the boards
    sc.update(body)
    st = load_scenario(json.loads(json.dumps(sc)))  # tuples → lists, as from a file
    assert st.game.name == "northstar"
    return st


def A(kind: str, *args: int) -> Action:
    return Action(kind, *args)


# -- reading a position through the public contract (views), never the state's internal lists -------------------
def own_view(st: State, p: int) -> dict[str, Any]:
    """Player ``p`` as seat ``p`` sees itself (its hand and face-down traits included)."""
    player: dict[str, Any] = st.view(p)["players"][p]
    return player


def board(st: State, p: int) -> list[tuple[int, int, int, int]]:
    """(body, population, food, fat) of every species of player p."""
    return [(s["body"], s["population"], s["food"], s["fat"]) for s in own_view(st, p)["species"]]


def traits(st: State, p: int, s: int) -> list[int]:
    """The card ids of the trait cards on species ``s`` of player ``p``, in order (face-down ones included)."""
    return [card["id"] for card in own_view(st, p)["species"][s]["traits"]]


def face_down(st: State, p: int, s: int) -> list[int]:
    """The card ids of the face-down trait cards on species ``s`` of player ``p``."""
    return [card["id"] for card in own_view(st, p)["species"][s]["traits"] if card.get("face_down")]


def hand(st: State, p: int) -> list[int]:
    """The card ids in player ``p``'s hand, in order."""
    return [card["id"] for card in own_view(st, p)["hand"]]


def hands(st: State) -> list[list[int]]:
    return [hand(st, p) for p in range(st.num_players)]


def bag(st: State, p: int) -> int:
    return int(own_view(st, p)["bag"])


def bags(st: State) -> list[int]:
    return [bag(st, p) for p in range(st.num_players)]


def food_card(st: State, p: int) -> int:
    """Player ``p``'s chosen food card id, or -1."""
    card = own_view(st, p)["food_card"]
    return -1 if card is None else int(card["id"])


def phase(st: State) -> str:
    return str(st.view(None)["phase"])


def watering_hole(st: State) -> int:
    return int(st.view(None)["watering_hole"])


def round_number(st: State) -> int:
    return int(st.view(None)["round"])


def first_player(st: State) -> int:
    return int(st.view(None)["first_player"])


def discard_pile(st: State) -> list[int]:
    return [card["id"] for card in st.view(None)["discard_pile"]]


def draw_pile_size(st: State) -> int:
    return int(st.view(None)["draw_pile"])


def removed_unseen(st: State) -> int:
    return int(st.view(None)["removed_unseen"])
