"""Fat Tissue: when the food cards are revealed, stored food moves onto the board; this is not a take (R18)."""

from __future__ import annotations

from ..config import FAT, FOOD_, LEAF_FAT_TISSUE, POP
from . import leaf_effect


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
