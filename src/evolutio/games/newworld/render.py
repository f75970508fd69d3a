"""Terminal rendering of a New World view (the ``renderer`` plug-in found through the registry)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

RECONSTRUCTED_MARK = "*"


def _trait_text(trait: dict[str, Any]) -> str:
    text = trait["name"] + (RECONSTRUCTED_MARK if trait.get("reconstructed") else "")
    if "partner" in trait:
        role = f" {trait['role']}" if "role" in trait else ""
        text += f"(↔{trait['partner']}{role})"
    return text


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The areas row, every player's animals, the seat's hand and the decision now."""
    header = Text(f"Period {view['period']}{' (final)' if view['final_period'] else ''} — {view['phase']}; "
                  f"first player: seat {view['first_player']}; area deck {view['area_deck']}, "
                  f"evolution deck {view['deck']}, discard {view['discard']}")
    areas = Table(title="Areas (left to right)", show_lines=False)
    for column in ("slot", "area", "needs", "food", "shelter"):
        areas.add_column(column)
    for area in view["areas"]:
        for half in area["halves"]:
            name = half["name"] + (RECONSTRUCTED_MARK if area.get("reconstructed") else "")
            areas.add_row(str(half["slot"]), name, half["requires"] or "-", str(half["food"]), str(half["shelter"]))
    parts: list[RenderableType] = [header, areas]
    for player in view["players"]:
        table = Table(title=f"Seat {player['seat']}{' (you)' if player['seat'] == seat else ''}: "
                            f"{player['hand_size']} cards in hand{', passed' if player['passed'] else ''}")
        for column in ("animal", "traits", "food", "fat", "shelter"):
            table.add_column(column)
        for animal in player["animals"]:
            traits = ", ".join(_trait_text(trait) for trait in animal["traits"]) or "-"
            state = "hungry" if animal["hungry"] else "fed"
            table.add_row(str(animal["animal"]), traits, f"{animal['food']}/{animal['need']} {state}",
                          str(animal["fat"]), "yes" if animal["shelter"] else "")
        parts.append(table)
        if "hand" in player:
            parts.append(Text("Your hand: " + "; ".join(f"[{card['card']}] {card['text']}"
                                                         for card in player["hand"])))
    if view.get("scores") is not None:
        parts.append(Text(f"Scores: {view['scores']}; winners: {view['winners']}"))
    elif view.get("prompt"):
        parts.append(Text(f"Seat {view['to_act']} to act: {view['prompt']}"))
    parts.append(Text(f"{RECONSTRUCTED_MARK} reconstructed data ({view['data']['source']})", style="dim"))
    return Panel(Group(*parts), title="Evolution: New World")
