"""The turn structure of ``origin`` on the kernel's decision stack (:mod:`evolutio.kernel.flow`).

A turn is a chain of automatic phase steps — ``development`` (finds the next seat that plays a card), ``food_roll``
(rolls the food base), ``feeding`` (finds the next seat that can feed), ``extinction`` (deaths), ``deal`` (dealing,
clean-up) — each of which pushes the decision of the seat whose slot it is (``development_turn``, ``feeding_turn``) or
replaces itself with the next phase. Interrupts are pushed above them: the choices that complete an action
(``trait_target``, ``trait_second_target``, ``attack_target``, ``piracy_victim``), the attacked animal's ``defence``,
the ``scavenger`` choice, the order of simultaneous paired-card triggers (``trigger_order``, an automatic step while
only one trigger can fire) and queued effects (``blue_token``, ``effect``). A decision step pops itself before
carrying out its choice, so anything the choice pushes runs before the step below it (the development turn stays on
top while the next seat plays a card: that is all the development phase below would do).

Legality is written once: a decision's candidates are every action of its kinds (every animal number, card id or
hand slot), its ``check`` refuses the ones the rules do not allow with the rule's words (the refusal functions of
``rules.py`` and the trait modules' refusers, ``traits.REFUSERS``), and its ``legal`` is a faster generation that calls
the same functions; ``tests/origin/test_refusals.py`` verifies that the two agree.

Hold points (``OriginGame.hold_points``) are the names of the automatic steps ``food_roll`` and ``extinction``.
"""

from __future__ import annotations

from itertools import filterfalse
from typing import ClassVar, Iterable, cast

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal, Step

from . import actions, traits
from .card_data import MAX_PLAYERS
from .phases import mask_of
from .rules import BLOCKING_PLACEMENT, ON_OTHERS, ON_OWN
from .traits import EFFECTS, EN, FIRE_TRIGGER, ON_ATTACKED, PAIRED, REACTING_TO_ATTACK, REFUSERS, RESOLVERS
from .turn import OriginTurn

#: the main action of a feeding turn (one per turn); the other feeding kinds are free trait actions
MAIN_ACTION_KINDS = frozenset(("take", "attack", "convert"))
MAIN_ACTION_USED = Refusal("you have already used this feeding turn's main action (take a token, attack or convert "
                           "fat); only free traits remain (ruling 18)")
NO_SUCH_TRIGGER = Refusal("that paired card has no pending trigger that can take effect now (rulings 21-23)")
NOT_AN_OFFERED_SCAVENGER = Refusal("only one of your Scavengers that can still receive food can take the token "
                                   "(ruling 47)")
DEFENCE_IS_COMPULSORY = Refusal("the defence is compulsory: Running must be rolled and Mimicry must redirect the "
                                "attack when possible (rulings 41, 44)")


def not_on_table(animal: int) -> Refusal:
    return Refusal(f"A{animal} is not an animal on the table")


class Decision(Step):
    """A decision of ``origin``. Its prompt (the refusal of an action of another kind) names the seat that decides,
    the question and the action kinds it accepts (:attr:`accepts`)."""

    __slots__ = ()
    #: the kind of decision in views (``decision.kind``)
    label: ClassVar[str] = ""
    #: a decision in every position (its decider is a seat), except the trigger order
    decides = True

    def question(self, state: OriginFlow) -> str:
        return self.label.replace("_", " ")

    def prompt(self, state: OriginFlow) -> str:
        seat = self.decider(state)
        who = state.player_name(seat) if seat is not None else "nobody"
        return f"now {who} must decide: {self.question(state)} (actions: {', '.join(self.kinds(state))})"


class PlayerDecision(Decision):
    """A decision of the seat in its ``player`` field (a slot of each subclass)."""

    __slots__ = ()
    player: int

    def decider(self, state: OriginFlow) -> int | None:
        return self.player


class TargetDecision(PlayerDecision):
    """A decision of ``player`` (a slot of each subclass) answered with ``target`` (an animal number): its candidates
    are every animal number; one that is not on the table is refused here, any other by :meth:`target_refusal`."""

    __slots__ = ()
    accepts = ("target",)

    def candidates(self, state: OriginFlow) -> Iterable[Action]:
        return actions.TARGET[:state.config.num_cards]

    def check(self, state: OriginFlow, action: Action) -> Refusal | None:
        animal = action.args[0]
        if state.owner[animal] < 0:
            return not_on_table(animal)
        return self.target_refusal(state, animal)

    def target_refusal(self, state: OriginFlow, animal: int) -> Refusal | None:
        """Why the animal ``animal`` (on the table) may not be the target, or ``None``."""
        raise NotImplementedError


