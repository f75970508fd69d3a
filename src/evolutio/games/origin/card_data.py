"""The card data of ``origin`` (``data/cards.json``) and the sizes it fixes, read once at import."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def _load() -> dict[str, Any]:
    with resources.files(__package__).joinpath("data/cards.json").open(encoding="utf-8") as file:
        data: dict[str, Any] = json.load(file)
    return data


DATA = _load()
#: cards in a deck (``deck_size``): card ids and animal numbers are 0 .. NUM_CARDS - 1
NUM_CARDS: int = DATA["deck_size"]
#: cards dealt to each player at the start, and to a player left with no animals and no hand (``hand_size``)
HAND_SIZE: int = DATA["hand_size"]
