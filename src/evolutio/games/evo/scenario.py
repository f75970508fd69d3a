"""Scenarios for Evo: a position at the start of a phase. Every error names its JSON path. See docs/evo.md.

Body::

    {"round": 3, "phase": "movement", "climate": 1, "meteor": 5, "order": [2, 0, 1],
     "players": [{"score": 12, "genes": {"leg": 1}, "hand": ["truce"], "dinos": [[-4, 3], [-3, 3]]}, ...],
     "deck": ["again", ...], "bag": {"leg": 4, "horn": 2}, "effects": {"global": ["vegetarian_diet"]}}

Missing ``deck``: every card not in a hand, shuffled. Missing ``bag``: every gene tile not on a species board,
shuffled. ``phase`` is where the round resumes; "initiative" sets the turn order anew, any other phase uses ``order``.
"""

from __future__ import annotations

from typing import Any

from evolutio.kernel.errors import ScenarioError
from evolutio.kernel.flow import steps_from_json
from evolutio.kernel.scenario import apply_scenario_controls, read_int, read_list

from .board import GENES
from .cards import AFTER_BIRTH_STEP, CARD_IDS, CARD_INDEX, OWN_BIRTH_STEP, WINDOWS
from .flow import STEP_TYPES, Phase
from .state import PHASES, EvoState
from .windows import PARTS

BODY_KEYS = {"game", "options", "seed", "round", "phase", "climate", "meteor", "order", "players", "deck", "bag",
             "effects", "note", "description", "flow", "auction", "chance", "hold"}
TEXT_FIELDS = {"window": WINDOWS, "part": tuple(PARTS)}
SEAT_FIELDS = ("seat", "subject", "active")
PLAYER_KEYS = {"score", "genes", "hand", "dinos", "newborns"}


def _card(value: Any, path: str) -> int:
    if value not in CARD_INDEX:
        raise ScenarioError(f"{path}: unknown action card {value!r} (known: {', '.join(CARD_IDS)})")
    return CARD_INDEX[value]


