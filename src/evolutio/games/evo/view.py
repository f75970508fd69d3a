"""What each seat may see: ``view(state, seat)`` builds the JSON-ready view; hands and the deck/bag order are hidden.

Bids are public, as on the physical auction board. A hand is shown only to its owner; other seats see its size and
the cards everyone saw it take (Again!).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from evolutio.kernel.action import Action

from .board import GENES, TERRAINS, Board
from .cards import CARD_IDS, CARD_NAME, CARDS

PHASE_NAMES = ("initiative", "climate", "movement", "birth", "survival", "meteor")
EMPTY = -1


def describe_action(state: Any, action: Action) -> str:
    """An action in words (unique among the legal actions of a position)."""
    kind, args = action.kind, action.args
    if kind == "place_start" and len(args) == 1:
        return f"start on {state.hex_name(args[0])}"
    if kind == "move" and len(args) == 2:
        return f"move from {state.hex_name(args[0])} to {state.hex_name(args[1])}"
    if kind == "birth" and len(args) == 1:
        return f"place a newborn on {state.hex_name(args[0])}"
    if kind == "remove" and len(args) == 1:
        return f"let the dino on {state.hex_name(args[0])} die"
    if kind == "bid" and len(args) == 2 and 0 <= args[0] < len(state.tiles):
        return f"bid {args[1]} on row {args[0] + 1} ({GENES[state.tiles[args[0]]]})"
    if kind == "play" and len(args) == 2 and args[0] in CARDS:
        spec = CARDS[args[0]]
        return f"play {CARD_NAME[spec.id]}{spec.describe_target(state, args[1])}"
    return {"done": "done", "done_round": "done for the rest of the round (no more cards)",
            "pass": "pass (take no gene)", "pay": "pay"}.get(kind, str(action))


def _card_names(cards: list[int]) -> list[str]:
    return [CARD_IDS[card] for card in sorted(cards)]


def _effects(mask: int) -> list[str]:
    """The ids of the cards whose bits are set in ``mask``, in card order (bits past the last card mean nothing)."""
    cards = []
    while mask:
        lowest = mask & -mask
        index = lowest.bit_length() - 1
        if index >= len(CARD_IDS):
            break
        cards.append(CARD_IDS[index])
        mask ^= lowest
    return cards


@lru_cache(maxsize=16)
def _hex_places(board: Board) -> tuple[tuple[int, int, str, bool, bool], ...]:
    """Each hex's part of the view that never changes in a game: (q, r, terrain, edge, start). A board is built
    whole by ``build_board`` and never changed, so its parts are read once."""
    starts = frozenset(board.starts)
    return tuple((q, r, TERRAINS[board.terrain[index]], board.edge[index], index in starts)
                 for index, (q, r) in enumerate(board.coords))


def view(state: Any, seat: int | None) -> dict[str, Any]:
    board = state.board
    players = []
    for other in range(state.num_players):
        entry: dict[str, Any] = {
            "name": state.player_name(other), "score": state.score[other], "supply": state.supply[other],
            "dinos": state.dinos_on_board(other), "genes": dict(zip(GENES, state.genes[other])),
            "hand_size": len(state.hands[other]), "effects": _effects(state.effects[other]),
            "known_cards": _card_names([card for card in state.hands[other] if state.revealed[other] >> card & 1]),
        }
        if other == seat:
            entry["hand"] = _card_names(state.hands[other])
            entry["hand_locked"] = _effects(state.locked[other])
        players.append(entry)
    step = state.step
    auction = [{"row": row, "gene": GENES[gene], "holder": next(
        (other for other in range(state.num_players) if state.bid_row[other] == row), None),
        "bid": next((state.bid_amount[other] for other in range(state.num_players) if state.bid_row[other] == row),
                    None)} for row, gene in enumerate(state.tiles)]
    out: dict[str, Any] = {
        "game": "evo", "seat": seat, "round": state.round, "phase": PHASE_NAMES[state.phase],
        "order": list(state.order), "climate": state.climate, "favourable": TERRAINS[state.favourable()],
        "climate_ring": [TERRAINS[terrain] for terrain in board.ring], "meteor": state.meteor,
        "meteor_track": [{"faces": list(faces), "final": final}
                         for faces, final in zip(board.meteor_faces, board.meteor_final)],
        "hexes": [{"q": q, "r": r, "terrain": terrain, "edge": edge, "start": start,
                   "owner": None if owner == EMPTY else owner, "newborn": bool(newborn)}
                  for (q, r, terrain, edge, start), owner, newborn in zip(_hex_places(board), state.owner,
                                                                          state.newborn)],
        "players": players, "deck_size": len(state.deck), "bag_size": len(state.bag),
        "bag_counts": _bag_counts(state), "global_effects": _effects(state.global_effects),
        "auction": auction, "passed": [other for other in range(state.num_players) if state.passed[other]],
        "done_round": [other for other in range(state.num_players) if state.sat_out >> other & 1],
        "out_of_game": _effects(state.gone),
        "scores": list(state.score), "ended": state.ended, "terminal": state.is_terminal,
        "current_player": state.current_player, "step": step.name if step is not None else None,
        "held": state.held,
        "prompt": step.prompt(state) if step is not None and step.decider(state) is not None else None,
        "reconstructed": list(board.reconstructed), "layout": board.layout,
    }
    if state.is_terminal:
        out["winners"] = state.winners()
    if seat is not None and seat == state.current_player:
        out["legal"] = [{"action": action.to_json(), "text": describe_action(state, action)}
                        for action in state.legal_actions()]
    return out


def _bag_counts(state: Any) -> dict[str, int]:
    """What is left in the bag, by gene: public, because every drawn tile was shown."""
    counts = dict.fromkeys(GENES, 0)
    for gene in state.bag:
        counts[GENES[gene]] += 1
    return counts
