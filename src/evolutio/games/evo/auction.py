"""Phase 6's gene auction as steps: drawing tiles, bids with displacement cascades, payment, genes (NOTES §9)."""

from __future__ import annotations

from collections.abc import Iterable

from evolutio.kernel.action import Action
from evolutio.kernel.flow import Refusal, Step

from .board import CARD_GENE, GENES
from .cards import CARD_IDS, CARD_INDEX, CARD_NAME, ON_OWN_BID, ON_OWN_PAYMENT, hooks
from .state import EMPTY, EvoState
from .windows import PARTS, EachPlayer, play_card

PASS = Action("pass")
PAY = Action("pay")
MAX_BID = 199  # the action encoding's largest bid; the bid cap (score + mutants) stays far below it in practice
NICHE = CARD_INDEX["evolutionary_niche"]
HEAD_START = CARD_INDEX["genetic_head_start"]
QUIET_EON = CARD_INDEX["quiet_eon"]
PLAY_ACTIONS = {card: Action("play", card, 0) for card in (NICHE, HEAD_START, QUIET_EON)}
OUTBID_STEP = 1
MAX_ROWS = 5  # at most 5 players, one tile row each
# Actions are immutable values: the hot path reuses these instead of building new ones
BID_ACTIONS = [[Action("bid", row, amount) for amount in range(MAX_BID + 1)] for row in range(MAX_ROWS)]


class AuctionStart(Step):
    """The first player draws one gene tile per player (one fewer with Missing Link or the variant)."""

    __slots__ = ()
    name = "auction_start"

    def run(self, state: EvoState) -> None:
        players = state.num_players
        wanted = players
        if state.game.options["advanced"]:
            wanted = players - 1
        for handler in hooks.handlers("tiles_drawn", state.global_effects):
            wanted = min(wanted, handler(state, players))
        count = min(wanted, len(state.bag))
        state.tiles = [state.bag.pop() for _ in range(count)]
        state.bid_row = [EMPTY] * players
        state.bid_amount = [0] * players
        state.passed = [False] * players
        state.head_start = [0] * players
        state.won = [EMPTY] * players
        if not state.tiles:
            if state.log_events:
                state.emit("auction", {"tiles": [], "text": "The gene bag is empty: no auction."})
            state.pop()
            return
        if state.log_events:
            state.emit("auction", {"tiles": [GENES[gene] for gene in state.tiles], "text": (
                "Gene auction: " + ", ".join(f"row {row + 1} {GENES[gene]}" for row, gene in enumerate(state.tiles))
                + ".")})
        state.replace(Grant(), EachPlayer("pay", 0), EachPlayer("bid", 0))


def holder_of(state: EvoState, row: int) -> int:
    rows = state.bid_row
    return rows.index(row) if row in rows else EMPTY


def bid_cap(state: EvoState, seat: int) -> int:
    """Ruling 32: the payment after the mutant discount may not exceed the score."""
    return min(MAX_BID, state.score[seat] + state.mutants(seat))


def outbid_need(state: EvoState, holder: int) -> int:
    """The least bid that displaces ``holder``: one more than its bid, three more against Evolutionary Niche."""
    margin = OUTBID_STEP
    for handler in hooks.handlers("outbid_margin", state.effects[holder]):
        margin = max(margin, handler(state, holder))
    return state.bid_amount[holder] + margin


def passes_left(state: EvoState) -> int:
    return state.num_players - len(state.tiles) - sum(state.passed)


