"""Compact terminal rendering of an ``origin`` view (see ``OriginState.view``) with rich: one header line, one line
per player plus its animals packed into 80 columns, the hand on as few lines as it takes, and at the end of the game
each player's score broken down. The terminal finds it through ``OriginGame.plugins["renderer"]``."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from evolutio.kernel.terminal import pack

#: points an animal scores by itself; its traits add the rest
POINTS_PER_ANIMAL = 2

# colour per trait kind (defence green, carnivore red, food yellow, paired cyan, parasite magenta)
TRAIT_STYLE = {
    "carnivore": "bold red", "parasite": "magenta", "fat_tissue": "yellow", "big": "bold", "symbiosis": "cyan",
    "communication": "cyan", "cooperation": "cyan", "running": "green", "mimicry": "green", "tail_loss": "green",
    "camouflage": "green", "burrowing": "green", "swimming": "blue", "poisonous": "bright_red",
    "scavenger": "dark_orange", "piracy": "dark_orange", "tramp": "dark_orange", "hibernation": "bright_blue",
    "sharp_vision": "white", "shy": "green", "voracious": "yellow", "r_strategy": "bright_magenta",
    "herding": "green", "migration": "bright_cyan", "remora": "bright_cyan", "regeneration": "bright_green",
    "toxic": "bright_red", "recombination": "cyan", "edificator": "yellow", "neoplasia": "magenta",
    "insulation": "bright_cyan", "immunity": "bright_green",
    # Time to Fly
    "flight": "green", "ink_cloud": "green", "shell": "green", "intellect": "bold red", "ambush": "bold red",
    "anglerfish": "bold red", "specialization_a": "yellow", "specialization_b": "yellow", "metamorphosis": "yellow",
    "viviparous": "bright_magenta", "trematode": "magenta",
}
#: Continents' locations as the board names them, in the view's order
LOCATION_WORDS = {"laurasia": "Laurasia", "gondwana": "Gondwana", "ocean": "Ocean"}
#: points an animal in the Ocean scores on top (Continents)
OCEAN_POINTS = 1
#: the mark of a card whose data is the project's reconstruction (Ice Age), wherever it is shown
RECONSTRUCTED_MARK = "*"
#: how the expansions' per-turn marks (the view's ``marks``) read on the board (self-explaining: the legend must fit
#: the help screen)
MARK_WORDS = {"voracious_used": "ate extra", "shy_attacked": "shy: safe this turn", "migrated": "migrated",
              "paralysed": "paralysed (traits off)", "regenerated": "regenerated",
              "recombination_used": "recombined",
              "hunter_revealed": "Hunter: a Carnivore", "hunter_counterattack": "counterattacked",
              "in_shell": "in its shell", "ink_cloud_used": "ink used", "gave_birth": "gave birth",
              "synthesis_used": "synthesised", "metamorphosis_used": "metamorphosed",
              "attacked_this_round": "", "ambushing": ""}   # ("" : not shown — "attacked" says it)

LEGEND = """\
A7            animal number 7 (actions name animals by this number)
●  ○          food the animal has / still needs (red or blue tokens alike)
■  □          fat (yellow) tokens stored / free Fat Tissue slots
Trait↔A3      a paired trait shared with animal A3
fed, sleeps   fed this turn; hibernating
slept…        hibernated last turn (may not hibernate again now)
poisoned      dies at the end of the turn (Poisonous)
[2] 35 Name   your hand: slot 2 holds card 35 ('play … (hand slot 2)')
◀             the player to decide now · Name* an Ice Age card reconstructed
points        2 per animal, 1 per trait plus the food the trait adds to the
              animal's need; ties: more cards discarded wins"""


def _trait_text(trait: dict[str, Any]) -> Text:
    label = trait["name"]
    if "partner" in trait:
        role = {"symbiont": "(symbiont)", "protected": "(protected)"}.get(trait.get("role", ""), "")
        label += f"↔A{trait['partner']}{role}"
    if trait.get("reconstructed"):
        label += RECONSTRUCTED_MARK
    return Text(label, style=TRAIT_STYLE.get(trait["trait"], ""))


