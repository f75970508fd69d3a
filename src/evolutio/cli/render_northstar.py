"""Terminal rendering of a northstar view: hand, food card, every player's species boards, watering hole, bags."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

_SHORT = {
    "carnivore": "Carnivore", "ambush": "Ambush", "burrowing": "Burrowing", "climbing": "Climbing",
    "cooperation": "Cooperation", "defensive-herding": "Def. Herding", "fat-tissue": "Fat Tissue",
    "fertile": "Fertile", "foraging": "Foraging", "hard-shell": "Hard Shell", "horns": "Horns",
    "intelligence": "Intelligence", "long-neck": "Long Neck", "pack-hunting": "Pack Hunting",
    "scavenger": "Scavenger", "symbiosis": "Symbiosis", "warning-call": "Warning Call",
}


def _card(c: dict[str, Any]) -> str:
    f = c["food"]
    return f"{_SHORT.get(c['trait'], c['trait'])} [{'+' if f > 0 else ''}{f}]"


def _trait(t: dict[str, Any]) -> Text:
    if "trait" not in t:
        return Text("▒ face down", style="dim")
    label = _SHORT.get(t["trait"], t["trait"])
    style = "bold red" if t["trait"] == "carnivore" else ""
    txt = Text(label, style=style)
    if t.get("face_down"):
        txt.append(" (face down)", style="dim")
    return txt


def _species_table(species: list[dict[str, Any]]) -> RenderableType:
    if not species:
        return Text("  no species", style="dim")
    t = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    t.add_column("#", justify="right")
    t.add_column("body", justify="right")
    t.add_column("pop", justify="right")
    t.add_column("food", justify="left")
    t.add_column("fat", justify="right")
    t.add_column("traits")
    for i, s in enumerate(species):
        pop, food = s["population"], s["food"]
        bar = Text("●" * food, style="green") + Text("○" * max(0, pop - food), style="dim")
        traits = Text(", ").join(_trait(x) for x in s["traits"]) if s["traits"] else Text("—", style="dim")
        t.add_row(str(i + 1), str(s["body"]), str(pop), bar, str(s["fat"]) if s["fat"] else "", traits)
    return t


def _surplus_text(d: dict[str, Any], seat: int | None) -> str:
    who = "you decide" if d["player"] == seat else f"player {d['player'] + 1} decides"
    where = "the bank" if d["source"] == "bank" else "the watering hole"
    return (f"Fat Tissue: {who} how much of the {d['surplus']} surplus {d['food']} to store on species "
            f"{d['species'] + 1} ({d['least']}–{d['most']}; the rest stays in {where})")


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    cur = view.get("current_player")
    head = Text()
    head.append(f"round {view['round']}", style="bold")
    if view.get("last_round"):
        head.append(f" (last round: {view['last_round']})", style="yellow")
    head.append(f" · {view['phase']} · first player {view['first_player'] + 1}")
    if cur is not None:
        head.append(f" · to act: player {cur + 1}", style="bold cyan")
    head.append(f"\nwatering hole: {view['watering_hole']} food · draw pile {view['draw_pile']} · "
                f"discard pile {len(view['discard_pile'])}")
    if view.get("removed_unseen"):
        head.append(f" · {view['removed_unseen']} cards removed unseen")
    if view.get("card_data") and "approximate" in view["card_data"]:
        head.append("\n" + view["card_data"], style="dim")
    if view.get("variant") == "cs4500":
        head.append(" · CS 4500 course rules", style="magenta")
    elif view.get("quick_play"):
        head.append(" · quick play", style="magenta")
    parts: list[RenderableType] = [head]
    for p in view["players"]:
        i = p["seat"]
        title = f"player {i + 1}" + (" (you)" if i == seat else "") + (" ◀" if i == cur else "")
        info = Text(f"bag {p['bag']} · {p['hand_count']} card(s) in hand · food card: ")
        if "food_card" in p:
            info.append(_card(p["food_card"]) if p["food_card"] else "—")
        else:
            info.append("chosen (face down)" if p["food_card_chosen"] else "—")
        body: list[RenderableType] = [info, _species_table(p["species"])]
        if "hand" in p:
            body.append(Text("hand: " + (", ".join(_card(c) for c in p["hand"]) or "empty"), style="cyan"))
        parts.append(Panel(Group(*body), title=title, title_align="left",
                           border_style="cyan" if i == seat else "white"))
    sur = view.get("surplus_decision")
    if sur:
        parts.append(Text(_surplus_text(sur, seat), style="bold yellow"))
    pend = view.get("pending")
    if pend and "store_surplus" not in pend:
        parts.append(Text(f"pending: {pend}", style="yellow"))
    if "scores" in view:
        parts.append(Text("scores: " + ", ".join(f"player {i + 1}: {s}" for i, s in enumerate(view["scores"]))
                          + " · winner(s): " + ", ".join(f"player {w + 1}" for w in view["winners"]),
                          style="bold green"))
    return Group(*parts)
