"""The food pipeline (NOTES §6.9) and how the traits it sets off trigger (§6.8).

One token at a time: :func:`give_food` gives a red token from an area half (``slot``) or a blue one from the supply
(``BLUE``) to an animal that can take it (hungry, or fed with an empty Fat Tissue: it becomes fat). A token actually
taken sets off the animal's trait cards that react to it — Cooperation for any token, Communication and Grazing also
for red — each card at most once per turn (ruling 55) and only used up when it acts (ruling 61).

**Order (§6.8.4).** When several of those cards could act at once, the animal's owner chooses the order: a
:class:`TriggerOrder` decision (``trigger``: the card to act next), asked again after each card has acted and its
chain has run, while two or more can still act. It stays automatic where the order cannot matter: when only one card
can act, or when every card that can act is Cooperation (blue from the unlimited supply, each to a different
neighbour, whose chains run away from each other and never touch the area's red). A gift of several blue tokens
(:class:`GiveBlue`, e.g. 2 for a kill) gives them one at a time, each token's triggers resolved before the next.

Trait modules register three hooks for this: ``food_triggers(animal, slot)`` (the animal's cards this token sets off),
``can_fire(animal, slot, card)`` and ``fire(animal, slot, card)`` (keyed by the card's trait)."""

from __future__ import annotations

from collections.abc import Iterable

from evolutio.kernel import Action
from evolutio.kernel.flow import Step

from .actions import ActionTable
from .state import BIT, TAKE_FOOD_BITS, NewWorldState
from .steps import step_type
from .traits import FOOD_TRIGGERS, HOOKS

BLUE = -1  # the "slot" of a token that comes from the supply
COOPERATION_BIT = BIT["cooperation"]
TRIGGER = ActionTable("trigger")


def give_food(state: NewWorldState, animal: int, slot: int = BLUE) -> bool:
    """Give one token to ``animal`` (red from area half ``slot``, or blue from the supply) and set off the triggers
    it starts. Returns whether the animal took it."""
    as_fat = state.food[animal] >= state.needs[animal]
    if state.trait_mask[animal] & TAKE_FOOD_BITS:
        if not state.can_take_food(animal):
            return False
    elif as_fat:
        return False  # (can_take_food of an animal without Symbiosis or Fat Tissue: it is hungry)
    if as_fat:
        state.fat[animal] += 1
    else:
        state.food[animal] += 1
    if slot != BLUE:
        state.area_food[slot] -= 1
    if state.log_events:
        source = "the supply (blue)" if slot == BLUE else state.data.areas[slot >> 1].halves[slot & 1].en
        into = " and stores it as fat" if as_fat else ""
        state.emit("food", {"text": f"animal {animal} takes 1 food from {source}{into}", "animal": animal,
                            "slot": slot, "fat": as_fat})
    handlers = FOOD_TRIGGERS[state.trait_mask[animal]]
    if handlers:
        pending = tuple(card for handler in handlers for card in handler(state, animal, slot))
        if pending:
            set_off(state, animal, slot, pending)
    return True


def ready(state: NewWorldState, animal: int, slot: int, pending: Iterable[int]) -> list[int]:
    """The pending cards that can act now."""
    card_trait = state.card_trait
    return [card for card in pending
            if all(handler(state, animal, slot, card) for handler in HOOKS.handlers("can_fire", 1 << card_trait[card]))]


def order_matters(state: NewWorldState, cards: list[int]) -> bool:
    """Two or more cards can act, and not all of them are Cooperation (see the module docstring)."""
    return len(cards) > 1 and any(not (1 << state.card_trait[card]) & COOPERATION_BIT for card in cards)


def fire(state: NewWorldState, animal: int, slot: int, card: int) -> None:
    for handler in HOOKS.handlers("fire", 1 << state.card_trait[card]):
        handler(state, animal, slot, card)


def set_off(state: NewWorldState, animal: int, slot: int, pending: tuple[int, ...]) -> None:
    """Resolve the cards a token set off. A single card acts at once; several go on the stack as a
    :class:`TriggerOrder`, so that each card's chain (and any decision in it, e.g. Grazing's) is resolved before the
    next card is looked at."""
    if len(pending) > 1:
        state.push(TriggerOrder(animal, slot, pending))
    elif ready(state, animal, slot, pending):
        fire(state, animal, slot, pending[0])


@step_type
class TriggerOrder(Step):
    """Cards of one animal set off by one token (``pending``, in card order): while two or more can act and the
    order can matter, the animal's owner picks the next; otherwise the next acts by itself."""

    __slots__ = ("animal", "pending", "slot")
    name = "trigger_order"

    def __init__(self, animal: int, slot: int, pending: tuple[int, ...]) -> None:
        self.animal = animal
        self.slot = slot
        self.pending = pending

    def decider(self, state: NewWorldState) -> int | None:
        if not state.alive(self.animal) or not order_matters(state, ready(state, self.animal, self.slot,
                                                                          self.pending)):
            return None
        return state.animal_owner[self.animal]

    def prompt(self, state: NewWorldState) -> str:
        names = ", ".join(f"{state.trait_name(state.card_trait[card])} (card {card})"
                          for card in ready(state, self.animal, self.slot, self.pending))
        return (f"{state.player_name(state.animal_owner[self.animal])}: animal {self.animal}'s traits act at once; "
                f"choose which acts first: {names}")

    def candidates(self, state: NewWorldState) -> Iterable[Action]:
        return [TRIGGER[card] for card in ready(state, self.animal, self.slot, self.pending)]

    def resolve(self, state: NewWorldState, action: Action) -> None:
        self._fire(state, action.args[0])

    def run(self, state: NewWorldState) -> None:
        can = ready(state, self.animal, self.slot, self.pending) if state.alive(self.animal) else []
        if not can:
            state.pop()
            return
        self._fire(state, can[0])

    def _fire(self, state: NewWorldState, card: int) -> None:
        rest = tuple(other for other in self.pending if other != card)
        if rest:
            state.replace(TriggerOrder(self.animal, self.slot, rest))
        else:
            state.pop()
        fire(state, self.animal, self.slot, card)


@step_type
class GiveBlue(Step):
    """``count`` blue tokens for ``animal``, one at a time: each token's triggers are resolved before the next."""

    __slots__ = ("animal", "count")
    name = "give_blue"
    animal: int
    count: int

    def run(self, state: NewWorldState) -> None:
        if self.count > 1:
            state.replace(GiveBlue(self.animal, self.count - 1))
        else:
            state.pop()
        if state.alive(self.animal):
            give_food(state, self.animal)
