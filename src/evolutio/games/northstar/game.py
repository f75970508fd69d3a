"""``northstar``: North Star Games' *Evolution* for 2–6 players, with the CS 4500 course variant as an option.

Rules: ``../shared/rules/northstar/NOTES.md`` (Polish rulebook by default, Hungarian readings as options);
course variant: ``../shared/conformance/cs4500/SPEC.md``. See docs/northstar.md and docs/northstar-scenarios.md.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import ActionSchema, Game, Option, OptionError, ScenarioError, players_option, register

from .actions import action_schema
from .cards import COURSE_TRAITS, TRAIT_IDS, TRAIT_INDEX, Deck, load_deck, load_limits
from .config import (
    FEED,
    FOOD,
    MAX_SEATS,
    PLAY,
    Cfg,
    new_species,
)
from .scenario import build
from .state import NorthstarState


@register
class NorthstarGame(Game):
    name = "northstar"
    title = "Evolution (North Star Games) — with 2-player, quick-play and CS 4500 course variants"
    # 2: storing a take's surplus on Fat Tissue is the owner's decision (R16); 3: saved states hold the decision
    # stack ("flow") instead of phase codes and pending tuples
    rules_version = "3"
    hold_points = {"food_reveal": "before the food cards are revealed",
                   "extinction": "at the end of feeding, before starving species shrink and go extinct"}
    die_sides = 0
    min_players = 2
    max_players = 6
    option_schema = (
        players_option(2, 6, 4),
        Option("variant", "choice", "standard",
               "standard = the published game; cs4500 = the Northeastern CS 4500 (Spring 2016) course rules",
               choices=("standard", "cs4500")),
        Option("quick_play", "bool", False,
               "everyone plays cards at the same time, unseen (always on with 6 players and in cs4500)"),
        Option("intelligence_any_time", "bool", False,
               "Hungarian reading: herbivore Intelligence also outside your own feeding turns"),
        Option("warning_call_hu", "bool", False,
               "Hungarian reading: Warning Call does not protect a neighbour that has Warning Call itself"),
        Option("scavenger_on_meat", "bool", False,
               "Hungarian reading: Scavenger eats only when the attacking Carnivore actually took meat"),
        Option("deck_file", "str", "",
               "your own deck: a JSON file in the cards.json format (see docs/northstar.md)"),
    )
    plugins = {"renderer": "evolutio.games.northstar.render:render",
               "score_breakdown": "evolutio.games.northstar.render:score_breakdown",
               "rollout": "evolutio.games.northstar.rollout:choose",
               "rollout_careful": "evolutio.games.northstar.rollout:choose_careful",
               "rollout_ends_turns": "evolutio.games.northstar.rollout:choose_ending_turns",
               "rollout_stage": "evolutio.games.northstar.rollout:stage",
               "rollout_stage_round": "evolutio.games.northstar.rollout:round_stage",
               "heuristic": "evolutio.games.northstar.heuristic:NorthstarHeuristic",
               "estimate_against_heuristic": "evolutio.games.northstar.heuristic:NorthstarEstimateAgainstHeuristic",
               "bots": "evolutio.games.northstar.variants.cs4500_silly:BOTS"}
    data_note = ("card food values are approximate: the rules pack's per-card table is a low-confidence placeholder "
                 "and 3 Carnivore values are reconstructed; use deck_file=PATH to play with your own deck")

    def check_options(self) -> None:
        o = self.options
        variant = o["variant"]
        if variant == "cs4500":
            for k in ("intelligence_any_time", "warning_call_hu", "scavenger_on_meat"):
                if o[k]:
                    raise OptionError(f"option '{k}' of northstar does not apply to the cs4500 variant "
                                      f"(the course rules fix that point; see SPEC.md §3)")
        self.deck: Deck = load_deck(variant, o["deck_file"])
        limits = load_limits(variant)
        removed = limits["two_player_removed_cards"] if self.num_players == 2 else 0
        need = limits["cards_dealt_base"] * self.num_players + removed + limits["spare_cards"]
        if len(self.deck) < need:
            raise OptionError(f"deck_file {o['deck_file']}: the deck has {len(self.deck)} cards; "
                              f"{self.num_players} players need at least {need}")
        self.cfg = self._cfg(self.num_players, self.deck)

    def _cfg(self, n: int, deck: Deck) -> Cfg:
        o = self.options
        return Cfg(n, o["variant"] == "cs4500", deck, quick=o["quick_play"], wc_hu=o["warning_call_hu"],
                   scav_meat=o["scavenger_on_meat"], intel_any=o["intelligence_any_time"])

    # ------------------------------------------------------------------------------------------------ states
    def new_state(self, seed: int = 0) -> NorthstarState:
        st = NorthstarState(self, seed)
        st._init_empty(self.cfg)
        n = self.num_players
        deck = list(range(len(self.deck)))
        st.rng.shuffle(deck)
        removed = self.cfg.removed_two_players
        if n == 2 and removed:  # R42: random cards out, unseen
            st.removed = deck[-removed:]
            del deck[-removed:]
        st.deck = deck
        st.first = st.rng.randbelow(n)
        st.emit("setup", {"text": f"northstar ({'CS 4500 course rules' if self.cfg.course else 'Evolution'}), "
                                  f"{n} players, {len(deck)} cards in the draw pile"
                                  + (f", {len(st.removed)} cards removed unseen" if st.removed else "")
                                  + (", quick play" if self.cfg.quick else "")})
        st._start_round()
        st.settle()
        return st

    def state_from_json(self, data: dict[str, Any]) -> NorthstarState:
        if not isinstance(data, dict) or data.get("game") != self.name:
            raise ScenarioError("not a northstar state")
        cfg = self.cfg
        n = data.get("players", cfg.n)
        if type(n) is not int or not 1 <= n <= MAX_SEATS:
            raise ScenarioError(f"players: a northstar state seats 1–{MAX_SEATS} players, got {n!r}")
        if "card_table" in data:
            cfg = self._cfg(n, _table_deck(data["card_table"], self.deck))
        elif n != cfg.n:
            cfg = self._cfg(n, self.deck)
        st = NorthstarState(self, data.get("seed", 0))
        st._init_empty(cfg)
        st.load_json(data)
        return st

    def state_from_scenario(self, data: dict[str, Any]) -> NorthstarState:
        return build(self, data)

    def action_schema(self) -> ActionSchema:
        return action_schema(self.cfg)


def _table_deck(table: Any, base: Deck) -> Deck:
    trait = []
    food = []
    for i, e in enumerate(table):
        if (not isinstance(e, list) or len(e) != 2 or e[0] not in TRAIT_INDEX or not isinstance(e[1], int)):
            raise ScenarioError(f"card_table entry #{i + 1} must be [trait, food], got {e!r}")
        trait.append(TRAIT_INDEX[e[0]])
        food.append(e[1])
    if tuple(trait) == base.trait and tuple(food) == base.food:
        return base
    return Deck(tuple(trait), tuple(food), base.source + " (extended by a scenario)",
                tuple(list(base.reconstructed) + [False] * max(0, len(trait) - len(base))), base.note)


__all__ = ["NorthstarGame", "NorthstarState", "new_species", "COURSE_TRAITS", "TRAIT_IDS", "FEED", "FOOD", "PLAY"]
