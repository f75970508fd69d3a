"""The ``evo`` ruleset: options, setup, saved states and the action encoding."""

from __future__ import annotations

from typing import Any, ClassVar

from evolutio.kernel.codec import ActionSchema
from evolutio.kernel.errors import OptionError
from evolutio.kernel.flow import steps_from_json
from evolutio.kernel.game import Game, players_option
from evolutio.kernel.hooks import load_trait_modules
from evolutio.kernel.options import Option
from evolutio.kernel.registry import register

from .auction import MAX_BID, MAX_ROWS
from .board import LAYOUT_FOR_PLAYERS, Board, load_board
from .cards import CARD_IDS
from .flow import STEP_TYPES, Phase, PlaceStart
from .scenario import build_scenario
from .state import EvoState

CARD_MODULES = load_trait_modules("evolutio.games.evo.cards")  # every card family registers its hooks
LAYOUTS = ("auto", "3p", "4p_a", "4p_b", "5p")


@register
class EvoGame(Game):
    name = "evo"
    title = "Evo (Keyaerts 2001, first edition)"
    #: 2: card windows ask only who might hold a playable card, and ``done_round`` (docs/evo.md, "Rules versions")
    rules_version = "2"
    min_players = 3
    max_players = 5
    data_note = ("maps, meteor track, start-hex counts and the lowest bid are reconstructed (see docs/evo.md); "
                 "replace them with -o board_file=PATH")
    plugins: ClassVar[dict[str, str]] = {"renderer": "evolutio.games.evo.render:render",
                                         "heuristic": "evolutio.games.evo.heuristic:EvoHeuristic",
                                         "estimate_against_heuristic":
                                             "evolutio.games.evo.heuristic:EvoEstimateAgainstHeuristic",
                                         "rollout": "evolutio.games.evo.rollout:choose",
                                         "rollout_imitating": "evolutio.games.evo.rollout:choose_imitating",
                                         "rollout_stage": "evolutio.games.evo.rollout:stage"}
    die_sides: ClassVar[int] = 6
    hold_points: ClassVar[dict[str, str]] = {
        "climate_roll": "before the climate roll",
        "scoring": "before the survival phase's scoring",
        "meteor": "before the meteor moves (and may roll)",
        "auction_start": "before the gene auction is laid out",
        "round_end": "at the end of the round",
    }
    option_schema = (
        players_option(3, 5, 4),
        Option("layout", "choice", "auto", "board layout; 4 players choose 4p_a or 4p_b", choices=LAYOUTS),
        Option("board_file", "str", "", "a board file replacing the built-in (reconstructed) one"),
        Option("advanced", "bool", False, "the variant of §12: one gene fewer per auction, passing, 2 more rounds"),
        Option("initiative_tiebreak", "choice", "fewer_dinos_first", "second initiative criterion (source conflict)",
               choices=("fewer_dinos_first", "more_dinos_first")),
        Option("survivalist_targets", "choice", "all_opponents", "whom Survivalist Gene hits (source conflict)",
               choices=("all_opponents", "one_opponent")),
        Option("climate_card_limit_scope", "choice", "any_card", "what the one-card climate-phase limit covers",
               choices=("any_card", "climate_changing_only")),
        Option("deluge_parasol_source", "choice", "owner", "whose parasol genes Deluge adds",
               choices=("owner", "card_player")),
        Option("birth_without_dinos", "choice", "anywhere_adjacent", "births of a player with no dinos on the board",
               choices=("anywhere_adjacent", "none")),
        Option("phase_windows", "choice", "six", "phase-start card windows: six phases, or eight (adds scoring and "
               "auction starts)", choices=("six", "eight")),
    )

    def check_options(self) -> None:
        layout = self.options["layout"]
        allowed = LAYOUT_FOR_PLAYERS[self.num_players]
        if layout == "auto":
            layout = allowed[0]
        elif layout not in allowed:
            raise OptionError(f"option 'layout' of evo: {layout} is not a layout for {self.num_players} players "
                              f"(use {' or '.join(allowed)})")
        self.board: Board = load_board(self.options["board_file"], layout, self.num_players)

    # -- states -----------------------------------------------------------------------------------------------
    def blank_state(self, seed: int) -> EvoState:
        return EvoState(self, seed, self.board)

    def new_state(self, seed: int = 0) -> EvoState:
        state = self.blank_state(seed)
        board = self.board
        rng = state.rng
        state.deck = list(range(len(CARD_IDS)))
        rng.shuffle(state.deck)
        for seat in range(self.num_players):
            state.hands[seat] = sorted(state.deck.pop() for _ in range(board.cards_dealt))
        state.bag = [gene for gene, count in enumerate(board.gene_counts) for _ in range(count)]
        rng.shuffle(state.bag)
        state.climate = 0
        starts = board.variant_meteor_start if self.options["advanced"] else board.meteor_start
        state.meteor = starts[self.num_players]
        state.start_order = list(range(self.num_players))
        rng.shuffle(state.start_order)
        state.push(Phase(0), PlaceStart(0))
        state.settle()
        return state

    def state_from_json(self, data: dict[str, Any]) -> EvoState:
        version = data.get("rules_version", self.rules_version)
        if version != self.rules_version:
            raise ValueError(f"rules_version: this state was saved with evo rules version {version!r}; this evolutio "
                             f"reads {self.rules_version!r} (version 2 changed who is asked in card windows)")
        state = self.blank_state(data.get("seed", 0))
        state._load_base_json(data)
        position = data["position"]
        state.load_position(position)
        state.restore_flow(steps_from_json(position["flow"], STEP_TYPES))
        return state

    def state_from_scenario(self, data: dict[str, Any]) -> EvoState:
        return build_scenario(self, data)

    def action_schema(self) -> ActionSchema:
        hexes = self.board.num_hexes
        targets = max(hexes, self.num_players, 3)
        return ActionSchema([
            ("place_start", [("hex", hexes)]),
            ("play", [("card", len(CARD_IDS)), ("target", targets)]),
            ("done", []),
            ("move", [("from", hexes), ("to", hexes)]),
            ("birth", [("hex", hexes)]),
            ("remove", [("hex", hexes)]),
            ("bid", [("row", MAX_ROWS), ("amount", MAX_BID + 1)]),
            ("pass", []),
            ("pay", []),
            ("done_round", []),
        ])

