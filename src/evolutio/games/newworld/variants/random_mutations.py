"""Random Mutations (Nahodilé mutace, NOTES §12, ruling 76): play blind from a face-down gene pool.

A development turn is: rearrange (only before the card is taken), then pass, ``mutate_animal`` (the top card becomes
a new animal at the right end, unseen even by its owner) or ``mutate_trait`` (choose an own animal, reveal the top
card, give it the large or small side). Harmful traits go only on own animals. If neither side fits the chosen
animal, the card goes to its right-hand neighbour; if that fails too, it becomes a new animal. A paired side fits if
it can link the animal with one of its current neighbours (the player chooses which). Drawn cards join the gene
pool unseen; the pool is shuffled and, above the hand limit, cut blind from the top (engine rulings)."""

from __future__ import annotations

from collections.abc import Iterable

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal, Step

from .. import flow, legal, rules
from ..actions import MUTATE_TRAIT
from ..state import NO_ANIMAL, SIDE_LARGE, SIDE_SMALL, SYMBIOSIS, NewWorldState
from ..steps import step_type

MUTATE_ANIMAL = Action("mutate_animal")


@step_type
class MutationTurn(flow.DevelopmentTurn):
    __slots__ = ()
    name = "mutation_turn"
    accepts = ("pass", "mutate_animal", "mutate_trait", "move", "reverse")

    def prompt(self, state: NewWorldState) -> str:
        return (f"{state.player_name(self.seat)}: rearrange your row, pass, or take the top card of your gene pool "
                "as a new animal or as a trait for one of your animals")

    def candidates(self, state: NewWorldState) -> Iterable[Action]:
        out = [flow.PASS]
        if state.hands[self.seat]:
            out.append(MUTATE_ANIMAL)
            out.extend(Action("mutate_trait", animal) for animal in state.rows[self.seat])
        if rules.may_rearrange(state, self.seat, self.arranged):
            out.extend(legal.rearrangements(state, self.seat))
        return out

    def legal(self, state: NewWorldState) -> list[Action]:
        """The candidates that pass :meth:`check` (only passing can be refused), in the same order."""
        out = [] if rules.pass_forbidden(state, self.seat) else [flow.PASS]
        if state.hands[self.seat]:
            out.append(MUTATE_ANIMAL)
            out.extend(MUTATE_TRAIT[animal] for animal in state.rows[self.seat])
        if rules.may_rearrange(state, self.seat, self.arranged):
            out.extend(legal.rearrangements(state, self.seat))
        return out

    def check(self, state: NewWorldState, action: Action) -> Refusal | None:
        if action.kind in ("mutate_animal", "mutate_trait"):
            return None
        return super().check(state, action)

    def resolve(self, state: NewWorldState, action: Action) -> None:
        seat = self.seat
        if action.kind == "move" or action.kind == "reverse":
            flow.rearrange(state, seat, action)
            state.replace(MutationTurn(seat, self.arranged + 1))
            return
        if action.kind == "pass":
            super().resolve(state, action)
            return
        card = state.hands[seat].pop()
        state.played[seat] += 1
        state.replace(flow.NextDevelopment(seat))
        if action.kind == "mutate_animal":
            animal = state.new_animal(seat, card)
            state.emit("animal", {"text": f"{state.player_name(seat)} adds a new animal {animal} from the gene "
                                          "pool, unseen",
                                  "seat": seat, "animal": animal})
            return
        chosen = action.args[0]
        traits = state.data.traits
        text = f"{traits[state.data.card_large[card]].en} / {traits[state.data.card_small[card]].en}"
        state.emit("reveal", {"text": f"{state.player_name(seat)} reveals card {card} ({text}) for animal {chosen}",
                              "seat": seat, "card": card, "animal": chosen})
        for target in (chosen, flow.neighbour(state, chosen, flow.RIGHT)):
            if target != NO_ANIMAL and any(True for _ in placements(state, seat, card, target)):
                state.push(MutationPlacement(seat, card, target))
                return
        animal = state.new_animal(seat, card)
        state.emit("animal", {"text": f"the card fits neither animal {chosen} nor its neighbour: it becomes the new "
                                      f"animal {animal}", "seat": seat, "animal": animal})


def placements(state: NewWorldState, seat: int, card: int, animal: int) -> Iterable[Action]:
    """The legal ways to give ``card`` to ``animal``: ``give_side(side, neighbour)`` (neighbour 0 for a single
    trait; for a paired side the neighbour it links to)."""
    for side in (SIDE_LARGE, SIDE_SMALL):
        trait = flow.card_side(state, card, side)
        if state.data.traits[trait].paired:
            for direction in (flow.RIGHT, flow.LEFT):
                if trait != SYMBIOSIS and direction == flow.LEFT:
                    partner = flow.neighbour(state, animal, flow.LEFT)
                    if partner != NO_ANIMAL and rules.pair_refusal(state, seat, trait, partner, animal) is None:
                        yield Action("give_side", side, direction)
                    continue
                partner = flow.neighbour(state, animal, direction)
                if partner != NO_ANIMAL and rules.pair_refusal(state, seat, trait, animal, partner) is None:
                    yield Action("give_side", side, direction)
        elif rules.placement_refusal(state, seat, trait, animal, own_only=True) is None:
            yield Action("give_side", side, flow.RIGHT)


@step_type
class MutationPlacement(Step):
    """The revealed card's side (and, for a paired side, which neighbour it links to)."""

    __slots__ = ("animal", "card", "seat")
    name = "mutation_placement"

    def __init__(self, seat: int, card: int, animal: int) -> None:
        self.seat = seat
        self.card = card
        self.animal = animal

    def decider(self, state: NewWorldState) -> int:
        return self.seat

    def prompt(self, state: NewWorldState) -> str:
        return f"{state.player_name(self.seat)}: choose which side of card {self.card} animal {self.animal} receives"

    def candidates(self, state: NewWorldState) -> Iterable[Action]:
        return list(placements(state, self.seat, self.card, self.animal))

    def resolve(self, state: NewWorldState, action: Action) -> None:
        state.pop()
        side, direction = action.args
        trait = flow.card_side(state, self.card, side)
        name = state.trait_name(trait)
        if state.data.traits[trait].paired:
            partner = flow.neighbour(state, self.animal, direction)
            first, second = (self.animal, partner) if trait == SYMBIOSIS or direction == flow.RIGHT else \
                (partner, self.animal)
            state.attach(self.card, trait, first, second)
            text = f"animals {first} and {second} are linked by {name}"
        else:
            state.attach(self.card, trait, self.animal)
            text = f"animal {self.animal} receives {name}"
        state.emit("trait", {"text": text, "seat": self.seat, "card": self.card,
                             "trait": state.data.traits[trait].id, "animals": [self.animal]})


def after_draw(state: NewWorldState, seat: int) -> None:
    """Drawn cards join the gene pool unseen; the pool is shuffled and cut blind above the hand limit."""
    pool = state.hands[seat]
    state.rng.shuffle(pool)
    if state.options["unlimited_hand"]:
        return
    while len(pool) > state.data.hand_limit:
        state.discard.append(pool.pop())


flow.DEVELOPMENT_TURNS["random_mutations"] = MutationTurn
flow.AFTER_DRAW["random_mutations"] = after_draw
