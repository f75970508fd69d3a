"""Cards of any phase: Unexpected Gene, Quiet Eon, Me First, Again! (NOTES §10.3, rulings 37-47)."""

from __future__ import annotations

from typing import Any

from evolutio.kernel.flow import Refusal

from . import (
    CARD_IDS,
    CARD_INDEX,
    CARD_NAME,
    EIGHT_PHASE_EXTRA_STARTS,
    FINAL_SCORING,
    PHASE_STARTS,
    REACTION,
    WINDOWS,
    card,
)

UNEXPECTED_GENE_POINTS = 2
EMPTY = -1

unexpected_gene = card("unexpected_gene", (FINAL_SCORING,))


def _unexpected(state: Any, seat: int, target: int) -> None:
    state.add_points(seat, UNEXPECTED_GENE_POINTS)
    state.final_bonus[seat] += UNEXPECTED_GENE_POINTS


unexpected_gene.play = _unexpected

# ruling 41/44: Quiet Eon in any window and as a reaction, but not at final scoring
quiet_eon = card("quiet_eon", tuple(window for window in WINDOWS if window != FINAL_SCORING))


def _quiet(state: Any, seat: int, target: int) -> None:
    state.global_effects |= quiet_eon.bit


quiet_eon.play = _quiet

me_first = card("me_first", (*PHASE_STARTS, *EIGHT_PHASE_EXTRA_STARTS), phase_start_only=True)


def _me_first(state: Any, seat: int, target: int) -> None:
    state.order.remove(seat)
    state.order.insert(0, seat)  # ruling 42: from now on, not retroactively
    if state.log_events:
        state.emit("initiative", {"order": list(state.order), "text": "Turn order: " + ", ".join(
            state.player_name(other) for other in state.order) + "."})


me_first.play = _me_first

again = card("again", (REACTION,))
QUIET_EON = CARD_INDEX["quiet_eon"]


def _again_check(state: Any, seat: int, target: int) -> Refusal | None:
    if state.last_played in (EMPTY, QUIET_EON):
        return Refusal("there is no card Again! may take")  # ruling 43
    return None


def _again(state: Any, seat: int, target: int) -> None:
    taken = state.last_played
    bit = 1 << taken
    state.hands[seat].append(taken)
    state.hands[seat].sort()
    state.locked[seat] |= bit     # playable from the next round on
    state.revealed[seat] |= bit   # everyone saw which card was taken
    state.gone &= ~bit
    if state.log_events:
        state.emit("again", {"seat": seat, "card": CARD_IDS[taken], "text": (
            f"{state.player_name(seat)} takes {CARD_NAME[CARD_IDS[taken]]} back into their hand.")})


again.check = _again_check
again.play = _again