# -------------------------------------------------------------------------------------------------------- phases
class DevelopmentPhase(Step):
    """Automatic: the next seat (from ``actor``) that has not passed plays a card; when none is left, the food roll."""

    __slots__ = ()
    name = "development"

    def run(self, state: OriginFlow) -> None:
        seat = state.next_developer(state.actor)
        if seat < 0:   # (replace, without the call; then the settle loop's next pass, unless food_roll is held)
            state.flow[-1] = FOOD_ROLL
            if not state.holds:
                FOOD_ROLL.run(state)
            return
        state.actor = seat
        state.flow.append(DEVELOPMENT_TURN)   # (push, without the call)


class DevelopmentTurn(Decision):
    """The seat ``actor`` plays a card as an animal or a trait, or passes (ruling 2)."""

    __slots__ = ()
    name = "development_turn"
    label = "development"
    accepts = ("pass", "animal", "trait")

    def decider(self, state: OriginFlow) -> int | None:
        return state.actor

    def candidates(self, state: OriginFlow) -> Iterable[Action]:
        yield actions.PASS
        size = state.config.num_cards
        yield from actions.ANIMAL[:size]
        for faces in actions.TRAIT[:size]:
            yield from faces

    def check(self, state: OriginFlow, action: Action) -> Refusal | None:
        seat = state.actor
        hand = state.hands[seat]
        if action.kind == "animal":
            if action.args[0] < len(hand):
                return None
            return Refusal(f"{state.player_name(seat)}'s hand has {len(hand)} card(s): slots 0..{len(hand) - 1}")
        if action.kind == "trait":
            card, face = action.args
            if card not in hand:
                return Refusal(f"card {card} is not in {state.player_name(seat)}'s hand")
            faces = state.config.faces[card]
            if face >= len(faces):
                return Refusal(f"card {card} ({'/'.join(EN[t] for t in faces)}) has only one trait; use face 0")
            return state.trait_play_refusal(seat, faces[face])
        return None

    def legal(self, state: OriginFlow) -> list[Action]:
        return state.development_choices(state.actor)   # by trait_play_refusal, per trait

    def resolve(self, state: OriginFlow, action: Action) -> None:
        kind = action.kind
        if kind == "trait":
            card, face = action.args
            state.flow[-1] = TRAIT_TARGETS[state.actor][card][face]   # (replace, without the call)
            return
        player = state.actor
        if kind == "pass":
            state.pass_development()
        else:
            state.play_animal(action.args[0])
        # what the development phase below would do next, without leaving the stack: the next seat plays a card
        seat = state.next_developer(state.actor)
        if seat >= 0:
            state.actor = seat   # this same decision, now of that seat
        else:
            state.flow.pop()   # nobody is left: the development phase below finds nobody either and ends
        if kind == "animal" and state.location:
            state.choose_location(player, state.animals[player][-1])   # Continents: the new animal's continent

    def prompt(self, state: OriginFlow) -> str:
        return (f"it is the development phase: {state.player_name(state.actor)} may only play a card (as an animal or "
                f"a trait) or pass; feeding comes later (actions: {', '.join(self.accepts)})")


class FoodRoll(Step):
    """Automatic: the first player rolls the food base; the feeding phase begins."""

    __slots__ = ()
    name = "food_roll"

    def run(self, state: OriginFlow) -> None:
        state.flow[-1] = FEEDING_PHASE   # (replace, without the call)
        state.roll_food_base()
        if state.flow[-1] is FEEDING_PHASE:   # (nothing pushed: the settle loop's next pass, without it)
            FEEDING_PHASE.run(state)


class FeedingPhase(Step):
    """Automatic: the seat ``actor`` feeds, or its slot is skipped when it can only end its turn; a silent round
    ends the phase (ruling 20)."""

    __slots__ = ()
    name = "feeding"

    def run(self, state: OriginFlow) -> None:
        while True:
            choices = state.feeding_choices(state.actor)
            if len(choices) == 1 and choices[0] is actions.PASS:
                if state.end_feeding_slot():   # a silent round: the phase is over
                    state.flow[-1] = EXTINCTION   # (replace, without the call; then run it unless it is held)
                    if not state.holds:
                        EXTINCTION.run(state)
                    return
            else:
                state.offer(FEEDING_TURN, choices)   # computed once: the feeding turn's legal actions
                return


