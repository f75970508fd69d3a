"""Grazing (NOTES §10.2, ruling 58): after its animal takes red from an area, its owner may return 1 more red from
the same half to the supply."""

from __future__ import annotations

from collections.abc import Iterable

from evolutio.kernel import Action
from evolutio.kernel.flow import Step

from ..pipeline import BLUE
from ..rules import mark_triggered, trigger_ready
from ..state import NewWorldState
from ..steps import step_type
from . import HOOKS

GRAZING = HOOKS.traits.index("grazing")


@HOOKS.on("food_triggers", "grazing")
def grazing_cards(state: NewWorldState, animal: int, slot: int) -> list[int]:
    """Only red taken from an area sets Grazing off."""
    return state.cards_with(animal, GRAZING) if slot != BLUE else []


@HOOKS.on("can_fire", "grazing")
def grazing_can_act(state: NewWorldState, animal: int, slot: int, card: int) -> bool:
    return trigger_ready(state, card) and state.alive(animal) and bool(state.area_food[slot])


@HOOKS.on("fire", "grazing")
def grazing(state: NewWorldState, animal: int, slot: int, card: int) -> None:
    """The owner may return 1 more red of that half (the card is used only if they do)."""
    state.push(GrazingStep(animal, slot))


@step_type
class GrazingStep(Step):
    __slots__ = ("animal", "slot")
    name = "grazing"
    animal: int
    slot: int

    def decider(self, state: NewWorldState) -> int | None:
        if not state.alive(self.animal) or not state.area_food[self.slot]:
            return None
        return state.animal_owner[self.animal]

    def run(self, state: NewWorldState) -> None:
        state.pop()

    def prompt(self, state: NewWorldState) -> str:
        return f"Grazing: destroy 1 more food in that area with animal {self.animal}, or not"

    def candidates(self, state: NewWorldState) -> Iterable[Action]:
        return [Action("graze", self.animal, self.slot), Action("skip_grazing", self.animal)]

    def resolve(self, state: NewWorldState, action: Action) -> None:
        state.pop()
        if action.kind == "graze":
            mark_triggered(state, state.cards_with(self.animal, GRAZING)[0])
            state.area_food[self.slot] -= 1
            half = state.data.areas[self.slot >> 1].halves[self.slot & 1]
            state.emit("grazing", {"text": f"Grazing: animal {self.animal} returns 1 food of {half.en} to the supply",
                                   "animal": self.animal, "slot": self.slot})
