"""Trait behaviour of northstar as hook tables: one module per trait, registering handlers on named events.

Events (the handlers' arguments):

- ``attack_size`` (attacker species) -> extra attack size of a Carnivore with this trait (Pack Hunting, R25);
- ``defends`` (state, attacker, attack size, row, target index, negated mask) -> the defence bit this trait of the
  target adds to the blockers of an attack, or 0 (Burrowing, Climbing, Defensive Herding, Hard Shell, Symbiosis);
- ``defends_neighbour`` (state, attacker, row, target index, defence bit) -> the bit a neighbour's trait adds
  (Warning Call; the defence bit says which side);
- ``negatable`` (negated mask) -> a defence bit Intelligence may also negate though it does not block (Horns, R36);
- ``on_attacked`` (state, attacker's player, attacker species, negated mask) -> None: what attacking this species
  does to the attacker (Horns: 1 population, R34);
- ``plant_take_bonus`` (species) -> extra plant food a take of this species brings (Foraging, R19);
- ``chains_take`` (species) -> whether a take of this species fires one for its right neighbour (Cooperation, R20);
- ``surplus_room`` (species) -> the food a take's surplus may leave on this species' card (Fat Tissue, R16);
- ``scavenges`` () -> the meat this species takes after any Carnivore's attack (Scavenger, R35);
- ``trait_discarded`` (state, player, species) -> None: the trait card left the species (Fat Tissue: its food
  goes to the bag);
- ``overcomes_blocks`` (state, player, blocking defences) -> whether this Carnivore may attack though defences block
  it (Intelligence, R36), and ``blocked_attack_note`` (same arguments) -> words added to the refusal of a blocked
  attack;
- ``attack_begins`` (state, player, attacker, target player, target) -> True when the trait takes over the attack
  before the strike (Intelligence's negation step);
- ``feeding_options`` (state, player, species index, actions) -> None: adds this species' own feeding-turn options
  (Intelligence: a card for plant food from the bank);
- ``before_feeding_turn`` (state, player) -> True when a step was pushed before that player's feeding turn (run for
  every position: registered without a trait; the Intelligence window).

A trait may also carry a flag the core rules ask about by name (:func:`flag`: ``feeds_by_attack`` — Carnivore: it
attacks instead of taking plant food, R14, R24).

A trait may own decision steps (register them with :func:`trait_step`, so saved states load them) and action kinds
(:func:`action_rule`: the refusal and the resolution of the kind on a feeding turn).

Leaf effects (Fertile, Long Neck, Fat Tissue, R9–R11, R18) are registered with :func:`leaf_effect`: the trait, when
the effect is pending for a species, how it resolves and (for a take that waited for a store-surplus decision) how
it finishes.

Every defence also has its refusal text, registered with :func:`block_reason` in the same module: the check that
blocks an attack and the words that explain the block live side by side. The engine asks the handlers of the traits
present (``hooks.handlers(event, mask)``); it names no defensive trait itself.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple, TypeVar

from evolutio.kernel.flow import Refusal, Step
from evolutio.kernel.hooks import TraitHooks, load_trait_modules

from ..cards import TRAIT_IDS

EVENTS = ("attack_size", "defends", "defends_neighbour", "negatable", "on_attacked", "plant_take_bonus",
          "chains_take", "surplus_room", "scavenges", "trait_discarded", "overcomes_blocks", "blocked_attack_note",
          "attack_begins", "feeding_options", "before_feeding_turn")
hooks = TraitHooks(EVENTS, traits=TRAIT_IDS)
#: the bit of each trait in a species' trait mask
TRAIT_BIT = hooks.bit

ReasonFunction = Callable[..., str]
#: defence bit -> the reason, in player terms, that this defence blocks an attack
#: (arguments: state, attacker, attack size, row, target index)
BLOCK_REASONS: dict[int, ReasonFunction] = {}


def block_reason(defence_bit: int) -> Callable[[ReasonFunction], ReasonFunction]:
    """Register the refusal text of the defence ``defence_bit``."""

    def register(function: ReasonFunction) -> ReasonFunction:
        BLOCK_REASONS[defence_bit] = function
        return function

    return register


class LeafEffect(NamedTuple):
    """A leaf effect of the standard rules (the ``leaf`` action's effect number is its key in LEAF_EFFECTS)."""

    trait: str
    #: (species) -> whether the effect is pending for a species with the trait
    pending: Callable[[list], bool]
    #: (state, player, species index) -> False when a take waits for its owner's store-surplus decision
    resolve: Callable[[Any, int, int], bool]
    #: (state, player, species index, tokens taken) -> the log after a take that waited for that decision
    finish: Callable[[Any, int, int, int], None] | None


#: leaf effect number -> the effect (filled by the trait modules)
LEAF_EFFECTS: dict[int, LeafEffect] = {}


def leaf_effect(effect: int, trait: str, pending: Callable[[list], bool],
                finish: Callable[[Any, int, int, int], None] | None = None
                ) -> Callable[[Callable[[Any, int, int], bool]], Callable[[Any, int, int], bool]]:
    """Register the decorated resolve function as leaf effect number ``effect`` of ``trait``."""

    def register(resolve: Callable[[Any, int, int], bool]) -> Callable[[Any, int, int], bool]:
        LEAF_EFFECTS[effect] = LeafEffect(trait, pending, resolve, finish)
        return resolve

    return register


#: the decision and continuation steps the trait modules own (saved states load them by name)
TRAIT_STEPS: list[type[Step]] = []
StepType = TypeVar("StepType", bound=type[Step])


def trait_step(step_type: StepType) -> StepType:
    """Register a step a trait module owns."""
    TRAIT_STEPS.append(step_type)
    return step_type


class ActionRule(NamedTuple):
    """An action kind a trait owns on a feeding turn: why it is refused, and what it does."""

    #: (state, player, action arguments) -> the refusal, or None when allowed
    refusal: Callable[[Any, int, tuple[int, ...]], Refusal | None]
    #: (state, player, action arguments) -> None (the feeding turn's step is already off the stack)
    resolve: Callable[[Any, int, tuple[int, ...]], None]


#: action kind -> its rule (filled by the trait modules)
ACTION_RULES: dict[str, ActionRule] = {}


def action_rule(kind: str, refusal: Callable[[Any, int, tuple[int, ...]], Refusal | None],
                resolve: Callable[[Any, int, tuple[int, ...]], None]) -> None:
    ACTION_RULES[kind] = ActionRule(refusal, resolve)


Handler = TypeVar("Handler", bound=Callable[..., Any])


def in_play_when(applies: Callable[[Any], bool]) -> Callable[[Handler], Handler]:
    """Mark a handler registered without a trait as in play only in games whose configuration (``Cfg``) ``applies``
    to — an option's rule (the Intelligence window) — so that :func:`handlers_in_play` leaves it out elsewhere."""

    def mark(handler: Handler) -> Handler:
        handler.in_play = applies  # type: ignore[attr-defined]
        return handler

    return mark


def handlers_in_play(event: str, cfg: Any) -> tuple[Callable[..., Any], ...]:
    """The handlers of ``event`` registered without a trait that are in play in a game of configuration ``cfg``."""
    in_play = []
    for handler in hooks.handlers(event, 0):
        applies = getattr(handler, "in_play", None)
        if applies is None or applies(cfg):
            in_play.append(handler)
    return tuple(in_play)


#: flag name -> the mask of the traits that carry it (filled by the trait modules)
TRAIT_FLAGS: dict[str, int] = {}


def flag(name: str, trait: str) -> None:
    """``trait`` carries the flag ``name``."""
    TRAIT_FLAGS[name] = TRAIT_FLAGS.get(name, 0) | TRAIT_BIT[trait]


TRAIT_MODULES = load_trait_modules(__name__)
#: the traits whose species feed by attacking and never take plant food (Carnivore)
FEEDS_BY_ATTACK = TRAIT_FLAGS["feeds_by_attack"]
#: masks of the traits with a handler for each event: a cheap pre-check on the hot path (most species have none)
SIZE_TRAITS = hooks.traits_with("attack_size")
DEFENDING_TRAITS = hooks.traits_with("defends")
NEIGHBOUR_DEFENDING_TRAITS = hooks.traits_with("defends_neighbour")
NEGATABLE_TRAITS = hooks.traits_with("negatable")
WOUNDING_TRAITS = hooks.traits_with("on_attacked")
OVERCOMING_TRAITS = hooks.traits_with("overcomes_blocks")
ATTACK_TAKING_TRAITS = hooks.traits_with("attack_begins")
FEEDING_OPTION_TRAITS = hooks.traits_with("feeding_options")
PLANT_TAKE_TRAITS = hooks.traits_with("plant_take_bonus")
CHAINING_TRAITS = hooks.traits_with("chains_take")
SURPLUS_TRAITS = hooks.traits_with("surplus_room")
SCAVENGING_TRAITS = hooks.traits_with("scavenges")
#: the leaf effects in the order a species offers them: (effect number, trait bit, pending test)
LEAF_ORDER = tuple((effect, TRAIT_BIT[leaf.trait], leaf.pending) for effect, leaf in sorted(LEAF_EFFECTS.items()))
LEAF_TRAITS = hooks.mask_of(leaf.trait for leaf in LEAF_EFFECTS.values())
