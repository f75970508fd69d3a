"""The steps of northstar's decision stack (see :mod:`evolutio.kernel.flow`): its phases and interrupts.

Decision steps: the food-card choice, a play turn, a course trait replacement, the order of a player's leaf effects,
a feeding turn and the owner's store-surplus decision (R16); Intelligence's steps (the negation of defences, the
Intelligence window) are in its trait module. Automatic steps: the food reveal and the end of feeding (starvation
and extinction) — the game's hold points. Continuations (``After*``) sit below a store-surplus decision and carry
on the interrupted take's flow once the owner has decided; they get the tokens the head species took
(:meth:`Continuation.resume`).

Each step's ``phase`` is the phase shown in views (``PHASE_NAMES``); the rules themselves live in the position's layers.
"""

from __future__ import annotations

from typing import Any, ClassVar

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal, Step

from .actions import ActionSpace, kind_refusal
from .config import FEED, FOOD, LEAF, LEAF_NAMES, MAX_SEATS, PHASE_NAMES, PLAY, REPLACE, STORE


class NorthstarStep(Step):
    """A northstar step: ``phase`` is the phase the views show while it is on top.

    A decision step's candidates are the well-formed actions of the kinds it takes (:meth:`kinds`); :meth:`check`
    refuses those the rules do not allow now, with the reason. :meth:`legal` generates the allowed ones directly
    (the hot path) from the same per-rule functions the check calls; the tests hold the two to the same answer."""

    __slots__ = ()
    phase: ClassVar[int] = FEED
    #: the action kinds this step takes (a decision step names them; see also :meth:`kinds`)
    KINDS: ClassVar[tuple[str, ...]] = ()

    def kinds(self, state: Any) -> tuple[str, ...]:
        """The action kinds this step takes in the game's variant."""
        return self.KINDS

    def candidates(self, state: Any) -> ActionSpace:
        return ActionSpace(state.cfg, self.kinds(state))

    def kind_refusal(self, state: Any, action: Action) -> Refusal:
        """An action of a kind this decision does not take: where that kind belongs, and what is asked now."""
        player = self.decider(state)
        assert player is not None
        return Refusal(kind_refusal(action.kind, state.cfg.course, PHASE_NAMES[self.phase], player,
                                    self.prompt(state)))



class PlayerStep(NorthstarStep):
    """A decision of one player (``player``)."""

    __slots__ = ("player",)
    player: int
    decides = True  # (``decider`` is never None: the stack stops here without asking)

    def decider(self, state: Any) -> int | None:
        return self.player


class ChooseFoodCard(PlayerStep):
    __slots__ = ()
    name = "food_card"
    phase = FOOD
    KINDS = ("food_card",)

    def legal(self, state: Any) -> list[Action]:
        choose = state.cfg.food_card_actions
        return [choose[card] for card in state.hands[self.player]]

    def check(self, state: Any, action: Action) -> Refusal | None:
        refusal: Refusal | None = state.card_refusal(self.player, action.args[0])
        return refusal

    def resolve(self, state: Any, action: Action) -> None:
        state.flow.pop()
        state.choose_food_card(self.player, action.args[0])

    def prompt(self, state: Any) -> str:
        return "choose your secret food card (food_card)"


class PlayCards(PlayerStep):
    """A play turn; it stays on top while the player plays cards, until ``end_turn`` (or a course replacement)."""

    __slots__ = ()
    name = "play_cards"
    phase = PLAY
    STANDARD_KINDS = ("trait", "new_species", "grow_body", "grow_pop", "discard_trait", "end_turn")
    COURSE_KINDS = ("trait", "new_species", "grow_body", "grow_pop", "replace_trait", "end_turn")

    def kinds(self, state: Any) -> tuple[str, ...]:
        return self.COURSE_KINDS if state.cfg.course else self.STANDARD_KINDS

    def legal(self, state: Any) -> list[Action]:
        if state.cfg.course:
            course: list[Action] = state.course_play_options(self.player)
            return course
        options: list[Action] = state.standard_play_options(self.player)
        return options

    def check(self, state: Any, action: Action) -> Refusal | None:
        refusal: Refusal | None = state.play_refusal(self.player, action)
        return refusal

    def resolve(self, state: Any, action: Action) -> None:
        if action.kind == "end_turn":
            state.end_play_turn(self.player)
        else:
            state.play(self.player, action.kind, action.args)

    def prompt(self, state: Any) -> str:
        return "play cards from your hand or end your play turn"


