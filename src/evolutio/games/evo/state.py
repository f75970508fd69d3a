"""The position of a game of Evo as plain data (int lists and bit masks), and the rules helpers steps share."""

from __future__ import annotations

from typing import Any

from evolutio.kernel.action import Action
from evolutio.kernel.errors import ScenarioError
from evolutio.kernel.flow import FlowState, Refusal, steps_to_json
from evolutio.kernel.hooks import first_refusal, total
from evolutio.kernel.rng import Rng

from .board import CARD_GENE, EGG, FUR, GENES, HORN, LEG, MUTANT, PARASOL, TAIL, TERRAINS, Board
from .cards import (
    ALL_CARDS,
    BIT,
    CARD_IDS,
    CARDS,
    EIGHT_PHASE_EXTRA_STARTS,
    FINAL_SCORING,
    WINDOW_MASK,
    hooks,
    no_check,
    no_target,
)
from .view import describe_action, view

PHASES = ("initiative", "climate", "movement", "birth", "survival", "meteor")
INITIATIVE, CLIMATE, MOVEMENT, BIRTH, SURVIVAL, METEOR = range(len(PHASES))
EMPTY = -1
NO_CARDS_BEFORE_ROUND = 3  # "Během prvních 2 kol nelze akční kartu zahrát."
# attacker horns minus defender horns -> highest die face that wins for the attacker (NOTES §6)
WIN_ON_OR_BELOW = {-1: 1, 0: 2, 1: 4}
NEVER_WINS_AT_OR_BELOW = -2
ALWAYS_FIVE_AT_OR_ABOVE = 2
BEST_ATTACK_FACE = 5
HOT, COLD = -1, 1
ZONE_NAMES = {HOT: "one step too hot", COLD: "one step too cold"}
COLOURS = ("red", "blue", "green", "yellow", "black")
QUIET_EON_BIT = BIT["quiet_eon"]


def attacker_wins_on(difference: int) -> int:
    """The highest die face with which the attacker wins, for attacker horns minus defender horns."""
    if difference <= NEVER_WINS_AT_OR_BELOW:
        return 0
    if difference >= ALWAYS_FIVE_AT_OR_ABOVE:
        return BEST_ATTACK_FACE
    return WIN_ON_OR_BELOW[difference]


