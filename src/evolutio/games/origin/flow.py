"""The turn structure of ``origin`` on the kernel's decision stack (:mod:`evolutio.kernel.flow`).

A turn is a chain of automatic phase steps — ``development`` (finds the next seat that plays a card), ``food_roll``
(rolls the food base), ``feeding`` (finds the next seat that can feed), ``extinction`` (deaths, dealing, clean-up) —
each of which pushes the decision of the seat whose slot it is (``development_turn``, ``feeding_turn``) or replaces
itself with the next phase. Interrupts are pushed above them: the choices that complete an action (``trait_target``,
``trait_second_target``, ``attack_target``, ``piracy_victim``), the attacked animal's ``defence``, the ``scavenger``
choice, the order of simultaneous paired-card triggers (``trigger_order``, an automatic step while only one trigger
can fire) and queued effects (``blue_token``, ``effect``). A decision step pops itself before carrying out its choice,
so anything the choice pushes runs before the step below it.

Hold points (``OriginGame.hold_points``) are the names of the automatic steps ``food_roll`` and ``extinction``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from evolutio.kernel import Action
from evolutio.kernel.flow import Step

from . import actions
from .traits import EFFECTS, PAIRED, RESOLVERS, TRAITS

if TYPE_CHECKING:
    from .state import OriginState


# -------------------------------------------------------------------------------------------------------- phases
class DevelopmentPhase(Step):
    """Automatic: the next seat (from ``actor``) that has not passed plays a card; when none is left, the food roll."""

    __slots__ = ()
    name = "development"

    def run(self, state: OriginState) -> None:
        seat = state.next_developer(state.actor)
        if seat < 0:
            state.replace(FoodRoll())
            return
        state.actor = seat
        state.push(DevelopmentTurn())


class DevelopmentTurn(Step):
    """The seat ``actor`` plays a card as an animal or a trait, or passes (ruling 2)."""

    __slots__ = ()
    name = "development_turn"
    label = "development"

    def decider(self, state: OriginState) -> int | None:
        return state.actor

    def candidates(self, state: OriginState) -> Iterable[Action]:
        return state.development_choices(state.actor)

    def resolve(self, state: OriginState, action: Action) -> None:
        state.pop()
        kind = action.kind
        if kind == "pass":
            state.pass_development()
        elif kind == "animal":
            state.play_animal(action.args[0])
        else:
            card, face = action.args
            state.push(TraitTarget(state.actor, card, face))

    def prompt(self, state: OriginState) -> str:
        return f"{state.player_name(state.actor)} plays a card (as an animal or a trait) or passes"


class FoodRoll(Step):
    """Automatic: the first player rolls the food base; the feeding phase begins."""

    __slots__ = ()
    name = "food_roll"

    def run(self, state: OriginState) -> None:
        state.replace(FeedingPhase())
        state.roll_food_base()


class FeedingPhase(Step):
    """Automatic: the seat ``actor`` feeds, or its slot is skipped when it can only end its turn; a silent round
    ends the phase (ruling 20)."""

    __slots__ = ()
    name = "feeding"

    def run(self, state: OriginState) -> None:
        choices = state.feeding_choices(state.actor)
        if len(choices) == 1 and choices[0] is actions.PASS:
            state.end_feeding_slot()
        else:
            state.push(FeedingTurn())
            state.feeding_offer = choices   # computed once: the feeding turn's candidates until it is answered


class FeedingTurn(Step):
    """The seat ``actor`` takes food, attacks, converts fat, uses a free trait or ends its feeding turn."""

    __slots__ = ()
    name = "feeding_turn"
    label = "feeding"

    def decider(self, state: OriginState) -> int | None:
        return state.actor

    def candidates(self, state: OriginState) -> Iterable[Action]:
        offer = state.feeding_offer
        return offer if offer is not None else state.feeding_choices(state.actor)

    def resolve(self, state: OriginState, action: Action) -> None:
        state.pop()
        state.feeding_offer = None
        kind = action.kind
        if kind == "pass":
            state.end_feeding_turn()
        elif kind == "take":
            state.take_red_token(action.args[0])
        else:
            RESOLVERS[kind](state, *action.args)

    def prompt(self, state: OriginState) -> str:
        return f"{state.player_name(state.actor)} feeds (take food, attack, convert fat, a free trait) or ends the turn"


class Extinction(Step):
    """Automatic: deaths, the end of the game or dealing and clean-up; the next turn's development phase."""

    __slots__ = ()
    name = "extinction"

    def run(self, state: OriginState) -> None:
        state.pop()
        if state.extinction():
            state.push(DevelopmentPhase())


