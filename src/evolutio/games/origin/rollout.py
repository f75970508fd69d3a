"""A cheap rollout policy for ISMCTS in ``origin`` (``Game.plugins["rollout"]``): a few microseconds a decision,
far better than uniform play, which passes the development phase at random and spends feeding turns on hopeless
attacks while its animals starve.

The policy reads only the determinization it is given (the searching seat's sample of the game) and the action
kinds: feed a hungry animal first (a fed one stores fat), attack now and then, defend when it can, and in
development play a card as an animal while the seat has few, otherwise as a trait, passing with a small chance.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action, Rng, actions_by_kind

#: chance that a feeding turn with a Carnivore's attack on offer attacks instead of taking food
ATTACK_CHANCE = 0.5
#: chance that a development decision passes (ends the seat's development phase) while cards are left to play
PASS_CHANCE = 0.05
#: a seat with fewer animals than this plays its cards as animals
FEW_ANIMALS = 2
#: once the seat has enough animals, the chance that a card is still played as an animal
ANIMAL_CHANCE = 0.1
#: the defences a defender prefers to being eaten (``accept``)
DEFENCES = frozenset(("run", "tail", "mimic"))


def choose(state: Any, legal: list[Action], rng: Rng) -> Action:
    """The rollout's action for whichever seat decides in ``state`` (a determinization), among ``legal``."""
    # (a uniform pick is written ``options[rng.randbelow(len(options))]``, the same draw as ``rng.choice`` one call
    # shorter: this runs at most decisions of every search iteration)
    by_kind = actions_by_kind(legal)
    takes = by_kind.get("take")
    if takes is not None:
        attacks = by_kind.get("attack")
        if attacks is not None and rng.random() < ATTACK_CHANCE:
            return attacks[rng.randbelow(len(attacks))]
        is_fed = state.is_fed
        hungry = [action for action in takes if not is_fed(action.args[0])] or takes
        return hungry[rng.randbelow(len(hungry))]
    animals = by_kind.get("animal")
    if animals is not None:
        if rng.random() < PASS_CHANCE and "pass" in by_kind:
            return by_kind["pass"][0]
        traits = by_kind.get("trait")
        if traits is None or len(state.animals[state.current_player]) < FEW_ANIMALS or rng.random() < ANIMAL_CHANCE:
            return animals[rng.randbelow(len(animals))]
        return traits[rng.randbelow(len(traits))]
    if "accept" in by_kind:
        defences = [action for action in legal if action.kind in DEFENCES]
        if defences:
            return defences[rng.randbelow(len(defences))]
    attacks = by_kind.get("attack")
    if attacks is not None and rng.random() < ATTACK_CHANCE:
        return attacks[rng.randbelow(len(attacks))]
    if len(by_kind) > 1 and "pass" in by_kind:   # a free action, a conversion or an attack instead of ending the turn
        others = [action for action in legal if action.kind != "pass" and action.kind != "attack"]
        if others and rng.random() >= PASS_CHANCE:
            return others[rng.randbelow(len(others))]
        return by_kind["pass"][0]
    return legal[rng.randbelow(len(legal))]
