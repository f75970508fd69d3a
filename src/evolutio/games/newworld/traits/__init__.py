"""Trait hooks of New World: one module per trait or small trait family registers its behaviour here.

Events (arguments after ``state``):

- ``prey_check(predator, prey)``: keyed by the prey's traits; a :class:`Refusal` when the prey is protected.
- ``predator_check(predator, prey)``: keyed by the predator's traits (e.g. a Swimming predator hunts only swimmers).
- ``grants_access(animal)``: keyed by the animal's traits; ``True`` when it may use every area half (Adaptable).
- ``defences(attack)``: keyed by the prey's traits; the defences that may answer this attack, as
  ``(trait index, compulsory)`` pairs.
- ``defend(attack)``: keyed by the one defending trait; resolves it (may end the attack or push a decision).
- ``food_triggers(animal, slot)``: keyed by the animal's traits; the trait cards a token it just took sets off (slot
  ``-1``: a blue token from the supply), see :mod:`..pipeline`.
- ``can_fire(animal, slot, card)``: keyed by the card's trait; can that set-off card act now?
- ``fire(animal, slot, card)``: keyed by the card's trait; the card acts (may push a decision, e.g. Grazing's).
- ``eaten(predator, prey)``: keyed by the prey's traits, after a successful attack (Poisonous).
- ``survived(predator, prey)``: keyed by the prey's traits, after an attack that did not kill it (Shy).
- ``placement_check(player, trait, animal)``: keyed by the target animal's traits; a refusal for a trait card that
  may not go on it (Stagnation's lock, Scavenger next to Carnivore). Whether it refuses must depend only on the
  trait, the rules data and which of some traits the animal has: those with a ``placement_check`` hook, and those a
  module adds to :data:`PLACEMENT_READS` (the wording may name the animal). Legal-action generation remembers the
  verdict per trait and those bits of the animal's trait mask.
- ``savers(animal)``: keyed by the animal's traits; the extinction saves it may use, as action kinds.
- ``attack_death(attacker_seat, dead)``: run for every death during an attack, whatever the dead animal's traits
  (Scavenger's search).
"""

from __future__ import annotations

from collections.abc import Callable

from evolutio.kernel.hooks import Handler, TraitHooks, load_trait_modules

from ..data import TRAIT_IDS, RulesData

EVENTS = ("prey_check", "predator_check", "grants_access", "defences", "defend", "food_triggers", "can_fire", "fire",
          "eaten", "survived", "placement_check", "savers", "attack_death")

HOOKS = TraitHooks(EVENTS, traits=TRAIT_IDS)


#: per rules data, the trait bits a ``placement_check`` handler reads beyond the traits it is registered for
PLACEMENT_READS: list[Callable[[RulesData], int]] = []


class HandlersByMask(dict[int, tuple[Handler, ...]]):
    """``HOOKS.handlers(event, mask)`` of one event remembered per trait mask, so that the hot path looks the
    handlers up by one integer. Filled on first use, which comes after :func:`load` (the game package loads the trait
    modules at import, and every handler registers then). Trait masks are many, the handler tuples few: a mask seen
    for the first time takes the tuple of its bits that have a handler (the same handlers), made once."""

    __slots__ = ("by_hooked", "event", "hooked")

    def __init__(self, event: str) -> None:
        super().__init__()
        self.event = event
        self.hooked: int | None = None
        self.by_hooked: dict[int, tuple[Handler, ...]] = {}

    def __missing__(self, mask: int) -> tuple[Handler, ...]:
        if self.hooked is None:
            self.hooked = HOOKS.traits_with(self.event)
        key = mask & self.hooked
        found = self.by_hooked.get(key)
        if found is None:
            found = self.by_hooked[key] = HOOKS.handlers(self.event, key)
        self[mask] = found
        return found


#: the handlers the legal-action generation and the food pipeline ask on every decision
PREY_CHECKS = HandlersByMask("prey_check")
PREDATOR_CHECKS = HandlersByMask("predator_check")
PLACEMENT_CHECKS = HandlersByMask("placement_check")
FOOD_TRIGGERS = HandlersByMask("food_triggers")


def load() -> list[str]:
    """Import every trait module so that its handlers register (called once by the game package)."""
    return load_trait_modules(__name__)
