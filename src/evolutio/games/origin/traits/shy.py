"""Shy (Пугливое; gift cards): an animal that was attacked and survived cannot be attacked again this turn, by any
Carnivore. The protection is the trait's: it ends when the animal loses Shy (NOTES §9.4, ruling 53). Every escape
counts — Running, Tail Loss, Mimicry sending the attack elsewhere — since the animal was attacked and is alive."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel.flow import Refusal

from . import HOOKS, mark_kind

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

#: the Shy animals attacked this turn (those still alive survived)
ATTACKED = mark_kind("shy_attacked", "turn")
PROTECTED = Refusal("it is Shy and already survived an attack this turn: no Carnivore may attack it again this turn "
                    "(ruling 53)")


@HOOKS.on("on_attacked", "shy")
def remember_the_attack(state: OriginFlow, carnivore: int, target: int) -> None:
    state.mark(ATTACKED, target)


@HOOKS.on("can_be_attacked", "shy")
def not_again_this_turn(state: OriginFlow, carnivore: int, target: int) -> Refusal | None:
    return PROTECTED if state.marked(ATTACKED, target) else None