class EvoState(FlowState):
    """One game of Evo. Hexes are indices into ``board``; cards are indices into ``CARD_IDS``; genes into ``GENES``."""

    __slots__ = (
        "all_seats",
        "bag",
        "bid_amount",
        "bid_row",
        "birth_area",
        "birth_turn",
        "board",
        "climate",
        "climate_cards",
        "climate_changing_cards",
        "deck",
        "effects",
        "ended",
        "final_bonus",
        "genes",
        "global_effects",
        "gone",
        "hands",
        "head_start",
        "last_played",
        "locked",
        "losses",
        "memo_step",
        "memo_value",
        "meteor",
        "motivation",
        "newborn",
        "order",
        "owner",
        "parents",
        "passed",
        "phase",
        "revealed",
        "roll_replaced",
        "round",
        "sat_out",
        "score",
        "start_order",
        "supply",
        "survivalist_targets",
        "tiles",
        "truce_with",
        "won",
    )

    def __init__(self, game: Any, seed: int, board: Board) -> None:
        super().__init__(game, seed)
        players = game.num_players
        self.board = board
        self.all_seats = (1 << players) - 1        # bit mask of every seat
        self.memo_step: Any = None                 # the top step whose decider or targets ``memo_value`` holds
        self.memo_value: Any = None
        self.owner = [EMPTY] * board.num_hexes
        self.genes = [[0] * len(GENES) for _ in range(players)]
        self.supply = [board.dinos_per_player] * players
        self.score = [board.start_score] * players
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.deck: list[int] = []
        self.bag: list[int] = []
        self.climate = 0
        self.meteor = 0
        self.round = 1
        self.phase = INITIATIVE
        self.order = list(range(players))
        self.effects = [0] * players        # card bits active for that player this round
        self.global_effects = 0             # card bits active for everyone this round
        self.locked = [0] * players         # cards taken with Again! this round (playable from the next round)
        self.revealed = [0] * players       # cards everyone knows a player holds (taken with Again!)
        self.gone = 0                       # cards out of the game: played and not taken back (public)
        self.sat_out = 0                    # seats that declared "done for the round" (public; round_end clears)
        self.motivation = [0] * players     # Motivation's movement points, when played
        self.truce_with = [0] * players     # bit mask of players under a Truce with this one
        self.climate_cards = 0
        self.climate_changing_cards = 0
        self.roll_replaced = False
        self.last_played = EMPTY
        self.parents = [EMPTY] * board.num_hexes   # owners at the start of the birth phase
        self.birth_area: dict[tuple[int, int], list[int]] = {}  # (seat, reach) -> hexes near its parents (derived)
        self.newborn = [False] * board.num_hexes   # placed in this birth phase
        self.losses = [0] * players                # dinos lost in this round's survival step
        self.survivalist_targets = 0
        self.tiles: list[int] = []                 # gene tiles of this auction, one per row
        self.bid_row = [EMPTY] * players
        self.bid_amount = [0] * players
        self.passed = [False] * players
        self.head_start = [0] * players            # Genetic Head Start discount this auction
        self.won = [EMPTY] * players               # gene won this auction (tile index) or EMPTY
        self.ended = False
        self.start_order: list[int] = []
        self.final_bonus = [0] * players
        self.birth_turn = EMPTY                    # whose birth step is under way or just ended

    @property
    def turn_number(self) -> int:
        """The round, for statistics (``evolutio simulate`` reports it as turns)."""
        return self.round

    # -- small queries ------------------------------------------------------------------------------------------
    def player_name(self, seat: int) -> str:
        if not 0 <= seat < self.num_players:
            return f"player #{seat} (no such player)"
        return f"Player {seat + 1} ({COLOURS[seat]})"

    def hex_name(self, hex_index: int) -> str:
        if not 0 <= hex_index < self.board.num_hexes:
            return f"hex #{hex_index} (not on this board)"
        q, r = self.board.coords[hex_index]
        return f"({q},{r}) {TERRAINS[self.board.terrain[hex_index]]}"

    def dinos_on_board(self, seat: int) -> int:
        return self.owner.count(seat)

    def first_player(self) -> int:
        return self.order[0]

    def mask(self, seat: int) -> int:
        return self.effects[seat] | self.global_effects

    def favourable(self) -> int:
        return self.board.ring[self.climate]

    def delta(self, hex_index: int) -> int:
        """Terrain index of the hex minus the favourable terrain's: 0 favourable, -1 too hot, +1 too cold."""
        return self.board.terrain[hex_index] - self.board.ring[self.climate]

    def movement_points(self, seat: int) -> int:
        points = 1 + self.genes[seat][LEG]
        for handler in hooks.handlers("movement_points", self.mask(seat)):
            points = handler(self, seat, points)
        return points

    def births(self, seat: int) -> int:
        count = 1 + self.genes[seat][EGG]
        for handler in hooks.handlers("births", self.mask(seat)):
            count = handler(self, seat, count)
        return count

    def survivor_limit(self, seat: int, zone: int) -> int | None:
        """How many of ``seat``'s dinos on hexes of ``zone`` survive (``None``: all of them)."""
        if zone == HOT:
            limit: int | None = 1 + self.genes[seat][PARASOL]
            event = "hot_survivors"
        else:
            limit = 1 + self.genes[seat][FUR]
            event = "cold_survivors"
        for handler in hooks.handlers(event, self.mask(seat)):
            limit = handler(self, seat, limit)
        return limit if limit is None else max(0, limit)

    def horns(self, seat: int, attacking: bool, extra: int = 0) -> int:
        event = "attack_bonus" if attacking else "defence_bonus"
        return self.genes[seat][HORN] + extra + total(hooks.handlers(event, self.mask(seat)), self, seat)

    def attack_refusal(self, attacker: int, defender: int) -> Refusal | None:
        mask = self.mask(attacker) | self.effects[defender]
        return first_refusal(hooks.handlers("attack_refusal", mask), self, attacker, defender)

    def mutants(self, seat: int) -> int:
        return self.genes[seat][MUTANT]

    # -- card permissions ---------------------------------------------------------------------------------------
    def cards_open(self, window: str) -> bool:
        """May any card be played in ``window`` now (rounds 1-2 and Quiet Eon close every window)?"""
        if self.round < NO_CARDS_BEFORE_ROUND:
            return False
        if window == FINAL_SCORING:
            return True  # ruling 44: Quiet Eon's round is over at final scoring
        if self.global_effects & QUIET_EON_BIT:
            return False
        if self.phase == CLIMATE and self.climate_cards and not self.ended:  # ruling 8: one card per climate phase
            return self.game.options["climate_card_limit_scope"] != "any_card"
        return True

    def windows_may_ask(self) -> bool:
        """Could a card window opened from now until the round ends ask anyone? Not in rounds 1-2 or after Quiet
        Eon; else only while a seat holds cards and has not said ``done_round``. Hands grow only by Again! (whose
        holder holds a card already) and by card genes after the round's last window, so a phase whose start
        answers no queues no window (a window would pass without a decision anyway)."""
        if self.round < NO_CARDS_BEFORE_ROUND or self.global_effects & QUIET_EON_BIT:
            return False
        sat_out = self.sat_out
        hands = self.hands
        return any(hands[seat] and not sat_out >> seat & 1 for seat in range(self.num_players))

    def card_allowed(self, seat: int, card: int, window: str) -> bool:
        """The card is in the seat's hand and :meth:`card_permitted`."""
        return card in self.hands[seat] and self.card_permitted(seat, card, window)

    def card_permitted(self, seat: int, card: int, window: str) -> bool:
        """Whoever holds the card, may ``seat`` play it in ``window`` now? Public information only: the window, the
        cards locked by Again! (everyone saw them taken) and the climate-phase limit; targets are checked per play."""
        spec = CARDS[card]
        if window not in spec.windows or self.locked[seat] & spec.bit:
            return False
        if spec.phase_start_only and window in EIGHT_PHASE_EXTRA_STARTS and self.game.options["phase_windows"] == "six":
            return False
        if self.phase == CLIMATE and not self.ended:
            if self.game.options["climate_card_limit_scope"] == "any_card":
                if self.climate_cards:
                    return False
            elif spec.climate_changing and self.climate_changing_cards:
                return False
        return True

    def card_has_target(self, seat: int, card: int) -> bool:
        """Could ``seat`` play the card on some target now (public information only)?"""
        spec = CARDS[card]
        check = spec.check
        if check is no_check:
            return spec.targets is no_target or bool(spec.targets(self, seat))
        return any(check(self, seat, target) is None for target in spec.targets(self, seat))

    def unseen_cards(self) -> int:
        """The bit mask of cards whose place the table has not seen: neither out of the game nor taken by Again!."""
        seen = self.gone
        for mask in self.revealed:
            seen |= mask
        return ALL_CARDS & ~seen

    def may_hold(self, seat: int, unseen: int | None = None) -> int:
        """The bit mask of cards that, for all the table knows, may be in ``seat``'s hand: the cards everyone saw
        it take with Again!, and, while it holds other cards, every unseen card (``unseen``: :meth:`unseen_cards`,
        when the caller has it already)."""
        known = self.revealed[seat]
        if len(self.hands[seat]) <= known.bit_count():
            return known
        return known | (self.unseen_cards() if unseen is None else unseen)

    def may_be_asked(self, seat: int, window: str, unseen: int | None = None) -> bool:
        """Is ``seat`` asked in the card window ``window`` now? A function of public information only (hand sizes,
        played and revealed cards, "done for the round" declarations, the board), so being asked reveals nothing
        about a hand: the seat is asked when a card it *might* hold, as far as the table knows, is playable now."""
        if self.sat_out >> seat & 1 and window != FINAL_SCORING:
            return False
        possible = self.may_hold(seat, unseen) & WINDOW_MASK[window]
        while possible:
            lowest = possible & -possible
            card = lowest.bit_length() - 1
            if self.card_permitted(seat, card, window) and self.card_has_target(seat, card):
                return True
            possible ^= lowest
        return False

    def playable_cards(self, seat: int, window: str) -> list[int]:
        return [card for card in self.hands[seat] if self.card_allowed(seat, card, window)]

    # -- dinos --------------------------------------------------------------------------------------------------
    def place(self, seat: int, hex_index: int) -> None:
        self.owner[hex_index] = seat
        self.supply[seat] -= 1

    def remove(self, hex_index: int) -> int:
        seat = self.owner[hex_index]
        self.owner[hex_index] = EMPTY
        self.supply[seat] += 1
        return seat

    def fight(self, attacker: int, source: int, target: int, extra_horns: int = 0) -> bool:
        """An attack from ``source`` (EMPTY: a newborn from the supply) onto ``target``. True if the attacker won."""
        defender = self.owner[target]
        difference = self.horns(attacker, True, extra_horns) - self.horns(defender, False)
        roll = self.rng.die(6)
        won = roll <= attacker_wins_on(difference)
        if source != EMPTY:
            self.owner[source] = EMPTY
            self.supply[attacker] += 1
        if won:
            self.remove(target)
            self.place(attacker, target)
        verdict = "wins" if won else "loses"
        if self.log_events:
            self.emit("combat", {
                "attacker": attacker, "defender": defender, "hex": target, "roll": roll, "difference": difference,
                "won": won,
                "text": (f"{self.player_name(attacker)} attacks {self.player_name(defender)} on "
                         f"{self.hex_name(target)}: horns {difference:+d}, rolls {roll}, needs "
                         f"{attacker_wins_on(difference)} or less, {verdict}."),
            })
        return won

    # -- scoring ------------------------------------------------------------------------------------------------
    def add_points(self, seat: int, points: int) -> None:
        self.score[seat] = max(0, self.score[seat] + points)  # ruling 23: never below 0

    def scores(self) -> list[int]:
        return list(self.score)

    def winners(self) -> list[int]:
        best = max(self.score)
        top = [p for p in range(self.num_players) if self.score[p] == best]
        most = max(self.dinos_on_board(p) for p in top)
        return [p for p in top if self.dinos_on_board(p) == most]

    # -- the rest of the contract --------------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        return view(self, player)

    def describe(self, action: Action) -> str:
        return describe_action(self, action)

    def remember(self, step: Any, value: Any) -> Any:
        """Keep what ``step`` (on top of the stack) worked out from this position: its decider and candidates ask
        for it several times per decision, and the position cannot change before the step resolves (resolving
        replaces the step, so the next top step is another object)."""
        self.memo_step = step
        self.memo_value = value
        return value

    def clone(self) -> EvoState:
        other = EvoState.__new__(EvoState)
        self._copy_base(other)
        self._copy_flow(other)
        self.copy_into(other)
        return other

    def to_json(self) -> dict[str, Any]:
        return {**self._base_json(), "position": self.position_json()}

    def pin_deck(self, deck: str, cards: list[Any], path: str) -> None:
        """Scenario ``chance``: the next action cards drawn (``"cards"``) or gene tiles laid out (``"genes"``), first
        listed first. Both piles are drawn from their end."""
        names: tuple[str, ...]
        if deck == "cards":
            names, pile = CARD_IDS, self.deck
        elif deck == "genes":
            names, pile = GENES, self.bag
        else:
            raise ScenarioError(f"{path}.deck: evo has no deck named {deck!r} (known: cards, genes)")
        chosen: list[int] = []
        remaining = list(pile)
        for index, name in enumerate(cards):
            where = f"{path}.cards[{index}]"
            if name not in names:
                raise ScenarioError(f"{where}: unknown {'action card' if deck == 'cards' else 'gene'} {name!r} "
                                    f"(known: {', '.join(names)})")
            value = names.index(name)
            if value not in remaining:
                raise ScenarioError(f"{where}: no {name!r} is left in the {deck} pile")
            remaining.remove(value)
            chosen.append(value)
        pile[:] = remaining + chosen[::-1]

    def determinize(self, player: int, rng: Rng) -> EvoState:
        """Hidden cards (other hands, the deck) are dealt again from their pool; the bag and deck are reshuffled, and
        the dice are drawn from a fork of ``rng``: a search on the world cannot foresee the real game's rolls."""
        other = self.clone()
        other.rng = rng.fork()
        other.log_events = False
        other.events = list(self.events)
        pool = list(other.deck)
        keep: list[list[int]] = []
        for seat in range(self.num_players):
            if seat == player:
                keep.append(list(other.hands[seat]))
                continue
            known = [card for card in other.hands[seat] if other.revealed[seat] >> card & 1]
            pool.extend(card for card in other.hands[seat] if not other.revealed[seat] >> card & 1)
            keep.append(known)
        rng.shuffle(pool)
        for seat in range(self.num_players):
            if seat == player:
                continue
            hidden = len(other.hands[seat]) - len(keep[seat])
            other.hands[seat] = sorted(keep[seat] + [pool.pop() for _ in range(hidden)])
        other.deck = pool
        rng.shuffle(other.bag)
        other.log_events = self.log_events
        other._legal = None
        return other

    # -- persistence --------------------------------------------------------------------------------------------
    def position_json(self) -> dict[str, Any]:
        return {
            "owner": list(self.owner), "genes": [list(g) for g in self.genes], "supply": list(self.supply),
            "score": list(self.score), "hands": [list(h) for h in self.hands], "deck": list(self.deck),
            "bag": list(self.bag), "climate": self.climate, "meteor": self.meteor, "round": self.round,
            "phase": self.phase, "order": list(self.order), "effects": list(self.effects),
            "global_effects": self.global_effects, "locked": list(self.locked), "revealed": list(self.revealed),
            "motivation": list(self.motivation), "truce_with": list(self.truce_with), "gone": self.gone,
            "sat_out": self.sat_out,
            "climate_cards": self.climate_cards, "climate_changing_cards": self.climate_changing_cards,
            "roll_replaced": self.roll_replaced, "last_played": self.last_played, "parents": list(self.parents),
            "newborn": list(self.newborn), "losses": list(self.losses),
            "survivalist_targets": self.survivalist_targets, "tiles": list(self.tiles),
            "bid_row": list(self.bid_row), "bid_amount": list(self.bid_amount), "passed": list(self.passed),
            "head_start": list(self.head_start), "won": list(self.won), "ended": self.ended,
            "start_order": list(self.start_order), "final_bonus": list(self.final_bonus),
            "birth_turn": self.birth_turn,
            "flow": steps_to_json(self.flow),
        }

    def load_position(self, data: dict[str, Any]) -> None:
        for key, value in data.items():
            if key == "flow":
                continue
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            setattr(self, key, value)

    def copy_into(self, other: EvoState) -> None:
        other.board = self.board
        other.all_seats = self.all_seats
        other.memo_step = other.memo_value = None
        other.birth_area = self.birth_area  # derived from parents, which the copy shares; replaced, never changed
        other.owner = list(self.owner)
        other.genes = [list(g) for g in self.genes]
        other.supply = list(self.supply)
        other.score = list(self.score)
        other.hands = [list(h) for h in self.hands]
        other.deck = list(self.deck)
        other.bag = list(self.bag)
        for name in ("climate", "meteor", "round", "phase", "global_effects", "climate_cards",
                     "climate_changing_cards", "roll_replaced", "last_played", "survivalist_targets", "ended",
                     "birth_turn", "gone", "sat_out"):
            setattr(other, name, getattr(self, name))
        for name in ("order", "effects", "locked", "revealed", "motivation", "truce_with", "parents", "newborn",
                     "losses", "tiles", "bid_row", "bid_amount", "passed", "head_start", "won", "start_order",
                     "final_bonus"):
            setattr(other, name, list(getattr(self, name)))


__all__ = ["CARD_GENE", "EGG", "FUR", "HORN", "LEG", "MUTANT", "PARASOL", "PHASES", "TAIL", "EvoState"]
