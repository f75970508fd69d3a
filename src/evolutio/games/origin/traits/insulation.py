"""Insulation (Утепление; Ice Age, unofficial — reconstructed, NOTES §11.2): the animal ignores every nature-change
card carrying one of the tags its data row lists (``ignores_tags``; the shipped reconstruction: ``cold``). The
mapping lives in the data (``data/ice_age.json`` or the game's ``ice_age_file``), not here. Food 0, score 0, own
animals only, one copy per animal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import HOOKS

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow
    from ..ice_age_data import NatureCard

TRAIT = "insulation"


@HOOKS.on("ignores_nature", TRAIT)
def ignores_its_tags(state: OriginFlow, animal: int, card: NatureCard) -> bool:
    ice_age = state.config.ice_age
    return ice_age is not None and bool(card.tags & ice_age.ignores[TRAIT])
