"""Helpers of the Ice Age tests (``test_iceage_*.py``): scenarios with the nature deck, and a user's data file."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from evolutio.games.origin.card_data import ICE_AGE_DATA

from .conftest import animal, scenario

ICE = {"sets": "ice_age"}
#: the pinned food-base die of a 2-player scenario: 1d6 + 2 = 5 red tokens
DIE = 3
FOOD_ROLL = DIE + 2


def nature_events(state, kind: str = "nature_effect") -> list[dict]:
    """The data of the events of ``kind`` (``nature``, ``nature_effect``, ``nature_reshuffle``, ``ice_age``)."""
    return [e.data for e in state.events if e.kind == kind]


def effect_of(state, card: str) -> dict:
    """The (last) ``nature_effect`` event of nature card ``card``."""
    return [e for e in nature_events(state) if e["card"] == card][-1]


def need(state, a: int) -> int:
    return animal(state, a)["need"]


def at_food_roll(players: list[dict], revealed: str, deck: list[str] | None = None, **options):
    """A 2-player scenario whose development phase is over, ``revealed`` having been revealed at the end of the last
    turn (``deck``: the nature cards on top of the nature deck): the food base is rolled (its die pinned to
    :data:`DIE`) and the feeding phase begins."""
    return scenario({"phase": "food_base", "first_player": 0, "players": players,
                     "nature": {"revealed": revealed, "deck": deck or []}, "chance": [{"die": DIE}]},
                    **{**ICE, **options})


def at_extinction(players: list[dict], deck: list[str], **options):
    """A scenario in the extinction phase whose nature deck has ``deck`` on top: the deaths, the deal and the reveal
    of ``deck[0]`` run at once; the state waits in the next turn's development phase."""
    return scenario({"phase": "extinction", "first_player": 0, "players": players, "nature": {"deck": deck}},
                    **{**ICE, **options})


def user_file(tmp_path: Path, change=None, name: str = "mine.json") -> str:
    """A copy of the shipped Ice Age data, changed by ``change(data)``, written to ``tmp_path``; returns its path."""
    data = copy.deepcopy(ICE_AGE_DATA)
    if change is not None:
        change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)
