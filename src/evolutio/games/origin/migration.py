"""Continents' decisions and moves (NOTES §10): the continent a new animal goes to, a migration with the Remoras that
follow it, and the paired cards a move separates. :class:`ContinentsFlow` is the link of the state's chain between
the flow (:class:`~.flow.OriginFlow`) and the words (:class:`~.present.OriginPresentation`).

- ``settle``: a player who has just played a new animal chooses its continent (``settle_laurasia`` /
  ``settle_gondwana``, naming the animal);
- a migration (``traits.migration``) moves its animal, then each player from the migrating one clockwise may send
  their Remoras from the departure location after it (``remora_follow``: ``follow`` a Remora, or ``pass``); once they
  have all answered, every paired card whose two animals are now apart is discarded;
- ``swimming_card``: an animal leaving the Ocean (a migrant or a Remora) takes a Swimming card from its owner's
  discard pile; the owner chooses which (``take_swimming``, naming the card) when the pile holds two or more and one
  of them is unseen by the others.
"""

from __future__ import annotations

from typing import Iterable

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from . import actions as A
from .choices import RecombinationGift, RegenerationCard
from .flow import OriginFlow, PlayerDecision
from .geography import (
    FOLLOW,
    GONDWANA,
    LAURASIA,
    LOCATION_IDS,
    LOCATION_NAMES,
    MIGRATING,
    OCEAN,
    SETTLE_KINDS,
    TAKE_SWIMMING,
)
from .phases import FEED
from .traits import DESCRIBE, NEOPLASIA, PAIRED, SWIMMING, card_name, queued_effect
from .traits.neoplasia import dies as neoplasia_dies
from .traits.neoplasia import unpaired_above
from .traits.recombination import gifts, swap
from .traits.remora import follow_refusal

SETTLE = {kind: tuple(Action(kind, a) for a in range(A.N)) for kind in SETTLE_KINDS}
NEOPLASIA_BIT = 1 << NEOPLASIA
FOLLOWS = tuple(Action(FOLLOW, a) for a in range(A.N))
TAKE_SWIMMING_ACTIONS = tuple(Action(TAKE_SWIMMING, c) for c in range(A.N))
#: the continent each ``settle`` kind names
SETTLE_TO = dict(zip(SETTLE_KINDS, (LAURASIA, GONDWANA)))


class PlaceAnimal(PlayerDecision):
    """``player`` chooses the continent of their new animal ``animal`` (NOTES §10)."""

    __slots__ = ("player", "animal")
    name = "settle"
    label = "settle"
    accepts = SETTLE_KINDS
    player: int
    animal: int

    def candidates(self, state: OriginFlow) -> Iterable[Action]:
        size = state.config.num_cards
        for kind in SETTLE_KINDS:
            yield from SETTLE[kind][:size]

    def check(self, state: OriginFlow, action: Action) -> Refusal | None:
        if action.args[0] != self.animal:
            return Refusal(f"the animal to place is your new animal A{self.animal}")
        return None

    def legal(self, state: OriginFlow) -> list[Action]:
        return [SETTLE[kind][self.animal] for kind in SETTLE_KINDS]

    def resolve(self, state: OriginFlow, action: Action) -> None:
        state.flow.pop()
        state.location[self.animal] = SETTLE_TO[action.kind]
        if state.log_events:
            state.emit("settle", {"text": f"{state.player_name(self.player)} places animal A{self.animal} in "
                                  f"{LOCATION_NAMES[state.location[self.animal]]}", "player": self.player,
                                  "animal": self.animal, "location": SETTLE_KINDS.index(action.kind)})

    def question(self, state: OriginFlow) -> str:
        return f"the continent of your new animal A{self.animal}"


class RemoraFollow(PlayerDecision):
    """``player`` may send Remoras from ``origin`` after the migrant ``migrant`` (to ``destination``); ``first``: the
    migrating player (the round of answers ends before it comes back to them)."""

    __slots__ = ("player", "first", "migrant", "origin", "destination")
    name = "remora_follow"
    label = "remora_follow"
    accepts = (FOLLOW, "pass")
    player: int
    first: int
    migrant: int
    origin: int
    destination: int

    def candidates(self, state: OriginFlow) -> Iterable[Action]:
        yield A.PASS
        yield from FOLLOWS[:state.config.num_cards]

    def check(self, state: OriginFlow, action: Action) -> Refusal | None:
        if action.kind == "pass":
            return None
        remora = action.args[0]
        if state.owner[remora] != self.player:
            return Refusal(f"A{remora} is not one of your animals")
        return follow_refusal(state, remora, self.origin, self.destination)

    def legal(self, state: OriginFlow) -> list[Action]:
        return [A.PASS, *(FOLLOWS[a] for a in state.animals[self.player]
                          if follow_refusal(state, a, self.origin, self.destination) is None)]

    def resolve(self, state: OriginFlow, action: Action) -> None:
        assert isinstance(state, ContinentsFlow)
        state.flow.pop()
        if action.kind == "pass":
            state.offer_remoras(self.first, self.migrant, self.origin, self.destination, self.turn_order(state) + 1)
            return
        remora = action.args[0]
        if state.log_events:
            state.emit("follow", {"text": f"Remora: {state.animal_text(remora)} follows A{self.migrant}",
                                  "animal": remora, "migrant": self.migrant})
        state.move_then_offer_remoras(remora, self.destination, self.first, self.migrant, self.origin,
                                      self.turn_order(state))

    def turn_order(self, state: OriginFlow) -> int:
        """The place of ``player`` in the round of answers (0: the migrating player)."""
        return (self.player - self.first) % state.player_count

    def question(self, state: OriginFlow) -> str:
        return (f"which of your Remoras in {LOCATION_NAMES[self.origin]} follow A{self.migrant} to "
                f"{LOCATION_NAMES[self.destination]} (pass: no more)")


