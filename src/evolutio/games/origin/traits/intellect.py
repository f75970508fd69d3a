"""Intellect (Интеллект; Time to Fly): once per turn a Carnivore with Intellect ignores one trait of an animal it
attacks; the trait does not act against this Carnivore for the rest of the turn (NOTES §9.2 intellect, rulings 50,
81). The choice is spent only when a trait is really ignored: the one protection that alone forbids the attack is
ignored when the attack is declared (it is the only way to make it); otherwise, when the attack reaches a target with
a defence or Poisonous, the Carnivore's owner names one of those or keeps the choice (the ``intellect`` decision,
answered by ``ignore(card)`` or ``pass``). Intellect cannot stop a Hunter (the reveal is not a trait of the target)
nor lift the Carnivore's own Swimming restriction. Food +1 and score +1 come from its data row. The machinery:
``trait_support`` (``may_ignore``, ``forced_ignore``, ``ignores``) and ``expansion_flow``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import EN, trait_action

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow


def describe(state: OriginFlow, card: int) -> str:
    return f"Intellect: ignore {EN[state.card_trait[card]]} (card {card}) of the attacked animal this turn"


trait_action("intellect", "ignore", describe, ("card id",), answers="decision")
