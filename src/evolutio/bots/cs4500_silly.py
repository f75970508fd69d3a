"""The Northeastern CS 4500 course's deterministic "silly" player, as a bot for ``northstar`` with ``variant=cs4500``.

The strategy belongs to the course variant of the ruleset; this bot finds it through the registry (the ruleset's
``"bots"`` plug-in) and makes it available by name (``--bots cs4500-silly``). It imports no game module.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action, EvolutioError, Game, State
from evolutio.kernel.registry import game_plugin

from .base import Bot

#: the ruleset whose course variant this bot plays
RULESET = "northstar"


def course_player(seed: int = 0) -> Any:
    """The ruleset's own silly player (an object with ``check_game`` and ``choose``)."""
    plugins = game_plugin(RULESET, "bots") or {}
    player_class = plugins.get(SillyBot.name)
    if player_class is None:
        raise EvolutioError(f"the {RULESET} ruleset does not provide the {SillyBot.name} player")
    return player_class(seed=seed)


class SillyBot(Bot):
    name = "cs4500-silly"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._player: Any = None

    def _course_player(self) -> Any:
        if self._player is None:
            self._player = course_player(self.seed)
        return self._player

    def check_game(self, game: Game) -> None:
        if game.name != RULESET:
            raise EvolutioError("the cs4500-silly bot plays only northstar with variant=cs4500 (-o variant=cs4500)")
        self._course_player().check_game(game)

    def choose(self, state: State) -> Action:
        self.check_game(state.game)
        action: Action = self._course_player().choose(state)
        return action
