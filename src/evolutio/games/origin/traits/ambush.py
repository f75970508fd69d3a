"""Ambush (Засада; Time to Fly): a Carnivore with Ambush may attack an animal of another player at the moment it takes
a red token from the food base — a take, a Communication token or a Voracious extra token (NOTES §9.2 ambush, rulings
49, 76). The other players are asked clockwise from the taker's left (``ambush_offer``: ``ambush(carnivore)`` or
``pass``), at most one ambush per take; the attack is the Carnivore's one attack of the turn and its player's one
Carnivore use of the feeding round; the attacked animal cannot use Burrowing or Shell. The red token stays in the base
while the ambush resolves; the taker receives it afterwards only if the taking animal survived and can still eat.
The machinery: ``expansion_flow`` (the mark ``ambushing``: ``carnivore.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import HOOKS, trait_action

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..expansion_flow import ExpansionFlow

@HOOKS.on("red_token", "ambush")
def offer_an_ambush(state: ExpansionFlow, animal: int) -> bool:
    return state.offer_ambush(animal)


def describe(state: ExpansionFlow, carnivore: int) -> str:
    return f"Ambush: attack the animal taking a red token with your Carnivore A{carnivore}"


trait_action("ambush", "ambush", describe, answers="decision")
