"""Climate-phase cards: Deluge, Small Meteorite, Weather Gene, Unseasonal Weather, Accident (NOTES §5, §10.3)."""

from __future__ import annotations

from typing import Any

from evolutio.kernel.flow import Refusal

from ..board import PARASOL, TERRAINS
from . import CLIMATE_AFTER_ROLL, CLIMATE_START, card

DELUGE_DIES_AT_OR_BELOW = 4
SMALL_METEORITE_STEPS = 2
WEATHER_CHOICES = (-1, 0, 1)       # target 0, 1, 2
ACCIDENT_MIN_DINOS = 5             # ruling 35
EMPTY = -1

deluge = card("deluge", (CLIMATE_START, CLIMATE_AFTER_ROLL))


def _deluge(state: Any, seat: int, target: int) -> None:
    by_owner = state.game.options["deluge_parasol_source"] == "owner"
    for hex_index, holder in enumerate(state.owner):
        if holder == EMPTY or not state.board.edge[hex_index]:
            continue
        parasols = state.genes[holder if by_owner else seat][PARASOL]  # ruling 36: gene tiles only
        roll = state.rng.die(6)
        dies = roll + parasols <= DELUGE_DIES_AT_OR_BELOW
        if dies:
            state.remove(hex_index)
        if state.log_events:
            state.emit("deluge", {"seat": holder, "hex": hex_index, "roll": roll, "died": dies, "text": (
                f"Deluge on {state.hex_name(hex_index)}: {state.player_name(holder)} rolls {roll} + {parasols} "
                f"parasol(s), {'the dino drowns' if dies else 'the dino survives'}.")})


deluge.play = _deluge

small_meteorite = card("small_meteorite", (CLIMATE_START,), climate_changing=True)


def _small_meteorite(state: Any, seat: int, target: int) -> None:
    state.climate = (state.climate + SMALL_METEORITE_STEPS) % len(state.board.ring)
    state.roll_replaced = True
    _announce(state)


small_meteorite.play = _small_meteorite


def _announce(state: Any) -> None:
    if state.log_events:
        state.emit("climate", {"climate": state.climate, "roll": 0, "text": (
            f"The climate marker moves: favourable terrain is now {TERRAINS[state.favourable()]}.")})


weather_gene = card("weather_gene", (CLIMATE_START,), climate_changing=True)
weather_gene.targets = lambda state, seat: range(len(WEATHER_CHOICES))


def _weather_gene(state: Any, seat: int, target: int) -> None:
    state.climate = (state.climate + WEATHER_CHOICES[target]) % len(state.board.ring)
    state.roll_replaced = True
    _announce(state)


weather_gene.play = _weather_gene
weather_gene.describe_target = lambda state, target: (
    {0: ": one space counter-clockwise", 1: ": the marker stays", 2: ": one space clockwise"}.get(target, ""))

unseasonal_weather = card("unseasonal_weather", (CLIMATE_START,), climate_changing=True)


def _unseasonal_check(state: Any, seat: int, target: int) -> Refusal | None:
    if state.climate not in state.board.twin:
        return Refusal("Unseasonal Weather needs the climate marker on a green or brown space")
    return None


def _unseasonal(state: Any, seat: int, target: int) -> None:
    state.climate = state.board.twin[state.climate]  # ruling 9: then the normal roll follows
    _announce(state)


unseasonal_weather.check = _unseasonal_check
unseasonal_weather.play = _unseasonal

accident = card("accident", (CLIMATE_START, CLIMATE_AFTER_ROLL))


def _accident_targets(state: Any, seat: int) -> list[int]:
    return [hex_index for hex_index, holder in enumerate(state.owner) if holder not in (EMPTY, seat)]


def _accident_check(state: Any, seat: int, target: int) -> Refusal | None:
    holder = state.owner[target]
    if state.dinos_on_board(holder) < ACCIDENT_MIN_DINOS:
        return Refusal(f"Accident needs a target player with at least {ACCIDENT_MIN_DINOS} dinos on the board")
    return None


def _accident(state: Any, seat: int, target: int) -> None:
    holder = state.remove(target)
    if state.log_events:
        state.emit("accident", {"seat": holder, "hex": target, "text": (
            f"{state.player_name(holder)}'s dino on {state.hex_name(target)} is removed.")})


accident.targets = _accident_targets
accident.check = _accident_check
accident.play = _accident
accident.describe_target = lambda state, target: f" on the dino at {state.hex_name(target)}"
