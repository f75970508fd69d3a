"""Long Neck: when the food cards are revealed, a herbivore takes 1 plant food from the bank (R11)."""

from __future__ import annotations

from ..config import LEAF_LONG_NECK, MASK
from . import TRAIT_BIT, leaf_effect

CARNIVORE = TRAIT_BIT["carnivore"]


def log_long_neck(state, p: int, s: int, got: int) -> None:
    state.emit("long_neck", {"text": f"Long Neck: player {p + 1}'s species {s + 1} takes {got} plant food from the "
                                     f"bank", "player": p, "species": s})


@leaf_effect(LEAF_LONG_NECK, "long-neck", pending=lambda species: not species[MASK] & CARNIVORE, finish=log_long_neck)
def long_neck(state, p: int, s: int) -> bool:
    got = state._take(p, s, 1, False, True)
    if got < 0:
        return False
    if state.log_events:
        log_long_neck(state, p, s, got)
    return True
