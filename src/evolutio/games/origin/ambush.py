"""Ambush on the decision stack (NOTES §9.2 ambush, ruling 76): when an animal takes a red token from the food base
(a take, Communication, Voracious), the other players, clockwise from the taker's left, are offered to attack it with
one of their Ambush carnivores (``ambush_offer``: ``ambush(carnivore)`` or ``pass``); at most one ambush per take. The
red token stays in the food base while the ambush resolves; ``finish_take`` then gives it to the taking animal if it
survived and can still receive food, otherwise it stays in the base.

The effects are :class:`~.expansion_flow.ExpansionFlow`'s; the steps call back into it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal, Step

from . import actions
from .card_data import MAX_CARDS
from .flow import Decision

if TYPE_CHECKING:
    from .expansion_flow import ExpansionFlow
    from .flow import OriginFlow

AMBUSH = tuple(Action("ambush", animal) for animal in range(MAX_CARDS))


class AmbushOffer(Decision):
    """``player`` may attack the animal ``taker`` (taking a red token) with one of their Ambush carnivores."""

    __slots__ = ("player", "taker")
    name = "ambush_offer"
    label = "ambush"
    accepts = ("ambush", "pass")

    def __init__(self, player: int, taker: int) -> None:
        self.player = player
        self.taker = taker

    def decider(self, state: ExpansionFlow) -> int | None:
        return self.player

    def candidates(self, state: ExpansionFlow) -> Iterable[Action]:
        return (actions.PASS, *AMBUSH[:state.config.num_cards])

    def check(self, state: ExpansionFlow, action: Action) -> Refusal | None:
        if action.kind == "pass":
            return None
        carnivore = action.args[0]
        if state.owner[carnivore] != self.player:
            return Refusal(f"A{carnivore} is not one of your animals")
        return state.ambush_refusal(carnivore, self.taker)

    def legal(self, state: ExpansionFlow) -> list[Action]:
        return [*(AMBUSH[c] for c in state.animals[self.player] if state.ambush_refusal(c, self.taker) is None),
                actions.PASS]

    def resolve(self, state: ExpansionFlow, action: Action) -> None:
        state.flow.pop()
        if action.kind == "pass":
            state.offer_next_ambush(self.player, self.taker)
        else:
            state.ambush(action.args[0], self.taker)

    def question(self, state: OriginFlow) -> str:
        return (f"A{self.taker} is taking a red token: attack it from Ambush with one of your Carnivores, or pass")

    def info(self, state: ExpansionFlow) -> dict[str, object]:
        return {"taker": self.taker}


class FinishTake(Step):
    """Automatic: the ambushed take of ``animal`` ends — it gets the red token if it survived and can still eat."""

    __slots__ = ("animal",)
    name = "finish_take"

    def __init__(self, animal: int) -> None:
        self.animal = animal

    def run(self, state: ExpansionFlow) -> None:
        state.flow.pop()
        state.finish_take(self.animal)
