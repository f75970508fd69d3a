"""The card data of ``origin`` (``data/cards.json``) and the sizes it fixes, read once at import."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def _load(name: str = "cards.json") -> dict[str, Any]:
    with resources.files(__package__).joinpath(f"data/{name}").open(encoding="utf-8") as file:
        data: dict[str, Any] = json.load(file)
    return data


DATA = _load()
#: the shipped Ice Age data (``data/ice_age.json``, reconstructed, NOTES §11.2): its two trait rows name the traits;
#: a game may replace its cards with a user's file (option ``ice_age_file``, ``ice_age_data.py`` validates it)
ICE_AGE_DATA = _load("ice_age.json")
#: the most Ice Age trait cards a file may put in the deck (the shipped reconstruction has 8)
MAX_ICE_AGE_TRAIT_CARDS = 16
#: the most players a game may have (the rulebook's 2-8)
MAX_PLAYERS = 8
#: cards dealt to each player at the start, and to a player left with no animals and no hand (``hand_size``)
HAND_SIZE: int = DATA["hand_size"]
#: the same with Continents (``continents_hand_size``; option ``continents_start_hand`` may choose ``HAND_SIZE``)
CONTINENTS_HAND_SIZE: int = DATA["continents_hand_size"]
#: the alternative base lists (a game uses exactly one) and the expansion sets that may be mixed in, in data order
BASE_SETS: tuple[str, ...] = ("base", "base_edition2")
EXPANSION_SETS: tuple[str, ...] = tuple(name for name in DATA["sets"] if name not in BASE_SETS)


def set_size(name: str) -> int:
    """How many cards set ``name`` has (the sum of its card kinds' counts)."""
    return sum(int(kind["count"]) for kind in DATA["sets"][name])


#: the most cards any deck can have (the largest base list with every expansion): card ids, animal numbers and hand
#: slots are below it, whatever the options
MAX_CARDS: int = (max(set_size(name) for name in BASE_SETS) + sum(set_size(name) for name in EXPANSION_SETS)
                  + MAX_ICE_AGE_TRAIT_CARDS)
