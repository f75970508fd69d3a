"""Survival-phase cards: Strong Sun, It's Freezing!, Pterodactyl, Adaptable Skin, Survivalist Gene (NOTES §8)."""

from __future__ import annotations

from typing import Any

from . import SCORING_START, SURVIVAL_DURING, SURVIVAL_START, card, hooks

strong_sun = card("strong_sun", (SURVIVAL_START,))
its_freezing = card("its_freezing", (SURVIVAL_START,))


def _set_global(spec: Any) -> Any:
    def play(state: Any, seat: int, target: int) -> None:
        state.global_effects |= spec.bit
    return play


def _set_own(spec: Any) -> Any:
    def play(state: Any, seat: int, target: int) -> None:
        state.effects[seat] |= spec.bit
    return play


strong_sun.play = _set_global(strong_sun)
its_freezing.play = _set_global(its_freezing)


@hooks.on("hot_survivors", "strong_sun")
def _strong_sun(state: Any, seat: int, limit: int | None) -> int | None:
    return limit if limit is None else limit - 1  # ruling 20; the floor of 0 is applied by the caller


@hooks.on("cold_survivors", "its_freezing")
def _freezing(state: Any, seat: int, limit: int | None) -> int | None:
    return limit if limit is None else limit - 1


pterodactyl = card("pterodactyl", (SURVIVAL_DURING,))
adaptable_skin = card("adaptable_skin", (SURVIVAL_DURING,))
pterodactyl.play = _set_own(pterodactyl)
adaptable_skin.play = _set_own(adaptable_skin)


@hooks.on("cold_survivors", "pterodactyl", priority=1)
def _pterodactyl(state: Any, seat: int, limit: int | None) -> int | None:
    return None if state.effects[seat] & pterodactyl.bit else limit  # ruling 21: lethal hexes stay lethal


@hooks.on("hot_survivors", "adaptable_skin", priority=1)
def _adaptable_skin(state: Any, seat: int, limit: int | None) -> int | None:
    return None if state.effects[seat] & adaptable_skin.bit else limit


survivalist_gene = card("survivalist_gene", (SCORING_START,))


def _survivalist_targets(state: Any, seat: int) -> list[int]:
    if state.game.options["survivalist_targets"] == "all_opponents":
        return [0]
    return [other for other in range(state.num_players) if other != seat]


def _survivalist(state: Any, seat: int, target: int) -> None:
    if state.game.options["survivalist_targets"] == "all_opponents":
        state.survivalist_targets |= ((1 << state.num_players) - 1) & ~(1 << seat)
    else:
        state.survivalist_targets |= 1 << target


def _describe(state: Any, target: int) -> str:
    if state.game.options["survivalist_targets"] == "all_opponents":
        return " against all opponents"
    return f" against {state.player_name(target)}"


survivalist_gene.targets = _survivalist_targets
survivalist_gene.play = _survivalist
survivalist_gene.describe_target = _describe
