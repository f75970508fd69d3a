"""Running (Быстрое): when attacked, roll a die; 4-6 and the animal escapes (the attack is over, the Carnivore stays
hungry). The roll is compulsory and comes once per attack (rulings 41-42)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from .. import actions
from . import HOOKS, refuses, resolves

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import Defence, OriginFlow

#: the lowest roll of the die with which the animal escapes
ESCAPE_ROLL = 4
ALREADY_ROLLED = Refusal("the attacked animal has already rolled its Running die in this attack (ruling 42)")


@refuses("run", "running")
def roll_refusal(state: OriginFlow, carnivore: int, target: int, rolled: bool, targeted: int) -> Refusal | None:
    return ALREADY_ROLLED if rolled else None


@HOOKS.on("defences", "running", priority=0)
def offer_the_die(state: OriginFlow, carnivore: int, target: int, rolled: bool, targeted: int,
                  choices: list[Action]) -> bool:
    """The roll is compulsory while it is allowed."""
    if roll_refusal(state, carnivore, target, rolled, targeted) is not None:
        return False
    choices.append(actions.RUN)
    return True


@resolves("run")
def roll_the_die(state: OriginFlow, attack: Defence) -> None:
    """``attack``: the defence step being answered (its carnivore, target and the animals targeted so far)."""
    carnivore, target, targeted = attack.carnivore, attack.target, attack.targeted
    roll = state.rng.die()
    escaped = roll >= ESCAPE_ROLL
    if state.log_events:
        outcome = "escapes" if escaped else "does not escape"
        state.emit("running", {"text": f"Running: {state.animal_text(target)} rolls {roll} and {outcome}",
                               "roll": roll, "animal": target})
    if not escaped:
        state.defend(carnivore, target, True, targeted)
