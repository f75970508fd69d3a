"""The round of Evo as steps on the kernel's decision stack: six phases, card windows, per-player turns, interrupts.

Every step's fields are plain ints/strings so the stack saves with the state. Run order within a phase is written
top-down in ``_phase_body``; the stack receives it reversed.
"""

from __future__ import annotations

from collections.abc import Iterable

from evolutio.kernel.action import Action
from evolutio.kernel.flow import Refusal, Step

from .auction import AuctionStart, Bid, Grant, Pay
from .board import MAX_HEXES, TAIL, TERRAINS
from .cards import (
    AFTER_BIRTH_STEP,
    AUCTION_START,
    BIRTH_START,
    CLIMATE_AFTER_ROLL,
    CLIMATE_START,
    FINAL_SCORING,
    INITIATIVE_START,
    MOVEMENT_START,
    OWN_BIRTH_STEP,
    PHASE6_START,
    SCORING_START,
    SURVIVAL_DURING,
    SURVIVAL_START,
    hooks,
)
from .state import (
    BIRTH,
    CLIMATE,
    COLD,
    EMPTY,
    HOT,
    INITIATIVE,
    METEOR,
    MOVEMENT,
    PHASES,
    SURVIVAL,
    ZONE_NAMES,
    EvoState,
)
from .windows import DONE, PARTS, CardWindow, EachPlayer, bit

HEX_ACTIONS = {kind: [Action(kind, hex_index) for hex_index in range(MAX_HEXES)] for kind in ("birth", "remove")}


class PlaceStart(Step):
    """Setup: players in a random order each put one dino on a free starred hex (NOTES §2)."""

    __slots__ = ("index",)
    name = "place_start"
    index: int

    def decider(self, state: EvoState) -> int | None:
        return state.start_order[self.index]

    def candidates(self, state: EvoState) -> Iterable[Action]:
        return [Action("place_start", hex_index) for hex_index in state.board.starts]

    def check(self, state: EvoState, action: Action) -> Refusal | None:
        holder = state.owner[action.args[0]]
        if holder != EMPTY:
            return Refusal(f"{state.player_name(holder)} already stands on that star")
        return None

    def resolve(self, state: EvoState, action: Action) -> None:
        seat = state.start_order[self.index]
        state.place(seat, action.args[0])
        if state.log_events:
            state.emit("start", {"seat": seat, "hex": action.args[0],
                                 "text": f"{state.player_name(seat)} starts on {state.hex_name(action.args[0])}."})
        if self.index + 1 < state.num_players:
            state.replace(PlaceStart(self.index + 1))
        else:
            state.pop()

    def prompt(self, state: EvoState) -> str:
        return "place your first dino on a free starred hex"


def set_initiative(state: EvoState) -> None:
    """More tails first; then fewer (or more, by option) dinos; then roll-offs, re-rolling ties (NOTES §4)."""
    sign = 1 if state.game.options["initiative_tiebreak"] == "fewer_dinos_first" else -1
    keys = {seat: (-state.genes[seat][TAIL], sign * state.dinos_on_board(seat)) for seat in range(state.num_players)}
    order: list[int] = []
    for key in sorted(set(keys.values())):
        order.extend(roll_off(state, [seat for seat in range(state.num_players) if keys[seat] == key]))
    state.order = order
    if state.log_events:
        state.emit("initiative", {"order": list(order), "text": "Turn order: " + ", ".join(
            state.player_name(seat) for seat in order) + "."})


def roll_off(state: EvoState, tied: list[int]) -> list[int]:
    if len(tied) < 2:
        return tied
    rolls = {seat: state.rng.die(6) for seat in tied}
    if state.log_events:
        state.emit("roll_off", {"rolls": [[seat, rolls[seat]] for seat in tied], "text": "Roll-off: " + ", ".join(
            f"{state.player_name(seat)} rolls {rolls[seat]}" for seat in tied) + "."})
    out: list[int] = []
    for value in sorted(set(rolls.values()), reverse=True):
        out.extend(roll_off(state, [seat for seat in tied if rolls[seat] == value]))
    return out


