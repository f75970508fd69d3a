"""Warning Call: its neighbours cannot be attacked by a Carnivore without Ambush (R29). Hungarian reading (option
``warning_call_hu``): it does not protect a neighbour that has Warning Call itself."""

from __future__ import annotations

from ..config import D_WARN_L, D_WARN_R, MASK
from . import TRAIT_BIT, block_reason, hooks

WARNING_CALL = TRAIT_BIT["warning-call"]
AMBUSH = TRAIT_BIT["ambush"]


@hooks.on("defends_neighbour", "warning-call")
def warning_call(state, attacker, row, target, defence: int) -> int:
    if attacker[MASK] & AMBUSH:
        return 0
    if state.cfg.wc_hu and row[target][MASK] & WARNING_CALL:
        return 0
    return 1 << defence


@block_reason(1 << D_WARN_L)
def left_neighbour_reason(state, attacker, attack_size, row, target) -> str:
    return "the target's left neighbour has Warning Call and your Carnivore lacks Ambush"


@block_reason(1 << D_WARN_R)
def right_neighbour_reason(state, attacker, attack_size, row, target) -> str:
    return "the target's right neighbour has Warning Call and your Carnivore lacks Ambush"
