"""Active defences (NOTES §6.5 step 2, §10.2, rulings 48–54): Horned, Running, Tail Loss, Repellent and Mimicry.

The prey's owner picks the order (the :class:`..attacks.AttackStep` decision). Horned, Running, Tail Loss and Mimicry
are compulsory (ruling 48; option ``running_horned_optional`` makes the two dice defences optional); Repellent is
optional. Die thresholds come from the data (``params.die_success``)."""

from __future__ import annotations

from collections.abc import Iterable

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal, Step

from .. import attacks, rules
from ..state import NewWorldState
from ..steps import step_type
from . import HOOKS

TRAIT = {name: HOOKS.traits.index(name) for name in ("horned", "running", "tail_loss", "repellent", "mimicry")}
MIMICRY_BIT = HOOKS.bit["mimicry"]


def dice_compulsory(state: NewWorldState) -> bool:
    return not state.options["running_horned_optional"]


def die_succeeds(state: NewWorldState, trait: str) -> tuple[int, bool]:
    face = state.rng.die(6)
    return face, face in state.data.traits[TRAIT[trait]].params["die_success"]


@HOOKS.on("defences", "horned")
def horned_available(state: NewWorldState, predator: int, prey: int) -> list[tuple[int, bool]]:
    return [(TRAIT["horned"], dice_compulsory(state))]


@HOOKS.on("defend", "horned")
def horned(state: NewWorldState, attack: attacks.AttackStep) -> None:
    face, success = die_succeeds(state, "horned")
    predator, prey = attack.predator, attack.prey
    if success:
        state.emit("horned", {"text": f"Horned: animal {prey} rolls {face} and kills animal {predator}",
                              "face": face, "prey": prey, "predator": predator})
        rules.attack_death(state, state.animal_owner[predator], predator)
        attacks.attack_fails(state, predator, prey)
    else:
        state.emit("horned", {"text": f"Horned: animal {prey} rolls {face}, no effect", "face": face, "prey": prey,
                              "predator": predator})
        attack.go_on(state, TRAIT["horned"])


@HOOKS.on("defences", "running")
def running_available(state: NewWorldState, predator: int, prey: int) -> list[tuple[int, bool]]:
    return [(TRAIT["running"], dice_compulsory(state))]


@HOOKS.on("defend", "running")
def running(state: NewWorldState, attack: attacks.AttackStep) -> None:
    face, success = die_succeeds(state, "running")
    verdict = "runs away" if success else "is caught"
    state.emit("running", {"text": f"Running: animal {attack.prey} rolls {face} and {verdict}", "face": face,
                           "prey": attack.prey})
    if success:
        attacks.attack_fails(state, attack.predator, attack.prey)
    else:
        attack.go_on(state, TRAIT["running"])


@HOOKS.on("defences", "repellent")
def repellent_available(state: NewWorldState, predator: int, prey: int) -> list[tuple[int, bool]]:
    return [(TRAIT["repellent"], False)]


@HOOKS.on("defend", "repellent")
def repellent(state: NewWorldState, attack: attacks.AttackStep) -> None:
    """Reconstructed R2: discard this card and the attack fails; the predator gets nothing."""
    state.detach(state.cards_with(attack.prey, TRAIT["repellent"])[0])
    state.emit("repellent", {"text": f"Repellent: animal {attack.prey} discards Repellent and the attack fails",
                             "prey": attack.prey})
    attacks.attack_fails(state, attack.predator, attack.prey)


@HOOKS.on("defences", "tail_loss")
def tail_loss_available(state: NewWorldState, predator: int, prey: int) -> list[tuple[int, bool]]:
    return [(TRAIT["tail_loss"], True)]


@HOOKS.on("defend", "tail_loss")
def tail_loss(state: NewWorldState, attack: attacks.AttackStep) -> None:
    state.push(TailLossStep(attack.predator, attack.prey))


class PreyOwnerStep(Step):
    """A defence decision of an attack in progress: the prey's owner decides."""

    __slots__ = ("predator", "prey")
    predator: int
    prey: int

    def decider(self, state: NewWorldState) -> int:
        return state.animal_owner[self.prey]


@step_type
class TailLossStep(PreyOwnerStep):
    """Ruling 50: the prey's owner discards one trait card of the prey (harmful, paired, or Tail Loss itself)."""

    __slots__ = ()
    name = "tail_loss"

    def prompt(self, state: NewWorldState) -> str:
        return f"Tail Loss: choose a trait card of animal {self.prey} to discard"

    def candidates(self, state: NewWorldState) -> Iterable[Action]:
        return [Action("drop_trait", self.prey, card) for card in state.animal_cards[self.prey]]

    def check(self, state: NewWorldState, action: Action) -> Refusal | None:
        card = action.args[1]
        params = state.data.traits[TRAIT["tail_loss"]].params
        if state.card_trait[card] == TRAIT["tail_loss"] and not params.get("may_discard_itself", True):
            return Refusal("Tail Loss may not discard itself")
        return None

    def resolve(self, state: NewWorldState, action: Action) -> None:
        state.pop()
        card = action.args[1]
        trait = state.card_trait[card]
        state.detach(card)
        state.emit("tail_loss", {"text": f"Tail Loss: animal {self.prey} discards {state.trait_name(trait)} and "
                                         "escapes", "prey": self.prey})
        food = state.data.traits[TRAIT["tail_loss"]].params.get("predator_food", 1)
        attacks.attack_fails(state, self.predator, self.prey, food)


@HOOKS.on("defences", "mimicry")
def mimicry_available(state: NewWorldState, predator: int, prey: int) -> list[tuple[int, bool]]:
    """Reconstructed R4: once per feeding phase, only when another legal target exists (otherwise it does nothing)."""
    if state.used[prey] & MIMICRY_BIT or not mimicry_targets(state, predator, prey):
        return []
    return [(TRAIT["mimicry"], True)]


def mimicry_targets(state: NewWorldState, predator: int, prey: int) -> list[int]:
    return [animal for animal in state.rows[state.animal_owner[prey]]
            if animal != prey and rules.prey_refusal(state, predator, animal) is None]


@HOOKS.on("defend", "mimicry")
def mimicry(state: NewWorldState, attack: attacks.AttackStep) -> None:
    state.used[attack.prey] |= MIMICRY_BIT
    state.push(MimicryStep(attack.predator, attack.prey))


@step_type
class MimicryStep(PreyOwnerStep):
    """Ruling 54: the attack moves to another of the prey owner's animals that this predator could attack."""

    __slots__ = ()
    name = "mimicry"

    def prompt(self, state: NewWorldState) -> str:
        return f"Mimicry: choose the animal the attack on animal {self.prey} moves to"

    def candidates(self, state: NewWorldState) -> Iterable[Action]:
        return [Action("redirect", self.prey, animal) for animal in state.rows[state.animal_owner[self.prey]]
                if animal != self.prey]

    def check(self, state: NewWorldState, action: Action) -> Refusal | None:
        return rules.prey_refusal(state, self.predator, action.args[1])

    def resolve(self, state: NewWorldState, action: Action) -> None:
        state.pop()
        target = action.args[1]
        state.emit("mimicry", {"text": f"Mimicry: the attack on animal {self.prey} moves to animal {target}",
                               "prey": self.prey, "target": target})
        state.push(attacks.AttackStep(self.predator, target, 0))
