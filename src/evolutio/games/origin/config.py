"""The per-game constants of ``origin`` (:class:`Config`): what the chosen sets and options fix once for every state of
one game — deck size, hand size, the deck's trait hooks and action kinds, Continents' locations, Ice Age's data, the
food table. Built by ``game.OriginGame``; every state holds the same one (never copied)."""

from __future__ import annotations

from typing import Any, Callable

from . import actions as A
from .card_data import HAND_SIZE
from .deck import Deck
from .geography import LOCATION_KINDS, MIGRATION_KINDS
from .options import CONTINENTS
from .traits import (
    DECISION_KINDS,
    DEFENCE_KINDS,
    HERDING,
    HOOKS,
    KIND_ARGUMENTS,
    LIMITING_PLACEMENT,
    TRAIT_ACTION_KINDS,
    TRAITS,
    WITHHOLDING_DRAW,
    choice_arguments,
)

#: the traits of the base set and the gift cards (trait numbers below Continents' first): a deck of only these, without
#: Continents or Ice Age, needs none of the expansions' layers of the state (``state.CoreOriginState``)
CORE_TRAITS = (1 << HERDING) - 1
# food base: (dice, extra tokens) by number of players (NOTES §4.2, ruling 11)
FOOD_TABLE = {2: (1, 2), 3: (2, 0), 4: (2, 2), 5: (3, 2), 6: (3, 4), 7: (4, 2), 8: (4, 4)}


class Config:
    """Per-game constants shared (never copied) by every state of one game."""

    __slots__ = (
        "player_count", "num_cards", "hand_size", "set_aside", "half_deck", "trait_kinds", "arguments",
        "at_turn_start", "withholds_draws", "faces", "trait_plays", "deck_option", "max_fat", "dice", "plus",
        "mimicry_unlimited", "paired_per_animal", "tiebreak_dice", "continents", "located", "location_kinds",
        "at_food_roll", "placement_rules", "ice_age", "choice_kinds",
        "defence_kinds", "decision_kinds", "table_actions", "red_token_takes",   # (Time to Fly's hooks and kinds)
        "core_rules", "cards_by_face",
    )

    def __init__(self, n: int, deck: Deck, options: dict[str, Any], ice_age: Any = None) -> None:
        self.player_count = n
        #: cards in the deck of the chosen sets: card ids and animal numbers are 0 .. num_cards - 1
        self.num_cards = deck.size
        #: cards dealt at the start and to a player left with no animals and no hand (ruling 1, 58)
        self.hand_size = options["continents_start_hand"] if CONTINENTS in options["sets"] else HAND_SIZE
        self.set_aside = deck.set_aside
        self.half_deck = bool(options["half_deck"])
        in_deck = sorted({t for faces in deck.faces for t in faces})
        #: the expansion traits' feeding action kinds of this deck (``traits.TRAIT_ACTION_KINDS``), in trait order;
        #: likewise their defence kinds (``traits.DEFENCE_KINDS``) and the answers to their own decisions
        #: (Flight's flights between continents only in a game with locations: ``traits.migration``)
        located = CONTINENTS in options["sets"] and not options["continents_without_locations"]
        self.trait_kinds: tuple[str, ...] = tuple(kind for t in in_deck for kind in TRAIT_ACTION_KINDS.get(t, ())
                                                  if located or kind not in MIGRATION_KINDS)
        self.defence_kinds, self.decision_kinds = (tuple(kind for t in in_deck for kind in table.get(t, ()))
                                                   for table in (DEFENCE_KINDS, DECISION_KINDS))
        deck_traits = sum(1 << trait for trait in in_deck)
        #: the deck's ``table_actions`` (main actions no animal's trait offers) and ``red_token`` handlers
        self.table_actions, self.red_token_takes = (HOOKS.handlers(event, deck_traits)
                                                    for event in ("table_actions", "red_token"))
        #: the ``turn_start`` handlers of the deck's traits; may a trait of the deck withhold a card at the deal?
        self.at_turn_start: tuple[Callable[..., None], ...] = HOOKS.handlers("turn_start", deck_traits)
        self.withholds_draws = bool(deck_traits & WITHHOLDING_DRAW)
        #: Continents played with its three locations (NOTES §10), and the action kinds that name them
        self.continents = CONTINENTS in options["sets"]
        self.located = located
        self.location_kinds: tuple[str, ...] = LOCATION_KINDS if self.located else ()
        #: the decisions of the deck's traits that are not feeding actions (Regeneration's card, Recombination's
        #: gifts: ``choices.py``), with their arguments
        choices = choice_arguments(deck_traits)
        self.choice_kinds: tuple[str, ...] = tuple(choices)
        #: the ``food_roll`` handlers of the deck's traits; does a trait of the deck have placement rules of its own?
        self.at_food_roll: tuple[Callable[..., None], ...] = HOOKS.handlers("food_roll", deck_traits)
        self.placement_rules = bool(deck_traits & LIMITING_PLACEMENT) or self.located
        #: the arguments of every action kind of this game (what a malformed action is told)
        self.arguments = A.arguments(self.trait_kinds + self.location_kinds + self.choice_kinds + self.defence_kinds
                                     + self.decision_kinds, {**KIND_ARGUMENTS, **choices})
        self.faces = deck.faces
        #: per trait id: the cards of the deck that can be played as that trait (a trait is on the table only as the
        #: face of one of them: a cheap test of whether any animal may hold it)
        self.cards_by_face: tuple[tuple[int, ...], ...] = tuple(
            tuple(card for card, faces in enumerate(deck.faces) if trait in faces) for trait in range(len(TRAITS)))
        #: per card id: (trait, its bit, the action playing the card as that trait) for each of its faces
        self.trait_plays = tuple(tuple((trait, 1 << trait, play) for trait, play in zip(faces, A.TRAIT[card]))
                                 for card, faces in enumerate(deck.faces))
        self.deck_option = deck.name
        self.max_fat = deck.max_fat_per_animal
        self.dice, self.plus = FOOD_TABLE[n]
        self.mimicry_unlimited = bool(options.get("mimicry_unlimited", False))
        self.paired_per_animal = bool(options.get("paired_scores_per_animal", False))
        self.tiebreak_dice = bool(options.get("tiebreak_dice", False))
        #: the Ice Age card data (``ice_age_data.IceAgeData``) when ``sets`` has ice_age, else ``None``
        self.ice_age = ice_age
        #: the base game and the gift cards only (:data:`CORE_TRAITS`, no Continents, no Ice Age): the core's rules
        #: without the expansions' layers (``state.CoreOriginState``)
        self.core_rules = not deck_traits & ~CORE_TRAITS and not self.continents and ice_age is None
