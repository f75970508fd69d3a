"""Viviparous (Живорождение, "Live Birth"; Time to Fly): when the animal becomes fed, the top card of the deck comes
into play as a new animal of the same owner, with one blue token — fed for this turn; only its owner sees its card
(NOTES §9.2 viviparous, rulings 65, 77). "Becomes fed" is any way an unfed animal becomes fed: a token that fills its
need, its need dropping to the food it holds (Tail Loss dropping a Parasite), Hibernation on an unfed animal; not
converting yellow fat tokens (ruling 77). At most one birth per animal per turn; none when the deck is empty; taking
the last card makes this turn the last one (a hibernating animal is then unfed at extinction, ruling 57). Food +1 and
score +1 come from its data row. With Continents' locations the newborn is in its parent's location (NOTES §9.2,
§10; the rulebook: «новое животное помещается в ту же локацию»): in the Ocean it is a swimmer by location and needs no
Swimming card, and it scores the Ocean's +1."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import HOOKS, mark_kind

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

#: the Viviparous animals that have given birth this turn
GAVE_BIRTH = mark_kind("gave_birth", "turn")


@HOOKS.on("became_fed", "viviparous")
def give_birth(state: OriginFlow, animal: int) -> None:
    if state.marked(GAVE_BIRTH, animal):
        return
    state.mark(GAVE_BIRTH, animal)
    owner = state.owner[animal]
    if not state.deck:
        if state.log_events:
            state.emit("births_lost", {"text": f"Viviparous: {state.animal_text(animal)} is fed, but the deck is "
                                       "empty: no birth", "animal": animal, "lost": 1})
        return
    child = state.animal_from_deck(owner)
    if state.location:   # Continents: born in its parent's location (an Ocean newborn swims by location, NOTES §10)
        state.location[child] = state.location[animal]
    state.food[child] = 1
    state.received_food |= 1 << child
    if state.log_events:
        card = state.animal_card[child]
        text = (f"Viviparous: {state.animal_text(animal)} is fed and gives birth to a new animal "
                f"A{child}{state.where(child)} (one blue token)")
        state.emit("birth", {"text": f"{text}; its card: {state._card_text(card)}", "player": owner, "animal": child,
                             "parent": animal, "card": card},
                   to=(owner,), redacted={"text": text, "player": owner, "animal": child, "parent": animal})
        if not state.deck:
            state.emit("last_turn", {"text": "the deck is empty: this turn is the last one"})
