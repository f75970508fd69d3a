"""Terminal rendering of an Evo view: an ASCII hex map with a side panel and legend, fitting 80x24.

Each hex is three characters: terrain letter (upper case where the climate is favourable), the owner's number or
``.``, and ``*`` on a starred hex. Hex columns are the axial ``q``; each column is shifted half a row, so a hex's
line is ``2r + q``.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

TERRAIN_LETTER = {"desert": "d", "plains": "p", "hills": "h", "mountains": "m"}
CELL = 3
LINE_WIDTH = 80


def map_lines(view: dict[str, Any]) -> list[str]:
    hexes = view["hexes"]
    columns = [cell["q"] for cell in hexes]
    lines = [2 * cell["r"] + cell["q"] for cell in hexes]
    left, top = min(columns), min(lines)
    width = (max(columns) - left + 1) * CELL
    grid = [[" "] * width for _ in range(max(lines) - top + 1)]
    for cell in hexes:
        letter = TERRAIN_LETTER[cell["terrain"]]
        if cell["terrain"] == view["favourable"]:
            letter = letter.upper()
        owner = "." if cell["owner"] is None else str(cell["owner"] + 1)
        text = letter + owner + ("*" if cell["start"] else " ")
        row = 2 * cell["r"] + cell["q"] - top
        column = (cell["q"] - left) * CELL
        grid[row][column:column + CELL] = list(text)
    return ["".join(row).rstrip() for row in grid]


def side_lines(view: dict[str, Any], seat: int | None) -> list[str]:
    out = [
        f"Round {view['round']} {view['phase']}",
        f"Favourable: {view['favourable']}",
        f"Meteor space {view['meteor']}/{len(view['meteor_track']) - 1}",
        "Order: " + " ".join(str(other + 1) for other in view["order"]),
    ]
    for index, player in enumerate(view["players"]):
        genes = player["genes"]
        out.append(f"{index + 1}: {player['score']:>3}pt {player['dinos']}on {player['supply']}sup "
                   f"{player['hand_size']}c")
        out.append("   " + " ".join(f"{name[0].upper()}{count}" for name, count in genes.items() if count))
    for row in view["auction"]:
        holder = "-" if row["holder"] is None else f"P{row['holder'] + 1}@{row['bid']}"
        out.append(f"row {row['row'] + 1} {row['gene']:<7} {holder}")
    return out


LEGEND = ("Hex: d p h m = desert plains hills mountains; CAPITAL favourable; 1-5 owner",
          "* starred start hex. Right: round, favourable terrain, meteor space, turn order",
          "Genes: T tail L leg H horn P parasol F fur E egg M mutant C card",
          "Players: pt points, on dinos on board, sup dinos in supply, c action cards")


def render(view: dict[str, Any], seat: int | None) -> Text:
    board = map_lines(view)
    side = side_lines(view, seat)
    width = max((len(line) for line in board), default=0) + 2
    rows = max(len(board), len(side))
    body = [(board[i] if i < len(board) else "").ljust(width) + (side[i] if i < len(side) else "")
            for i in range(rows)]
    note = ""
    if view.get("reconstructed"):
        note = f"Layout {view['layout']} - reconstructed: {', '.join(view['reconstructed'])}"
    footer = [*LEGEND, note]
    if seat is not None and 0 <= seat < len(view["players"]):
        hand = view["players"][seat].get("hand")
        if hand is not None:
            footer.append(("Your hand: " + (", ".join(hand) or "none"))[:LINE_WIDTH])
    if view.get("prompt"):
        footer.append(f"Player {view['current_player'] + 1}: {view['prompt']}"[:LINE_WIDTH])
    if view.get("winners") is not None:
        footer.append("Winner(s): " + ", ".join(f"Player {winner + 1}" for winner in view["winners"]))
    return Text("\n".join([*body, *[line for line in footer if line]]))
