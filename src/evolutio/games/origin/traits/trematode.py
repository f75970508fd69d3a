"""Trematode (Трематода; Time to Fly), a paired trait played on two animals of one other player (``target:
opponent_pair`` in its data row; rulings 5, 7): it raises the need of each of the two by 1 (+1 score per host, for
their owner) and nothing can remove it — not Tail Loss, Metamorphosis (it raises need) nor any other trait; it leaves
play with either host like every paired card (NOTES §9.2 trematode, ruling 66). Its food and placement come from the
data row and the core's paired-trait rules; what this module holds is the rule other traits ask: it cannot be
discarded."""

from __future__ import annotations

from evolutio.kernel.flow import Refusal

from . import TRAIT_NUM

TREMATODE = TRAIT_NUM["trematode"]
UNREMOVABLE = Refusal("Trematode cannot be removed by any trait (ruling 66)")


def removal_refusal(trait: int) -> Refusal | None:
    """Why a trait removing cards (Tail Loss) may not remove a card played as ``trait``."""
    return UNREMOVABLE if trait == TREMATODE else None
