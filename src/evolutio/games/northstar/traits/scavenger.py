"""Scavenger: after any Carnivore's attack, takes 1 meat from the bank (R35; Hungarian reading ``scavenger_on_meat``:
only when the attacker took meat; the course's version is in ``variants/cs4500``)."""

from __future__ import annotations

from . import hooks

#: the meat a Scavenger takes after an attack
SCAVENGED_MEAT = 1


@hooks.on("scavenges", "scavenger")
def scavenger() -> int:
    return SCAVENGED_MEAT