class Phase(Step):
    """The start of a phase: it queues the phase's parts and the next phase."""

    __slots__ = ("phase",)
    name = "phase"
    phase: int

    def run(self, state: EvoState) -> None:
        phase = self.phase
        state.phase = phase
        if state.log_events:
            state.emit("phase", {"round": state.round, "phase": PHASES[phase],
                                 "text": f"Round {state.round}: {PHASES[phase]} phase."})
        following: Step = Phase(phase + 1) if phase < METEOR else RoundEnd()
        body = _phase_body(state, phase)
        if not state.windows_may_ask():
            body = [step for step in body if not isinstance(step, CardWindow)]
        state.replace(following, *reversed(body))


def _phase_body(state: EvoState, phase: int) -> list[Step]:
    if phase == INITIATIVE:
        set_initiative(state)
        return [CardWindow(INITIATIVE_START)]
    if phase == CLIMATE:
        return [CardWindow(CLIMATE_START), ClimateRoll(), CardWindow(CLIMATE_AFTER_ROLL)]
    if phase == MOVEMENT:
        return [CardWindow(MOVEMENT_START), EachPlayer("move", 0)]
    if phase == BIRTH:
        state.parents = list(state.owner)
        state.birth_area = {}
        state.newborn = [False] * state.board.num_hexes
        return [CardWindow(BIRTH_START), EachPlayer("birth", 0)]
    if phase == SURVIVAL:
        state.losses = [0] * state.num_players
        return [CardWindow(SURVIVAL_START), CardWindow(SURVIVAL_DURING), EachPlayer("survive", 0),
                CardWindow(SCORING_START), Scoring()]
    body: list[Step] = [CardWindow(PHASE6_START), Meteor()]
    if state.game.options["phase_windows"] == "eight":
        body.append(CardWindow(AUCTION_START))
    body.append(AuctionStart())
    return body


class ClimateRoll(Step):
    """The first player rolls: 1 one space counter-clockwise, 2 stays, 3-6 one space clockwise (ruling 5)."""

    __slots__ = ()
    name = "climate_roll"

    def run(self, state: EvoState) -> None:
        state.pop()
        if state.roll_replaced:
            return
        roll = state.rng.die(6)
        state.climate = (state.climate + state.board.die_move[roll - 1]) % len(state.board.ring)
        if state.log_events:
            state.emit("climate", {"roll": roll, "climate": state.climate, "text": (
                f"{state.player_name(state.first_player())} rolls {roll} for the climate: favourable terrain is now "
                f"{TERRAINS[state.favourable()]}.")})


def _move_part(state: EvoState, seat: int) -> list[Step]:
    return [MoveTurn(seat, state.movement_points(seat))]


def _birth_part(state: EvoState, seat: int) -> list[Step]:
    steps: list[Step] = [BirthTurn(seat, 0, state.births(seat))]
    if state.windows_may_ask():
        steps.insert(0, CardWindow(OWN_BIRTH_STEP, seat))
        steps.append(CardWindow(AFTER_BIRTH_STEP, seat))
    return steps


def _survive_part(state: EvoState, seat: int) -> list[Step]:
    return [SurvivalTurn(seat)]


PARTS.update(move=_move_part, birth=_birth_part, survive=_survive_part)


class MoveTurn(Step):
    """A player's movement: each point moves one own dino to an adjacent hex; entering an opponent is an attack."""

    __slots__ = ("points", "seat")
    name = "move_turn"

    def __init__(self, seat: int, points: int) -> None:
        self.seat = seat
        self.points = points

    def decider(self, state: EvoState) -> int | None:
        return self.seat if self.points > 0 and self.seat in state.owner else None

    def candidates(self, state: EvoState) -> Iterable[Action]:
        seat = self.seat
        moves = state.board.moves
        out = [action for hex_index, holder in enumerate(state.owner) if holder == seat
               for _, action in moves[hex_index]]
        out.append(DONE)
        return out

    def legal(self, state: EvoState) -> list[Action]:
        """The candidates that :meth:`check` allows, built directly (movement is on the hot path)."""
        seat = self.seat
        owner = state.owner
        moves = state.board.moves
        may_attack: dict[int, bool] = {}
        out = []
        for hex_index in [hex_index for hex_index, holder in enumerate(owner) if holder == seat]:
            for other, action in moves[hex_index]:
                defender = owner[other]
                if defender == EMPTY:
                    out.append(action)
                elif defender != seat:
                    allowed = may_attack.get(defender)
                    if allowed is None:
                        allowed = may_attack[defender] = state.attack_refusal(seat, defender) is None
                    if allowed:
                        out.append(action)
        out.append(DONE)
        return out

    def check(self, state: EvoState, action: Action) -> Refusal | None:
        if action.kind != "move":
            return None
        holder = state.owner[action.args[1]]
        if holder == EMPTY:
            return None
        if holder == self.seat:
            return Refusal("your own dino stands there (a hex holds one dino)")
        return state.attack_refusal(self.seat, holder)

    def resolve(self, state: EvoState, action: Action) -> None:
        if action.kind == "done":
            state.pop()
            return
        state.replace(MoveTurn(self.seat, self.points - 1))
        source, target = action.args
        if state.owner[target] == EMPTY:
            state.owner[source] = EMPTY
            state.owner[target] = self.seat
            if state.log_events:
                state.emit("move", {"seat": self.seat, "from": source, "to": target, "text": (
                    f"{state.player_name(self.seat)} moves from {state.hex_name(source)} "
                    f"to {state.hex_name(target)}.")})
        else:
            state.fight(self.seat, source, target)

    def run(self, state: EvoState) -> None:
        state.pop()

    def prompt(self, state: EvoState) -> str:
        return f"move a dino to an adjacent hex ({self.points} movement points left), or done"