class ReplaceTrait(PlayerStep):
    """Course rules: the card that replaces trait ``slot`` of species ``species``."""

    __slots__ = ("species", "slot")
    name = "replace_trait"
    phase = REPLACE
    KINDS = ("trait",)

    def __init__(self, player: int, species: int, slot: int) -> None:
        self.player = player
        self.species = species
        self.slot = slot

    def legal(self, state: Any) -> list[Action]:
        options: list[Action] = state.replacement_options(self.player, self.species, self.slot)
        return options

    def check(self, state: Any, action: Action) -> Refusal | None:
        refusal: Refusal | None = state.replacement_refusal(self.player, self.species, self.slot, *action.args)
        return refusal

    def resolve(self, state: Any, action: Action) -> None:
        state.replace_trait(self.player, action.args[0], self.species, self.slot)
        state.replace(PLAY_TURNS[self.player])

    def prompt(self, state: Any) -> str:
        return "choose the card whose trait replaces the chosen trait"


class OrderLeafEffects(PlayerStep):
    """The owner of two or more leaf effects chooses which resolves next (R9); ``effects``: (species, effect)."""

    __slots__ = ("effects",)
    name = "leaf_effects"
    phase = LEAF
    KINDS = ("leaf",)

    def __init__(self, player: int, effects: tuple[tuple[int, int], ...]) -> None:
        self.player = player
        self.effects = effects

    def legal(self, state: Any) -> list[Action]:
        row = state.cfg.row
        return [row("leaf", s, len(LEAF_NAMES))[e] for s, e in self.effects]

    def check(self, state: Any, action: Action) -> Refusal | None:
        if tuple(action.args) in self.effects:
            return None
        pending = ", ".join(f"{LEAF_NAMES[e]} of species {s + 1}" for s, e in self.effects)
        return Refusal(f"that leaf effect is not pending; pending: {pending}")

    def resolve(self, state: Any, action: Action) -> None:
        state.flow.pop()
        state.resolve_leaf_choice(self.player, self.effects, action.args[0], action.args[1])

    def prompt(self, state: Any) -> str:
        return "choose which of your leaf effects resolves next"


class FeedingTurn(PlayerStep):
    __slots__ = ()
    name = "feeding_turn"
    phase = FEED
    STANDARD_KINDS = ("feed", "attack", "intelligence_food", "pass")
    COURSE_KINDS = ("feed", "store_fat", "attack", "pass")

    def kinds(self, state: Any) -> tuple[str, ...]:
        return self.COURSE_KINDS if state.cfg.course else self.STANDARD_KINDS

    def legal(self, state: Any) -> list[Action]:
        options: list[Action] = state.feeding_options(self.player)
        return options

    def check(self, state: Any, action: Action) -> Refusal | None:
        refusal: Refusal | None = state.feeding_refusal(self.player, action)
        return refusal

    def resolve(self, state: Any, action: Action) -> None:
        state.flow.pop()
        state.feed(self.player, action.kind, action.args)

    def prompt(self, state: Any) -> str:
        return "feed one of your species (or pass when nothing hungry can eat)"


class StoreSurplus(NorthstarStep):
    """R16: a take brought ``tokens`` to species ``species`` of ``owner``, more than its board holds; the owner stores
    ``least``..``most`` of the surplus on Fat Tissue. ``head``: what the head species of the Cooperation chain took
    (-1 while it is that species' take)."""

    __slots__ = ("owner", "species", "tokens", "meat", "bank", "least", "most", "head")
    name = "store_surplus"
    phase = STORE
    KINDS = ("store_surplus",)
    owner: int
    species: int
    tokens: int
    meat: bool
    bank: bool
    least: int
    most: int
    head: int
    decides = True  # (``decider`` is never None: the stack stops here without asking)

    def decider(self, state: Any) -> int | None:
        return self.owner

    def legal(self, state: Any) -> list[Action]:
        one = state.cfg.one  # the most first: storing everything is what the engine did before R16 was applied
        return [one("store_surplus", tokens) for tokens in range(self.most, self.least - 1, -1)]

    def check(self, state: Any, action: Action) -> Refusal | None:
        refusal: Refusal | None = state.surplus_refusal(self, action.args[0])
        return refusal

    def resolve(self, state: Any, action: Action) -> None:
        state.flow.pop()
        state.store(self, action.args[0])

    def prompt(self, state: Any) -> str:
        return "decide how much of a take's surplus to store on Fat Tissue (store_surplus)"


