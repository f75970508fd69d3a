"""Neoplasia (Неоплазия; Continents; played on another player's animal): it goes to the bottom of the animal's trait
stack. In each food-base phase it swaps places with the unpaired trait directly above it (paired traits are passed
over and keep working); every unpaired trait below it is switched off while it stays on the animal (it still scores
and still counts as a trait card). When no unpaired trait is left above it after a food-base phase, the animal dies at
once (NOTES §9.3, rulings 13, 71, 78; the switched-off traits are ``locations.Locations.switched_off``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..phases import DEATH_NEOPLASIA
from . import HOOKS, NEOPLASIA, PAIRED

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow


@HOOKS.on("on_played", "neoplasia")
def to_the_bottom(state: OriginFlow, card: int, animal: int) -> None:
    state.trait_cards[animal] = (card, *(c for c in state.trait_cards[animal] if c != card))
    state._recalc(animal)


def unpaired_above(state: OriginFlow, animal: int) -> list[int]:
    """The unpaired trait cards above Neoplasia on ``animal``, lowest first."""
    cards, face = state.trait_cards[animal], state.card_trait
    for i, c in enumerate(cards):
        if face[c] == NEOPLASIA:
            return [x for x in cards[i + 1:] if not PAIRED[face[x]]]
    return []


def dies(state: OriginFlow, animal: int) -> None:
    """``animal`` has no unpaired trait left above its Neoplasia: it dies at once."""
    if state.log_events:
        state.emit("death", {"text": f"Neoplasia: {state.animal_text(animal)} has no trait left above it and dies",
                             "animal": animal, "owner": state.owner[animal], "cause": DEATH_NEOPLASIA})
    state._remove_animal(animal)


@HOOKS.on("food_roll", "neoplasia", priority=0)
def advance(state: OriginFlow) -> None:
    face = state.card_trait
    for animals in state.animals:
        for a in list(animals):
            if (state.husks >> a) & 1:
                continue
            cards = state.trait_cards[a]
            for neo in cards:   # (a loop: a generator per animal costs more than the search)
                if face[neo] == NEOPLASIA:
                    break
            else:
                continue   # no Neoplasia on a
            above = unpaired_above(state, a)
            if above:
                rest = list(filter(neo.__ne__, cards))   # (filter: a comprehension would make neo a cell)
                rest.insert(rest.index(above[0]) + 1, neo)
                state.trait_cards[a] = tuple(rest)
                state._recalc(a)
                if state.log_events:
                    state.emit("neoplasia", {"text": f"Neoplasia switches off {state.trait_name(above[0])} of "
                                             f"{state.animal_text(a)}", "animal": a, "card": above[0]})
            if not unpaired_above(state, a):
                dies(state, a)
