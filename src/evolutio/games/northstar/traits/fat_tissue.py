"""Fat Tissue: a take's surplus may be stored on the card, up to the body size (R16); when the food cards are
revealed, stored food moves onto the board, which is not a take (R18); discarded, its food goes to the bag (R8)."""

from __future__ import annotations

from typing import Any

from ..config import BODY, FAT, FOOD_, LEAF_FAT_TISSUE, POP
from . import hooks, leaf_effect


@hooks.on("surplus_room", "fat-tissue")
def fat_tissue_room(species: list[Any]) -> int:
    return int(species[BODY] - species[FAT])


@hooks.on("trait_discarded", "fat-tissue")
def fat_tissue_discarded(state: Any, p: int, species: list[Any]) -> None:
    state.bags[p] += species[FAT]
    species[FAT] = 0


@leaf_effect(LEAF_FAT_TISSUE, "fat-tissue", pending=lambda species: species[FAT] > 0)
def fat_tissue(state, p: int, s: int) -> bool:
    species = state.boards[p][s]
    moved = min(species[FAT], species[POP] - species[FOOD_])
    if moved > 0:
        species[FOOD_] += moved
        species[FAT] -= moved
    if state.log_events:
        state.emit("fat_tissue", {"text": f"Fat Tissue: player {p + 1}'s species {s + 1} moves {max(moved, 0)} "
                                          f"stored food onto its board", "player": p, "species": s})
    return True