class SwimmingCard(PlayerDecision):
    """``player`` chooses the Swimming card of their discard pile that their ``animal`` takes as it leaves the Ocean for
    ``destination`` (NOTES §10) — asked only when the choice matters (``Locations.swimming_card_matters``: two cards
    or more, one unseen by the others). Then the Remoras are offered, from place ``order`` of the round of answers
    that starts with the migrating player ``first`` (the migrant ``migrant`` left ``origin``)."""

    __slots__ = ("player", "animal", "destination", "first", "migrant", "origin", "order")
    name = "swimming_card"
    label = "swimming_card"
    accepts = (TAKE_SWIMMING,)
    player: int
    animal: int
    destination: int
    first: int
    migrant: int
    origin: int
    order: int

    def candidates(self, state: OriginFlow) -> Iterable[Action]:
        return TAKE_SWIMMING_ACTIONS[:state.config.num_cards]

    def check(self, state: OriginFlow, action: Action) -> Refusal | None:
        card = action.args[0]
        if card not in state.discard[self.player]:
            return Refusal(f"card {card} is not in your discard pile: the Swimming card comes from it (NOTES §10)")
        if SWIMMING not in state.config.faces[card]:
            return Refusal(f"card {card} ({card_name(state.config.faces[card])}) cannot be played as Swimming")
        return None

    def legal(self, state: OriginFlow) -> list[Action]:
        # (the cards check allows)
        return [TAKE_SWIMMING_ACTIONS[c] for c in state.swimming_cards_in_discard(self.player)]

    def resolve(self, state: OriginFlow, action: Action) -> None:
        assert isinstance(state, ContinentsFlow)
        state.flow.pop()
        state.move_animal(self.animal, self.destination, action.args[0])
        state.offer_remoras(self.first, self.migrant, self.origin, self.destination, self.order)

    def question(self, state: OriginFlow) -> str:
        return (f"the Swimming card of your discard pile that A{self.animal} takes as it leaves the Ocean for "
                f"{LOCATION_NAMES[self.destination]}")


#: the steps of this module, for saved states (``present.py`` adds them to ``flow.STEP_TYPES``)
LOCATION_STEPS = (PlaceAnimal, RemoraFollow, SwimmingCard)
DESCRIBE[SETTLE_KINDS[0]] = lambda state, animal: f"place your new animal A{animal} in Laurasia"
DESCRIBE[SETTLE_KINDS[1]] = lambda state, animal: f"place your new animal A{animal} in Gondwana"
DESCRIBE[FOLLOW] = lambda state, animal: f"Remora: A{animal} follows the migrant"


@queued_effect("separate_pairs")
def separate_pairs(state: OriginFlow, _: int) -> None:
    assert isinstance(state, ContinentsFlow)
    state.separate_pairs()


