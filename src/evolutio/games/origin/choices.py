"""Continents' choices that the rulebook leaves to a player where the game used to apply a fixed convention (NOTES §9.3,
rulings 9, 58, 70, 72), as decisions on the stack:

- ``regeneration_card``: before the deal, the owner of an eaten Regeneration animal (a husk) puts a card of their hand
  under it as its new animal card (``regenerate``, naming the hand slot) — asked when the hand holds two cards or more
  (with one card it is that card, with none the deck's top card);
- ``recombination_gift``: after ``recombine``, the owner chooses the trait each of the two animals gives
  (``recombine_give``, naming the trait card), the card's first animal first — asked for an animal with more than one
  trait it can give.

The empty board's two animals (ruling 58) are placed with Continents' ``settle`` decision (``migration.py``).
"""

from __future__ import annotations

from typing import Iterable

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from . import actions as A
from .flow import OriginFlow, PlayerDecision
from .traits.recombination import GIVE, GIVES, gift_refusal, gifts, swap
from .traits.regeneration import UNDER

UNDER_ACTIONS = tuple(Action(UNDER, slot) for slot in range(A.N))


def no_such_slot(size: int) -> Refusal:
    return Refusal(f"your hand has {size} card(s): hand slots are 0..{size - 1}")


class RegenerationCard(PlayerDecision):
    """``player`` chooses the hand card put under their husk ``animal`` as its new animal card (ruling 70)."""

    __slots__ = ("player", "animal")
    name = "regeneration_card"
    label = "regeneration_card"
    accepts = (UNDER,)
    player: int
    animal: int

    def candidates(self, state: OriginFlow) -> Iterable[Action]:
        return UNDER_ACTIONS[:state.config.num_cards]

    def check(self, state: OriginFlow, action: Action) -> Refusal | None:
        size = len(state.hands[self.player])
        return None if action.args[0] < size else no_such_slot(size)

    def legal(self, state: OriginFlow) -> list[Action]:
        return list(UNDER_ACTIONS[:len(state.hands[self.player])])   # the slots check allows

    def resolve(self, state: OriginFlow, action: Action) -> None:
        state.flow.pop()
        state.regenerate(self.animal, action.args[0])

    def question(self, state: OriginFlow) -> str:
        return f"the card of your hand that goes under your eaten Regeneration animal A{self.animal} as its new animal"


class RecombinationGift(PlayerDecision):
    """``player`` chooses the trait card the animal ``giver`` gives through the Recombination ``card``; ``given``: the
    card its first animal gives, once chosen (-1 while the first animal's gift is asked)."""

    __slots__ = ("player", "card", "given")
    name = "recombination_gift"
    label = "recombination_gift"
    accepts = (GIVE,)
    player: int
    card: int
    given: int

    def giver(self, state: OriginFlow) -> int:
        return state.first_animal[self.card] if self.given < 0 else state.second_animal[self.card]

    def candidates(self, state: OriginFlow) -> Iterable[Action]:
        return GIVES[:state.config.num_cards]

    def check(self, state: OriginFlow, action: Action) -> Refusal | None:
        return gift_refusal(state, self.giver(state), action.args[0])

    def legal(self, state: OriginFlow) -> list[Action]:
        return [GIVES[c] for c in gifts(state, self.giver(state))]   # by gift_refusal

    def resolve(self, state: OriginFlow, action: Action) -> None:
        state.flow.pop()
        chosen = action.args[0]
        if self.given < 0:
            state.choose_gifts(self.card, chosen)   # now the second animal's gift
        else:
            swap(state, self.card, self.given, chosen)

    def question(self, state: OriginFlow) -> str:
        giver = self.giver(state)
        partner = state.second_animal[self.card] if self.given < 0 else state.first_animal[self.card]
        return f"the trait A{giver} gives to A{partner} (Recombination, card {self.card})"


#: the steps of this module, for saved states (``present.py`` adds them to ``flow.STEP_TYPES``)
CHOICE_STEPS = (RegenerationCard, RecombinationGift)