def build_scenario(game: Any, data: dict[str, Any]) -> EvoState:
    extra = set(data) - BODY_KEYS
    if extra:
        raise ScenarioError(f"{min(extra)}: unknown scenario field (known: {', '.join(sorted(BODY_KEYS))})")
    seed = data.get("seed", 0)
    state = game.blank_state(seed)
    board = game.board
    players = game.num_players
    state.round = read_int(data.get("round", 1), "round", 1, 1000)
    phase = data.get("phase", "initiative")
    if phase not in PHASES:
        raise ScenarioError(f"phase: unknown phase {phase!r} (known: {', '.join(PHASES)})")
    state.climate = read_int(data.get("climate", 0), "climate", 0, len(board.ring) - 1)
    state.meteor = read_int(data.get("meteor", board.meteor_start[players]), "meteor", 0, len(board.meteor_final) - 2)
    order = [read_int(seat, f"order[{index}]", 0, players - 1) for index, seat in
             enumerate(read_list(data.get("order", list(range(players))), "order"))]
    if sorted(order) != list(range(players)):
        raise ScenarioError(f"order: must list every seat 0..{players - 1} once, got {order}")
    state.order = order
    entries = read_list(data.get("players"), "players")
    if len(entries) != players:
        raise ScenarioError(f"players: {len(entries)} entries for {players} players")
    used_cards: dict[int, str] = {}
    owned_genes = [0] * len(GENES)
    newborns: list[int] = []
    for seat, entry in enumerate(entries):
        path = f"players[{seat}]"
        if not isinstance(entry, dict):
            raise ScenarioError(f"{path}: expected an object")
        extra = set(entry) - PLAYER_KEYS
        if extra:
            raise ScenarioError(f"{path}.{min(extra)}: unknown field (known: {', '.join(sorted(PLAYER_KEYS))})")
        state.score[seat] = read_int(entry.get("score", board.start_score), f"{path}.score", 0, 100000)
        genes = entry.get("genes", {})
        if not isinstance(genes, dict):
            raise ScenarioError(f"{path}.genes: expected an object of gene counts")
        for gene, count in genes.items():
            if gene not in GENES:
                raise ScenarioError(f"{path}.genes.{gene}: unknown gene (known: {', '.join(GENES)})")
            index = GENES.index(gene)
            state.genes[seat][index] = read_int(count, f"{path}.genes.{gene}", 0, board.gene_counts[index])
            owned_genes[index] += count
        hand = []
        for index, name in enumerate(read_list(entry.get("hand", []), f"{path}.hand")):
            card = _card(name, f"{path}.hand[{index}]")
            if card in used_cards:
                raise ScenarioError(f"{path}.hand[{index}]: {name} is already in {used_cards[card]} (one copy each)")
            used_cards[card] = f"{path}.hand"
            hand.append(card)
        state.hands[seat] = sorted(hand)
        dinos = read_list(entry.get("dinos", []), f"{path}.dinos")
        if len(dinos) > board.dinos_per_player:
            raise ScenarioError(f"{path}.dinos: {len(dinos)} dinos, a species has {board.dinos_per_player}")
        for index, spot in enumerate(dinos):
            where = f"{path}.dinos[{index}]"
            if not (isinstance(spot, list) and len(spot) == 2 and all(isinstance(v, int) for v in spot)):
                raise ScenarioError(f"{where}: a hex is written [q, r], got {spot!r}")
            hex_index = board.index_of.get((spot[0], spot[1]))
            if hex_index is None:
                raise ScenarioError(f"{where}: no hex ({spot[0]}, {spot[1]}) on layout {board.layout}")
            if state.owner[hex_index] != -1:
                raise ScenarioError(f"{where}: hex ({spot[0]}, {spot[1]}) already holds a dino")
            state.place(seat, hex_index)
        if "newborns" in entry:
            newborns.extend(_newborns(state, entry["newborns"], seat, path, phase, "flow" in data))
    for index, count in enumerate(owned_genes):
        if count > board.gene_counts[index]:
            raise ScenarioError(f"players: {count} {GENES[index]} genes, the game has {board.gene_counts[index]}")
    if "deck" in data:
        deck = []
        for index, name in enumerate(read_list(data["deck"], "deck")):
            card = _card(name, f"deck[{index}]")
            if card in used_cards:
                raise ScenarioError(f"deck[{index}]: {name} is already in {used_cards[card]} (one copy each)")
            used_cards[card] = "deck"
            deck.append(card)
        state.deck = deck  # drawn from the end
    else:
        state.deck = [card for card in range(len(CARD_IDS)) if card not in used_cards]
        state.rng.shuffle(state.deck)
    for card in set(range(len(CARD_IDS))) - set(used_cards) - set(state.deck):
        state.gone |= 1 << card  # in no hand and not in the deck: played before the scenario starts
    if "bag" in data:
        bag_counts = data["bag"]
        if not isinstance(bag_counts, dict):
            raise ScenarioError("bag: expected an object of gene counts")
        state.bag = []
        for gene, count in bag_counts.items():
            if gene not in GENES:
                raise ScenarioError(f"bag.{gene}: unknown gene (known: {', '.join(GENES)})")
            index = GENES.index(gene)
            state.bag.extend([index] * read_int(count, f"bag.{gene}", 0, board.gene_counts[index] - owned_genes[index]))
    else:
        state.bag = [gene for gene, count in enumerate(board.gene_counts) for _ in range(count - owned_genes[gene])]
    state.rng.shuffle(state.bag)
    effects = data.get("effects", {})
    if not isinstance(effects, dict):
        raise ScenarioError("effects: expected an object")
    for key, names in effects.items():
        path = f"effects.{key}"
        cards = [_card(name, f"{path}[{index}]") for index, name in enumerate(read_list(names, path))]
        mask = 0
        for card in cards:
            mask |= 1 << card
        if key == "global":
            state.global_effects = mask
        elif key.isdigit() and int(key) < players:
            state.effects[int(key)] = mask
        else:
            raise ScenarioError(f"{path}: effects are keyed 'global' or a seat number 0..{players - 1}")
    state.start_order = list(order)
    if "auction" in data:
        _auction(state, data["auction"])
    if "flow" in data:
        state.phase = PHASES.index(phase)
        state.parents = list(state.owner)
        for hex_index in newborns:
            state.newborn[hex_index] = True
            state.parents[hex_index] = -1  # newborns are not parents (ruling 15)
        state.restore_flow(_flow(data["flow"], players))
        state.birth_turn = _birth_turn(state.flow)
    else:
        state.push(Phase(PHASES.index(phase)))
    apply_scenario_controls(state, data)
    state.settle()
    if state.is_terminal and not state.ended:
        raise ScenarioError("flow: the stack runs out without ending the game (end it with round_end or game_over)")
    return state