class FeedingTurn(Decision):
    """The seat ``actor`` takes food, attacks, converts fat, uses a free trait or ends its feeding turn."""

    __slots__ = ()
    name = "feeding_turn"
    label = "feeding"
    accepts = ("pass", "take", "attack", "convert", "pirate", "tramp", "hibernate")

    def decider(self, state: OriginFlow) -> int | None:
        return state.actor

    def kinds(self, state: OriginFlow) -> tuple[str, ...]:
        return self.accepts + state.config.trait_kinds   # the free actions of the deck's expansion traits

    def candidates(self, state: OriginFlow) -> Iterable[Action]:
        yield actions.PASS
        every_animal = range(state.config.num_cards)
        for kind in self.kinds(state):
            if kind not in ("pass", "convert"):
                if len(traits.KIND_ARGUMENTS.get(kind, ())) == 2:   # (an animal and a card: Metamorphosis)
                    yield from (Action(kind, animal, card) for animal in every_animal for card in every_animal)
                else:
                    yield from (Action(kind, animal) for animal in every_animal)
        for animal in every_animal:
            yield from (actions.convert(animal, tokens) for tokens in range(actions.MAX_FAT + 1))

    def check(self, state: OriginFlow, action: Action) -> Refusal | None:
        seat = state.actor
        kind = action.kind
        if kind == "pass":
            return state.end_turn_refusal(seat)
        animal = action.args[0]
        if state.owner[animal] != seat:
            return Refusal(f"A{animal} is not one of your animals")
        if state.location:   # Continents: one location per feeding turn (``locations.py``)
            return state.feeding_location_refusal(kind, animal) or state.check_in_location(
                kind, animal, lambda: self.rule_check(state, action))
        return self.rule_check(state, action)

    def rule_check(self, state: OriginFlow, action: Action) -> Refusal | None:
        """The rule of the feeding ``action`` (naming one of the feeding player's animals)."""
        kind, animal = action.kind, action.args[0]
        if kind in MAIN_ACTION_KINDS and state.main_action_used:
            return MAIN_ACTION_USED
        if kind == "take":
            return state.take_refusal(animal)
        trait, refuser = REFUSERS[kind]
        if trait >= 0 and not (state.trait_mask[animal] >> trait) & 1:
            return Refusal(f"animal A{animal} has no {EN[trait]}")
        return refuser(state, *action.args)

    def legal(self, state: OriginFlow) -> list[Action]:
        # by take_refusal, end_turn_refusal and the trait modules' refusers (their offer hooks call them); usually
        # not called: the feeding phase offers this step with the choices it has computed
        return state.feeding_choices(state.actor)

    def resolve(self, state: OriginFlow, action: Action) -> None:
        state.flow.pop()   # (pop, without the call)
        kind = action.kind
        if state.location and state.feeding_location < 0 and kind != "pass":
            state.commit_location(action)
        if kind == "pass":
            if state.end_feeding_turn():   # a silent round: the feeding phase below is over
                state.flow[-1] = EXTINCTION
                return
        elif kind == "take":
            state.take_red_token(action.args[0])
        else:
            RESOLVERS[kind](state, *action.args)
        if state.flow[-1] is FEEDING_PHASE:   # (nothing pushed: the settle loop's next pass, without it)
            FEEDING_PHASE.run(state)

    def question(self, state: OriginFlow) -> str:
        return ("feed (take food, attack, convert fat, use a free trait) or end the feeding turn; cards are played "
                "only in the development phase")


class Extinction(Step):
    """Automatic: deaths, then the end of the game or the deal."""

    __slots__ = ()
    name = "extinction"

    def run(self, state: OriginFlow) -> None:
        if state.extinction():
            state.flow[-1] = DEAL   # (replace, without the call; then run it: never held)
            DEAL.run(state)
        else:
            state.flow.pop()


