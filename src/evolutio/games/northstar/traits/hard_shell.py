"""Hard Shell: an attacker must be larger than the target's body size plus the shell bonus (R25). Course rules
(SPEC §5.1): the attacker's own Hard Shell adds the bonus to it too, and a Pack Hunting Carnivore counts its
population."""

from __future__ import annotations

from typing import Any

from ..config import BODY, D_SHELL, MASK, POP
from . import TRAIT_BIT, block_reason, hooks

SHELL = 1 << D_SHELL
HARD_SHELL = TRAIT_BIT["hard-shell"]
PACK_HUNTING = TRAIT_BIT["pack-hunting"]
CARNIVORE = TRAIT_BIT["carnivore"]


def course_attack_size(state: Any, attacker: list[Any]) -> int:
    """SPEC §5.1: the size a course attacker brings against a Hard Shell."""
    mask = attacker[MASK]
    if mask & HARD_SHELL:
        return int(attacker[BODY]) + int(state.cfg.shell_bonus)
    if mask & PACK_HUNTING and mask & CARNIVORE:
        return int(attacker[BODY] + attacker[POP])
    return int(attacker[BODY])


@hooks.on("defends", "hard-shell")
def hard_shell(state: Any, attacker: list[Any], attack_size: int, row: list[list[Any]], target: int,
               negated: int) -> int:
    cfg = state.cfg
    body = row[target][BODY]
    if cfg.course:
        return SHELL if course_attack_size(state, attacker) <= body + cfg.shell_bonus else 0
    if negated & SHELL:
        return 0
    return SHELL if body < attack_size <= body + cfg.shell_bonus else 0


@block_reason(SHELL)
def shell_reason(state: Any, attacker: list[Any], attack_size: int, row: list[list[Any]], target: int) -> str:
    body = row[target][BODY]
    bonus = state.cfg.shell_bonus
    if state.cfg.course:
        attack_size = course_attack_size(state, attacker)
    return (f"the target has Hard Shell (size {body} + {bonus} = {body + bonus}) and your Carnivore's attack size is "
            f"only {attack_size}")
