"""Hard Shell: an attacker must be larger than the target's body size plus the shell bonus (R25; course rules in
``variants/cs4500``)."""

from __future__ import annotations

from ..config import BODY, D_SHELL
from . import block_reason, hooks

SHELL = 1 << D_SHELL


@hooks.on("defends", "hard-shell")
def hard_shell(state, attacker, attack_size, row, target, negated) -> int:
    cfg = state.cfg
    if cfg.course or negated & SHELL:
        return 0
    body = row[target][BODY]
    return SHELL if body < attack_size <= body + cfg.shell_bonus else 0


@block_reason(SHELL)
def shell_reason(state, attacker, attack_size, row, target) -> str:
    body = row[target][BODY]
    bonus = state.cfg.shell_bonus
    return (f"the target has Hard Shell (size {body} + {bonus} = {body + bonus}) and your Carnivore's attack size is "
            f"only {attack_size}")
