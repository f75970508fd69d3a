"""Scenarios that start inside a phase, at a decision in the middle of it (documented in docs/newworld.md):

- ``"phase": "attack"`` with ``"attack": {"predator": A, "prey": B, "resolved": [...], "additional_used": bool}``:
  an attack in progress on the feeding turn of the predator's owner, at the prey owner's choice of defence (NOTES
  §6.5 step 2). ``resolved`` lists the dice defences already rolled without stopping the attack (Horned, Running);
  ``"defence": "tail_loss"`` or ``"mimicry"`` starts after the prey's owner chose that defence, at its follow-up
  decision (the trait card Tail Loss discards, ruling 50; the animal Mimicry moves the attack to, ruling 54);
- ``"phase": "extinction"`` with ``"to_act": S``: the extinction after the poisoned predators died, at seat S's saves
  (fat or Hibernation); the seats before S in the order from the first player are done (``hibernated`` marks an
  animal that already hibernated this extinction);
- ``"phase": "discard"`` (``"to_act": S``, default the first player): after the draw of the extinction phase, seat S
  cuts its hand down to the limit; the seats before S are done; then the next period begins.

The decisions that follow other actions of a turn (Scavenger, the order of triggers, Grazing, Metamorphosis, a
Random Mutations card) are :mod:`.scenario_follow_ups`. Every error names its JSON path, as in :mod:`.scenario`."""

from __future__ import annotations

from typing import Any

from evolutio.kernel import ScenarioError
from evolutio.kernel.flow import Step
from evolutio.kernel.scenario import read_bool, read_int, read_list, read_object

from . import attacks, flow, rules
from .data import TRAIT_IDS, TRAIT_INDEX
from .state import CARNIVORE_BIT, NewWorldState
from .traits.defences import MIMICRY_BIT, MimicryStep, TailLossStep

ATTACK_KEYS = {"predator", "prey", "resolved", "defence", "additional_used", "comment"}
#: the defences whose failed roll lets the attack go on (the others end it or move it: Tail Loss, Repellent, Mimicry)
GOES_ON_AFTER = ("horned", "running")
#: the defences that ask their owner a follow-up decision once chosen (the card to drop, the animal to move to)
FOLLOW_UPS = {"tail_loss": TailLossStep, "mimicry": MimicryStep}


def seat_order(state: NewWorldState) -> list[int]:
    """The seats from the first player on: the order of the extinction's saves and of the discards."""
    players = state.num_players
    return [(state.first_player + offset) % players for offset in range(players)]


def read_animal(state: NewWorldState, value: Any, where: str) -> int:
    animals = sorted(state.living_animals())
    if not animals:
        raise ScenarioError(f"{where}: the scenario has no animals")
    number = read_int(value, where, 0, animals[-1])
    if not state.alive(number):
        raise ScenarioError(f"{where}: there is no animal {number}")
    return number


def start_attack(state: NewWorldState, spec: Any, to_act: int | None) -> None:
    """Put an attack in progress on the stack: the predator's feeding turn (basic action taken) under the prey
    owner's defence decision. The predator's Carnivore is rotated (declaring the attack rotates it, ruling 39)."""
    if spec is None:
        raise ScenarioError('attack: missing; an attack scenario names {"predator": ..., "prey": ...}')
    spec = read_object(spec, "attack", ATTACK_KEYS)
    predator = read_animal(state, spec.get("predator"), "attack.predator")
    seat = state.animal_owner[predator]
    if to_act is not None and to_act != seat:
        raise ScenarioError(f"to_act: the attack is animal {predator}'s, so it is the feeding turn of seat {seat} "
                            f"({state.player_name(seat)}), not of seat {to_act}")
    if state.passed[seat]:
        raise ScenarioError(f"attack.predator: animal {predator}'s owner, seat {seat}, has passed")
    refusal = rules.attacker_refusal(state, seat, predator)
    if refusal is not None:
        raise ScenarioError(f"attack.predator: {refusal}")
    prey = read_animal(state, spec.get("prey"), "attack.prey")
    refusal = rules.prey_refusal(state, predator, prey)
    if refusal is not None:
        raise ScenarioError(f"attack.prey: {refusal}")
    offered = [trait for trait, _ in attacks.available_defences(state, predator, prey, 0)]
    resolved = 0
    for index, name in enumerate(read_list(spec.get("resolved", []), "attack.resolved")):
        where = f"attack.resolved[{index}]"
        if name not in GOES_ON_AFTER:
            raise ScenarioError(f"{where}: only a failed {' or '.join(GOES_ON_AFTER)} roll leaves the attack going on; "
                                f"got {name!r}")
        trait = TRAIT_INDEX[name]
        if trait not in offered:
            defences = ", ".join(TRAIT_IDS[other] for other in offered) or "none"
            raise ScenarioError(f"{where}: animal {prey} has no {name} defence against this attack (its defences: "
                                f"{defences})")
        if resolved & 1 << trait:
            raise ScenarioError(f"{where}: {name} is listed twice")
        resolved |= 1 << trait
    additional_used = int(read_bool(spec.get("additional_used", False), "attack.additional_used"))
    attack = attacks.AttackStep(predator, prey, resolved)
    step: Step = chosen_defence(state, spec["defence"], attack, offered) if "defence" in spec else attack
    state.used[predator] |= CARNIVORE_BIT
    state.phase = "feeding"
    state.push(flow.FeedingTurn(seat, 1, additional_used), step)


