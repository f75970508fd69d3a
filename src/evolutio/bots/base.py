from __future__ import annotations

from evolutio.kernel import Action, Game, State


class Bot:
    """A player. ``choose`` is called with a state whose ``current_player`` is the bot's seat.

    A fair bot decides only on what its seat may know: ``state.view(seat)``, ``state.legal_actions()`` or a
    ``state.determinize(seat, rng)`` sample — never the hidden parts of ``state`` itself.
    """

    name = "bot"
    #: whether the bot's choices depend on the wall clock (a think time), so that games with it do not replay
    uses_clock = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def check_game(self, game: Game) -> None:
        """Raise ``EvolutioError`` if this bot cannot play ``game`` (most bots play every ruleset)."""

    def choose(self, state: State) -> Action:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"
