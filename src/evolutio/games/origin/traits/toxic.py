"""Toxic (Токсичный; originally Стрекательные клетки, Cnidocytes; Continents): the carnivore that attacks a Toxic
animal is paralysed until the next turn begins — all its traits stop working (paired ones too), so its need is 1 and
it has no protection — whether the attack succeeded or not. The paralysis comes after the attack's outcome: a
carnivore that was fed by it keeps its tokens; its paired cards are off on its partners too (a paralysed Trematode
host adds no need to its partner) (NOTES §9.3, rulings 54, 79)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..geography import PARALYSED as PARALYSED_MARK
from . import HOOKS, PAIRED, mark_kind, queued_effect

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

#: the carnivores paralysed this turn (their traits are off: ``locations.Locations.switched_off``), until the next
#: turn begins (:func:`recover` clears the mark: no scope of its own, so that a turn without paralysis recalculates
#: nothing)
PARALYSED = mark_kind(PARALYSED_MARK, "game")


@HOOKS.on("on_attacked", "toxic")
def sting(state: OriginFlow, carnivore: int, target: int) -> None:
    state.queue_effect("toxic_paralysis", carnivore)   # runs once the attack is over (ruling 79)


@queued_effect("toxic_paralysis")
def paralyse(state: OriginFlow, carnivore: int) -> None:
    if state.owner[carnivore] < 0:
        return
    state.mark(PARALYSED, carnivore)
    state._recalc(carnivore)
    for c in state.trait_cards[carnivore]:   # its paired cards are off as a whole, on its partners too (ruling 79)
        if PAIRED[state.card_trait[c]]:
            partner = state.second_animal[c] if state.first_animal[c] == carnivore else state.first_animal[c]
            was_fed = state.is_fed(partner)
            state._recalc(partner)
            state.check_became_fed(partner, was_fed)   # (its need may have dropped to its food: Viviparous)
    if state.log_events:
        state.emit("paralysed", {"text": f"Toxic: {state.animal_text(carnivore)} is paralysed until the next turn "
                                 "(its traits do not work)", "animal": carnivore})


@HOOKS.on("turn_start", "toxic", priority=2)
def recover(state: OriginFlow) -> None:
    """The paralysis ends with the turn: traits work again — after the new turn's births, which a carnivore paralysed
    at the deal does not give (r-Strategy, ruling 82)."""
    if state.clear_mark(PARALYSED):
        state.recalc_all()
