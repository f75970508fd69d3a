"""Foraging: a take of plant food brings one more token (R19; the course's version is in ``variants/cs4500``)."""

from __future__ import annotations

from typing import Any

from . import hooks


@hooks.on("plant_take_bonus", "foraging")
def foraging(species: list[Any]) -> int:
    return 1