class Deal(Step):
    """Automatic: dealing and clean-up; the next turn's development phase. What the deal asks is decided above it:
    before it, the cards under Regeneration husks (Continents; this step runs again after each answer), after it,
    where the empty board's animals go (pushed above the development phase)."""

    __slots__ = ()
    name = "deal"

    def run(self, state: OriginFlow) -> None:
        if state.husks and state.choose_regeneration_card():
            return
        state.flow[-1] = DEVELOPMENT_PHASE   # (replace, without the call)
        state.deal()
        if state.flow[-1] is DEVELOPMENT_PHASE:   # (nothing pushed: the settle loop's next pass, without it)
            DEVELOPMENT_PHASE.run(state)


#: the phases and the turns' decisions (steps are immutable values: one instance of each serves every turn)
DEVELOPMENT_PHASE, DEVELOPMENT_TURN, FOOD_ROLL, FEEDING_PHASE, FEEDING_TURN, EXTINCTION, DEAL = (
    DevelopmentPhase(), DevelopmentTurn(), FoodRoll(), FeedingPhase(), FeedingTurn(), Extinction(), Deal())


# -------------------------------------------------------------------------------------------------------- interrupts
class TraitTarget(TargetDecision):
    """``player`` names the animal (the first one, for a paired trait) that gets face ``face`` of ``card``."""

    __slots__ = ("player", "card", "face")
    name = "trait_target"
    label = "trait_target"
    player: int
    card: int
    face: int

    def target_refusal(self, state: OriginFlow, animal: int) -> Refusal | None:
        return state.first_target_refusal(self.player, state.config.faces[self.card][self.face], animal)

    def legal(self, state: OriginFlow) -> list[Action]:
        # (loops, not comprehensions: those would make seven closure cells on every call)
        seat, trait = self.player, state.config.faces[self.card][self.face]
        target, legal = actions.TARGET, []
        # the owners whose animals the card may go to (none for a card played only as an animal), in seat order
        owners = range(state.player_count) if ON_OTHERS[trait] else (seat,) if ON_OWN[trait] else ()
        if not PAIRED[trait] and not state.config.placement_rules:
            # placement_refusal over the animals of those owners: only its trait-mask rule is left to test
            masks, blocking = state.trait_mask, BLOCKING_PLACEMENT[trait]
            for other in owners:
                if other != seat or ON_OWN[trait]:
                    for animal in state.animals[other]:
                        if not masks[animal] & blocking:
                            legal.append(target[animal])
            return legal
        if state.config.placement_rules:   # (the rule of check, with placement rules: locations.py)
            return state.first_targets_with_rules(seat, trait)
        # the rule of check (first_target_refusal), over the animals it can allow
        refusal = state.first_target_refusal if PAIRED[trait] else state.placement_refusal
        for other in owners if ON_OTHERS[trait] else (seat,):
            if other != seat or ON_OWN[trait] or not ON_OTHERS[trait]:
                for animal in state.animals[other]:
                    if refusal(seat, trait, animal) is None:
                        legal.append(target[animal])
        return legal

    def resolve(self, state: OriginFlow, action: Action) -> None:
        state.flow.pop()
        trait = state.config.faces[self.card][self.face]
        animal = action.args[0]
        if PAIRED[trait]:
            state.push(SecondTraitTarget(self.player, self.card, self.face, animal))
        else:
            state.place_trait(self.player, self.card, trait, animal, -1)

    def question(self, state: OriginFlow) -> str:
        return f"the animal for {EN[state.config.faces[self.card][self.face]]} (card {self.card})"


class SecondTraitTarget(TargetDecision):
    """``player`` names the second animal linked by the paired trait on ``card`` to ``first``."""

    __slots__ = ("player", "card", "face", "first")
    name = "trait_second_target"
    label = "trait_second_target"
    player: int
    card: int
    face: int
    first: int

    def target_refusal(self, state: OriginFlow, animal: int) -> Refusal | None:
        return state.pair_refusal(self.player, state.config.faces[self.card][self.face], self.first, animal)

    def legal(self, state: OriginFlow) -> list[Action]:
        check, target, legal = self.check, actions.TARGET, []   # (a loop: no closure cells on every call)
        for animal in state.animals[state.owner[self.first]]:   # (the first one's owner: rulings 5, 7)
            if check(state, target[animal]) is None:
                legal.append(target[animal])
        return legal

    def resolve(self, state: OriginFlow, action: Action) -> None:
        state.flow.pop()
        state.place_trait(self.player, self.card, state.config.faces[self.card][self.face], self.first,
                          action.args[0])

    def question(self, state: OriginFlow) -> str:
        return f"the animal linked with A{self.first} by {EN[state.config.faces[self.card][self.face]]}"