def chosen_defence(state: NewWorldState, name: Any, attack: attacks.AttackStep, offered: list[int]) -> Step:
    """The follow-up decision of the defence ``name`` that the prey's owner has chosen: Tail Loss's card or Mimicry's
    new target (Mimicry is rotated as it is chosen)."""
    if not isinstance(name, str) or name not in FOLLOW_UPS:
        raise ScenarioError(f"attack.defence: only {' or '.join(FOLLOW_UPS)} asks a decision once chosen (the others "
                            f"resolve at once); got {name!r}")
    trait = TRAIT_INDEX[name]
    if trait not in offered or attack.resolved & 1 << trait:
        defences = ", ".join(TRAIT_IDS[other] for other in offered if not attack.resolved & 1 << other) or "none"
        raise ScenarioError(f"attack.defence: animal {attack.prey} has no {name} defence against this attack (its "
                            f"defences: {defences})")
    step = FOLLOW_UPS[name](attack.predator, attack.prey)
    if not any(step.check(state, action) is None for action in step.candidates(state)):
        raise ScenarioError(f"attack.defence: {name} of animal {attack.prey} has nothing to choose from")
    if name == "mimicry":
        state.used[attack.prey] |= MIMICRY_BIT
    return step


def start_saves(state: NewWorldState, to_act: int, paths: dict[int, str], hibernated: list[int]) -> None:
    """The extinction at seat ``to_act``'s saves: the poisoned predators are gone, the earlier seats are done."""
    order = seat_order(state)
    position = order.index(to_act)
    for animal in hibernated:
        seat = state.animal_owner[animal]
        if order.index(seat) > position:
            raise ScenarioError(f"{paths[animal]}.hibernated: seat {seat} saves animals after seat {to_act} "
                                "(to_act), so none of its animals has hibernated yet")
    for animal in state.living_animals():
        if state.poisoned[animal]:
            raise ScenarioError(f"{paths[animal]}.poisoned: poisoned predators die when the extinction begins, "
                                "before anyone saves animals")
    state.phase = "extinction"
    state.push(flow.Starvation(), *(flow.SaveStep(seat) for seat in reversed(order[position:])))
    if state.flow[-1].decider(state) is None:
        raise ScenarioError(f"to_act: seat {to_act} has no hungry animal that fat or Hibernation can save")


def start_discard(state: NewWorldState, to_act: int, paths: dict[int, str]) -> None:
    """After the extinction's draw: seat ``to_act`` discards down to the hand limit, the earlier seats are done."""
    options = state.options
    if options["unlimited_hand"] or options["random_mutations"]:
        variant = "unlimited_hand" if options["unlimited_hand"] else "random_mutations"
        raise ScenarioError(f"phase: with {variant} on nobody discards down to the hand limit")
    if state.final:
        raise ScenarioError("phase: the final period ends with its extinction; nobody draws or discards")
    limit = state.data.hand_limit
    order = seat_order(state)
    position = order.index(to_act)
    for seat in order[:position]:
        if len(state.hands[seat]) > limit:
            raise ScenarioError(f"players[{seat}].hand: seat {seat} discards before seat {to_act} (to_act), so it "
                                f"holds at most {limit} cards; got {len(state.hands[seat])}")
    if len(state.hands[to_act]) <= limit:
        raise ScenarioError(f"to_act: seat {to_act} holds {len(state.hands[to_act])} cards, no more than the hand "
                            f"limit {limit}: it has nothing to discard")
    for animal in state.living_animals():
        for name, values in (("food", state.food), ("shelter", state.shelter), ("rotated", state.used),
                             ("poisoned", state.poisoned)):
            if values[animal]:
                raise ScenarioError(f"{paths[animal]}.{name}: before the draw the food and shelters go back to the "
                                    "supply, rotated cards straighten and poisoned predators are dead; leave it out")
    state.phase = "extinction"
    state.push(flow.NextPeriod(), *(flow.DiscardStep(seat) for seat in reversed(order[position:])))