# ------------------------------------------------------------------------------------------------ automatic steps
class FoodReveal(NorthstarStep):
    """The food cards are turned up (standard R12; course SPEC §5.6 with its automatic feeding)."""

    __slots__ = ()
    name = "food_reveal"
    phase = LEAF

    def run(self, state: Any) -> None:
        state.flow.pop()
        state.reveal_food()


class Extinction(NorthstarStep):
    """The end of feeding: starving species shrink or go extinct, food goes to the bags, the round ends (R21–R23)."""

    __slots__ = ()
    name = "extinction"
    phase = FEED

    def run(self, state: Any) -> None:
        state.flow.pop()
        state.end_feeding()


# ------------------------------------------------------------------------------------------------ continuations
class Continuation(NorthstarStep):
    """What carries on after a store-surplus decision; never on top of the stack (the decision above resumes it)."""

    __slots__ = ()

    def resume(self, state: Any, head: int) -> None:
        raise NotImplementedError

    def run(self, state: Any) -> None:  # pragma: no cover - a continuation is always below its decision
        raise AssertionError(f"continuation {self.name!r} reached the top of the stack")


class AfterFeed(Continuation):
    __slots__ = ("player", "species")
    name = "after_feed"
    player: int
    species: int

    def resume(self, state: Any, head: int) -> None:
        state.fed(self.player, self.species, head)


class AfterLeaf(Continuation):
    """After a leaf effect that resolved by itself; ``next_player``: the turn-order index whose effects follow."""

    __slots__ = ("player", "species", "next_player")
    name = "after_leaf"
    player: int
    species: int
    next_player: int

    def resume(self, state: Any, head: int) -> None:
        state.finish_leaf_take(self.player, self.species, head)
        state.leaf_next(self.next_player)


class AfterLeafChoice(Continuation):
    """After a leaf effect the owner chose; ``effects``: the owner's effects still pending."""

    __slots__ = ("player", "species", "effects")
    name = "after_leaf_choice"
    player: int
    species: int
    effects: tuple[tuple[int, int], ...]

    def resume(self, state: Any, head: int) -> None:
        state.finish_leaf_take(self.player, self.species, head)
        state.leaf_rest(self.player, self.effects)


class AfterMeat(Continuation):
    """After the attacker's meat take: the Scavengers, then the end of the feeding turn."""

    __slots__ = ("player", "attacker")
    name = "after_meat"
    player: int
    attacker: int

    def resume(self, state: Any, head: int) -> None:
        state.after_meat(self.player, head)


class AfterScavenger(Continuation):
    """After a Scavenger's take: the next Scavengers (``offset``-th player after ``player``, from ``species`` on)."""

    __slots__ = ("player", "offset", "species")
    name = "after_scavenger"
    player: int
    offset: int
    species: int

    def resume(self, state: Any, head: int) -> None:
        state.after_scavenger(self, head)


#: the decision of each seat pushed on every turn — the food-card choice, the play turn, the feeding turn: a step is an
#: immutable value, so one per seat serves every state and no turn builds one
FOOD_CARD_CHOICES = tuple(ChooseFoodCard(seat) for seat in range(MAX_SEATS))
PLAY_TURNS = tuple(PlayCards(seat) for seat in range(MAX_SEATS))
FEEDING_TURNS = tuple(FeedingTurn(seat) for seat in range(MAX_SEATS))

#: the steps of the game's core (the trait modules register their own: ``traits.TRAIT_STEPS``)
STEP_TYPES: tuple[type[Step], ...] = (
    ChooseFoodCard, PlayCards, ReplaceTrait, OrderLeafEffects, FeedingTurn, StoreSurplus, FoodReveal, Extinction,
    AfterFeed, AfterLeaf, AfterLeafChoice, AfterMeat, AfterScavenger,
)