class ContinentsFlow(OriginFlow):
    """Continents' effects on top of the turn's: a new animal's continent, a migration and its Remoras, the moves, an
    eaten Regeneration animal's husk, a Neoplasia animal dying when it loses its last trait above Neoplasia."""

    __slots__ = ()

    def discard_trait(self, a: int, c: int) -> None:
        """As the turn's, and in the feeding phase a Neoplasia animal left with no unpaired trait above Neoplasia
        dies at once (ruling 71)."""
        super().discard_trait(a, c)
        if self.phase == FEED and self.owner[a] >= 0 and self.all_traits(a) & NEOPLASIA_BIT \
                and not unpaired_above(self, a):
            neoplasia_dies(self, a)

    def choose_regeneration_card(self) -> bool:
        """Before the deal (the deal step runs again after each answer): the owner of a husk with two cards or more in
        hand chooses the one that goes under it; ``True`` if a choice is asked now."""
        husks = self.husks
        for p in range(self.player_count):
            if len(self.hands[p]) > 1:
                for a in self.animals[p]:
                    if husks >> a & 1:
                        self.push(RegenerationCard(p, a))
                        return True
        return False

    def choose_gifts(self, card: int, given: int) -> None:
        """The owner of the Recombination ``card`` chooses the trait its first animal gives (``given`` < 0), or its
        second animal's once the first gives ``given``; an animal with one trait to give gives it without asking."""
        giver = self.first_animal[card] if given < 0 else self.second_animal[card]
        options = gifts(self, giver)
        if len(options) > 1:
            self.push(RecombinationGift(self.owner[giver], card, given))
        elif given < 0:
            self.choose_gifts(card, options[0])
        else:
            swap(self, card, given, options[0])

    def choose_location(self, player: int, animal: int) -> None:
        """``player`` now chooses the continent of their new ``animal``."""
        self.push(PlaceAnimal(player, animal))

    def migrate(self, animal: int, destination: int) -> None:
        """The feeding player's ``animal`` migrates to ``destination`` (a Migration turn: ruling 74)."""
        self.main_action_used = True
        self.round_had_actions = True
        self.feeding_location = MIGRATING
        self.queue_effect("separate_pairs", 0)   # once the Remoras have followed
        self.move_then_offer_remoras(animal, destination, self.owner[animal], animal, self.location[animal], 0)

    def move_then_offer_remoras(self, a: int, destination: int, first: int, migrant: int, origin: int,
                                order: int) -> None:
        """``a`` (the migrant, or a Remora following it) moves to ``destination``; then the Remoras are offered from
        place ``order`` of the round of ``first``. An animal leaving the Ocean takes a Swimming card from its owner's
        discard pile first: the owner chooses which when the choice matters (``SwimmingCard``)."""
        owner = self.owner[a]
        if self.location[a] == OCEAN and self.swimming_card_matters(owner):
            self.push(SwimmingCard(owner, a, destination, first, migrant, origin, order))
            return
        self.move_animal(a, destination)
        self.offer_remoras(first, migrant, origin, destination, order)

    def offer_remoras(self, first: int, migrant: int, origin: int, destination: int, order: int) -> None:
        """Ask the first player, from place ``order`` of the round that starts with the migrating player ``first``,
        who has a Remora that can follow ``migrant``."""
        n = self.player_count
        for offset in range(order, n):
            p = (first + offset) % n
            if any(follow_refusal(self, a, origin, destination) is None for a in self.animals[p]):
                self.push(RemoraFollow(p, first, migrant, origin, destination))
                return

    def move_animal(self, a: int, destination: int, card: int = -1) -> None:
        """``a`` moves to ``destination``: into the Ocean it gives up its Swimming card (to the discard pile), out of
        it it takes one from its owner's discard pile (NOTES §10): ``card``, its owner's choice, or by default the
        first seen by all. Paired cards are checked by the caller."""
        here, owner = self.location[a], self.owner[a]
        if destination == OCEAN:
            for c in [c for c in self.trait_cards[a] if self.card_trait[c] == SWIMMING]:
                self.discard_trait(a, c)
        elif here == OCEAN:
            c = card if card >= 0 else self.swimming_card_in_discard(owner)
            if c >= 0:
                self.discard[owner].remove(c)
                self.shed &= ~(1 << c)   # (shown now)
                self.card_trait[c] = SWIMMING
                self.trait_cards[a] = (*self.trait_cards[a], c)
                self._recalc(a)
        self.location[a] = destination
        if self.log_events:
            self.emit("move", {"text": f"{self.animal_text(a)} moves from {LOCATION_NAMES[here]} to "
                               f"{LOCATION_NAMES[destination]}", "animal": a, "from": LOCATION_IDS[here],
                               "to": LOCATION_IDS[destination]})

    def separate_pairs(self, moved: int = -1) -> None:
        """Discard every paired card whose two animals are now in different locations (NOTES §10). ``moved``: the one
        animal that moved since the last call, if known (nothing is discarded when none of its pairs is split)."""
        location, first, second = self.location, self.first_animal, self.second_animal
        if moved >= 0:
            here, face = location[moved], self.card_trait
            for c in self.trait_cards[moved]:
                if PAIRED[face[c]] and location[second[c] if first[c] == moved else first[c]] != here:
                    break
            else:
                return
        for animals in self.animals:
            for a in animals:
                for c in self.trait_cards[a]:
                    if first[c] == a and location[a] != location[second[c]]:
                        if self.log_events:
                            self.emit("discard_trait", {"text": f"{self.trait_name(c)} linking A{a} and "
                                                        f"A{second[c]} is discarded: the animals are in different "
                                                        "locations now", "card": c, "animals": [a, second[c]]})
                        self.discard_trait(a, c)

    def _remove_animal(self, a: int) -> None:
        if not (self.husks >> a) & 1:
            super()._remove_animal(a)
            return
        # an eaten Regeneration animal: its traits stay on the table (a husk), its animal card stays under them
        self.food[a] = self.fat[a] = 0
        keep = ~(1 << a)
        self.hibernating &= keep
        self.attacked &= keep
        self.poisoned &= keep
        self.received_food &= keep
        self._recalc(a)
