"""Auction cards: Missing Link, Evolutionary Niche, Genetic Head Start (NOTES §9, §12)."""

from __future__ import annotations

from typing import Any

from . import ON_OWN_BID, ON_OWN_PAYMENT, PHASE6_START, card, hooks

NICHE_MARGIN = 3
HEAD_START_DISCOUNT = 3

missing_link = card("missing_link", (PHASE6_START,))


def _missing_link(state: Any, seat: int, target: int) -> None:
    state.global_effects |= missing_link.bit


missing_link.play = _missing_link


@hooks.on("tiles_drawn", "missing_link")
def _fewer_tiles(state: Any, players: int) -> int:
    return players - 1  # the variant already draws players - 1: together still players - 1


evolutionary_niche = card("evolutionary_niche", (ON_OWN_BID,))


def _niche(state: Any, seat: int, target: int) -> None:
    state.effects[seat] |= evolutionary_niche.bit


evolutionary_niche.play = _niche


@hooks.on("outbid_margin", "evolutionary_niche")
def _margin(state: Any, holder: int) -> int:
    return NICHE_MARGIN


genetic_head_start = card("genetic_head_start", (ON_OWN_PAYMENT,))


def _head_start(state: Any, seat: int, target: int) -> None:
    state.effects[seat] |= genetic_head_start.bit
    state.head_start[seat] = HEAD_START_DISCOUNT


genetic_head_start.play = _head_start
