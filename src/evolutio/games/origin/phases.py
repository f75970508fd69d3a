"""Phases, decision kinds and bit-set helpers of ``origin``, shared by the rules (``state``) and the words
(``present``)."""

from __future__ import annotations

from typing import Iterable

#: phases of a turn (``phase``), and their names in views
DEV, FEED, EXT, OVER = range(4)
PHASE_NAMES = ("development", "feeding", "extinction", "over")
#: kinds of decision (``decision``; the first item of ``pending``), and their names in views
D_DEV, D_FEED, D_T1, D_T2, D_ATK, D_PIR, D_DEF, D_SCAV, D_FIRE, D_NONE = range(10)
DECISION_NAMES = ("development", "feeding", "trait_target", "trait_second_target", "attack_target",
                  "piracy_victim", "defence", "scavenger", "trigger_order", "none")
#: why an animal died, the ``cause`` of its ``death`` event (an animal eaten has an ``eaten`` event instead)
DEATH_STARVED, DEATH_POISONED, DEATH_NEOPLASIA = "starved", "poisoned", "neoplasia"
#: the queued effect of the core (trait modules register theirs in ``traits.EFFECTS``)
BLUE_TOKEN = "blue_token"


def bits(mask: int) -> list[int]:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def mask_of(ids: Iterable[int]) -> int:
    m = 0
    for i in ids:
        m |= 1 << int(i)
    return m
