"""The Northeastern CS 4500 course's deterministic "silly" player, as a bot for ``northstar`` with ``variant=cs4500``.

The strategy itself lives with the ruleset (``evolutio.games.northstar.silly``), because the course's conformance
harness uses it; this module only makes it available by name (``--bots cs4500-silly``).
"""

from __future__ import annotations

from evolutio.kernel import Action, EvolutioError, Game, State

from .base import Bot


class SillyBot(Bot):
    name = "cs4500-silly"

    def check_game(self, game: Game) -> None:
        if game.name != "northstar" or game.options.get("variant") != "cs4500":
            raise EvolutioError("the cs4500-silly bot plays only northstar with variant=cs4500 (-o variant=cs4500)")

    def choose(self, state: State) -> Action:
        from evolutio.games.northstar.silly import silly_action

        self.check_game(state.game)
        return silly_action(state)  # type: ignore[arg-type]