def _animal_text(animal: dict[str, Any]) -> Text:
    out = Text(f"A{animal['id']}", style="bold")
    if animal["traits"]:
        out.append(" ")
        out.append_text(Text(",").join(_trait_text(t) for t in animal["traits"]))
    out.append(" ")
    out.append("●" * animal["food"], style="red")
    out.append("○" * max(0, animal["need"] - animal["food"]), style="dim")
    if animal["fat_slots"]:
        out.append("■" * animal["fat"], style="yellow")
        out.append("□" * (animal["fat_slots"] - animal["fat"]), style="dim yellow")
    marks = [("fed", animal["fed"], "green"), ("sleeps", animal["hibernating"], "bright_blue"),
             ("poisoned", animal["poisoned"], "bright_red"), ("attacked", animal["attacked_this_turn"], ""),
             ("slept last turn", animal["hibernated_last_turn"], "dim"),
             ("regenerating", animal.get("regenerating", False), "bright_green")]
    for word, present, style in marks:
        if present:
            out.append(f" {word}", style=style)
    for mark in animal.get("marks", ()):
        word = MARK_WORDS.get(mark, mark.replace("_", " "))
        if word:
            out.append(f" {word}", style="dim")
    return out


def _card_text(slot: int, card: dict[str, Any]) -> Text:
    names = Text("/").join(Text(x.replace("_", " ").title(), style=TRAIT_STYLE.get(x, "")) for x in card["traits"])
    mark = RECONSTRUCTED_MARK if card.get("reconstructed") else ""
    return Text.assemble((f"[{slot}] ", "dim"), f"{card['id']} ", names, mark)


def score_breakdown(view: dict[str, Any]) -> list[dict[str, int]]:
    """Each player's score by source, in seat order: its animals (``POINTS_PER_ANIMAL`` each) and the trait cards on
    them (the rest of the score: a point per card plus the extra food some traits need). The parts add up to the
    score the view gives; the terminal's end screen and the web's (``OriginGame.plugins["score_breakdown"]``) show
    them."""
    breakdown = []
    for player in view["players"]:
        living = [a for a in player["animals"] if not a.get("regenerating")]
        animals = POINTS_PER_ANIMAL * len(living)
        ocean = OCEAN_POINTS * sum(1 for a in living if a.get("location") == "ocean")
        parts = {"animals": animals, "traits": player["score"] - animals - ocean}
        if "locations" in view:
            parts["ocean"] = ocean
        breakdown.append(parts)
    return breakdown


def _score_breakdown(player: dict[str, Any], parts: dict[str, int]) -> str:
    animals = parts["animals"] // POINTS_PER_ANIMAL
    ocean = f" + {parts['ocean']} for the Ocean" if parts.get("ocean") else ""
    return (f"{player['score']} points = {animals} animal(s) × {POINTS_PER_ANIMAL} + {parts['traits']} for traits"
            f"{ocean} · {player['discard_size']} discarded")


def _header(view: dict[str, Any], viewer: int | None) -> list[Text]:
    head = Text.assemble(
        ("turn ", "dim"), (str(view["turn"]), "bold"), (" · ", "dim"), (view["phase"], "bold"),
        (" · first player ", "dim"), (str(view["first_player"] + 1), "bold"),
        (" · food base ", "dim"), (str(view["food_base"]), "bold red"),
        (" (" + ", ".join(f"{LOCATION_WORDS[name]} {place['food']}" for name, place in view["locations"].items())
         + ")" if "locations" in view else "", "red"),
        (f" (dice {'+'.join(map(str, view['dice']))})" if view.get("dice") else "", "dim"),
        (" · deck ", "dim"), (str(view["deck_size"]), "bold"),
        (" · LAST TURN" if view.get("last_turn") else "", "bold magenta"),
    )
    lines = [head]
    if view.get("nature") is not None:
        lines.append(_nature_line(view["nature"]))
    if view.get("loose_shells") and "locations" in view:   # with locations each lies in one
        lines.append(Text("loose Shells: " + "; ".join(
            f"{LOCATION_WORDS[name]} {', '.join(map(str, place['loose_shells']))}"
            for name, place in view["locations"].items() if place.get("loose_shells")), style="green"))
    elif view.get("loose_shells"):
        lines.append(Text(f"loose Shells in the centre: {', '.join(map(str, view['loose_shells']))}", style="green"))
    for choice in view.get("ignores", ()):
        lines.append(Text(f"Intellect: A{choice['carnivore']} ignores {choice['trait'].replace('_', ' ')} of "
                          f"A{choice['target']} this turn", style="dim"))
    decision = view.get("decision") or {}
    if view.get("to_act") is not None and decision.get("kind") not in (None, "none", "development", "feeding"):
        who = "you" if view["to_act"] == viewer else f"Player {view['to_act'] + 1}"
        extra = ""
        if decision["kind"] == "defence":
            extra = f": carnivore A{decision['carnivore']} attacks A{decision['target']}"
        elif decision["kind"] in ("trait_target", "trait_second_target"):
            extra = f": {decision['trait'].replace('_', ' ')} (card {decision['card']})"
        elif decision["kind"] == "attack_target":
            extra = f": carnivore A{decision['carnivore']}"
        elif decision["kind"] == "settle":
            extra = f": the continent of new animal A{decision['animal']}"
        elif decision["kind"] == "regeneration_card":
            extra = f": the hand card that goes under eaten A{decision['animal']}"
        elif decision["kind"] == "recombination_gift":
            extra = f": the trait A{decision['giver']} gives (Recombination card {decision['card']})"
        elif decision["kind"] == "remora_follow":
            extra = (f": Remoras may follow A{decision['migrant']} from {LOCATION_WORDS[decision['origin']]} to "
                     f"{LOCATION_WORDS[decision['destination']]}")
        elif decision["kind"] == "swimming_card":
            extra = (f": the card of the discard pile A{decision['animal']} takes as Swimming to leave the Ocean for "
                     f"{LOCATION_WORDS[decision['destination']]}")
        elif decision["kind"] in ("intellect", "hunter"):
            extra = f": carnivore A{decision['carnivore']} attacks A{decision['target']}"
        elif decision["kind"] == "ambush":
            extra = f": A{decision['taker']} is taking a red token"
        lines.append(Text(f"to decide: {who} — {decision['kind'].replace('_', ' ')}{extra}", style="bold cyan"))
    return lines


