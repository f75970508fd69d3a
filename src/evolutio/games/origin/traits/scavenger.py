"""Scavenger (Падальщик): after a Carnivore eats an animal, exactly one Scavenger gets a blue token — searched from the
Carnivore's owner clockwise; if that player has several that can eat, they choose (ruling 47). It cannot share an
animal with Carnivore."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import HOOKS, queued_effect, resolves

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

SCAVENGER = HOOKS.bit["scavenger"]


@HOOKS.on("after_kill")
def look_for_a_scavenger(state: OriginFlow, carnivore: int) -> None:
    """Queue the search once the Carnivore's blue tokens are given — when some animal carries Scavenger (none can gain
    it before the search runs: without one the search would find none)."""
    trait_mask = state.trait_mask
    for animals in state.animals:
        for animal in animals:
            if trait_mask[animal] & SCAVENGER:
                state.queue_effect("scavenger_search", carnivore)
                return


@queued_effect("scavenger_search")
def search_clockwise(state: OriginFlow, carnivore: int) -> None:
    """From the carnivore's owner clockwise; Continents: only a Scavenger in the location of the kill (ruling 55)."""
    seats, first_seat, location = state.player_count, state.owner[carnivore], state.location
    if first_seat < 0:
        return
    trait_mask = state.trait_mask
    for offset in range(seats):
        seat = (first_seat + offset) % seats
        hungry = []   # (a loop: a comprehension would make closure cells on every call)
        for animal in state.animals[seat]:
            if (trait_mask[animal] & SCAVENGER and state.receive_refusal(animal) is None
                    and (not location or location[animal] == location[carnivore])):
                hungry.append(animal)
        if len(hungry) == 1:
            feed_the_scavenger(state, hungry[0])
        elif hungry:
            state.choose_animal_to_feed(seat, hungry)
        if hungry:
            return


@resolves("scavenge")
def feed_the_scavenger(state: OriginFlow, animal: int) -> None:
    if state.log_events:
        state.emit("scavenger", {"text": f"Scavenger: {state.animal_text(animal)} gets a blue token",
                                 "animal": animal})
    state.receive(animal, False)