class AttackTarget(TargetDecision):
    """The player of ``carnivore`` chooses the animal it attacks."""

    __slots__ = ("player", "carnivore")
    name = "attack_target"
    label = "attack_target"
    player: int
    carnivore: int

    def target_refusal(self, state: OriginFlow, animal: int) -> Refusal | None:
        refusal = state.attack_refusal(self.carnivore, animal)
        return None if refusal is None else Refusal(f"your Carnivore cannot attack this animal: {refusal}")

    def legal(self, state: OriginFlow) -> list[Action]:
        return [actions.TARGET[target] for target in state.attack_targets(self.carnivore)]   # by attack_refusal

    def resolve(self, state: OriginFlow, action: Action) -> None:
        state.flow.pop()
        state.start_attack(self.carnivore, action.args[0])

    def question(self, state: OriginFlow) -> str:
        return f"the animal Carnivore A{self.carnivore} attacks"


class PiracyVictim(TargetDecision):
    """The player of the Piracy animal ``pirate`` chooses the animal it robs."""

    __slots__ = ("player", "pirate")
    name = "piracy_victim"
    label = "piracy_victim"
    player: int
    pirate: int

    def target_refusal(self, state: OriginFlow, animal: int) -> Refusal | None:
        return state.piracy_refusal(self.pirate, animal)

    def legal(self, state: OriginFlow) -> list[Action]:
        return [actions.TARGET[victim] for victim in state.piracy_victims(self.pirate)]   # by piracy_refusal

    def resolve(self, state: OriginFlow, action: Action) -> None:
        state.flow.pop()
        state.rob(self.pirate, action.args[0])

    def question(self, state: OriginFlow) -> str:
        return f"the animal Piracy A{self.pirate} robs"


class Defence(PlayerDecision):
    """The owner of ``target`` (attacked by ``carnivore``) chooses a defence or accepts. ``rolled``: its Running die
    was rolled in this attack; ``targeted``: bit mask of the animals targeted so far in this attack."""

    __slots__ = ("player", "carnivore", "target", "rolled", "targeted")
    name = "defence"
    label = "defence"
    accepts = ("run", "mimic", "tail", "accept")
    player: int
    carnivore: int
    target: int
    rolled: bool
    targeted: int

    def kinds(self, state: OriginFlow) -> tuple[str, ...]:
        return self.accepts + state.config.defence_kinds   # the defences of the deck's expansion traits

    def candidates(self, state: OriginFlow) -> Iterable[Action]:
        size = state.config.num_cards
        extra = tuple(Action(kind) for kind in state.config.defence_kinds)   # (they take no argument)
        return (actions.RUN, actions.ACCEPT, *actions.MIMIC[:size], *actions.TAIL[:size], *extra)

    def check(self, state: OriginFlow, action: Action) -> Refusal | None:
        kind = action.kind
        if kind == "accept":
            choices = state.defence_choices(self.carnivore, self.target, self.rolled, self.targeted)
            return None if actions.ACCEPT in choices else DEFENCE_IS_COMPULSORY
        trait, refuser = REFUSERS[kind]
        if not (state.trait_mask[self.target] >> trait) & 1:
            return Refusal(f"the attacked animal A{self.target} has no {EN[trait]}")
        if (state.ignored_traits(self.carnivore, self.target) >> trait) & 1:   # (as defence_choices leaves it out)
            return Refusal(f"Carnivore A{self.carnivore} ignores the {EN[trait]} of A{self.target} in this attack "
                           "(Intellect or a Hunter's counterattack, rulings 50, 81)")
        return refuser(state, self.carnivore, self.target, self.rolled, self.targeted, *action.args)

    def legal(self, state: OriginFlow) -> list[Action]:
        # by the trait modules' refusers (their defence hooks call them); accepting only when no defence is compulsory
        return state.defence_choices(self.carnivore, self.target, self.rolled, self.targeted)

    def resolve(self, state: OriginFlow, action: Action) -> None:
        state.flow.pop()
        if action is actions.ACCEPT or action.kind == "accept":
            state.kill(self.carnivore, self.target)
        else:
            RESOLVERS[action.kind](state, self, *action.args)

    def question(self, state: OriginFlow) -> str:
        return f"defend A{self.target} against Carnivore A{self.carnivore} or accept"


