"""r-Strategy (r-Стратегия; gift cards; played on any player's animal): at the deal its owner draws no card for the
animal; instead, when the next turn begins, the top two deck cards become two new animals of that owner (unfed, no
tokens; the owner sees their trait sides). Births are dealt one card at a time, player by player from the new turn's
first player, like the deal; births the deck cannot cover are lost. Nothing happens for an r-Strategy animal that
died. With Continents' locations the new animals join the location of the r-Strategy animal (NOTES §9.4, §10, rulings
58, 73, 83, 84)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import HOOKS

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

R_STRATEGY = HOOKS.bit["r_strategy"]
#: new animals per surviving r-Strategy animal
BIRTHS = 2


@HOOKS.on("withholds_draw", "r_strategy")
def no_card_for_it(state: OriginFlow, animal: int) -> bool:
    return True


@HOOKS.on("turn_start", "r_strategy")
def births(state: OriginFlow) -> None:
    seats = state.player_count
    trait_masks = state.trait_mask
    # per seat, the r-Strategy animal of each birth owed (Continents: a new animal joins its parent's location)
    # (an r-Strategy animal regenerated at this deal gives none: its withheld card went under it, ruling 84)
    owed = [[parent for parent in state.animals[seat]
             if trait_masks[parent] & R_STRATEGY and not (state.reborn >> parent) & 1
             for _ in range(BIRTHS)] for seat in range(seats)]
    if not any(owed):
        return
    seat = state.first
    while state.deck and any(owed):
        if owed[seat]:
            parent = owed[seat].pop(0)
            animal = state.animal_from_deck(seat)
            if state.location:
                state.location[animal] = state.location[parent]
            if state.log_events:
                card = state.animal_card[animal]
                text = f"r-Strategy: {state.player_name(seat)} gets a new animal A{animal} from the deck"
                state.emit("birth", {"text": f"{text} ({state._card_text(card)})", "player": seat,
                                     "animal": animal, "card": card},
                           to=(seat,), redacted={"text": text, "player": seat, "animal": animal})
        seat = (seat + 1) % seats
    lost = sum(len(births) for births in owed)
    if lost and state.log_events:
        state.emit("births_lost", {"text": f"r-Strategy: the deck is empty; {lost} birth(s) are lost",
                                   "lost": lost})
