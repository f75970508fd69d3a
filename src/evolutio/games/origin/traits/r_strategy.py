"""r-Strategy (r-Стратегия; gift cards; played on any player's animal): at the deal its owner draws no card for the
animal; instead, when the next turn begins, the top two deck cards become two new animals of that owner (unfed, no
tokens; the owner sees their trait sides). Births are dealt one card at a time, player by player from the new turn's
first player, like the deal; births the deck cannot cover are lost. Nothing happens for an r-Strategy animal that
died (NOTES §9.4, rulings 58, 73, 83)."""

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
    tm = state.trait_mask
    owed = [BIRTHS * sum(1 for animal in state.animals[seat] if tm[animal] & R_STRATEGY) for seat in range(seats)]
    if not any(owed):
        return
    seat = state.first
    while state.deck and any(owed):
        if owed[seat]:
            owed[seat] -= 1
            animal = state.animal_from_deck(seat)
            if state.log_events:
                card = state.animal_card[animal]
                text = f"r-Strategy: {state.player_name(seat)} gets a new animal A{animal} from the deck"
                state.emit("birth", {"text": f"{text} ({state._card_text(card)})", "player": seat,
                                     "animal": animal, "card": card},
                           to=(seat,), redacted={"text": text, "player": seat, "animal": animal})
        seat = (seat + 1) % seats
    if any(owed) and state.log_events:
        state.emit("births_lost", {"text": f"r-Strategy: the deck is empty; {sum(owed)} birth(s) are lost",
                                   "lost": sum(owed)})
