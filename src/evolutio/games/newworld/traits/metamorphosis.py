"""Metamorphosis (reconstructed R1): after discarding one of its trait cards that does not raise the food
requirement, the animal either takes one hand card as a new trait (normal placement rules) or, if it can take food,
1 blue. A paired side links the animal with its right or left neighbour (``morph_paired``: card, side, neighbour 0 =
right / 1 = left), under the same rules as ``play_paired`` (one paired card per neighbour pair, both animals the
player's; for Symbiosis the Metamorphosis animal is the guardian). Option ``metamorphosis=a`` or ``=b`` keeps only one
of the two outcomes."""

from __future__ import annotations

from collections.abc import Iterable

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal, Step

from .. import flow, pipeline, rules
from ..state import LEFT, NO_ANIMAL, RIGHT, SIDE_LARGE, SIDE_SMALL, SYMBIOSIS, NewWorldState
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
    accepts = ("morph_food", "morph_nothing", "morph_trait", "morph_paired")
    animal: int

    def decider(self, state: NewWorldState) -> int:
        return state.animal_owner[self.animal]

    def prompt(self, state: NewWorldState) -> str:
        return f"Metamorphosis: give animal {self.animal} a trait from your hand, or 1 food"

    def candidates(self, state: NewWorldState) -> Iterable[Action]:
        out = [MORPH_FOOD, MORPH_NOTHING]
        if not hand_allowed(state):
            return out
        for card in state.hands[state.animal_owner[self.animal]]:
            for side in (SIDE_LARGE, SIDE_SMALL):
                if state.data.traits[flow.card_side(state, card, side)].paired:
                    out.append(Action("morph_paired", card, side, RIGHT))
                    out.append(Action("morph_paired", card, side, LEFT))
                else:
                    out.append(Action("morph_trait", card, side))
        return out

    def trait_refusal(self, state: NewWorldState, card: int, side: int) -> Refusal | None:
        trait = flow.card_side(state, card, side)
        if state.data.traits[trait].paired:
            return Refusal(f"{state.trait_name(trait)} is paired: name the neighbour it links to (morph_paired)")
        return rules.placement_refusal(state, state.animal_owner[self.animal], trait, self.animal)

    def paired_refusal(self, state: NewWorldState, card: int, side: int, direction: int) -> Refusal | None:
        trait = flow.card_side(state, card, side)
        if not state.data.traits[trait].paired:
            return Refusal(f"{state.trait_name(trait)} is not paired: take it with morph_trait")
        partner = flow.neighbour(state, self.animal, direction)
        if partner == NO_ANIMAL:
            return Refusal(f"animal {self.animal} has no neighbour on that side")
        return rules.pair_refusal(state, state.animal_owner[self.animal], trait, *self.pair(trait, partner, direction))

    def pair(self, trait: int, partner: int, direction: int) -> tuple[int, int]:
        """The animals in the card's order: the Metamorphosis animal first (Symbiosis: the guardian), otherwise the
        left animal first, as ``play_paired`` lays a card."""
        if trait == SYMBIOSIS or direction == RIGHT:
            return self.animal, partner
        return partner, self.animal

    def takes_a_card(self, state: NewWorldState) -> bool:
        """Could a hand card go onto the animal now, as a single or a paired trait?"""
        return any(self.check(state, action) is None for action in self.candidates(state)
                   if action.kind in ("morph_trait", "morph_paired"))

    def check(self, state: NewWorldState, action: Action) -> Refusal | None:
        if action.kind == "morph_trait":
            return self.trait_refusal(state, *action.args)
        if action.kind == "morph_paired":
            return self.paired_refusal(state, *action.args)
        food_allowed = state.options["metamorphosis"] != "a"
        if action.kind == "morph_food":
            if not food_allowed:
                return Refusal("with metamorphosis=a, Metamorphosis gives a trait card, not food")
            if not state.can_take_food(self.animal):
                return Refusal(f"animal {self.animal} cannot take food")
            return None
        if food_allowed and state.can_take_food(self.animal) or hand_allowed(state) and self.takes_a_card(state):
            return Refusal("Metamorphosis must give a trait or food while one of them is possible")
        return None

    def resolve(self, state: NewWorldState, action: Action) -> None:
        state.pop()
        if action.kind == "morph_food":
            pipeline.give_food(state, self.animal)
        elif action.kind in ("morph_trait", "morph_paired"):
            card, side = action.args[:2]
            seat = state.animal_owner[self.animal]
            state.hands[seat].remove(card)
            trait = flow.card_side(state, card, side)
            if action.kind == "morph_paired":
                first, second = self.pair(trait, flow.neighbour(state, self.animal, action.args[2]), action.args[2])
                state.attach(card, trait, first, second)
                animals = [first, second]
                text = f"Metamorphosis: animals {first} and {second} are linked by {state.trait_name(trait)}"
            else:
                state.attach(card, trait, self.animal)
                animals = [self.animal]
                text = f"Metamorphosis: animal {self.animal} gains {state.trait_name(trait)}"
            state.emit("trait", {"text": text, "seat": seat, "card": card, "trait": state.data.traits[trait].id,
                                 "animals": animals})


flow.FOLLOW_UPS["metamorphosis"] = MetamorphosisStep
