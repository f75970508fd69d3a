from __future__ import annotations

from evolutio.kernel import Action, Rng, State

from .base import Bot


class RandomBot(Bot):
    """Uniform over the legal actions, from its own seeded generator (so games with it replay exactly)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = Rng(seed, stream=7)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        return legal[self.rng.randbelow(len(legal))]
