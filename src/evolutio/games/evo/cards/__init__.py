"""The 26 action cards of Evo: one row each (id, names, windows, targets) plus behaviour registered as hooks.

A played card that changes the rest of the round sets its bit in the card player's round mask
(``state.effects[seat]``) or in the round's global mask (``state.global_effects``). The engine asks the hooks of the
bits that are set — e.g. ``attack_bonus`` for Bulking Up — so the hot path loops over a usually empty tuple. A card
family is one module of this package; importing the package imports every module (``load_trait_modules``).

Windows (NOTES §10.2) are the moments a card may be played; see ``WINDOWS``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from evolutio.kernel.flow import Refusal
from evolutio.kernel.hooks import TraitHooks

CARD_IDS = (
    "deluge", "small_meteorite", "weather_gene", "unseasonal_weather", "accident", "vegetarian_diet", "truce",
    "big_brother", "bulking_up", "motivation", "egg_laying_muscles", "population_cap", "tough_babies",
    "not_my_husband", "strong_sun", "its_freezing", "pterodactyl", "adaptable_skin", "survivalist_gene",
    "missing_link", "evolutionary_niche", "genetic_head_start", "unexpected_gene", "quiet_eon", "me_first", "again",
)
CARD_INDEX = {card: index for index, card in enumerate(CARD_IDS)}
ALL_CARDS = (1 << len(CARD_IDS)) - 1  # bit i = card i

# card-play windows (NOTES §10.2); the phase-start windows are the first six
INITIATIVE_START = "initiative_start"
CLIMATE_START = "climate_start"
MOVEMENT_START = "movement_start"
BIRTH_START = "birth_start"
SURVIVAL_START = "survival_start"
PHASE6_START = "phase6_start"
CLIMATE_AFTER_ROLL = "climate_after_roll"
OWN_BIRTH_STEP = "own_birth_step"
AFTER_BIRTH_STEP = "after_opponent_birth_step"
SURVIVAL_DURING = "survival_during"
SCORING_START = "scoring_start"
AUCTION_START = "auction_start"  # only with phase_windows=eight
ON_OWN_BID = "on_own_bid"
ON_OWN_PAYMENT = "on_own_payment"
FINAL_SCORING = "final_scoring"
REACTION = "reaction_after_card"
PHASE_STARTS = (INITIATIVE_START, CLIMATE_START, MOVEMENT_START, BIRTH_START, SURVIVAL_START, PHASE6_START)
EIGHT_PHASE_EXTRA_STARTS = (SCORING_START, AUCTION_START)
WINDOWS = (*PHASE_STARTS, CLIMATE_AFTER_ROLL, OWN_BIRTH_STEP, AFTER_BIRTH_STEP, SURVIVAL_DURING, SCORING_START,
           AUCTION_START, ON_OWN_BID, ON_OWN_PAYMENT, FINAL_SCORING, REACTION)

EVENTS = (
    "attack_bonus",          # (state, seat) -> extra horns when attacking
    "defence_bonus",         # (state, seat) -> extra horns when defending
    "attack_refusal",        # (state, attacker, defender) -> Refusal | None
    "movement_points",       # (state, seat, points) -> points (replaces)
    "hot_survivors",         # (state, seat, limit) -> limit (replaces; None = unlimited)
    "cold_survivors",        # (state, seat, limit) -> limit
    "birth_reach",           # (state, seat) -> how far from a parent hex a newborn may go
    "newborn_attack",        # (state, seat) -> extra horns of a newborn placed onto an opponent (None: not allowed)
    "births",                # (state, seat, births) -> births (replaces)
    "tiles_drawn",           # (state, tiles) -> tiles
    "outbid_margin",         # (state, holder) -> how much more than the holder's bid an outbid needs
    "payment_discount",      # (state, seat) -> points off this auction's payment
)

hooks = TraitHooks(EVENTS, traits=CARD_IDS)
BIT = hooks.bit

NO_TARGET = (0,)
Targets = Callable[[Any, int], Iterable[int]]
Check = Callable[[Any, int, int], "Refusal | None"]
Play = Callable[[Any, int, int], None]


def no_target(state: Any, seat: int) -> Iterable[int]:
    return NO_TARGET


def no_check(state: Any, seat: int, target: int) -> Refusal | None:
    return None


class CardSpec:
    """One action card: its windows, its targets and what playing it does."""

    __slots__ = (
        "bit",
        "check",
        "climate_changing",
        "describe_target",
        "id",
        "index",
        "phase_start_only",
        "play",
        "targets",
        "windows",
    )

    def __init__(self, card_id: str, windows: tuple[str, ...], climate_changing: bool = False,
                 phase_start_only: bool = False) -> None:
        self.id = card_id
        self.index = CARD_INDEX[card_id]
        self.bit = BIT[card_id]
        self.windows = frozenset(windows)
        self.climate_changing = climate_changing
        self.phase_start_only = phase_start_only
        self.targets: Targets = no_target
        self.check: Check = no_check
        self.play: Play = lambda state, seat, target: None
        self.describe_target: Callable[[Any, int], str] = lambda state, target: ""


CARDS: dict[int, CardSpec] = {}
#: window -> the bit mask of the cards that may be played in it (filled in as the card families declare them)
WINDOW_MASK: dict[str, int] = dict.fromkeys(WINDOWS, 0)


def card(card_id: str, windows: tuple[str, ...], climate_changing: bool = False,
         phase_start_only: bool = False) -> CardSpec:
    """Declare a card (once, in its family's module) and return its row for the module to fill in."""
    spec = CardSpec(card_id, windows, climate_changing, phase_start_only)
    CARDS[spec.index] = spec
    for window in windows:
        WINDOW_MASK[window] |= spec.bit
    return spec


def card_names() -> dict[str, str]:
    """English card names from the built-in data (card texts are sourced, not user-replaceable)."""
    data = json.loads(CARD_DATA.read_text(encoding="utf-8"))
    return {row["id"]: row["name_en"] for row in data["action_cards"]["list"]}


CARD_DATA = Path(__file__).parent.parent / "data" / "board.json"
CARD_NAME = card_names()
