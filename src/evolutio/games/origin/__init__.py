"""``origin``: the base game of *Evolution: The Origin of Species* (Rightgames). Importing registers the ruleset."""

from .game import OriginGame
from .state import OriginState

__all__ = ["OriginGame", "OriginState"]
