"""Remora (Прилипала; Continents): when an animal migrates out of a location, a Remora there may move with it — to
the same destination, by a move its Remora could make as a migrant (a swimming Remora may follow a swimmer between
the Ocean and a continent). Several Remoras, of any players, may follow one migrant: the migrating player declares
theirs first, then the others clockwise. A Remora cannot migrate on its own, and following uses nobody's feeding turn
(NOTES §9.3 and §10; the decision is ``migration.RemoraFollow``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel.flow import Refusal

from . import HOOKS

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

REMORA = HOOKS.bit["remora"]
NOT_A_REMORA = Refusal("only an animal with a working Remora can follow a migrant")


def follow_refusal(state: OriginFlow, remora: int, origin: int, destination: int) -> Refusal | None:
    """Why ``remora`` may not follow a migrant from ``origin`` to ``destination`` (``None`` if it may)."""
    if state.owner[remora] < 0 or not state.trait_mask[remora] & REMORA:
        return NOT_A_REMORA
    if state.location[remora] != origin:
        return Refusal("a Remora follows only a migrant leaving its own location")
    return state.move_refusal(remora, destination)
