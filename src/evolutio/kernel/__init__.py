"""The game-agnostic kernel every evolutio ruleset is written against."""

from .action import Action, actions_by_kind
from .codec import ActionSchema
from .errors import (
    EvolutioError,
    IllegalAction,
    OptionError,
    RecordError,
    ScenarioError,
    UnknownGame,
)
from .events import Event
from .game import Game, State, players_option, rank_winners
from .options import Option, parse_option_pairs, validate_options
from .record import load_record, make_record, replay, save_record
from .registry import game_class, game_plugin, list_games, load_game, register
from .rng import Rng
from .scenario import load_scenario

__all__ = [
    "Action", "actions_by_kind", "ActionSchema", "EvolutioError", "IllegalAction", "OptionError", "RecordError",
    "ScenarioError",
    "UnknownGame", "Event", "Game", "State", "players_option", "rank_winners", "Option", "parse_option_pairs",
    "validate_options", "load_record", "make_record", "replay", "save_record", "game_class", "game_plugin",
    "list_games", "load_game", "register", "Rng", "load_scenario",
]
