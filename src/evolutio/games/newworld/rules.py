"""Rule functions shared by the phases: the food pipeline, attack legality, trait placement, the must-act test and
scoring. Each refusal is worded for the player; the steps of :mod:`.flow` use these checks for both
``legal_actions`` and ``apply``."""

from __future__ import annotations

from evolutio.kernel.flow import Refusal
from evolutio.kernel.rng import Rng

from .state import BIT, CARNIVORE_BIT, METAMORPHOSIS, NO_ANIMAL, SYMBIOSIS, NewWorldState
from .traits import HOOKS, PLACEMENT_CHECKS, PREDATOR_CHECKS, PREY_CHECKS

PIRACY_BIT = BIT["piracy"]
METAMORPHOSIS_BIT = BIT["metamorphosis"]
HIBERNATION_BIT = BIT["hibernation"]

#: why an animal died, the ``cause`` of its ``death`` event (an animal eaten has its own event)
DEATH_STARVED, DEATH_POISONED = "starved", "poisoned"

#: Catastrophe (NOTES §12): each player gets this many cards and may keep at most CATASTROPHE_KEEP of them
CATASTROPHE_HAND = 20
CATASTROPHE_KEEP = 2


# -- once per turn (NOTES §6.8.3); the pipeline itself is :mod:`.pipeline` ---------------------------------------
def trigger_ready(state: NewWorldState, card: int) -> bool:
    """Each trait card acts at most once per turn (NOTES §6.8.3)."""
    return card not in state.turn_used


def mark_triggered(state: NewWorldState, card: int) -> None:
    state.turn_used.append(card)


# -- attacks (NOTES §6.5) ----------------------------------------------------------------------------------------
def prey_refusal(state: NewWorldState, predator: int, prey: int) -> Refusal | None:
    """Why ``predator`` may not attack ``prey`` (the passive checks of step 1), or ``None``."""
    if prey == predator:
        return Refusal("a predator cannot attack itself")
    if not state.alive(prey):
        return Refusal(f"there is no animal {prey}")
    if state.shelter[prey]:
        return Refusal(f"animal {prey} is in a shelter")
    for handler in HOOKS.handlers("prey_check", state.trait_mask[prey]):
        refusal = handler(state, predator, prey)
        if refusal is not None:
            return refusal
    for handler in HOOKS.handlers("predator_check", state.trait_mask[predator]):
        refusal = handler(state, predator, prey)
        if refusal is not None:
            return refusal
    return None


def attacker_refusal(state: NewWorldState, player: int, predator: int) -> Refusal | None:
    """Why ``predator`` may not attack at all now (owner, Carnivore, once per phase, hunger)."""
    if not state.alive(predator) or state.animal_owner[predator] != player:
        return Refusal(f"animal {predator} is not one of your animals")
    if not state.trait_mask[predator] & CARNIVORE_BIT:
        return Refusal(f"animal {predator} is no predator (it has no Carnivore)")
    if state.used[predator] & CARNIVORE_BIT:
        return Refusal(f"animal {predator} has already attacked this feeding phase")
    if not state.hungry(predator) and not state.empty_fat_tissue(predator):
        return Refusal(f"animal {predator} is fed and has no empty Fat Tissue")
    return None


def prey_allowed(state: NewWorldState, predator: int, prey: int) -> bool:
    """``prey_refusal(...) is None`` for a living ``prey``, without wording the reason (legal-action generation)."""
    if prey == predator or state.shelter[prey]:
        return False
    trait_mask = state.trait_mask
    for handler in PREY_CHECKS[trait_mask[prey]]:
        if handler(state, predator, prey) is not None:
            return False
    for handler in PREDATOR_CHECKS[trait_mask[predator]]:
        if handler(state, predator, prey) is not None:
            return False
    return True


def may_attack(state: NewWorldState, predator: int) -> bool:
    """``attacker_refusal(...) is None`` for a living animal of the player on turn, without wording the reason."""
    if not state.trait_mask[predator] & CARNIVORE_BIT or state.used[predator] & CARNIVORE_BIT:
        return False
    return state.food[predator] < state.needs[predator] or state.empty_fat_tissue(predator)


def attack_death(state: NewWorldState, attacker_seat: int, dead: int) -> None:
    """An animal died during an attack: it dies (Swamps gain red), then Scavenger's search (NOTES §6.5)."""
    state.kill(dead)
    for handler in HOOKS.handlers("attack_death", 0):
        handler(state, attacker_seat, dead)


# -- placing trait cards (NOTES §4.3) ----------------------------------------------------------------------------
def placement_refusal(state: NewWorldState, player: int, trait: int, animal: int,
                      own_only: bool = False) -> Refusal | None:
    """Why a non-paired trait may not go on ``animal`` now (``own_only``: Random Mutations, where even harmful
    traits go on one's own animals)."""
    info = state.data.traits[trait]
    if not state.alive(animal):
        return Refusal(f"there is no animal {animal}")
    owner = state.animal_owner[animal]
    if (own_only or info.receivers == "own") and owner != player:
        return Refusal(f"{info.en} goes only on your own animals")
    if info.receivers == "opponents" and owner == player and not own_only:
        return Refusal(f"{info.en} goes only on an opponent's animal")
    if not info.stackable and state.trait_mask[animal] & (1 << trait):
        return Refusal(f"animal {animal} already has {info.en}")
    return hook_refusal(state, player, trait, animal)


