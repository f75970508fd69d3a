"""``evo``: *Evo* (Philippe Keyaerts, 2001), first edition, on the kernel's decision stack. Importing registers it."""

from .game import CARD_MODULES, EvoGame
from .state import EvoState

__all__ = ["CARD_MODULES", "EvoGame", "EvoState"]
