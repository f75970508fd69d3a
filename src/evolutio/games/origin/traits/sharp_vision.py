"""Sharp Vision (Острое зрение): lets a Carnivore attack Camouflaged animals.

It has no hook of its own: the Camouflage module asks for it (``traits/camouflage.py``)."""

from __future__ import annotations

from . import HOOKS

SHARP_VISION = HOOKS.bit["sharp_vision"]
