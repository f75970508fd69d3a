"""Metamorphosis (reconstructed R1): after discarding one of its trait cards that does not raise the food
requirement, the animal either takes one hand card as a new non-paired trait (normal placement rules) or, if it can
take food, 1 blue. A paired side cannot be chosen here: it would need a second animal. Option ``metamorphosis=a``
or ``=b`` keeps only one of the two outcomes."""

from __future__ import annotations

from collections.abc import Iterable

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal, Step

from .. import flow, rules
from ..state import SIDE_LARGE, SIDE_SMALL, NewWorldState
from ..steps import step_type

MORPH_FOOD = Action("morph_food")
MORPH_NOTHING = Action("morph_nothing")


def hand_allowed(state: NewWorldState) -> bool:
    """Option (a) needs a hand: not with metamorphosis=b, nor in Random Mutations (NOTES §12)."""
    return state.options["metamorphosis"] != "b" and not state.options["random_mutations"]


@step_type
class MetamorphosisStep(Step):
    __slots__ = ("animal",)
    name = "metamorphosis"

    def __init__(self, animal: int) -> None:
        self.animal = animal

    def decider(self, state: NewWorldState) -> int:
        return state.animal_owner[self.animal]

    def prompt(self, state: NewWorldState) -> str:
        return f"Metamorphosis: give animal {self.animal} a trait from your hand, or 1 food"

    def candidates(self, state: NewWorldState) -> Iterable[Action]:
        out = [MORPH_FOOD, MORPH_NOTHING]
        if not hand_allowed(state):
            return out
        for card in state.hands[state.animal_owner[self.animal]]:
            out.append(Action("morph_trait", card, SIDE_LARGE))
            out.append(Action("morph_trait", card, SIDE_SMALL))
        return out

    def trait_refusal(self, state: NewWorldState, card: int, side: int) -> Refusal | None:
        trait = flow.card_side(state, card, side)
        if state.data.traits[trait].paired:
            return Refusal(f"{state.trait_name(trait)} is paired and cannot be given by Metamorphosis")
        return rules.placement_refusal(state, state.animal_owner[self.animal], trait, self.animal)

    def check(self, state: NewWorldState, action: Action) -> Refusal | None:
        if action.kind == "morph_trait":
            return self.trait_refusal(state, *action.args)
        food_allowed = state.options["metamorphosis"] != "a"
        if action.kind == "morph_food":
            if not food_allowed:
                return Refusal("with metamorphosis=a, Metamorphosis gives a trait card, not food")
            if not state.can_take_food(self.animal):
                return Refusal(f"animal {self.animal} cannot take food")
            return None
        if food_allowed and state.can_take_food(self.animal) or hand_allowed(state) and any(
                self.trait_refusal(state, card, side) is None
                for card in state.hands[state.animal_owner[self.animal]] for side in (SIDE_LARGE, SIDE_SMALL)):
            return Refusal("Metamorphosis must give a trait or food while one of them is possible")
        return None

    def resolve(self, state: NewWorldState, action: Action) -> None:
        state.pop()
        if action.kind == "morph_food":
            rules.give_food(state, self.animal)
        elif action.kind == "morph_trait":
            card, side = action.args
            seat = state.animal_owner[self.animal]
            state.hands[seat].remove(card)
            trait = flow.card_side(state, card, side)
            state.attach(card, trait, self.animal)
            state.emit("trait", {"text": f"Metamorphosis: animal {self.animal} gains {state.trait_name(trait)}",
                                 "seat": seat, "card": card, "trait": state.data.traits[trait].id,
                                 "animals": [self.animal]})


flow.FOLLOW_UPS["metamorphosis"] = MetamorphosisStep
