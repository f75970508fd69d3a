"""The traits of ``origin``: their data rows (from ``data/cards.json``) and the hook table.

Each trait is one row of :data:`TRAITS` (a small immutable record: names, food need, placement rule, flags) and one
module of this package that registers its behaviour on the named events of :data:`HOOKS` (see :data:`EVENTS`).
Traits are referred to by small ints (the order of :data:`TRAIT_IDS`, bit ``i`` of an animal's trait mask) on the hot
path, and by their string id everywhere a person or a file sees them.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable, TypeVar, cast

from evolutio.kernel.flow import Refusal
from evolutio.kernel.hooks import TraitHooks, load_trait_modules

from ..card_data import DATA, ICE_AGE_DATA

# -- trait numbers (hot path) --------------------------------------------------------------------------------------
CARNIVORE, FAT, BIG, SWIMMING, CAMOUFLAGE, SHARP_VISION, BURROWING, RUNNING, MIMICRY, TAIL_LOSS, SCAVENGER, \
    SYMBIOSIS, PIRACY, HIBERNATION, POISONOUS, COMMUNICATION, COOPERATION, PARASITE, TRAMP, \
    R_STRATEGY, VORACIOUS, SHY, \
    HERDING, MIGRATION, REMORA, REGENERATION, TOXIC, RECOMBINATION, EDIFICATOR, NEOPLASIA, \
    INSULATION, IMMUNITY, \
    FLIGHT, SPECIALIZATION_A, SPECIALIZATION_B, INTELLECT, AMBUSH, ANGLERFISH, INK_CLOUD, SHELL, METAMORPHOSIS, \
    VIVIPAROUS, TREMATODE = range(43)

TRAIT_IDS: tuple[str, ...] = (
    # the base set (19 traits)
    "carnivore", "fat_tissue", "big", "swimming", "camouflage", "sharp_vision", "burrowing", "running", "mimicry",
    "tail_loss", "scavenger", "symbiosis", "piracy", "hibernation", "poisonous", "communication", "cooperation",
    "parasite", "tramp",
    # the 18 gift cards (NOTES §9.4)
    "r_strategy", "voracious", "shy",
    # Continents (NOTES §9.3)
    "herding", "migration", "remora", "regeneration", "toxic", "recombination", "edificator", "neoplasia",
    # Ice Age (unofficial; reconstructed, NOTES §11.2): rows in data/ice_age.json
    "insulation", "immunity",
    # Time to Fly (NOTES §9.2; 11 trait ids)
    "flight", "specialization_a", "specialization_b", "intellect", "ambush", "anglerfish", "ink_cloud", "shell",
    "metamorphosis", "viviparous", "trematode",
)
TRAIT_NUM: dict[str, int] = {t: i for i, t in enumerate(TRAIT_IDS)}

# placement targets: an own animal, another player's animal, anyone's animal, two own animals, two animals of one
# other player (Trematode), never as a trait (Hunter: played only as an animal)
OWN, OPPONENT, ANY, OWN_PAIR, OPPONENT_PAIR, ANIMAL_ONLY = "own", "opponent", "any", "own_pair", "opponent_pair", \
    "animal_only"


@dataclass(frozen=True)
class Trait:
    num: int
    id: str
    en: str
    ru: str
    food: int            # extra need of the animal while the trait is on it (also the extra score)
    paired: bool
    target: str          # own | opponent | own_pair
    multiple: bool       # may appear several times on one animal (Fat Tissue)
    incompatible: tuple[int, ...]   # traits that may not share an animal with this one



# English display names: the brief and most English sources call Топотун "Tramp" (cards.json: "Grazing").
_EN_OVERRIDE = {"tramp": "Tramp"}
_INCOMPATIBLE = {"carnivore": ("scavenger",), "scavenger": ("carnivore",),
                 "specialization_a": ("specialization_b",), "specialization_b": ("specialization_a",)}
#: the Ice Age traits' fixed card layout (NOTES §11.2: own-animal, single, food 0, not paired; reconstructed)
_ICE_AGE_LAYOUT = {"food": 0, "paired": False, "target": "own"}


def _row(tid: str) -> dict:
    """The data row of trait ``tid``: ``cards.json``, or for the Ice Age traits the shipped ``ice_age.json``."""
    if tid in DATA["traits"]:
        row: dict = DATA["traits"][tid]
        return row
    return {**_ICE_AGE_LAYOUT, **ICE_AGE_DATA["traits"][tid]}


#: the traits whose rows (and cards) are reconstructed: shown as such wherever a player sees them
RECONSTRUCTED_TRAITS: frozenset[str] = frozenset(ICE_AGE_DATA["traits"])


def _build_traits() -> tuple[Trait, ...]:
    rows = []
    for i, tid in enumerate(TRAIT_IDS):
        d = _row(tid)
        target = d["target"]
        rows.append(Trait(
            num=i, id=tid, en=_EN_OVERRIDE.get(tid, d["en"]), ru=d["ru"], food=int(d["food"]),
            paired=bool(d["paired"]), target=target, multiple=bool(d.get("multiple_allowed", False)),
            incompatible=tuple(TRAIT_NUM[x] for x in _INCOMPATIBLE.get(tid, ())),
        ))
    return tuple(rows)


TRAITS: tuple[Trait, ...] = _build_traits()
FOOD: tuple[int, ...] = tuple(t.food for t in TRAITS)
PAIRED: tuple[bool, ...] = tuple(t.paired for t in TRAITS)
EN: tuple[str, ...] = tuple(t.en for t in TRAITS)
RU: tuple[str, ...] = tuple(t.ru for t in TRAITS)
NEED_RAISING: frozenset[int] = frozenset(t.num for t in TRAITS if t.food)

# alternative spellings accepted in scenarios ("Tramp", "grazing", "Хищник" …)
TRAIT_ALIASES: dict[str, int] = {}
for _t in TRAITS:
    for _name in (_t.id, _t.en, _t.ru, _row(_t.id)["en"], *_row(_t.id).get("en_variants", ())):
        TRAIT_ALIASES[_name.lower().replace(" ", "_")] = _t.num

# a card's names depend only on its faces, of which a deck has a few dozen kinds; views name every card in every hand
# and discard pile, so the names are built once per kind of card, not at every view
@functools.cache
def card_name(faces: tuple[int, ...]) -> str:
    return "/".join(EN[t] for t in faces)


@functools.cache
def card_name_ru(faces: tuple[int, ...]) -> str:
    return "/".join(RU[t] for t in faces)


# -- hook table -----------------------------------------------------------------------------------------------------
#: The named events trait modules register on, and what a handler receives and returns:
#:
#: - ``can_be_attacked(state, carnivore, target)`` — for the target's traits: ``None`` or a :class:`Refusal`;
#: - ``can_attack(state, carnivore, target)`` — for the carnivore's traits: ``None`` or a :class:`Refusal`;
#: - ``can_receive(state, animal)`` — for the animal's traits, beyond "not fed or fat to fill": ``None`` or a
#:   :class:`Refusal`;
#: - ``on_eaten(state, carnivore, target)`` — for the eaten animal's traits, just before it leaves play; returns words
#:   added to the event text ("and is poisoned") or ``None``;
#: - ``on_receive(state, animal, red)`` — for the traits of an animal that has just received a red or blue token;
#: - ``defences(state, carnivore, target, rolled, targeted, choices)`` — for the attacked animal's traits: append the
#:   defence actions it may take now to ``choices``; return ``True`` if one of them makes the defence compulsory;
#: - ``main_actions(state, animals, choices)`` — for the traits of the animals of the feeding player who has not used
#:   the turn's main action: append the trait's main actions (attack, convert) for each of ``animals`` (the player's
#:   animals of the feeding turn, in order) that has the trait; the core asks each trait once, in priority order
#:   (:data:`OFFER_MAIN_ACTIONS`), so all the attacks come before all the conversions;
#: - ``free_actions(state, animal, choices)`` — for the traits of an animal of the feeding player: append the free
#:   trait actions it may take now;
#: - ``after_kill(state, carnivore)`` — registered for every animal (no trait): a Carnivore has just eaten;
#: - ``trigger_blocked(state, card, receiver)`` / ``fire_trigger(state, card, receiver)`` — for the trait of a paired
#:   card whose trigger is queued (bit of the card's trait): may it fire now, and what firing does;
#: - ``on_attacked(state, carnivore, target)`` — for the traits of an animal a Carnivore attacks (each time it becomes
#:   the target of an attack, before its defences);
#: - ``withholds_draw(state, animal)`` — for the traits of an animal alive when cards are dealt in the extinction
#:   phase: ``True`` if its owner draws no card for it (one card less per animal, however many traits say so);
#: - ``turn_start(state)`` — for the traits of the game's deck (whether or not an animal has them): a new turn has
#:   begun (after the deal and the clean-up);
#: - ``food_roll(state)`` — for the traits of the game's deck: the food base has just been rolled (the food-base
#:   phase; Neoplasia advances, then Edificator adds its tokens at the start of the feeding phase);
#: - ``on_played(state, card, animal)`` — for the trait a card has just been played as (on ``animal``, the first
#:   animal of a paired trait);
#: - ``placement(state, player, trait, animal)`` — for the trait about to be played: ``None`` or a :class:`Refusal`
#:   (beyond owner, duplicates and incompatible traits);
#: - ``accepts_trait(state, animal, trait)`` — for the traits of the animal that would receive ``trait``: ``None``
#:   or a :class:`Refusal`;
#: - ``ignores_nature(state, animal, card)`` — for the animal's traits (Ice Age): ``True`` if the animal ignores the
#:   nature-change card ``card`` (an ``ice_age_data.NatureCard``; ``nature.py``);
#: - ``table_actions(state, player, choices)`` — for the traits of the game's deck: append the main actions of the
#:   feeding ``player`` that no trait of their animals offers, on the loose cards of the table (picking up a loose
#:   Shell; with locations they are asked only while a loose card lies on the table);
#: - ``red_token(state, animal)`` — for the traits of the game's deck: ``animal`` is about to take a red token from the
#:   food base; return ``True`` if the handler took over the take (it pushed steps that finish it: Ambush);
#: - ``became_fed(state, animal)`` — for the traits of an animal that has just become fed (a token, its need
#:   dropping, Hibernation).
EVENTS: tuple[str, ...] = ("can_be_attacked", "can_attack", "can_receive", "on_eaten", "on_receive", "defences",
                           "main_actions", "free_actions", "after_kill", "trigger_blocked", "fire_trigger",
                           "on_attacked", "withholds_draw", "turn_start", "food_roll", "on_played", "placement",
                           "accepts_trait", "ignores_nature", "table_actions", "red_token", "became_fed")
HOOKS = TraitHooks(EVENTS, traits=TRAIT_IDS)
#: what a trait's own action kind does (``run``, ``mimic``, ``tail``, ``pirate``, ``tramp``, ``hibernate``):
#: ``RESOLVERS[kind](state, *action.args)``, registered by the trait modules with :func:`resolves`. The defences
#: (``run``, ``mimic``, ``tail``) also get the answered ``flow.Defence`` step: ``RESOLVERS[kind](state, attack, *args)``
RESOLVERS: dict[str, Callable[..., None]] = {}


#: why a trait's own action is refused (the rule its offer hook uses too): ``REFUSERS[kind] = (trait, refuser)``,
#: registered by the trait modules with :func:`refuses`. A feeding action's refuser gets ``(state, animal, *rest)``
#: for an animal of the feeding player that has the trait; a defence's refuser gets ``(state, carnivore, target,
#: rolled, targeted, *args)`` for an attacked animal that has the trait. It returns ``None`` or a :class:`Refusal`.
REFUSERS: dict[str, tuple[int, Callable[..., Refusal | None]]] = {}


def refuses(kind: str, trait: str,
            on_its_animal: bool = True) -> Callable[[Callable[..., Refusal | None]], Callable[..., Refusal | None]]:
    """Register the decorated function as the rule that allows or refuses the action ``kind`` of ``trait``
    (``on_its_animal`` False: the action's animal need not have the trait — picking up a loose Shell)."""

    def register(refuser: Callable[..., Refusal | None]) -> Callable[..., Refusal | None]:
        if kind in REFUSERS:
            raise ValueError(f"action kind {kind!r} already has a refuser")
        REFUSERS[kind] = (TRAIT_NUM[trait] if on_its_animal else -1, refuser)
        return refuser

    return register


#: the free feeding actions of the expansions' traits, kinds beyond the base game's (``actions.py``), by trait: each
#: names one animal of the feeding player, as Tramp's does. A game's action schema and its feeding turn hold the kinds
#: of the traits its deck has, after the base kinds (so the base game's encoding is unchanged). Such a kind is
#: allowed or refused by its :func:`refuses` rule and carried out by its :func:`resolves` function, as a base kind is
TRAIT_ACTION_KINDS: dict[int, tuple[str, ...]] = {}
#: the defence kinds of the expansions' traits (answers of the ``defence`` decision), by trait, likewise
DEFENCE_KINDS: dict[int, tuple[str, ...]] = {}
#: the kinds answering the expansions' own decisions (``expansion_flow.py``), by trait: in the schema
#: of a game whose deck has the trait, never offered by the feeding turn or the defence
DECISION_KINDS: dict[int, tuple[str, ...]] = {}
#: per such kind: what it is in words for the seat to act (``DESCRIBE[kind](state, *args)``)
DESCRIBE: dict[str, Callable[..., str]] = {}
#: per such kind: its arguments in words (``actions.NUMBERED``: "animal number", "card id"); default one animal number
KIND_ARGUMENTS: dict[str, tuple[str, ...]] = {}
#: the decisions of the expansions' traits that are not feeding actions (Regeneration's card, Recombination's gifts),
#: by kind: (trait, the words of its one argument). A game's action schema holds those of its deck's traits after the
#: feeding kinds; the step that asks for one checks it (``choices.py``)
TRAIT_CHOICE_KINDS: dict[str, tuple[int, str]] = {}
#: per-animal marks kept by trait modules (``state.mark(name, animal)``), by name: when they are cleared
#: (``"feeding_turn"``: at the end of each feeding turn; ``"turn"``: at the end of the turn)
MARKS: dict[str, str] = {}
MARK_SCOPES = ("feeding_turn", "round", "turn", "game")
#: per scope: the marks cleared when it ends (the end of the turn also ends the feeding turn and the round)
CLEARED_AT: dict[str, set[str]] = {scope: set() for scope in MARK_SCOPES}


def trait_action(trait: str, kind: str, describe: Callable[..., str],
                 arguments: tuple[str, ...] = ("animal number",), answers: str = "feeding") -> None:
    """Declare the action ``kind`` of ``trait`` (its ``arguments``: animal numbers or card ids) and how it reads; its
    rule is registered with :func:`refuses` and what it does with :func:`resolves`. ``answers``: ``"feeding"`` (an
    action of the feeding turn), ``"defence"`` (a defence of the attacked animal) or ``"decision"`` (an answer to a
    decision of the expansions' own steps)."""
    number = TRAIT_NUM[trait]
    table = {"feeding": TRAIT_ACTION_KINDS, "defence": DEFENCE_KINDS, "decision": DECISION_KINDS}[answers]
    table[number] = (*table.get(number, ()), kind)
    DESCRIBE[kind] = describe
    KIND_ARGUMENTS[kind] = arguments


def trait_choice(trait: str, kind: str, argument: str, describe: Callable[..., str]) -> None:
    """Declare the decision ``kind`` of ``trait`` (one argument, in words ``argument``: a hand slot, a card id) and
    how it reads (``DESCRIBE[kind](state, value)``)."""
    TRAIT_CHOICE_KINDS[kind] = (TRAIT_NUM[trait], argument)
    DESCRIBE[kind] = describe


def choice_arguments(deck_traits: int) -> dict[str, tuple[str, ...]]:
    """The trait decisions of a deck holding the traits of the bit mask ``deck_traits``, with their arguments."""
    return {kind: (argument,) for kind, (trait, argument) in TRAIT_CHOICE_KINDS.items() if deck_traits >> trait & 1}


def mark_kind(name: str, scope: str) -> str:
    """Declare the per-animal mark ``name``, cleared at the end of each ``scope`` (:data:`MARK_SCOPES`: a feeding
    turn, a feeding round, the turn — which also ends the others — or never)."""
    if scope not in MARK_SCOPES or name in MARKS:
        raise ValueError(f"mark {name!r}: scope {scope!r} unknown or the mark is declared twice")
    MARKS[name] = scope
    for ending in (scope, "turn") if scope in ("feeding_turn", "round") else (scope,):
        CLEARED_AT[ending].add(name)
    return name


#: effects queued to run once the current ones are over (``state.queue_effect(name, argument)``), by name
EFFECTS: dict[str, Callable[..., None]] = {}


def queued_effect(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register the decorated function as the queued effect ``name`` (``effect(state, argument)``)."""

    def register(effect: Callable[..., None]) -> Callable[..., None]:
        if name in EFFECTS:
            raise ValueError(f"queued effect {name!r} is registered twice")
        EFFECTS[name] = effect
        return effect

    return register


def resolves(kind: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register the decorated function as what the action ``kind`` of a trait does."""

    def register(resolver: Callable[..., None]) -> Callable[..., None]:
        if kind in RESOLVERS:
            raise ValueError(f"action kind {kind!r} already has a resolver")
        RESOLVERS[kind] = resolver
        return resolver

    return register


TRAIT_MODULES = load_trait_modules(__name__)
for _kind in (kind for table in (TRAIT_ACTION_KINDS, DEFENCE_KINDS) for kinds in table.values() for kind in kinds):
    if _kind not in REFUSERS or _kind not in RESOLVERS:
        raise RuntimeError(f"trait action kind {_kind!r} needs a @refuses rule and a @resolves function")


Handler = TypeVar("Handler", bound=Callable[..., object])


class HandlerTable(dict[int, tuple[Handler, ...]]):
    """The handlers of one event by trait mask (``table[mask]``): a plain dict look-up once a mask has been seen.
    ``Handler`` is the event's signature, as :data:`EVENTS` documents it."""

    __slots__ = ("event",)

    def __init__(self, event: str) -> None:
        super().__init__()
        self.event = event

    def __missing__(self, mask: int) -> tuple[Handler, ...]:
        # the kernel's registry holds handlers of any event; this table's event fixes their signature
        handlers = self[mask] = cast("tuple[Handler, ...]", HOOKS.handlers(self.event, mask))
        return handlers


#: a rule hook's answer: ``None`` (allowed) or why not
RuleHook = Callable[..., Refusal | None]
#: per-event handler tables for the hot path (``CAN_BE_ATTACKED[mask]``)
CAN_BE_ATTACKED: HandlerTable[RuleHook] = HandlerTable("can_be_attacked")
CAN_ATTACK: HandlerTable[RuleHook] = HandlerTable("can_attack")
CAN_RECEIVE: HandlerTable[RuleHook] = HandlerTable("can_receive")
#: words added to the event text, or ``None``
ON_EATEN: HandlerTable[Callable[..., str | None]] = HandlerTable("on_eaten")
ON_RECEIVE: HandlerTable[Callable[..., None]] = HandlerTable("on_receive")
#: ``True`` when a defence it offered is compulsory
OFFER_DEFENCES: HandlerTable[Callable[..., bool]] = HandlerTable("defences")
OFFER_FREE_ACTIONS: HandlerTable[Callable[..., None]] = HandlerTable("free_actions")
#: the handlers every kill runs (registered without a trait)
AFTER_KILL = HOOKS.handlers("after_kill", 0)
ON_ATTACKED: HandlerTable[Callable[..., None]] = HandlerTable("on_attacked")
#: ``True`` when the trait withholds the card of the animal at the deal
WITHHOLDS_DRAW: HandlerTable[Callable[..., bool]] = HandlerTable("withholds_draw")
REACTING_TO_ATTACK = HOOKS.traits_with("on_attacked")
WITHHOLDING_DRAW = HOOKS.traits_with("withholds_draw")
BECOMING_FED = HOOKS.traits_with("became_fed")
#: masks of the traits that take part in an event (a cheap pre-check on the hot path)
PROTECTING = HOOKS.traits_with("can_be_attacked")
LIMITING_ATTACKS = HOOKS.traits_with("can_attack")
REACTING_TO_EATEN = HOOKS.traits_with("on_eaten")
REACTING_TO_FOOD = HOOKS.traits_with("on_receive")
LIMITING_FOOD = HOOKS.traits_with("can_receive")
TRIGGERING = HOOKS.traits_with("fire_trigger")
#: the paired traits whose queued trigger may be blocked (``trigger_blocked``), and what firing does (``fire_trigger``)
BLOCKING_TRIGGERS = HOOKS.traits_with("trigger_blocked")
TRIGGER_BLOCKED: HandlerTable[RuleHook] = HandlerTable("trigger_blocked")
FIRE_TRIGGER: HandlerTable[Callable[..., None]] = HandlerTable("fire_trigger")
#: the handlers of ``main_actions`` by the mask of the traits that offer them (priority order: one call per trait)
OFFER_MAIN_ACTIONS: HandlerTable[Callable[..., None]] = HandlerTable("main_actions")
DEFENDING = HOOKS.traits_with("defences")
OFFERING_MAIN_ACTIONS = HOOKS.traits_with("main_actions")
OFFERING_FREE_ACTIONS = HOOKS.traits_with("free_actions")
#: traits with something to do when played, with rules of their own about where they go, and traits that limit what
#: their animal may receive
REACTING_TO_PLAY = HOOKS.traits_with("on_played")
PLACED_BY_RULE = HOOKS.traits_with("placement")
LIMITING_PLACEMENT = HOOKS.traits_with("accepts_trait")
PLACEMENT_RULES: HandlerTable[RuleHook] = HandlerTable("placement")
ACCEPTS_TRAIT: HandlerTable[RuleHook] = HandlerTable("accepts_trait")
ON_BECOMING_FED: HandlerTable[Callable[..., None]] = HandlerTable("became_fed")
#: ``True`` when the trait makes its animal ignore a nature-change card (Ice Age)
IGNORES_NATURE: HandlerTable[Callable[..., bool]] = HandlerTable("ignores_nature")
SHIELDING_FROM_NATURE = HOOKS.traits_with("ignores_nature")
