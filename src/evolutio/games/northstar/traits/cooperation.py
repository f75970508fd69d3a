"""Cooperation: each take of the species fires a take of 1 by its right neighbour, of the same food from the same
source (R20; the course's version is in ``variants/cs4500``)."""

from __future__ import annotations

from typing import Any

from . import hooks


@hooks.on("chains_take", "cooperation")
def cooperation(species: list[Any]) -> bool:
    return True
