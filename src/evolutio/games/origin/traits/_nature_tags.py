"""Insulation and Immunity (Ice Age, unofficial — reconstructed, NOTES §11.2): an animal with one of them ignores
every nature-change card carrying one of the tags the trait's data row lists (``ignores_tags``). The mapping lives in
the data (``data/ice_age.json`` or the game's ``ice_age_file``), not here: ``declare(trait)`` registers the one rule
for a trait."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import HOOKS

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow
    from ..ice_age_data import NatureCard


def declare(trait: str) -> None:
    """``trait`` ignores the nature-change cards carrying one of its data row's ``ignores_tags``."""

    @HOOKS.on("ignores_nature", trait)
    def ignores_its_tags(state: OriginFlow, animal: int, card: NatureCard) -> bool:
        ice_age = state.config.ice_age
        return ice_age is not None and bool(card.tags & ice_age.ignores[trait])
