"""North Star Games' *Evolution* (``northstar``) with the CS 4500 course variant. Importing registers the ruleset."""

from .game import NorthstarGame
from .state import NorthstarState

__all__ = ["NorthstarGame", "NorthstarState"]