def birth_targets(state: EvoState, seat: int) -> list[int]:
    """Hexes where ``seat`` may place a newborn now (NOTES §7, rulings 15-18)."""
    owner = state.owner
    board = state.board
    mask = state.mask(seat)
    reach = 1
    if mask:  # only round effects (cards) change the reach
        for handler in hooks.handlers("birth_reach", mask):
            reach = max(reach, handler(state, seat))
    area = state.birth_area.get((seat, reach))
    if area is None:
        area = state.birth_area[seat, reach] = parent_area(state, seat, reach)
    if not area:  # no parents (ruling 17)
        if state.game.options["birth_without_dinos"] == "none":
            return []
        babies = [hex_index for hex_index in range(len(owner)) if state.newborn[hex_index] and owner[hex_index] == seat]
        if babies:
            area = sorted(hex_index for hex_index, distance in board.distances_from(babies, 1).items()
                          if distance == 1)
        else:
            area = list(range(len(owner)))
    if not mask or not any(handler(state, seat) is not None for handler in hooks.handlers("newborn_attack", mask)):
        return [hex_index for hex_index in area if owner[hex_index] == EMPTY]
    return [hex_index for hex_index in area if owner[hex_index] == EMPTY
            or owner[hex_index] != seat and state.attack_refusal(seat, owner[hex_index]) is None]


def parent_area(state: EvoState, seat: int, reach: int) -> list[int]:
    """The hexes 1..``reach`` steps from a hex ``seat`` held at the start of the birth phase, in index order (fixed
    for the phase: parents do not change; :func:`birth_targets` keeps it in ``state.birth_area``)."""
    board = state.board
    parents = [hex_index for hex_index, holder in enumerate(state.parents) if holder == seat]
    if reach == 1:
        neighbours = board.neighbours
        return sorted({other for parent in parents for other in neighbours[parent]})
    return sorted(hex_index for hex_index, distance in board.distances_from(parents, reach).items() if distance >= 1)


class BirthTurn(Step):
    """A player places 1 + eggs newborns; compulsory while supply and legal hexes last (rulings 15-18)."""

    __slots__ = ("count", "placed", "seat")
    name = "birth_turn"

    def __init__(self, seat: int, placed: int, count: int) -> None:
        self.seat = seat
        self.placed = placed
        self.count = count

    def decider(self, state: EvoState) -> int | None:
        seat = self.seat
        if self.placed >= self.count or state.supply[seat] == 0 or not self._targets(state):
            return None
        return seat

    def _targets(self, state: EvoState) -> list[int]:
        if state.memo_step is self:
            return state.memo_value
        return state.remember(self, birth_targets(state, self.seat))

    def candidates(self, state: EvoState) -> Iterable[Action]:
        births = HEX_ACTIONS["birth"]
        return [births[hex_index] for hex_index in self._targets(state)]

    def resolve(self, state: EvoState, action: Action) -> None:
        seat = self.seat
        state.birth_turn = seat
        state.replace(BirthTurn(seat, self.placed + 1, self.count))
        target = action.args[0]
        if state.owner[target] == EMPTY:
            state.place(seat, target)
            state.newborn[target] = True
            if state.log_events:
                state.emit("birth", {"seat": seat, "hex": target,
                                     "text": f"{state.player_name(seat)} places a newborn on "
                                             f"{state.hex_name(target)}."})
            return
        extra = 0
        for handler in hooks.handlers("newborn_attack", state.mask(seat)):
            bonus = handler(state, seat)
            if bonus is not None:
                extra = max(extra, bonus)
        if state.fight(seat, EMPTY, target, extra):
            state.newborn[target] = True

    def run(self, state: EvoState) -> None:
        state.birth_turn = self.seat
        state.pop()

    def prompt(self, state: EvoState) -> str:
        return (f"place a newborn ({self.count - self.placed} left) on an empty hex next to a hex you held at the "
                f"start of the birth phase")


