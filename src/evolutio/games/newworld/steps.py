"""The registry of New World's step classes, so that saved states can name every step (the kernel's
``steps_from_json`` needs the list)."""

from __future__ import annotations

from typing import TypeVar

from evolutio.kernel.flow import Step

STEP_TYPES: list[type[Step]] = []
S = TypeVar("S", bound=type[Step])


def step_type(cls: S) -> S:
    """Register a step class so saved states can name it."""
    STEP_TYPES.append(cls)
    return cls
