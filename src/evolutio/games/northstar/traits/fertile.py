"""Fertile: when the food cards are revealed, +1 population if the watering hole holds food (R10)."""

from __future__ import annotations

from ..config import LEAF_FERTILE, POP
from . import leaf_effect


@leaf_effect(LEAF_FERTILE, "fertile", pending=lambda species: True)
def fertile(state, p: int, s: int) -> bool:
    species = state.boards[p][s]
    if state.wh > 0 and species[POP] < state.cfg.maxv:
        species[POP] += 1
        if state.log_events:
            state.emit("fertile", {"text": f"Fertile: player {p + 1}'s species {s + 1} grows to population "
                                           f"{species[POP]}", "player": p, "species": s})
    elif state.log_events:
        why = "the watering hole is empty" if state.wh <= 0 else f"population {species[POP]}"
        state.emit("fertile", {"text": f"Fertile of player {p + 1}'s species {s + 1} has no effect ({why})",
                               "player": p, "species": s})
    return True