class SurvivalTurn(Step):
    """Removes a player's dinos on lethal hexes, and queues the owner's choices where a survivor limit applies."""

    __slots__ = ("seat",)
    name = "survival_turn"
    seat: int

    def run(self, state: EvoState) -> None:
        seat = self.seat
        state.pop()
        terrain = state.board.terrain
        favourable = state.favourable()
        deltas = {hex_index: terrain[hex_index] - favourable
                  for hex_index, holder in enumerate(state.owner) if holder == seat}
        lethal = [hex_index for hex_index, delta in deltas.items() if abs(delta) >= 2]
        for hex_index in lethal:
            state.remove(hex_index)
        if lethal:
            state.losses[seat] += len(lethal)
            if state.log_events:
                state.emit("perish", {"seat": seat, "hexes": lethal, "text": (
                    f"{state.player_name(seat)} loses {len(lethal)} dino(s) to a lethal climate.")})
        choices: list[Step] = []
        for zone in (HOT, COLD):
            exposed = [hex_index for hex_index, delta in deltas.items() if delta == zone]
            limit = state.survivor_limit(seat, zone)
            if limit is None or len(exposed) <= limit:
                continue
            if limit == 0:
                for hex_index in exposed:
                    state.remove(hex_index)
                state.losses[seat] += len(exposed)
                if state.log_events:
                    state.emit("perish", {"seat": seat, "hexes": exposed, "text": (
                        f"{state.player_name(seat)} loses {len(exposed)} dino(s) {ZONE_NAMES[zone]}.")})
            else:
                choices.append(RemoveChoice(seat, zone, len(exposed) - limit))
        state.push(*reversed(choices))


class RemoveChoice(Step):
    """The owner chooses which dinos die where more stand on too-hot or too-cold hexes than survive (ruling 19)."""

    __slots__ = ("left", "seat", "zone")
    name = "remove_choice"

    def __init__(self, seat: int, zone: int, left: int) -> None:
        self.seat = seat
        self.zone = zone
        self.left = left

    def decider(self, state: EvoState) -> int | None:
        return self.seat

    def candidates(self, state: EvoState) -> Iterable[Action]:
        removals = HEX_ACTIONS["remove"]
        terrain = state.board.terrain
        terrain_in_zone = state.favourable() + self.zone
        return [removals[hex_index] for hex_index, holder in enumerate(state.owner)
                if holder == self.seat and terrain[hex_index] == terrain_in_zone]

    def resolve(self, state: EvoState, action: Action) -> None:
        state.remove(action.args[0])
        state.losses[self.seat] += 1
        if state.log_events:
            state.emit("perish", {"seat": self.seat, "hexes": [action.args[0]], "text": (
                f"{state.player_name(self.seat)}'s dino on {state.hex_name(action.args[0])} dies "
                f"({ZONE_NAMES[self.zone]}).")})
        if self.left > 1:
            state.replace(RemoveChoice(self.seat, self.zone, self.left - 1))
        else:
            state.pop()

    def prompt(self, state: EvoState) -> str:
        return f"choose a dino to die on a hex {ZONE_NAMES[self.zone]} ({self.left} to remove)"


class Scoring(Step):
    """Each player scores 1 point per own dino on the board; then Survivalist Gene's penalty (NOTES §8)."""

    __slots__ = ()
    name = "scoring"

    def run(self, state: EvoState) -> None:
        state.pop()
        points = [state.dinos_on_board(seat) for seat in range(state.num_players)]
        for seat in state.order:
            state.add_points(seat, points[seat])
        if state.log_events:
            state.emit("scoring", {"points": points, "scores": list(state.score), "text": "Scoring: " + ", ".join(
                f"{state.player_name(seat)} +{points[seat]} = {state.score[seat]}" for seat in state.order)
                + "."})
        for seat in range(state.num_players):
            if state.survivalist_targets & bit(seat) and state.losses[seat]:
                state.add_points(seat, -state.losses[seat])
                if state.log_events:
                    state.emit("survivalist", {"seat": seat, "points": -state.losses[seat], "text": (
                        f"Survivalist Gene: {state.player_name(seat)} loses {state.losses[seat]} point(s).")})


