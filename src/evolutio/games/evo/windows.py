"""Card windows and per-player iteration: the steps every phase of Evo is built from.

A card window asks, in turn order, every player who *might* hold a card playable in it as far as the whole table
knows (:meth:`EvoState.may_be_asked`: public information only) and who has not declared ``done_round``;
``EachPlayer`` runs one part of a phase for each player in the current turn order. Parts are registered by the
modules that define them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from evolutio.kernel.action import Action
from evolutio.kernel.flow import Refusal, Step

from .cards import (
    AFTER_BIRTH_STEP,
    CARD_IDS,
    CARD_INDEX,
    CARD_NAME,
    CARDS,
    FINAL_SCORING,
    OWN_BIRTH_STEP,
    REACTION,
    no_check,
)
from .state import CLIMATE, EMPTY, EvoState

DONE = Action("done")
#: "done for the rest of this round": the seat is asked in no more card window this round (final scoring excepted)
DONE_ROUND = Action("done_round")
AGAIN = CARD_INDEX["again"]
#: part name -> the steps of that part for one seat (filled in by ``flow`` and ``auction``)
PARTS: dict[str, Callable[[EvoState, int], list[Step]]] = {}


PLAY_ACTIONS: dict[tuple[int, int], Action] = {}


def play_action(card: int, target: int) -> Action:
    """The (shared, immutable) action playing ``card`` on ``target``."""
    action = PLAY_ACTIONS.get((card, target))
    if action is None:
        action = PLAY_ACTIONS[card, target] = Action("play", card, target)
    return action


def bit(seat: int) -> int:
    return 1 << seat


def play_card(state: EvoState, seat: int, card: int, target: int) -> None:
    """Take the card from the hand and resolve it; then offer the reaction window (Again!, Quiet Eon)."""
    spec = CARDS[card]
    state.hands[seat].remove(card)
    state.revealed[seat] &= ~spec.bit
    state.gone |= spec.bit
    if state.phase == CLIMATE and not state.ended:
        state.climate_cards += 1
        state.climate_changing_cards += spec.climate_changing
    detail = spec.describe_target(state, target)
    if state.log_events:
        state.emit("card_played", {"seat": seat, "card": CARD_IDS[card], "target": target,
                                   "text": f"{state.player_name(seat)} plays {CARD_NAME[spec.id]}{detail}."})
    spec.play(state, seat, target)  # Again! reads the card played before it
    state.last_played = card
    if card != AGAIN and not state.ended and state.cards_open(REACTION):
        reaction = CardWindow(REACTION, seat)
        if reaction.decider(state) is not None:
            state.push(reaction)


class CardWindow(Step):
    """A moment when action cards may be played, offered in turn order; a player may play several, then ``done``."""

    __slots__ = ("active", "asked", "subject", "window")
    name = "card_window"

    def __init__(self, window: str, subject: int = EMPTY, asked: int = 0, active: int = EMPTY) -> None:
        self.window = window
        self.subject = subject    # own birth step: its player; after a birth step: whose step it was
        self.asked = asked
        self.active = active

    def decider(self, state: EvoState) -> int | None:
        """Public information only, so whose turn it is reveals nothing about a hand (see ``docs/evo.md``)."""
        if state.memo_step is self:
            return state.memo_value
        return state.remember(self, self._next_seat(state))

    def _next_seat(self, state: EvoState) -> int | None:
        window = self.window
        if not state.cards_open(window):
            return None
        active = self.active
        if active != EMPTY and state.may_be_asked(active, window):
            return active  # a player who just played may play another card in the same window (ruling 40)
        skip = self.asked if window == FINAL_SCORING else self.asked | state.sat_out
        if window == OWN_BIRTH_STEP:
            skip |= ~(1 << self.subject)
        elif window == AFTER_BIRTH_STEP:
            skip |= 1 << self.subject
        if skip & state.all_seats == state.all_seats:
            return None
        unseen = state.unseen_cards()
        for seat in state.order:
            if not skip >> seat & 1 and state.may_be_asked(seat, window, unseen):
                return seat
        return None

    def candidates(self, state: EvoState) -> Iterable[Action]:
        seat = self.decider(state)
        assert seat is not None
        out = [play_action(card, target) for card in sorted(state.playable_cards(seat, self.window))
               for target in CARDS[card].targets(state, seat)]
        out.append(DONE)
        if self.window != FINAL_SCORING:
            out.append(DONE_ROUND)
        return out

    def legal(self, state: EvoState) -> list[Action]:
        """The candidates that :meth:`check` allows, built directly (card windows are on the hot path)."""
        seat = self.decider(state)
        assert seat is not None
        out: list[Action] = []
        for card in sorted(state.playable_cards(seat, self.window)):
            spec = CARDS[card]
            check = spec.check
            out.extend(play_action(card, target) for target in spec.targets(state, seat)
                       if check is no_check or check(state, seat, target) is None)
        out.append(DONE)
        if self.window != FINAL_SCORING:
            out.append(DONE_ROUND)
        return out

    def check(self, state: EvoState, action: Action) -> Refusal | None:
        if action.kind != "play":
            return None
        seat = self.decider(state)
        return None if seat is None else CARDS[action.args[0]].check(state, seat, action.args[1])

    def resolve(self, state: EvoState, action: Action) -> None:
        seat = self.decider(state)
        assert seat is not None
        if action.kind == "done_round":
            state.sat_out |= bit(seat)
            if state.log_events:
                state.emit("done_round", {"seat": seat, "text": (
                    f"{state.player_name(seat)} will play no more action cards this round.")})
        if action.kind != "play":
            state.replace(CardWindow(self.window, self.subject, self.asked | bit(seat), EMPTY))
            return
        state.replace(CardWindow(self.window, self.subject, self.asked | bit(seat), seat))
        play_card(state, seat, action.args[0], action.args[1])

    def run(self, state: EvoState) -> None:
        state.pop()

    def prompt(self, state: EvoState) -> str:
        if self.window == FINAL_SCORING:
            return "play an action card at final scoring, or done"
        return (f"play an action card in the {self.window.replace('_', ' ')} window, or done (done_round: no more "
                f"cards this round)")


class EachPlayer(Step):
    """Runs one part of a phase for every player in the current turn order: it puts every remaining seat's steps on
    the stack at once. The order cannot change within a part (Me First is played only at phase starts), and each
    part's counts (movement points, births) are fixed before it starts."""

    __slots__ = ("done", "part")
    name = "each_player"

    def __init__(self, part: str, done: int) -> None:
        self.part = part
        self.done = done

    def run(self, state: EvoState) -> None:
        done = self.done
        part = PARTS[self.part]
        steps: list[Step] = []
        for seat in state.order:
            if not done >> seat & 1:
                steps.extend(part(state, seat))
        state.replace(*reversed(steps))
