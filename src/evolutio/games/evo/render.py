"""Compact terminal rendering of an Evo view (the ``renderer`` plug-in found through the registry): one header line,
an ASCII hex map with the players and the auction beside it, the viewer's hand and the decision now, fitting 80x24;
``render.legend`` explains the symbols.

Each hex is three characters: terrain letter (upper case where the climate is favourable), the owner's number or
``.``, and ``*`` on a starred hex. One map line per axial row ``r``; a hex's column is ``2q + r`` half-steps, so the
rows interlock as hexes do.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

TERRAIN_LETTER = {"desert": "d", "plains": "p", "hills": "h", "mountains": "m"}
#: characters of one hex on the map
CELL = 3
#: characters per half-step between neighbouring hexes of one row (a whole step is two)
HALF_STEP = 2
#: gap between the map and the panel beside it
GAP = 2
LINE_WIDTH = 80

LEGEND = """\
d p h m       desert, plains, hills, mountains; CAPITAL: the favourable terrain
d1  p.        the owner's number (1-5), or . for an empty hex
*             a starred start hex
round · …     round and phase, favourable terrain, meteor space, turn order
1: 12pt       player 1's points; on: dinos on the board, sup: dinos in supply,
              c: action cards in hand; ◀ the player to decide now
T L H P F E M C   genes: tail, leg, horn, parasol, fur, egg, mutant, card
row 2 horn P3@4   auction row 2 offers horn; player 3 holds it with a bid of 4
points        at the end: the starting score, plus a point per dino on the board
              at each scoring, less what was paid for genes, and card effects
Some layouts use reconstructed data (the view's "reconstructed" entry)."""


def map_lines(view: dict[str, Any]) -> list[str]:
    hexes = view["hexes"]
    if not hexes:
        return []
    columns = [2 * cell["q"] + cell["r"] for cell in hexes]
    rows = [cell["r"] for cell in hexes]
    left, top = min(columns), min(rows)
    width = (max(columns) - left) * HALF_STEP + CELL
    grid = [[" "] * width for _ in range(max(rows) - top + 1)]
    for cell in hexes:
        letter = TERRAIN_LETTER[cell["terrain"]]
        if cell["terrain"] == view["favourable"]:
            letter = letter.upper()
        owner = "." if cell["owner"] is None else str(cell["owner"] + 1)
        text = letter + owner + ("*" if cell["start"] else " ")
        column = (2 * cell["q"] + cell["r"] - left) * HALF_STEP
        grid[cell["r"] - top][column:column + CELL] = list(text)
    return ["".join(row).rstrip() for row in grid]


def player_lines(view: dict[str, Any], viewer: int | None, width: int) -> list[str]:
    """One line per player (two when the genes do not fit beside the counts)."""
    out = []
    over = view.get("winners") is not None
    for index, player in enumerate(view["players"]):
        mark = " ◀" if index == view.get("current_player") and not over else ""
        you = " (you)" if index == viewer else ""
        counts = (f"{index + 1}{you}: {player['score']}pt {player['dinos']}on {player['supply']}sup "
                  f"{player['hand_size']}c{mark}")
        genes = " ".join(f"{name[0].upper()}{count}" for name, count in player["genes"].items() if count)
        if not genes:
            out.append(counts)
        elif len(counts) + 1 + len(genes) <= width:
            out.append(f"{counts} {genes}")
        else:
            out.extend([counts, "   " + genes])
    return out


def auction_lines(view: dict[str, Any]) -> list[str]:
    out = []
    for row in view["auction"]:
        holder = "-" if row["holder"] is None else f"P{row['holder'] + 1}@{row['bid']}"
        out.append(f"row {row['row'] + 1} {row['gene']:<7} {holder}")
    return out


def header(view: dict[str, Any]) -> str:
    return (f"round {view['round']} · {view['phase']} · favourable {view['favourable']} · meteor "
            f"{view['meteor']}/{len(view['meteor_track']) - 1} · order "
            + " ".join(str(other + 1) for other in view["order"]))


class EvoRenderer:
    """``render(view, viewer)`` -> a rich ``Text``; ``legend`` explains the symbols."""

    legend = LEGEND

    def __call__(self, view: dict[str, Any], viewer: int | None) -> Text:
        board = map_lines(view)
        width = max((len(line) for line in board), default=0) + GAP
        side = player_lines(view, viewer, LINE_WIDTH - width - 1) + auction_lines(view)
        rows = max(len(board), len(side))
        body = [((board[i] if i < len(board) else "").ljust(width) + (side[i] if i < len(side) else "")).rstrip()
                for i in range(rows)]
        footer = []
        if viewer is not None and 0 <= viewer < len(view["players"]):
            hand = view["players"][viewer].get("hand")
            if hand is not None and view.get("winners") is None:
                footer.append("your hand: " + (", ".join(card.replace("_", " ") for card in hand) or "empty"))
        if view.get("prompt") and view.get("current_player") is not None:
            who = "you" if view["current_player"] == viewer else f"Player {view['current_player'] + 1}"
            footer.append(f"to decide: {who} — {view['prompt']}")
        if view.get("winners") is not None:
            footer.append("final scores: " + ", ".join(f"Player {i + 1}: {player['score']}"
                                                       for i, player in enumerate(view["players"]))
                          + " · winner(s): " + ", ".join(f"Player {winner + 1}" for winner in view["winners"]))
        return Text("\n".join([header(view), *body, *footer]))


render = EvoRenderer()
