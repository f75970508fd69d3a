"""Small layout helpers for rulesets' terminal renderers (the ``"renderer"`` plug-in): game-agnostic, rich-based."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

#: renderers lay out their boards within this many columns, so an 80-column terminal keeps a margin
BOARD_WIDTH = 78


def pack(chunks: Iterable[Text], indent: str = "  ", width: int = BOARD_WIDTH,
         first_indent: str | None = None) -> list[Text]:
    """Lay ``chunks`` out left to right, two spaces apart, starting a new line indented by ``indent`` when the next
    one would pass ``width``. The first line is indented by ``first_indent`` (default: ``indent``; ``""`` when its
    first chunk is a title)."""
    lines: list[Text] = []
    start = len(indent if first_indent is None else first_indent)  # the length of the current line's indent
    line = Text(indent if first_indent is None else first_indent)
    for chunk in chunks:
        if line.cell_len > start and line.cell_len + 2 + chunk.cell_len > width:
            lines.append(line)
            line, start = Text(indent), len(indent)
        elif line.cell_len > start:
            line.append("  ")
        line.append_text(chunk)
    if line.cell_len > start:
        lines.append(line)
    return lines