class Meteor(Step):
    """The meteor moves one space; on a die space the first player rolls; the last space ends the game."""

    __slots__ = ()
    name = "meteor"

    def run(self, state: EvoState) -> None:
        state.pop()
        state.meteor += 1
        space = state.meteor
        board = state.board
        ends = board.meteor_final[space]
        text = f"The meteor moves to space {space}"
        faces = board.meteor_faces[space]
        roll = 0
        if not ends and faces:
            roll = state.rng.die(6)
            ends = roll in faces
            text += f"; {state.player_name(state.first_player())} rolls {roll} (hits on {faces})"
        if state.log_events:
            state.emit("meteor", {"space": space, "roll": roll, "hit": ends,
                                  "text": text + (": the meteor strikes, the game ends." if ends else ".")})
        if ends:
            end_game(state)


def end_game(state: EvoState) -> None:
    state.ended = True
    state.flow.clear()
    state.push(GameOver(), CardWindow(FINAL_SCORING))


class GameOver(Step):
    __slots__ = ()
    name = "game_over"

    def run(self, state: EvoState) -> None:
        state.pop()
        winners = state.winners()
        if state.log_events:
            state.emit("game_over", {"scores": list(state.score), "winners": winners, "text": (
                "game over: " + ", ".join(f"{state.player_name(seat)} {state.score[seat]} points"
                                          for seat in range(state.num_players))
                + "; winner(s): " + ", ".join(state.player_name(seat) for seat in winners) + ".")})
            for seat in range(state.num_players):
                parts = score_parts(state, seat)
                state.emit("score_breakdown", {"seat": seat, "parts": parts, "text": (
                    f"{state.player_name(seat)}: {state.score[seat]} points = " + " ".join(
                        f"{'-' if value < 0 else '+'} {abs(value)} {what}" for what, value in parts.items()
                        if value or what == START_PART).removeprefix("+ "))})


#: the parts of a final score (see :func:`score_parts`)
START_PART = "to start"


def score_parts(state: EvoState, seat: int) -> dict[str, int]:
    """Where ``seat``'s final score came from, read from the game's own events (they add up to the score): the
    starting score, the points scored for dinos on the board, the points paid for genes, Survivalist Gene's penalty,
    final-scoring cards, and the rest (other cards, a scenario's starting score, a score kept from going below 0)."""
    scored = paid = survivalist = 0
    for event in state.events_for(None):
        kind = event.get("kind")
        if kind == "scoring":
            scored += event["points"][seat]
        elif kind == "payment" and event["seat"] == seat:
            paid += event["paid"]
        elif kind == "survivalist" and event["seat"] == seat:
            survivalist += event["points"]
    parts = {START_PART: state.board.start_score, "for dinos on the board": scored, "paid for genes": -paid,
             "Survivalist Gene": survivalist, "final-scoring cards": state.final_bonus[seat]}
    parts["other"] = state.score[seat] - sum(parts.values())
    return parts


class RoundEnd(Step):
    """Round effects end; the next round starts with its initiative phase."""

    __slots__ = ()
    name = "round_end"

    def run(self, state: EvoState) -> None:
        players = state.num_players
        state.effects = [0] * players
        state.global_effects = 0
        state.locked = [0] * players
        state.motivation = [0] * players
        state.truce_with = [0] * players
        state.climate_cards = 0
        state.climate_changing_cards = 0
        state.roll_replaced = False
        state.last_played = EMPTY
        state.survivalist_targets = 0
        state.sat_out = 0
        state.round += 1
        state.replace(Phase(INITIATIVE))


STEP_TYPES: tuple[type[Step], ...] = (CardWindow, PlaceStart, Phase, ClimateRoll, EachPlayer, MoveTurn, BirthTurn,
                                      SurvivalTurn, RemoveChoice, Scoring, Meteor, GameOver, AuctionStart, Bid, Pay,
                                      Grant, RoundEnd)
