"""Scavenger (NOTES §10.2, ruling 53): exactly one Scavenger gains 1 blue per death during an attack, searched from
the attacking player clockwise; within a player, the owner picks. It may not share an animal with Carnivore."""

from __future__ import annotations

from collections.abc import Iterable

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal, Step

from ..data import RulesData
from ..pipeline import give_food
from ..state import NewWorldState
from ..steps import step_type
from . import HOOKS, PLACEMENT_READS

SCAVENGER = HOOKS.traits.index("scavenger")
SCAVENGER_BIT = HOOKS.bit["scavenger"]


def incompatible(data: RulesData) -> int:
    """The mask of the traits Scavenger may not share an animal with (the data's ``incompatible_with``)."""
    cached = _INCOMPATIBLE.get(id(data))
    if cached is None or cached[0] is not data:
        names = data.traits[SCAVENGER].params.get("incompatible_with", [])
        cached = _INCOMPATIBLE[id(data)] = (data, HOOKS.mask_of(names))
    return cached[1]


_INCOMPATIBLE: dict[int, tuple[RulesData, int]] = {}


def scavenger_not_with_carnivore(state: NewWorldState, player: int, trait: int, animal: int) -> Refusal | None:
    """Keyed on the target animal's Scavenger or Carnivore card: the other of the two may not join it."""
    mask = state.trait_mask[animal]
    others = incompatible(state.data)
    if trait == SCAVENGER and mask & others:
        return Refusal(f"animal {animal} is a predator: Scavenger and Carnivore cannot share an animal")
    if others >> trait & 1 and mask & SCAVENGER_BIT:
        return Refusal(f"animal {animal} has Scavenger: Scavenger and {state.trait_name(trait)} cannot share an "
                       "animal")
    return None


HOOKS.on("placement_check", "scavenger")(scavenger_not_with_carnivore)
HOOKS.on("placement_check", "carnivorous")(scavenger_not_with_carnivore)
PLACEMENT_READS.append(incompatible)  # the verdict reads the animal's incompatible traits, whatever the data lists


def recipients(state: NewWorldState, seat: int) -> list[int]:
    return [animal for animal in state.rows[seat]
            if state.trait_mask[animal] & SCAVENGER_BIT and state.can_take_food(animal)]


@HOOKS.on("attack_death")
def scavenger_search(state: NewWorldState, attacker_seat: int, dead: int) -> None:
    players = state.num_players
    for offset in range(players):
        seat = (attacker_seat + offset) % players
        found = recipients(state, seat)
        if len(found) == 1:
            state.emit("scavenger", {"text": f"Scavenger: animal {found[0]} feeds on the dead", "animal": found[0]})
            give_food(state, found[0])
            return
        if found:
            state.push(ScavengerStep(seat))
            return


@step_type
class ScavengerStep(Step):
    __slots__ = ("seat",)
    name = "scavenger"
    seat: int

    def decider(self, state: NewWorldState) -> int | None:
        return self.seat if recipients(state, self.seat) else None

    def run(self, state: NewWorldState) -> None:
        state.pop()

    def prompt(self, state: NewWorldState) -> str:
        return f"{state.player_name(self.seat)}: choose which Scavenger feeds on the dead animal"

    def candidates(self, state: NewWorldState) -> Iterable[Action]:
        return [Action("scavenge", animal) for animal in recipients(state, self.seat)]

    def resolve(self, state: NewWorldState, action: Action) -> None:
        state.pop()
        animal = action.args[0]
        state.emit("scavenger", {"text": f"Scavenger: animal {animal} feeds on the dead", "animal": animal})
        give_food(state, animal)
