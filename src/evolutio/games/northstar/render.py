"""Compact terminal rendering of a northstar view: one header, per player one line (bag, hand, food card) and its
species packed into 80 columns, your hand, pending decisions, and at the end each player's score broken down. The
terminal finds it through ``NorthstarGame.plugins["renderer"]``."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from evolutio.kernel.terminal import pack

SHORT_NAMES = {
    "carnivore": "Carnivore", "ambush": "Ambush", "burrowing": "Burrowing", "climbing": "Climbing",
    "cooperation": "Cooperation", "defensive-herding": "Def. Herding", "fat-tissue": "Fat Tissue",
    "fertile": "Fertile", "foraging": "Foraging", "hard-shell": "Hard Shell", "horns": "Horns",
    "intelligence": "Intelligence", "long-neck": "Long Neck", "pack-hunting": "Pack Hunting",
    "scavenger": "Scavenger", "symbiosis": "Symbiosis", "warning-call": "Warning Call",
}

LEGEND = """\
s2            species 2 of that player (actions name species by this number)
b3 p4         body size 3, population 4
●  ○          food eaten this round / still needed (one per population)
fat 2         food stored on Fat Tissue
▒             a trait card played face down (not yet revealed)
Horns [+3]    a card: its trait and the food it adds to the watering hole
◀             the player to decide now"""


def _card(card: dict[str, Any]) -> str:
    food = card["food"]
    return f"{SHORT_NAMES.get(card['trait'], card['trait'])} [{'+' if food > 0 else ''}{food}]"


def _trait(trait: dict[str, Any]) -> Text:
    if "trait" not in trait:
        return Text("▒", style="dim")
    text = Text(SHORT_NAMES.get(trait["trait"], trait["trait"]),
                style="bold red" if trait["trait"] == "carnivore" else "")
    if trait.get("face_down"):
        text.append("▒", style="dim")
    return text


def _species(number: int, species: dict[str, Any]) -> Text:
    population, food = species["population"], species["food"]
    out = Text(f"s{number + 1}", style="bold")
    out.append(f" b{species['body']} p{population} ")
    out.append("●" * food, style="green")
    out.append("○" * max(0, population - food), style="dim")
    if species["fat"]:
        out.append(f" fat {species['fat']}", style="yellow")
    if species["traits"]:
        out.append(" ")
        out.append_text(Text(",").join(_trait(t) for t in species["traits"]))
    return out


def _surplus_text(decision: dict[str, Any], viewer: int | None) -> str:
    who = "you decide" if decision["player"] == viewer else f"Player {decision['player'] + 1} decides"
    where = "the bank" if decision["source"] == "bank" else "the watering hole"
    return (f"Fat Tissue: {who} how much of the {decision['surplus']} surplus {decision['food']} to store on species "
            f"{decision['species'] + 1} ({decision['least']}–{decision['most']}; the rest stays in {where})")


#: the one part of a score the view cannot break down (its parts do not add up to the game's total)
WHOLE_SCORE = "points"


def score_breakdown(view: dict[str, Any]) -> list[dict[str, int]]:
    """Each player's final score by source, in seat order: food in the bag (with the food stored on Fat Tissue), the
    population (the CS 4500 course rules: one per species) and the trait cards on species. The parts add up to the
    view's ``scores``; a score they do not explain is given whole, as ``{"points": total}``. The terminal's end screen
    and the web's (``NorthstarGame.plugins["score_breakdown"]``) show them."""
    course = view.get("variant") == "cs4500"
    breakdown = []
    for player, total in zip(view["players"], view["scores"]):
        species = player["species"]
        traits = sum(len(s["traits"]) for s in species)
        if course:
            parts = {"food in the bag": player["bag"], "species": len(species), "trait cards": traits}
        else:
            parts = {"food in the bag and on Fat Tissue": player["bag"] + sum(s["fat"] for s in species),
                     "population": sum(s["population"] for s in species), "trait cards": traits}
        breakdown.append(parts if sum(parts.values()) == total else {WHOLE_SCORE: total})
    return breakdown


def _score_breakdown(parts: dict[str, int], total: int) -> str:
    if list(parts) == [WHOLE_SCORE]:
        return f"{total} points"
    return f"{total} points = " + " + ".join(f"{value} {what}" for what, value in parts.items())


def _header(view: dict[str, Any]) -> Text:
    current = view.get("current_player")
    head = Text()
    head.append(f"round {view['round']}", style="bold")
    if view.get("last_round"):
        head.append(f" (last round: {view['last_round']})", style="yellow")
    head.append(f" · {view['phase']} · first player {view['first_player'] + 1}")
    if current is not None:
        head.append(f" · to act: Player {current + 1}", style="bold cyan")
    head.append(f"\nwatering hole {view['watering_hole']} food · draw pile {view['draw_pile']} · "
                f"discard pile {len(view['discard_pile'])}")
    if view.get("removed_unseen"):
        head.append(f" · {view['removed_unseen']} removed unseen")
    if view.get("variant") == "cs4500":
        head.append(" · CS 4500 course rules", style="magenta")
    elif view.get("quick_play"):
        head.append(" · quick play", style="magenta")
    return head


class NorthstarRenderer:
    """``render(view, viewer)`` -> a rich renderable; ``legend`` explains the symbols."""

    legend = LEGEND

    def __call__(self, view: dict[str, Any], viewer: int | None) -> RenderableType:
        current = view.get("current_player")
        over = "scores" in view
        breakdown = score_breakdown(view) if over else []
        lines: list[Text] = [_header(view)]
        for player in view["players"]:
            number = player["seat"]
            title = Text(f"Player {number + 1}" + (" (you)" if number == viewer else ""),
                         style="bold cyan" if number == viewer else "bold")
            if number == current:
                title.append(" ◀", style="bold green")
            if over:
                title.append(" " + _score_breakdown(breakdown[number], view["scores"][number]))
            else:
                title.append(f"  bag {player['bag']} · hand {player['hand_count']} · food card: ", style="dim")
                if "food_card" in player:
                    title.append(_card(player["food_card"]) if player["food_card"] else "—")
                else:
                    title.append("chosen (face down)" if player["food_card_chosen"] else "—")
            lines.append(title)
            species = [_species(i, s) for i, s in enumerate(player["species"])]
            lines.extend(pack(species) if species else [Text("  no species", style="dim")])
            if "hand" in player and not over:
                hand = [Text(_card(c), style="cyan") for c in player["hand"]] or [Text("empty", style="dim")]
                lines.extend(pack([Text("hand:", style="bold cyan"), *hand]))
        surplus = view.get("surplus_decision")
        if surplus:
            lines.append(Text(_surplus_text(surplus, viewer), style="bold yellow"))
        pending = view.get("pending")
        if pending and "store_surplus" not in pending:
            lines.append(Text(f"pending: {pending}", style="yellow"))
        if over:
            lines.append(Text("final scores: " + ", ".join(f"Player {i + 1}: {s}" for i, s in enumerate(view["scores"]))
                              + " · winner(s): " + ", ".join(f"Player {w + 1}" for w in view["winners"]),
                              style="bold green"))
        return Group(*lines)


render = NorthstarRenderer()