class Bid(Step):
    """A player places (or, displaced, re-places) their marker on a gene row at a bid; the cascade runs at once."""

    __slots__ = ("seat",)
    name = "bid"
    seat: int

    def decider(self, state: EvoState) -> int | None:
        return self.seat

    def candidates(self, state: EvoState) -> Iterable[Action]:
        low = state.board.min_bid
        top = max(bid_cap(state, self.seat), low)
        out: list[Action] = []
        for row in range(len(state.tiles)):
            out.extend(BID_ACTIONS[row][low:top + 1])
        return self._other_choices(state, out)

    def legal(self, state: EvoState) -> list[Action]:
        """The candidates that :meth:`check` allows, built directly (the auction is on the hot path)."""
        seat = self.seat
        low = state.board.min_bid
        top = max(bid_cap(state, seat), low)
        affordable = state.score[seat] + state.mutants(seat) >= low
        holders = {row: holder for holder, row in enumerate(state.bid_row) if row != EMPTY}
        out: list[Action] = []
        for row in range(len(state.tiles)):
            start = low
            holder = holders.get(row, EMPTY)
            if holder != EMPTY:
                if not affordable:
                    continue
                start = max(low, outbid_need(state, holder))
            out.extend(BID_ACTIONS[row][start:top + 1])
        return self._other_choices(state, out)

    def _other_choices(self, state: EvoState, out: list[Action]) -> list[Action]:
        seat = self.seat
        if passes_left(state) > 0:
            out.append(PASS)
        if state.cards_open(ON_OWN_BID) and not state.sat_out >> seat & 1:
            out.extend(PLAY_ACTIONS[card] for card in (NICHE, QUIET_EON) if state.card_allowed(seat, card, ON_OWN_BID))
        return out

    def check(self, state: EvoState, action: Action) -> Refusal | None:
        if action.kind != "bid":
            return None
        row, amount = action.args
        holder = holder_of(state, row)
        if holder == EMPTY:
            return None
        if state.score[self.seat] + state.mutants(self.seat) < state.board.min_bid:
            return Refusal("you can only afford the lowest bid, on an empty row")
        need = outbid_need(state, holder)
        if amount < need:
            return Refusal(f"{state.player_name(holder)} holds this row at {state.bid_amount[holder]}: "
                           f"bid at least {need}")
        return None

    def resolve(self, state: EvoState, action: Action) -> None:
        seat = self.seat
        if action.kind == "play":
            play_card(state, seat, action.args[0], action.args[1])
            return
        if action.kind == "pass":
            state.passed[seat] = True
            if state.log_events:
                state.emit("pass", {"seat": seat, "text": f"{state.player_name(seat)} passes and takes no gene."})
            state.pop()
            return
        row, amount = action.args
        holder = holder_of(state, row)
        state.bid_row[seat] = row
        state.bid_amount[seat] = amount
        if holder == EMPTY:
            if state.log_events:
                state.emit("bid", {"seat": seat, "row": row, "amount": amount, "text": self._text(state, row) + "."})
            state.pop()
            return
        state.bid_row[holder] = EMPTY
        if state.log_events:
            text = self._text(state, row)
            state.emit("bid", {"seat": seat, "row": row, "amount": amount, "displaced": holder,
                               "text": text + f", displacing {state.player_name(holder)}."})
        state.replace(Bid(holder))

    def _text(self, state: EvoState, row: int) -> str:
        return (f"{state.player_name(self.seat)} bids {state.bid_amount[self.seat]} on row {row + 1} "
                f"({GENES[state.tiles[row]]})")

    def prompt(self, state: EvoState) -> str:
        return (f"bid on a gene row: from {state.board.min_bid} up to {bid_cap(state, self.seat)} "
                f"(your score plus your mutants)")


class Pay(Step):
    """A player pays max(0, bid - mutants owned before the auction), less Genetic Head Start (rulings 29-30)."""

    __slots__ = ("seat",)
    name = "pay"
    seat: int

    def _due(self, state: EvoState) -> int:
        seat = self.seat
        if state.bid_row[seat] == EMPTY:
            return 0
        return max(0, state.bid_amount[seat] - state.mutants(seat) - state.head_start[seat])

    def decider(self, state: EvoState) -> int | None:
        seat = self.seat
        if self._due(state) > 0 and state.cards_open(ON_OWN_PAYMENT) and state.may_be_asked(seat, ON_OWN_PAYMENT):
            return seat
        return None

    def candidates(self, state: EvoState) -> Iterable[Action]:
        return [PAY, *(PLAY_ACTIONS[card] for card in (HEAD_START, QUIET_EON)
                       if state.card_allowed(self.seat, card, ON_OWN_PAYMENT))]

    def resolve(self, state: EvoState, action: Action) -> None:
        if action.kind == "play":
            play_card(state, self.seat, action.args[0], action.args[1])
            return
        self.run(state)

    def run(self, state: EvoState) -> None:
        state.pop()
        seat = self.seat
        row = state.bid_row[seat]
        if row == EMPTY:
            return
        due = self._due(state)
        state.add_points(seat, -due)
        state.won[seat] = state.tiles[row]
        if state.log_events:
            state.emit("payment", {"seat": seat, "paid": due, "text": (
                f"{state.player_name(seat)} pays {due} for {GENES[state.tiles[row]]} (bid {state.bid_amount[seat]}).")})

    def prompt(self, state: EvoState) -> str:
        return "pay for your gene, or play Genetic Head Start first"


class Grant(Step):
    """Winners put their genes on their species boards; a card gene draws the top action card instead."""

    __slots__ = ()
    name = "grant"

    def run(self, state: EvoState) -> None:
        state.pop()
        for seat in state.order:
            gene = state.won[seat]
            if gene == EMPTY:
                continue
            if gene != CARD_GENE:
                state.genes[seat][gene] += 1
                if state.log_events:
                    state.emit("gene", {"seat": seat, "gene": GENES[gene],
                                        "text": f"{state.player_name(seat)} gains a {GENES[gene]} gene."})
            elif state.deck:
                card = state.deck.pop()
                state.hands[seat].append(card)
                state.hands[seat].sort()
                if state.log_events:
                    state.emit("draw", {"seat": seat, "card": CARD_IDS[card],
                                        "text": f"{state.player_name(seat)} draws {CARD_NAME[CARD_IDS[card]]}."},
                               to=(seat,), redacted={"seat": seat, "text": (
                                   f"{state.player_name(seat)} draws an action card.")})
            else:
                if state.log_events:
                    state.emit("draw", {"seat": seat, "text": (
                        f"{state.player_name(seat)} won a card gene, but the action-card deck is empty.")})
        state.tiles = []


PARTS["bid"] = lambda state, seat: [Bid(seat)]
PARTS["pay"] = lambda state, seat: [Pay(seat)]
