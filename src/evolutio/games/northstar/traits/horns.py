"""Horns: an attacker loses one population (R34); Intelligence may negate Horns though they do not block (R36)."""

from __future__ import annotations

from ..config import D_HORNS
from . import hooks

HORNS = 1 << D_HORNS


@hooks.on("negatable", "horns")
def horns(negated: int) -> int:
    return 0 if negated & HORNS else HORNS
