"""Compact terminal rendering of a New World view (the ``renderer`` plug-in found through the registry): one header
line, the areas row packed into 80 columns, per player one line plus its animals packed, the viewer's hand, the
decision now, and at the end of the game each player's score broken down. ``render.legend`` explains the symbols."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from evolutio.kernel.terminal import pack

RECONSTRUCTED_MARK = "*"
#: the game's prompts start with the deciding player's name ("Player 2: "); the screen says "you" or the name
PROMPT_PREFIX = "Player "
#: a literal translation some names carry, e.g. "Grazing (lit. Hoofed)"; the screen shows the name alone
LITERAL_NOTE = re.compile(r" \(lit\. [^)]*\)")

LEGEND = """\
[10] Lakes    area slot 10 (actions name areas by slot); (Swimming): the trait
              an animal needs to feed there; 3f 1s: food and shelter tokens
A7            animal number 7 (actions name animals by this number)
●  ○          food the animal has / still needs
fat 2         fat stored on the animal; sheltered: it took a shelter token
Trait↔A3      a paired trait shared with animal A3
*             reconstructed data (the rules pack's proposal, not a printed card)
[18] A / B    your hand: card 18, its large trait / its small trait
◀             the player to decide now
points        per surviving animal, per trait card (a paired card counts once)
              plus the extra points some traits carry"""


def pack_titled(chunks: Iterable[Text]) -> list[Text]:
    """:func:`pack` with the first line not indented: its first chunk is a title."""
    return pack(chunks, first_indent="")


def short(name: str) -> str:
    """``name`` without its literal-translation note."""
    return LITERAL_NOTE.sub("", name)


def _trait_text(trait: dict[str, Any]) -> Text:
    label = short(trait["name"]) + (RECONSTRUCTED_MARK if trait.get("reconstructed") else "")
    if "partner" in trait:
        role = f"({trait['role']})" if "role" in trait else ""
        label += f"↔A{trait['partner']}{role}"
    return Text(label, style="bold red" if trait["trait"] == "carnivorous" else "")


def _animal_text(animal: dict[str, Any]) -> Text:
    out = Text(f"A{animal['animal']}", style="bold")
    if animal["traits"]:
        out.append(" ")
        out.append_text(Text(",").join(_trait_text(trait) for trait in animal["traits"]))
    out.append(" ")
    out.append("●" * animal["food"], style="green")
    out.append("○" * max(0, animal["need"] - animal["food"]), style="dim")
    if animal["fat"]:
        out.append(f" fat {animal['fat']}", style="yellow")
    if animal["shelter"]:
        out.append(" sheltered", style="cyan")
    return out


def _area_text(area: dict[str, Any]) -> list[Text]:
    mark = RECONSTRUCTED_MARK if area.get("reconstructed") else ""
    halves = []
    for half in area["halves"]:
        text = Text(f"[{half['slot']}] ", style="dim")
        text.append(half["name"] + mark, style="bold")
        if half["requires"]:
            text.append(f" ({half['requires']})")
        text.append(f" {half['food']}f {half['shelter']}s")
        halves.append(text)
    return halves


def _card_text(card: dict[str, Any]) -> Text:
    return Text.assemble((f"[{card['card']}] ", "dim"), (short(card["text"]), "cyan"))


def _score_breakdown(parts: dict[str, int], total: int) -> str:
    if sum(parts.values()) != total:
        return f"{total} points"
    return f"{total} points = " + " + ".join(f"{value} for {what}" for what, value in parts.items())


def _prompt_text(view: dict[str, Any], viewer: int | None) -> Text | None:
    prompt, to_act = view.get("prompt"), view.get("to_act")
    if not prompt or to_act is None:
        return None
    prefix = f"{PROMPT_PREFIX}{to_act + 1}: "
    if prompt.startswith(prefix):
        prompt = prompt[len(prefix):]
    who = "you" if to_act == viewer else f"Player {to_act + 1}"
    return Text(f"{who}: {prompt}", style="bold cyan")


def _header(view: dict[str, Any]) -> Text:
    head = Text()
    head.append(f"period {view['period']}", style="bold")
    if view["final_period"]:
        head.append(" (final)", style="yellow")
    head.append(f" · {view['phase']} · first player {view['first_player'] + 1}")
    head.append(f" · area deck {view['area_deck']} · deck {view['deck']} · discard {view['discard']}", style="dim")
    return head


class NewWorldRenderer:
    """``render(view, viewer)`` -> a rich renderable; ``legend`` explains the symbols."""

    legend = LEGEND

    def __call__(self, view: dict[str, Any], viewer: int | None) -> RenderableType:
        over = view.get("scores") is not None
        lines: list[Text] = [_header(view)]
        areas = [half for area in view["areas"] for half in _area_text(area)]
        lines.extend(pack_titled([Text("areas:", style="bold"), *areas]))
        for player in view["players"]:
            number = player["seat"]
            title = Text(f"Player {number + 1}" + (" (you)" if number == viewer else ""),
                         style="bold cyan" if number == viewer else "bold")
            if number == view.get("to_act"):
                title.append(" ◀", style="bold green")
            if over:
                breakdown = view.get("score_breakdown")
                total = view["scores"][number]
                title.append(" " + (_score_breakdown(breakdown[number], total) if breakdown else f"{total} points"))
            else:
                title.append(f"  hand {player['hand_size']}" + (" · passed" if player["passed"] else ""),
                             style="dim")
            animals = [_animal_text(animal) for animal in player["animals"]] or [Text("no animals", style="dim")]
            lines.extend(pack_titled([title, *animals]))
            if player.get("hand") and not over:
                lines.extend(pack_titled([Text("  hand:", style="bold cyan"), *map(_card_text, player["hand"])]))
        prompt = _prompt_text(view, viewer)
        if prompt is not None and not over:
            lines.append(prompt)
        if over:
            lines.append(Text("final scores: " + ", ".join(f"Player {i + 1}: {s}" for i, s in enumerate(view["scores"]))
                              + " · winner(s): " + ", ".join(f"Player {w + 1}" for w in view["winners"]),
                              style="bold green"))
        return Group(*lines)


render = NewWorldRenderer()