# -------------------------------------------------------------------------------------------------------- interrupts
class TraitTarget(Step):
    """``player`` names the animal (the first one, for a paired trait) that gets face ``face`` of ``card``."""

    __slots__ = ("player", "card", "face")
    name = "trait_target"
    label = "trait_target"

    def __init__(self, player: int, card: int, face: int) -> None:
        self.player = player
        self.card = card
        self.face = face

    def decider(self, state: OriginState) -> int | None:
        return self.player

    def candidates(self, state: OriginState) -> Iterable[Action]:
        return state.first_targets(self.player, state.config.faces[self.card][self.face])

    def resolve(self, state: OriginState, action: Action) -> None:
        state.pop()
        trait = state.config.faces[self.card][self.face]
        animal = action.args[0]
        if PAIRED[trait]:
            state.push(SecondTraitTarget(self.player, self.card, self.face, animal))
        else:
            state.place_trait(self.player, self.card, trait, animal, -1)

    def prompt(self, state: OriginState) -> str:
        trait = TRAITS[state.config.faces[self.card][self.face]]
        return f"{state.player_name(self.player)} chooses the animal for {trait.en} (card {self.card})"


class SecondTraitTarget(Step):
    """``player`` names the second animal linked by the paired trait on ``card`` to ``first``."""

    __slots__ = ("player", "card", "face", "first")
    name = "trait_second_target"
    label = "trait_second_target"

    def __init__(self, player: int, card: int, face: int, first: int) -> None:
        self.player = player
        self.card = card
        self.face = face
        self.first = first

    def decider(self, state: OriginState) -> int | None:
        return self.player

    def candidates(self, state: OriginState) -> Iterable[Action]:
        trait = state.config.faces[self.card][self.face]
        return [actions.TARGET[other] for other in state.animals[self.player]
                if other != self.first and not state.linked(self.first, other, trait)]

    def resolve(self, state: OriginState, action: Action) -> None:
        state.pop()
        state.place_trait(self.player, self.card, state.config.faces[self.card][self.face], self.first,
                          action.args[0])

    def prompt(self, state: OriginState) -> str:
        trait = TRAITS[state.config.faces[self.card][self.face]]
        return f"{state.player_name(self.player)} chooses the animal linked with A{self.first} by {trait.en}"


class AttackTarget(Step):
    """The player of ``carnivore`` chooses the animal it attacks."""

    __slots__ = ("player", "carnivore")
    name = "attack_target"
    label = "attack_target"

    def __init__(self, player: int, carnivore: int) -> None:
        self.player = player
        self.carnivore = carnivore

    def decider(self, state: OriginState) -> int | None:
        return self.player

    def candidates(self, state: OriginState) -> Iterable[Action]:
        return [actions.TARGET[target] for target in state.attack_targets(self.carnivore)]

    def resolve(self, state: OriginState, action: Action) -> None:
        state.pop()
        state.start_attack(self.carnivore, action.args[0])

    def prompt(self, state: OriginState) -> str:
        return f"{state.player_name(self.player)} chooses the animal Carnivore A{self.carnivore} attacks"


class PiracyVictim(Step):
    """The player of the Piracy animal ``pirate`` chooses the animal it robs."""

    __slots__ = ("player", "pirate")
    name = "piracy_victim"
    label = "piracy_victim"

    def __init__(self, player: int, pirate: int) -> None:
        self.player = player
        self.pirate = pirate

    def decider(self, state: OriginState) -> int | None:
        return self.player

    def candidates(self, state: OriginState) -> Iterable[Action]:
        return [actions.TARGET[victim] for victim in state.piracy_victims(self.pirate)]

    def resolve(self, state: OriginState, action: Action) -> None:
        state.pop()
        state.rob(self.pirate, action.args[0])

    def prompt(self, state: OriginState) -> str:
        return f"{state.player_name(self.player)} chooses the animal Piracy A{self.pirate} robs"