def _newborns(state: EvoState, data: Any, seat: int, path: str, phase: str, has_flow: bool) -> list[int]:
    """``players[i].newborns``: which of the player's dinos were placed in the birth phase under way."""
    where = f"{path}.newborns"
    if phase != "birth" or not has_flow:
        raise ScenarioError(f"{where}: newborns are marked only in a birth phase under way (phase 'birth' with a "
                            f"'flow'); a new phase starts with none")
    board = state.board
    out = []
    for index, spot in enumerate(read_list(data, where)):
        at = f"{where}[{index}]"
        if not (isinstance(spot, list) and len(spot) == 2 and all(isinstance(v, int) for v in spot)):
            raise ScenarioError(f"{at}: a hex is written [q, r], got {spot!r}")
        hex_index = board.index_of.get((spot[0], spot[1]))
        if hex_index is None or state.owner[hex_index] != seat:
            raise ScenarioError(f"{at}: hex ({spot[0]}, {spot[1]}) holds no dino of this player (list it in "
                                f"{path}.dinos too)")
        if hex_index in out:
            raise ScenarioError(f"{at}: hex ({spot[0]}, {spot[1]}) is already marked")
        out.append(hex_index)
    return out


def _birth_turn(flow: list) -> int:
    """Whose birth step is under way or just ended, from the stack (You're Not My Husband! reads it)."""
    for step in reversed(flow):
        if step.name == "birth_turn":
            return int(step.seat)
        if step.name == "card_window" and step.window in (OWN_BIRTH_STEP, AFTER_BIRTH_STEP):
            return int(step.subject)
    return -1


def _flow(data: Any, players: int) -> list:
    """A decision stack in the saved-state form (bottom first): any position, e.g. half-way through a turn."""
    try:
        steps = steps_from_json(data, STEP_TYPES, "flow")
    except ValueError as exc:
        raise ScenarioError(str(exc)) from None
    for index, step in enumerate(steps):
        for field, value in step.fields().items():
            path = f"flow[{index}].{field}"
            if field in TEXT_FIELDS:
                if value not in TEXT_FIELDS[field]:
                    raise ScenarioError(f"{path}: unknown {field} {value!r} (known: {', '.join(TEXT_FIELDS[field])})")
            elif field in SEAT_FIELDS:
                read_int(value, path, -1 if field != "seat" else 0, players - 1)
            else:
                read_int(value, path, -1000, 100000)
    return steps


def _auction(state: EvoState, data: Any) -> None:
    """``{"tiles": ["leg", "horn", ...], "bids": {"0": [row, amount]}, "passed": [seat, ...]}``."""
    if not isinstance(data, dict):
        raise ScenarioError("auction: expected an object with tiles, bids and passed")
    tiles = []
    for index, gene in enumerate(read_list(data.get("tiles", []), "auction.tiles")):
        if gene not in GENES:
            raise ScenarioError(f"auction.tiles[{index}]: unknown gene {gene!r} (known: {', '.join(GENES)})")
        tiles.append(GENES.index(gene))
    state.tiles = tiles
    players = state.num_players
    bids = data.get("bids", {})
    if not isinstance(bids, dict):
        raise ScenarioError("auction.bids: expected an object {seat: [row, amount]}")
    for key, bid in bids.items():
        path = f"auction.bids.{key}"
        if not key.isdigit() or int(key) >= players:
            raise ScenarioError(f"{path}: bids are keyed by seat 0..{players - 1}")
        if not isinstance(bid, list) or len(bid) != 2:
            raise ScenarioError(f"{path}: a bid is [row, amount]")
        row = read_int(bid[0], f"{path}[0]", 0, len(tiles) - 1)
        if row in state.bid_row:
            raise ScenarioError(f"{path}[0]: row {row} already holds another marker")
        state.bid_row[int(key)] = row
        state.bid_amount[int(key)] = read_int(bid[1], f"{path}[1]", 0, 199)
    for index, seat in enumerate(read_list(data.get("passed", []), "auction.passed")):
        state.passed[read_int(seat, f"auction.passed[{index}]", 0, players - 1)] = True
