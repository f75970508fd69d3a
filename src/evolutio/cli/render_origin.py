"""Terminal rendering of an ``origin`` view (see ``OriginState.view``) with rich."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

# short colour per trait kind (defence green, carnivore red, food yellow, paired cyan, parasite magenta)
_STYLE = {
    "carnivore": "bold red", "parasite": "magenta", "fat_tissue": "yellow", "big": "bold", "symbiosis": "cyan",
    "communication": "cyan", "cooperation": "cyan", "running": "green", "mimicry": "green", "tail_loss": "green",
    "camouflage": "green", "burrowing": "green", "swimming": "blue", "poisonous": "bright_red",
    "scavenger": "dark_orange", "piracy": "dark_orange", "tramp": "dark_orange", "hibernation": "bright_blue",
    "sharp_vision": "white",
}


def _trait_text(t: dict[str, Any]) -> Text:
    label = t["name"]
    if "partner" in t:
        role = {"symbiont": " (symbiont)", "protected": " (protected)"}.get(t.get("role", ""), "")
        label += f"↔A{t['partner']}{role}"
    return Text(label, style=_STYLE.get(t["trait"], ""))


def _tokens(a: dict[str, Any]) -> Text:
    out = Text()
    out.append("●" * a["food"], style="red")
    out.append("○" * max(0, a["need"] - a["food"]), style="dim")
    if a["fat_slots"]:
        out.append(" ")
        out.append("■" * a["fat"], style="yellow")
        out.append("□" * (a["fat_slots"] - a["fat"]), style="dim yellow")
    return out


def _animal_table(animals: list[dict[str, Any]]) -> RenderableType:
    if not animals:
        return Text("no animals", style="dim")
    t = Table(show_header=True, header_style="dim", box=None, pad_edge=False)
    t.add_column("animal", justify="right")
    t.add_column("traits")
    t.add_column("food / need / fat")
    t.add_column("state")
    for a in animals:
        traits = Text(", ").join(_trait_text(x) for x in a["traits"]) if a["traits"] else Text("—", style="dim")
        marks = []
        if a["fed"]:
            marks.append("[green]fed[/]")
        if a["hibernating"]:
            marks.append("[bright_blue]hibernating[/]")
        if a["poisoned"]:
            marks.append("[bright_red]poisoned[/]")
        if a["attacked_this_turn"]:
            marks.append("attacked")
        if a["hibernated_last_turn"]:
            marks.append("[dim]slept last turn[/]")
        card = a.get("card")
        idcell = f"A{a['id']}" + (f" [dim](card {card['id']} {card['name']})[/]" if card else "")
        t.add_row(idcell, traits, _tokens(a), " ".join(marks))
    return t


def _card_text(c: dict[str, Any]) -> Text:
    parts = [Text(x.replace("_", " ").title(), style=_STYLE.get(x, "")) for x in c["traits"]]
    return Text.assemble(f"{c['id']:>2} ", Text(" / ").join(parts), (f"  {c['ru']}", "dim"))


def _hand(cards: list[dict[str, Any]]) -> RenderableType:
    """Your hand with the slot numbers the ``animal`` action takes."""
    return Group(*[Text.assemble((f"[{i}] ", "dim"), _card_text(c)) for i, c in enumerate(cards)])


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    head = Text.assemble(
        ("turn ", "dim"), (str(view["turn"]), "bold"), ("  phase ", "dim"), (view["phase"], "bold"),
        ("  first player ", "dim"), (f"seat {view['first_player'] + 1}", "bold"),
        ("  food base ", "dim"), (str(view["food_base"]), "bold red"),
        (f" (dice {'+'.join(map(str, view['dice']))})" if view.get("dice") else "", "dim"),
        ("  deck ", "dim"), (str(view["deck_size"]), "bold"),
        ("  LAST TURN" if view.get("last_turn") else "", "bold magenta"),
    )
    parts: list[RenderableType] = [head]
    d = view.get("decision") or {}
    if view.get("to_act") is not None:
        who = "you" if view["to_act"] == seat else f"seat {view['to_act'] + 1}"
        extra = ""
        if d.get("kind") == "defence":
            extra = f": carnivore A{d['carnivore']} attacks A{d['target']}"
        elif d.get("kind") in ("trait_target", "trait_second_target"):
            extra = f": {d['trait'].replace('_', ' ')} (card {d['card']})"
        elif d.get("kind") == "attack_target":
            extra = f": carnivore A{d['carnivore']}"
        parts.append(Text(f"to decide: {who} — {d.get('kind', '').replace('_', ' ')}{extra}", style="bold cyan"))
    for p in view["players"]:
        title = f"seat {p['seat'] + 1}" + (" (you)" if p["seat"] == seat else "")
        sub = f"hand {p['hand_size']} · discard {p['discard_size']} · score {p['score']}"
        if view["phase"] == "development" and p.get("passed"):
            sub += " · passed"
        style = "bold green" if p["seat"] == view.get("to_act") else ""
        parts.append(Panel(_animal_table(p["animals"]), title=title, subtitle=sub, title_align="left",
                           subtitle_align="right", border_style=style or "dim"))
    me = next((p for p in view["players"] if p["seat"] == seat), None)
    if me is not None and "hand" in me:
        hand = _hand(me["hand"]) if me["hand"] else Text("empty", style="dim")
        parts.append(Panel(hand, title="your hand", title_align="left", border_style="blue"))
    if view["phase"] == "over":
        parts.append(Text("final scores: " + ", ".join(f"seat {i + 1}: {s}" for i, s in enumerate(view["scores"]))
                          + " — winner(s): " + ", ".join(f"seat {w + 1}" for w in view["winners"]), style="bold"))
    return Panel(Group(*parts), title="Evolution: The Origin of Species", border_style="white")
