"""Attacks (NOTES §6.5 steps 2 and 3): the prey's owner resolves its defences in the order they choose, then the
attack succeeds or fails. The defences themselves are trait modules (``traits/defences.py``)."""

from __future__ import annotations

from collections.abc import Iterable

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal, Step

from . import pipeline, rules
from .state import NewWorldState
from .steps import step_type
from .traits import HOOKS

ACCEPT_ATTACK = Action("accept_attack")
#: blue tokens a predator gets for a successful attack (NOTES §6.5 step 3)
KILL_FOOD = 2


def available_defences(state: NewWorldState, predator: int, prey: int, resolved: int) -> list[tuple[int, bool]]:
    out: list[tuple[int, bool]] = []
    for handler in HOOKS.handlers("defences", state.trait_mask[prey]):
        for trait, compulsory in handler(state, predator, prey):
            if not resolved & (1 << trait):
                out.append((trait, compulsory))
    return out


@step_type
class AttackStep(Step):
    """Step 2 of an attack (NOTES §6.5): the prey's owner resolves its defences in the order they choose."""

    __slots__ = ("predator", "prey", "resolved")
    name = "attack"
    predator: int
    prey: int
    resolved: int

    def decider(self, state: NewWorldState) -> int | None:
        if not (state.alive(self.predator) and state.alive(self.prey)):
            return None
        if not available_defences(state, self.predator, self.prey, self.resolved):
            return None
        return state.animal_owner[self.prey]

    def prompt(self, state: NewWorldState) -> str:
        return f"animal {self.prey} is attacked by animal {self.predator}: choose a defence"

    def candidates(self, state: NewWorldState) -> Iterable[Action]:
        return [ACCEPT_ATTACK, *(Action("defend", self.prey, trait)
                                 for trait, _ in available_defences(state, self.predator, self.prey, self.resolved))]

    def check(self, state: NewWorldState, action: Action) -> Refusal | None:
        if action.kind == "accept_attack":
            for trait, compulsory in available_defences(state, self.predator, self.prey, self.resolved):
                if compulsory:
                    return Refusal(f"{state.trait_name(trait)} must be resolved before the attack can succeed")
        return None

    def resolve(self, state: NewWorldState, action: Action) -> None:
        state.pop()
        if action.kind == "accept_attack":
            attack_succeeds(state, self.predator, self.prey)
            return
        trait = action.args[1]
        for handler in HOOKS.handlers("defend", 1 << trait):
            handler(state, self)

    def run(self, state: NewWorldState) -> None:
        state.pop()
        if state.alive(self.predator) and state.alive(self.prey):
            attack_succeeds(state, self.predator, self.prey)

    def go_on(self, state: NewWorldState, trait: int) -> None:
        """The defence ``trait`` did not stop the attack: the next defences (or the kill) follow."""
        state.push(AttackStep(self.predator, self.prey, self.resolved | (1 << trait)))


def attack_fails(state: NewWorldState, predator: int, prey: int, predator_food: int = 0) -> None:
    """The prey survives (NOTES §6.5): the predator gets ``predator_food`` blue tokens (Tail Loss gives 1)."""
    if state.log_events:
        state.emit("attack_failed", {"text": f"animal {prey} survives the attack", "predator": predator, "prey": prey})
    if predator_food and state.alive(predator):
        state.push(pipeline.GiveBlue(predator, predator_food))
    if state.alive(prey):
        for handler in HOOKS.handlers("survived", state.trait_mask[prey]):
            handler(state, predator, prey)


def attack_succeeds(state: NewWorldState, predator: int, prey: int) -> None:
    """Step 3: the prey dies and the predator receives 2 blue through the pipeline."""
    attacker_seat = state.animal_owner[predator]
    if state.log_events:
        state.emit("kill", {"text": f"animal {predator} eats animal {prey}", "predator": predator, "prey": prey})
    for handler in HOOKS.handlers("eaten", state.trait_mask[prey]):
        handler(state, predator, prey)
    rules.attack_death(state, attacker_seat, prey)
    state.push(pipeline.GiveBlue(predator, KILL_FOOD))
