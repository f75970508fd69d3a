"""evolutio: rules engines, bots, simulation and research adapters for the evolution board games.

>>> import evolutio
>>> evolutio.list_games()            # doctest: +SKIP
['origin', ...]
>>> game = evolutio.load_game("origin", players=3)   # doctest: +SKIP
>>> state = game.new_state(seed=1)                     # doctest: +SKIP
"""

from .kernel import (
    Action,
    EvolutioError,
    IllegalAction,
    OptionError,
    RecordError,
    ScenarioError,
    UnknownGame,
    list_games,
    load_game,
    load_scenario,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action", "EvolutioError", "IllegalAction", "OptionError", "RecordError", "ScenarioError", "UnknownGame",
    "list_games", "load_game", "load_scenario", "replay", "__version__",
]
