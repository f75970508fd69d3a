"""Burrowing (Норное): a fed Burrowing animal cannot be attacked (yellow fat tokens do not make it fed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel.flow import Refusal

from . import HOOKS

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

IN_ITS_BURROW = Refusal("it is Burrowing and fed (yellow fat tokens do not count as fed, but its food does)")


@HOOKS.on("can_be_attacked", "burrowing", priority=3)
def safe_when_fed(state: OriginFlow, carnivore: int, target: int) -> Refusal | None:
    return IN_ITS_BURROW if state.is_fed(target) else None
