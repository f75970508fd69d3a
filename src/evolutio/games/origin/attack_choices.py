"""The decisions Time to Fly adds to an attack, on the kernel's decision stack (NOTES §6.3, §9.2):

- ``intellect``: the owner of a carnivore that may still ignore a trait (Intellect, or a Hunter counterattacking)
  names one trait card of the attacked animal to ignore for the rest of the turn, or keeps the choice (``pass``);
  asked when an attack reaches a new target that has a defence or Poisonous to ignore (rulings 50, 81);
- ``hunter``: the owner of an attacked animal without traits may reveal a hidden Hunter without traits, which
  counterattacks the carnivore (``reveal``), or not (``accept``); a Hunter attacked itself must be revealed when it
  can counterattack (ruling 51).

The effects that push them are :class:`~.expansion_flow.ExpansionFlow`'s; the steps call back into it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from . import actions
from .card_data import MAX_CARDS
from .flow import Decision

if TYPE_CHECKING:
    from .expansion_flow import ExpansionFlow
    from .flow import OriginFlow

#: ``ignore(card)``: Intellect ignores this trait card of the attacked animal; ``reveal(animal)``: reveal this Hunter
IGNORE = tuple(Action("ignore", card) for card in range(MAX_CARDS))
REVEAL = tuple(Action("reveal", animal) for animal in range(MAX_CARDS))
HUNTER_MUST_REVEAL = Refusal("the attacked animal is a hidden Hunter that can counterattack: it must be revealed "
                             "(ruling 51)")


class IntellectChoice(Decision):
    """The owner of ``carnivore`` chooses the trait card of ``target`` it ignores (``ignore``) or none (``pass``);
    ``targeted``: the animals targeted so far in this attack."""

    __slots__ = ("player", "carnivore", "target", "targeted")
    name = "intellect"
    label = "intellect"
    accepts = ("ignore", "pass")

    def __init__(self, player: int, carnivore: int, target: int, targeted: int) -> None:
        self.player = player
        self.carnivore = carnivore
        self.target = target
        self.targeted = targeted

    def decider(self, state: ExpansionFlow) -> int | None:
        return self.player

    def candidates(self, state: ExpansionFlow) -> Iterable[Action]:
        return (actions.PASS, *IGNORE[:state.config.num_cards])

    def check(self, state: ExpansionFlow, action: Action) -> Refusal | None:
        if action.kind == "pass":
            return None
        return state.ignore_refusal(self.carnivore, self.target, action.args[0])

    def legal(self, state: ExpansionFlow) -> list[Action]:
        return [*(IGNORE[card] for card in state.trait_cards[self.target]
                  if state.ignore_refusal(self.carnivore, self.target, card) is None), actions.PASS]

    def resolve(self, state: ExpansionFlow, action: Action) -> None:
        state.flow.pop()
        if action.kind == "ignore":
            state.ignore_trait(self.carnivore, self.target, state.card_trait[action.args[0]])
        state.after_intellect(self.carnivore, self.target, self.targeted)

    def question(self, state: OriginFlow) -> str:
        return (f"which trait of A{self.target} Carnivore A{self.carnivore} ignores for the rest of the turn "
                "(ignore a trait card, or pass to keep the choice)")

    def info(self, state: ExpansionFlow) -> dict[str, object]:
        return {"carnivore": self.carnivore, "target": self.target}


class HunterReveal(Decision):
    """The owner of ``target`` (a traitless animal attacked by ``carnivore``) reveals one of their hidden Hunters
    (``reveal``) or lets the attack go on (``accept``)."""

    __slots__ = ("player", "carnivore", "target", "targeted")
    name = "hunter"
    label = "hunter"
    accepts = ("reveal", "accept")

    def __init__(self, player: int, carnivore: int, target: int, targeted: int) -> None:
        self.player = player
        self.carnivore = carnivore
        self.target = target
        self.targeted = targeted

    def decider(self, state: ExpansionFlow) -> int | None:
        return self.player

    def candidates(self, state: ExpansionFlow) -> Iterable[Action]:
        return (actions.ACCEPT, *REVEAL[:state.config.num_cards])

    def compulsory(self, state: ExpansionFlow) -> bool:
        return state.hunter_refusal(self.carnivore, self.target, self.target) is None

    def check(self, state: ExpansionFlow, action: Action) -> Refusal | None:
        if action.kind == "accept":
            return HUNTER_MUST_REVEAL if self.compulsory(state) else None
        return state.hunter_refusal(self.carnivore, self.target, action.args[0])

    def legal(self, state: ExpansionFlow) -> list[Action]:
        out = [REVEAL[hunter] for hunter in state.animals[self.player]
               if state.hunter_refusal(self.carnivore, self.target, hunter) is None]
        return out if self.compulsory(state) else [*out, actions.ACCEPT]

    def resolve(self, state: ExpansionFlow, action: Action) -> None:
        state.flow.pop()
        if action.kind == "reveal":
            state.hunter_counterattack(action.args[0], self.carnivore)
        else:
            state.after_hunter(self.carnivore, self.target, self.targeted)

    def question(self, state: OriginFlow) -> str:
        return (f"Carnivore A{self.carnivore} attacks A{self.target}: reveal a Hunter to counterattack, or accept "
                "(no Hunter)")

    def info(self, state: ExpansionFlow) -> dict[str, object]:
        return {"carnivore": self.carnivore, "target": self.target}