def hook_refusal(state: NewWorldState, player: int, trait: int, animal: int) -> Refusal | None:
    """The trait modules' say on a trait card going on ``animal`` (Stagnation's lock, Scavenger and Carnivore)."""
    for handler in PLACEMENT_CHECKS[state.trait_mask[animal]]:
        refusal = handler(state, player, trait, animal)
        if refusal is not None:
            return refusal
    return None


def pair_refusal(state: NewWorldState, player: int, trait: int, first: int, second: int) -> Refusal | None:
    """Why a paired trait may not link ``first`` and ``second`` now (NOTES §4.3 rule 4)."""
    info = state.data.traits[trait]
    for animal in (first, second):
        if not state.alive(animal) or state.animal_owner[animal] != player:
            return Refusal(f"{info.en} links two of your own animals; animal {animal} is not yours")
    row = state.rows[player]
    if abs(row.index(first) - row.index(second)) != 1:
        return Refusal(f"animals {first} and {second} are not neighbours in your row")
    if state.linked(first, second):
        return Refusal(f"animals {first} and {second} are already linked by a paired card")
    return hook_refusal(state, player, trait, first) or hook_refusal(state, player, trait, second)


def may_rearrange(state: NewWorldState, player: int, arranged: int) -> bool:
    """The rulebook lets a player reorder the row at any time of the development phase (linked animals staying
    together). The engine offers block moves and reversals at the start of a turn, before the card, as many as the row
    has animals (``arranged`` counts those made): enough to reach any arrangement (blocks − 1 moves plus one reversal
    per linked block), yet a bounded turn."""
    return arranged < len(state.rows[player])


def blocks(state: NewWorldState, player: int) -> list[list[int]]:
    """The player's row cut into blocks of animals joined by paired cards (they move as units, NOTES §4.4)."""
    out: list[list[int]] = []
    mask = state.trait_mask
    paired = state.data.paired_mask  # two animals without a common paired trait cannot share a paired card
    for animal in state.rows[player]:
        if out and mask[out[-1][-1]] & mask[animal] & paired and state.linked(out[-1][-1], animal):
            out[-1].append(animal)
        else:
            out.append([animal])
    return out


# -- feeding: what a player can do -------------------------------------------------------------------------------
def must_act(state: NewWorldState, player: int) -> bool:
    """The must-act test (NOTES §6.7): shelter, feeding (fat storage included), or a hungry predator's attack."""
    area_shelter = state.area_shelter
    area_food = state.area_food
    slots = state.slots()
    shelter_slots = [slot for slot in slots if area_shelter[slot]]
    food_slots = [slot for slot in slots if area_food[slot]]
    open_to = state.slot_open_to
    animals: list[int] | None = None
    for animal in state.rows[player]:
        if not state.shelter[animal] and any(open_to(animal, slot) for slot in shelter_slots):
            return True
        if food_slots and state.can_take_food(animal) and any(open_to(animal, slot) for slot in food_slots):
            return True
        if (state.trait_mask[animal] & CARNIVORE_BIT and not state.used[animal] & CARNIVORE_BIT
                and state.food[animal] < state.needs[animal]):
            if animals is None:
                animals = state.living_animals()
            if any(prey_allowed(state, animal, prey) for prey in animals):
                return True
    return False


def pass_forbidden(state: NewWorldState, seat: int) -> bool:
    """Catastrophe (NOTES §12): no passing while more than CATASTROPHE_KEEP cards are in the hand."""
    return bool(state.catastrophe) and len(state.hands[seat]) > CATASTROPHE_KEEP


# -- additional actions (NOTES §6.6) -----------------------------------------------------------------------------
def piracy_refusal(state: NewWorldState, pirate: int, victim: int) -> Refusal | None:
    """NOTES §10.2 Piracy: steal from another hungry animal holding red or blue food (fat cannot be stolen)."""
    if victim == pirate:
        return Refusal("Piracy steals from another animal")
    if not state.alive(victim):
        return Refusal(f"there is no animal {victim}")
    if not state.food[victim]:
        return Refusal(f"animal {victim} holds no food to steal")
    if not state.hungry(victim):
        return Refusal(f"animal {victim} is fed: Piracy steals only from hungry animals")
    if state.options["pirate_must_take_food"] and not state.can_take_food(pirate):
        return Refusal(f"animal {pirate} cannot take food, so it may not use Piracy")
    return None


def metamorphosis_refusal(state: NewWorldState, animal: int, card: int) -> Refusal | None:
    """NOTES §13.3 R1: discard one trait card that does not raise the food requirement, never Metamorphosis."""
    trait = state.card_trait[card]
    if trait == METAMORPHOSIS:
        return Refusal("Metamorphosis cannot discard itself")
    if state.data.traits[trait].food > 0:
        return Refusal(f"Metamorphosis cannot discard {state.trait_name(trait)}: it raises the food requirement")
    return None


# -- scoring (NOTES §11) -----------------------------------------------------------------------------------------
def score(state: NewWorldState, player: int) -> int:
    data = state.data
    total = 0
    for animal in state.rows[player]:
        total += data.score_per_animal
        for card in state.animal_cards[animal]:
            if state.card_host[card] == animal:  # a paired card counts once, at its first animal
                total += data.score_per_trait_card + data.traits[state.card_trait[card]].score_bonus
    return total


def symbiosis_ward(state: NewWorldState, card: int) -> int:
    return state.card_partner[card] if state.card_trait[card] == SYMBIOSIS else NO_ANIMAL


def roll(rng: Rng) -> int:
    return rng.die(6)
