"""The ``origin`` ruleset: options, new games, JSON states and scenarios."""

from __future__ import annotations

from typing import Any

from evolutio.kernel import ActionSchema, Game, register

from . import actions as A
from . import ice_age_data
from .card_data import MAX_PLAYERS
from .config import Config
from .deck import build_deck
from .options import ICE_AGE, check, fold_alias, recorded_options
from .options import SCHEMA as OPTION_SCHEMA
from .scenario import ScenarioBuilder
from .state import OriginState

#: the name in the action schema of an expansion kind's argument, by its words in ``Config.arguments``
SCHEMA_ARGUMENT = {"animal number": "animal", "hand slot": "slot", "card id": "card"}


@register
class OriginGame(Game):
    name = "origin"
    title = ("Evolution: The Origin of Species (Эволюция. Происхождение видов) — base game, Time to Fly, gift cards, "
             "Continents, Ice Age")
    rules_version = "origin-6"
    min_players = 2
    max_players = MAX_PLAYERS
    option_schema = OPTION_SCHEMA
    plugins = {"renderer": "evolutio.games.origin.render:render",
               "score_breakdown": "evolutio.games.origin.render:score_breakdown",
               "rollout": "evolutio.games.origin.rollout:choose",
               "rollout_imitating": "evolutio.games.origin.rollout:choose_imitating",
               "heuristic": "evolutio.games.origin.heuristic:OriginHeuristic"}
    #: the automatic steps (``flow.py``) a scenario may hold before (``"hold": ["extinction"]``)
    hold_points = {
        "food_roll": "before the food base is rolled (the development phase is over)",
        "extinction": "before the extinction phase (deaths, then dealing and the next turn, or the end of the game)",
    }
    #: the food base and Running are rolled with six-sided dice (scenarios may pin them: ``"chance": [{"die": 4}]``)
    die_sides = 6
    data_note = ("base deck list: medium confidence (3rd-edition list reconstructed from public sources; "
                 "deck=edition2 gives the earlier printing, low-medium confidence); Time to Fly (sets=time_to_fly): "
                 "medium confidence, single detailed source; gift cards (sets=gift): medium-low confidence, single "
                 "source; Continents (sets=continents): low-medium confidence, single source; Ice Age (sets=ice_age): "
                 "RECONSTRUCTED by this project (NOTES §11.2: no source has its card texts), replaceable with "
                 "-o ice_age_file=PATH")

    def __init__(self, **options: Any) -> None:
        super().__init__(**fold_alias(options))
        #: Ice Age's card data (the shipped reconstruction or the ``ice_age_file``), read and checked here
        self.ice_age = (ice_age_data.load(self.options["ice_age_file"]) if ICE_AGE in self.options["sets"] else None)
        self.deck_list = build_deck(self.options["deck"], self.options["sets"], self.options["halve_each_kind"],
                                    self.options["continents_without_locations"],
                                    self.ice_age.trait_cards if self.ice_age is not None else ())
        self.config = Config(self.num_players, self.deck_list, self.options, self.ice_age)
        size = self.deck_list.size
        # the expansion traits' kinds of this deck, then the kinds of locations, then the trait choices (Regeneration's
        # card, Recombination's gifts), then Time to Fly's defences and decisions (animal numbers, hand slots or card
        # ids, each below the deck size) come after the base kinds
        cfg = self.config
        self._schema = A.schema(size, self.deck_list.max_fat_per_animal, [
            (kind, tuple((SCHEMA_ARGUMENT[word], size) for word in cfg.arguments[kind]))
            for kind in cfg.trait_kinds + cfg.location_kinds + cfg.choice_kinds + cfg.defence_kinds
            + cfg.decision_kinds])

    def check_options(self) -> None:
        check(self.options)

    def options_json(self) -> dict[str, Any]:
        return recorded_options(self.options)

    def new_state(self, seed: int = 0) -> OriginState:
        st = OriginState.blank(self, self.config, seed)
        st.use_core_class()
        st._setup_new()
        return st

    def action_schema(self) -> ActionSchema:
        return self._schema

    def state_from_json(self, data: dict[str, Any]) -> OriginState:
        version = data.get("rules_version", self.rules_version)
        if version != self.rules_version:
            raise ValueError(f"rules_version: this state was saved with origin rules version {version!r}; this "
                             f"evolutio reads {self.rules_version!r} (replay its game record instead)")
        st = OriginState.blank(self, self.config, data.get("seed", 0))
        st._load_base_json(data)
        st._load_json(data["origin"])
        st.use_core_class()
        return st

    def state_from_scenario(self, data: dict[str, Any]) -> OriginState:
        st = ScenarioBuilder(self, self.config, data).build()
        st.use_core_class()
        return st
