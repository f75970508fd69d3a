"""Ink Cloud (Чернильное облако; Time to Fly): when attacked, the animal may escape in a cloud of ink (``ink``,
optional), once per feeding phase: it is not eaten, the Carnivore gets nothing, and its attack is not used up — it may
attack this or another animal in a later feeding turn of its owner this turn (NOTES §9.2 ink_cloud, ruling 43)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from . import HOOKS, mark_kind, refuses, resolves, trait_action

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import Defence, OriginFlow

INK = Action("ink")
#: the animals that used their Ink Cloud in this feeding phase
INK_USED = mark_kind("ink_cloud_used", "turn")
SPENT = Refusal("this animal has already used its Ink Cloud in this feeding phase (once per feeding phase)")


@refuses("ink", "ink_cloud")
def ink_refusal(state: OriginFlow, carnivore: int, target: int, rolled: bool, targeted: int) -> Refusal | None:
    return SPENT if state.marked(INK_USED, target) else None


@HOOKS.on("defences", "ink_cloud", priority=3)
def offer_the_ink(state: OriginFlow, carnivore: int, target: int, rolled: bool, targeted: int,
                  choices: list[Action]) -> bool:
    if ink_refusal(state, carnivore, target, rolled, targeted) is None:
        choices.append(INK)
    return False


def describe(state: OriginFlow) -> str:
    return "Ink Cloud: escape; the Carnivore may attack again later this turn"


trait_action("ink_cloud", "ink", describe, (), answers="defence")


@resolves("ink")
def escape_in_ink(state: OriginFlow, attack: Defence) -> None:
    carnivore, target = attack.carnivore, attack.target
    state.mark(INK_USED, target)
    state.attacked &= ~(1 << carnivore)   # its attack is not used up (ruling 43)
    if state.log_events:
        state.emit("ink_cloud", {"text": f"Ink Cloud: {state.animal_text(target)} escapes; Carnivore A{carnivore} "
                                 "may attack again later this turn", "animal": target, "carnivore": carnivore})