class ScavengerChoice(PlayerDecision):
    """``player`` chooses which of their Scavengers (bit mask ``offered``) gets the token (ruling 47)."""

    __slots__ = ("player", "offered")
    name = "scavenger"
    label = "scavenger"
    accepts = ("scavenge",)
    player: int
    offered: int

    def candidates(self, state: OriginFlow) -> Iterable[Action]:
        return actions.SCAVENGE[:state.config.num_cards]

    def check(self, state: OriginFlow, action: Action) -> Refusal | None:
        return None if (self.offered >> action.args[0]) & 1 else NOT_AN_OFFERED_SCAVENGER

    def legal(self, state: OriginFlow) -> list[Action]:
        check = self.check
        return [choice for choice in (actions.SCAVENGE[animal] for animal in state.animals[self.player])
                if check(state, choice) is None]

    def resolve(self, state: OriginFlow, action: Action) -> None:
        state.flow.pop()
        RESOLVERS["scavenge"](state, *action.args)

    def question(self, state: OriginFlow) -> str:
        return "the Scavenger that gets the token"


class TriggerOrder(Decision):
    """Queued paired-card triggers (``2 * card + side``) of ``player``'s animals. Automatic while at most one distinct
    trigger can fire; a decision of ``player`` (the order) when several can (rulings 21-23)."""

    __slots__ = ("player", "triggers")
    name = "trigger_order"
    label = "trigger_order"
    accepts = ("fire",)
    decides = False   # automatic while at most one trigger can fire
    player: int
    triggers: tuple[int, ...]

    def decider(self, state: OriginFlow) -> int | None:
        if len(self.triggers) < 2:   # (fewer than two: never a decision, no need to ask which can fire)
            return None
        valid = state.valid_triggers(self.triggers)
        if valid and valid.count(valid[0]) != len(valid):   # (two different triggers; count: no closure cell)
            return self.player
        return None

    def candidates(self, state: OriginFlow) -> Iterable[Action]:
        return actions.FIRE[:2 * state.config.num_cards]

    def check(self, state: OriginFlow, action: Action) -> Refusal | None:
        card, side = action.args
        trigger = 2 * card + side
        return None if trigger in self.triggers and state.trigger_can_fire(trigger) else NO_SUCH_TRIGGER

    def legal(self, state: OriginFlow) -> list[Action]:
        check = self.check
        return [choice for choice in (actions.FIRE[trigger] for trigger in sorted(set(self.triggers)))
                if check(state, choice) is None]

    def resolve(self, state: OriginFlow, action: Action) -> None:
        card, side = action.args
        state.fire(2 * card + side)

    def run(self, state: OriginFlow) -> None:
        valid = state.valid_triggers(self.triggers)
        if not valid:
            state.flow.pop()
        else:
            state.fire(valid[0])

    def question(self, state: OriginFlow) -> str:
        return "which Communication / Cooperation trigger fires first"


class BlueToken(Step):
    """Automatic: ``carnivore`` gets a blue token from its prey, if it is still alive and can eat."""

    __slots__ = ("carnivore",)
    name = "blue_token"
    carnivore: int

    def run(self, state: OriginFlow) -> None:
        state.flow.pop()
        state.blue_token(self.carnivore)


class QueuedEffect(Step):
    """Automatic: a trait module's queued effect ``effect`` (``traits.EFFECTS``) with its ``argument``."""

    __slots__ = ("effect", "argument")
    name = "effect"
    effect: str
    argument: int

    def run(self, state: OriginFlow) -> None:
        state.flow.pop()
        EFFECTS[self.effect](state, self.argument)


STEP_TYPES: tuple[type[Step], ...] = (
    DevelopmentPhase, DevelopmentTurn, FoodRoll, FeedingPhase, FeedingTurn, Extinction, Deal, TraitTarget,
    SecondTraitTarget, AttackTarget, PiracyVictim, Defence, ScavengerChoice, TriggerOrder, BlueToken, QueuedEffect,
)
#: each seat's trait-target decision for each card and face (steps are immutable values: built once, not per play)
TRAIT_TARGETS = tuple(tuple((TraitTarget(seat, card, 0), TraitTarget(seat, card, 1)) for card in range(actions.N))
                      for seat in range(MAX_PLAYERS))