class Defence(Step):
    """The owner of ``target`` (attacked by ``carnivore``) chooses a defence or accepts. ``rolled``: its Running die
    was rolled in this attack; ``targeted``: bit mask of the animals targeted so far in this attack."""

    __slots__ = ("player", "carnivore", "target", "rolled", "targeted")
    name = "defence"
    label = "defence"

    def __init__(self, player: int, carnivore: int, target: int, rolled: bool, targeted: int) -> None:
        self.player = player
        self.carnivore = carnivore
        self.target = target
        self.rolled = rolled
        self.targeted = targeted

    def decider(self, state: OriginState) -> int | None:
        return self.player

    def candidates(self, state: OriginState) -> Iterable[Action]:
        return state.defence_choices(self.carnivore, self.target, self.rolled, self.targeted)

    def resolve(self, state: OriginState, action: Action) -> None:
        state.pop()
        if action is actions.ACCEPT or action.kind == "accept":
            state.eaten(self.carnivore, self.target)
        else:
            RESOLVERS[action.kind](state, self, *action.args)

    def prompt(self, state: OriginState) -> str:
        return (f"{state.player_name(self.player)} defends A{self.target} against Carnivore A{self.carnivore} "
                "or accepts")


class ScavengerChoice(Step):
    """``player`` chooses which of their Scavengers (bit mask ``offered``) gets the token (ruling 47)."""

    __slots__ = ("player", "offered")
    name = "scavenger"
    label = "scavenger"

    def __init__(self, player: int, offered: int) -> None:
        self.player = player
        self.offered = offered

    def decider(self, state: OriginState) -> int | None:
        return self.player

    def candidates(self, state: OriginState) -> Iterable[Action]:
        return [actions.SCAVENGE[animal] for animal in state.animals[self.player] if (self.offered >> animal) & 1]

    def resolve(self, state: OriginState, action: Action) -> None:
        state.pop()
        RESOLVERS["scavenge"](state, *action.args)

    def prompt(self, state: OriginState) -> str:
        return f"{state.player_name(self.player)} chooses the Scavenger that gets the token"


class TriggerOrder(Step):
    """Queued paired-card triggers (``2 * card + side``) of ``player``'s animals. Automatic while at most one distinct
    trigger can fire; a decision of ``player`` (the order) when several can (rulings 21-23)."""

    __slots__ = ("player", "triggers")
    name = "trigger_order"
    label = "trigger_order"

    def __init__(self, player: int, triggers: tuple[int, ...]) -> None:
        self.player = player
        self.triggers = triggers

    def decider(self, state: OriginState) -> int | None:
        valid = state.valid_triggers(self.triggers)
        if valid and any(trigger != valid[0] for trigger in valid):
            return self.player
        return None

    def candidates(self, state: OriginState) -> Iterable[Action]:
        return [actions.FIRE[trigger] for trigger in sorted(set(state.valid_triggers(self.triggers)))]

    def resolve(self, state: OriginState, action: Action) -> None:
        card, side = action.args
        state.fire(2 * card + side)

    def run(self, state: OriginState) -> None:
        valid = state.valid_triggers(self.triggers)
        if not valid:
            state.pop()
        else:
            state.fire(valid[0])

    def prompt(self, state: OriginState) -> str:
        return f"{state.player_name(self.player)} chooses which Communication / Cooperation trigger fires first"


class BlueToken(Step):
    """Automatic: ``carnivore`` gets a blue token from its prey, if it is still alive and can eat."""

    __slots__ = ("carnivore",)
    name = "blue_token"

    def __init__(self, carnivore: int) -> None:
        self.carnivore = carnivore

    def run(self, state: OriginState) -> None:
        state.pop()
        state.blue_token(self.carnivore)


class QueuedEffect(Step):
    """Automatic: a trait module's queued effect ``effect`` (``traits.EFFECTS``) with its ``argument``."""

    __slots__ = ("effect", "argument")
    name = "effect"

    def __init__(self, effect: str, argument: int) -> None:
        self.effect = effect
        self.argument = argument

    def run(self, state: OriginState) -> None:
        state.pop()
        EFFECTS[self.effect](state, self.argument)


STEP_TYPES: tuple[type[Step], ...] = (
    DevelopmentPhase, DevelopmentTurn, FoodRoll, FeedingPhase, FeedingTurn, Extinction, TraitTarget,
    SecondTraitTarget, AttackTarget, PiracyVictim, Defence, ScavengerChoice, TriggerOrder, BlueToken, QueuedEffect,
)