def _nature_line(nature: dict[str, Any]) -> Text:
    """Ice Age: the revealed nature-change card, marked when it is reconstructed, and the deck's size."""
    card = nature["revealed"]
    line = Text("nature: ", style="dim")
    if card is None:
        line.append("no card revealed yet", style="dim")
    else:
        line.append(card["name"] + (RECONSTRUCTED_MARK + " (reconstructed)" if card["reconstructed"] else ""),
                    style="bold bright_cyan")
        line.append(f" — {card['text']}")
        if nature["pending"]:
            line.append(f" [acts: {card['when'].replace('_', ' ')}]", style="yellow")
    line.append(f" · nature deck {nature['deck_size']}", style="dim")
    return line


class OriginRenderer:
    """``render(view, viewer)`` -> a rich renderable; ``legend`` explains the symbols."""

    legend = LEGEND

    def __call__(self, view: dict[str, Any], viewer: int | None) -> RenderableType:
        lines = _header(view, viewer)
        over = view["phase"] == "over"
        breakdown = score_breakdown(view) if over else []
        for player in view["players"]:
            number = player["seat"]
            title = Text(f"Player {number + 1}" + (" (you)" if number == viewer else ""),
                         style="bold cyan" if number == viewer else "bold")
            if number == view.get("to_act"):
                title.append(" ◀", style="bold green")
            if over:
                title.append(" " + _score_breakdown(player, breakdown[number]))
            else:
                title.append(f"  hand {player['hand_size']} · discard {player['discard_size']} · "
                             f"score {player['score']}", style="dim")
                if view["phase"] == "development" and player.get("passed"):
                    title.append(" · passed", style="yellow")
            lines.append(title)
            if "locations" in view and player["animals"]:
                for name, words in LOCATION_WORDS.items():
                    here = [_animal_text(a) for a in player["animals"] if a["location"] == name]
                    if here:
                        lines.append(Text(f" {words}:", style="dim"))
                        lines.extend(pack(here))
                continue
            animals = [_animal_text(a) for a in player["animals"]]
            lines.extend(pack(animals) if animals else [Text("  no animals", style="dim")])
        me = next((p for p in view["players"] if p["seat"] == viewer), None)
        if me is not None and "hand" in me and not over:
            cards = [_card_text(i, c) for i, c in enumerate(me["hand"])]
            lines.append(Text("your hand:", style="bold blue"))
            lines.extend(pack(cards) if cards else [Text("  empty", style="dim")])
        if over:
            lines.append(Text("final scores: " + ", ".join(f"Player {i + 1}: {s}" for i, s in enumerate(view["scores"]))
                              + " — winner(s): " + ", ".join(f"Player {w + 1}" for w in view["winners"]),
                              style="bold green"))
        return Group(*lines)


render = OriginRenderer()