class OriginFlow(OriginTurn):
    """The effects that push decisions and queued effects onto the stack: the attack and its defence, the choices
    that complete an action, the Scavenger's token, paired-card triggers. The steps above are written against it."""

    __slots__ = ()

    def kill(self, c: int, t: int) -> None:
        """Carnivore ``c`` eats ``t``; then it gets two blue tokens, one at a time (if it can still eat)."""
        self.eaten(c, t)
        self.push(blue := BlueToken(c), blue)   # (a step is an immutable value: one serves both tokens)

    def choose_animal_to_feed(self, seat: int, animals: list[int]) -> None:
        """``seat`` chooses which of ``animals`` (its own) gets the token on offer (a ``scavenge``; ruling 47)."""
        self.push(ScavengerChoice(seat, mask_of(animals)))

    def queue_effect(self, name: str, argument: int) -> None:
        """Run the queued effect ``name`` (``traits.EFFECTS``) once the current effects are over."""
        self.push(QueuedEffect(name, argument))

    def choose_attack_target(self, c: int) -> None:
        """The player of Carnivore ``c`` now chooses the animal it attacks (a ``target``)."""
        self.push(AttackTarget(self.actor, c))

    def start_attack(self, c: int, t: int) -> None:
        self.main_action_used = True
        self.round_had_actions = True
        self.attacked |= 1 << c
        if self.log_events:
            self.emit(
                "attack", {"text": f"{self.animal_text(c)} attacks {self.animal_text(t)}", "carnivore": c, "target": t}
            )
        self.defend(c, t, False, 1 << t)

    def defend(self, c: int, t: int, ran: bool, seen: int) -> None:
        """Carnivore ``c`` attacks ``t`` (``ran``: its Running die was rolled; ``seen``: animals targeted so far in this
        attack): its owner chooses a defence, or it is eaten at once when it has none."""
        mask = self.trait_mask[t] & REACTING_TO_ATTACK
        if mask:
            for handler in ON_ATTACKED[mask]:
                handler(self, c, t)
        choices = self.defence_choices(c, t, ran, seen)
        if len(choices) == 1 and choices[0] is actions.ACCEPT:
            self.kill(c, t)
        else:
            self.push(Defence(self.owner[t], c, t, ran, seen))

    def queue_blue_token(self, carnivore: int) -> None:
        """``carnivore`` gets a blue token once the current effects are over (if it is alive and can still eat)."""
        self.push(BlueToken(carnivore))

    def choose_piracy_victim(self, pirate: int) -> None:
        """The player of Piracy animal ``pirate`` now chooses the victim (a ``target``)."""
        self.push(PiracyVictim(self.actor, pirate))

    def queue_paired_triggers(self, a: int, trait: int) -> None:
        """Queue the triggers of ``a``'s paired ``trait`` cards that have not fired this round, towards their other
        animal (a trigger is ``2 * card + side``; side 1 = the card's second animal)."""
        face, first, fired, queued = self.card_trait, self.first_animal, self.fired, []
        for c in self.trait_cards[a]:   # (a loop: a comprehension would make five closure cells per call)
            if face[c] == trait and not (fired >> c) & 1:
                queued.append(2 * c + (1 if first[c] == a else 0))
        if not queued:
            return
        top = self.flow[-1] if self.flow else None
        if isinstance(top, TriggerOrder):
            self.replace(TriggerOrder(self.owner[a], top.triggers + tuple(queued)))
        else:
            self.push(TriggerOrder(self.owner[a], tuple(queued)))

    def fire(self, x: int) -> None:
        """Fire trigger ``x`` (``2 * card + side``) of the pool on top of the stack, which goes once it is empty."""
        c = x >> 1
        r = self.second_animal[c] if x & 1 else self.first_animal[c]
        self.fired |= 1 << c
        pool = cast(TriggerOrder, self.flow[-1])
        # the other cards' triggers (filterfalse with a C predicate: a generator would make c a closure cell)
        rest = tuple(filterfalse((2 * c, 2 * c + 1).__contains__, pool.triggers))
        self.replace(TriggerOrder(pool.player, rest)) if rest else self.pop()   # (no empty pool built and settled)
        for handler in FIRE_TRIGGER[1 << self.card_trait[c]]:
            handler(self, c, r)

