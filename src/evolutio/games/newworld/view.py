"""Per-seat views (exactly what a seat may know) and actions in words.

Hidden from everyone: the evolution deck, the discard pile's faces, the area deck and the boxed area cards. Hidden
from other seats: a hand (only its size is shown) and the face of each face-down animal card."""

from __future__ import annotations

from typing import Any

from evolutio.kernel import Action, IllegalAction

from .data import NO_TRAITS, TRAIT_INDEX
from .state import NO_ANIMAL, SYMBIOSIS, NewWorldState

#: once-per-feeding-phase marks an animal may carry (rotated cards), in view order
ROTATING = ("carnivorous", "piracy", "metamorphosis", "mimicry")
HIBERNATED_BIT = 1 << TRAIT_INDEX["hibernation"]
#: the rotating marks with their bits in ``state.used``
ROTATING_BITS = tuple((name, 1 << TRAIT_INDEX[name]) for name in ROTATING)


def card_json(state: NewWorldState, card: int) -> dict[str, Any]:
    traits = state.data.traits
    large, small = traits[state.data.card_large[card]], traits[state.data.card_small[card]]
    return {"card": card, "large": large.id, "small": small.id, "text": f"{large.en} / {small.en}"}


def traits_json(state: NewWorldState, animal: int) -> list[dict[str, Any]]:
    """The trait cards on ``animal``, in the order they lie (a paired card names the partner, a Symbiosis card the
    animal's role)."""
    traits = state.data.traits
    card_trait = state.card_trait
    card_partner = state.card_partner
    card_host = state.card_host
    out = []
    for card in state.animal_cards[animal]:
        trait_index = card_trait[card]
        trait = traits[trait_index]
        entry: dict[str, Any] = {"card": card, "trait": trait.id, "name": trait.en, "cs": trait.cs}
        if trait.reconstructed:
            entry["reconstructed"] = True
        partner = card_partner[card]
        if partner != NO_ANIMAL:
            host = card_host[card]
            entry["partner"] = partner if host == animal else host   # (state.partner, inline)
            if trait_index == SYMBIOSIS:
                entry["role"] = "guardian" if host == animal else "ward"
        out.append(entry)
    return out


def animal_json(state: NewWorldState, animal: int, seat: int | None, show_card: bool | None = None) -> dict[str, Any]:
    """The animal as ``seat`` sees it; ``show_card``: may the seat see its own animals' cards (``None``: asked of the
    options; a view of many animals asks once)."""
    food = state.food[animal]
    need = state.needs[animal]
    used = state.used[animal]
    entry: dict[str, Any] = {
        "animal": animal,
        "traits": traits_json(state, animal) if state.animal_cards[animal] else [],
        "food": food, "need": need, "hungry": food < need,
        "fat": state.fat[animal], "shelter": bool(state.shelter[animal]),
        "rotated": [name for name, bit in ROTATING_BITS if used & bit] if used else [],
    }
    if state.poisoned[animal]:
        entry["poisoned"] = True
    if state.survived[animal]:
        entry["survived_attack"] = True
    if used & HIBERNATED_BIT:
        entry["hibernating"] = True
    if show_card is None:
        show_card = not state.options["random_mutations"]
    if show_card and seat == state.animal_owner[animal]:
        entry["card"] = card_json(state, state.animal_card[animal])
    return entry


def area_json(state: NewWorldState, area: int) -> dict[str, Any]:
    card = state.data.areas[area]
    halves = []
    for index, half in enumerate(card.halves):
        slot = 2 * area + index
        requires = None if half.requires is None else (
            "no traits" if half.requires == NO_TRAITS else state.data.traits[TRAIT_INDEX[half.requires]].en)
        halves.append({"slot": slot, "name": half.en, "cs": half.cs, "requires": requires,
                       "food": state.area_food[slot], "shelter": state.area_shelter[slot],
                       "symbols": {"food": half.food, "shelter": half.shelter}})
    entry: dict[str, Any] = {"area": card.id, "name": card.en, "cs": card.cs, "halves": halves}
    if card.swamp:
        entry["swamp"] = True
    if card.reconstructed:
        entry["reconstructed"] = True
    return entry


def build_view(state: NewWorldState, seat: int | None) -> dict[str, Any]:
    step = state.step
    players = []
    show_cards = not state.options["random_mutations"]
    for player in range(state.num_players):
        entry: dict[str, Any] = {
            "seat": player, "hand_size": len(state.hands[player]), "passed": bool(state.passed[player]),
            "animals": [animal_json(state, animal, seat, show_cards) for animal in state.rows[player]],
        }
        if player == seat and show_cards:
            entry["hand"] = [card_json(state, card) for card in state.hands[player]]
        players.append(entry)
    view: dict[str, Any] = {
        "game": "newworld", "seat": seat, "period": state.period, "final_period": bool(state.final),
        "phase": state.phase, "first_player": state.first_player, "to_act": state.current_player,
        "decision": None if step is None else step.name,
        "held": state.held,
        "prompt": None if step is None or state.current_player is None else step.prompt(state),
        "areas": [area_json(state, area) for area in state.area_row],
        "area_deck": len(state.area_deck), "areas_boxed": len(state.area_box),
        "areas_discarded": [state.data.areas[area].id for area in state.area_discard],
        "deck": len(state.deck), "discard": len(state.discard), "cards_boxed": len(state.card_box),
        "players": players,
        "data": {"source": state.data.source,
                 "note": "entries marked reconstructed are the rules pack's proposals, not the printed cards"},
    }
    if state.is_terminal:
        view["scores"] = state.scores()
        view["winners"] = state.winners()
        view["score_breakdown"] = [score_breakdown(state, seat) for seat in range(state.num_players)]
    return view


def score_breakdown(state: NewWorldState, player: int) -> dict[str, int]:
    """The parts of ``player``'s final score (they add up to it): surviving animals, trait cards (a paired card counts
    once) and the extra points some traits carry."""
    data = state.data
    animals = len(state.rows[player])
    cards = bonus = 0
    for animal in state.rows[player]:
        for card in state.animal_cards[animal]:
            if state.card_host[card] == animal:
                cards += 1
                bonus += data.traits[state.card_trait[card]].score_bonus
    return {"animals": animals * data.score_per_animal, "trait cards": cards * data.score_per_trait_card,
            "trait bonuses": bonus}


def describe(state: NewWorldState, action: Action) -> str:
    """The action in words (distinct legal actions read differently)."""
    kind, args = action.kind, action.args
    try:
        state.game.action_schema().encode(action)
    except IllegalAction:
        return str(action)  # not an action of this game (wrong kind, arity or range): its plain form
    traits = state.data.traits

    def side(card: int, side_index: int) -> str:
        trait = state.data.card_large[card] if side_index == 0 else state.data.card_small[card]
        return traits[trait].en

    def slot_name(slot: int) -> str:
        areas = state.data.areas
        if slot >> 1 >= len(areas) or slot & 1 >= len(areas[slot >> 1].halves):
            return f"area slot {slot}"
        return f"{areas[slot >> 1].halves[slot & 1].en} (slot {slot})"

    if kind == "play_animal":
        return f"play card {args[0]} as a new animal"
    if kind == "play_trait":
        return f"play card {args[0]} as {side(args[0], args[1])} on animal {args[2]}"
    if kind == "play_paired":
        where = "right" if args[3] == 0 else "left"
        if (state.data.card_large[args[0]] if args[1] == 0 else state.data.card_small[args[0]]) == SYMBIOSIS:
            return f"play card {args[0]} as Symbiosis: guardian {args[2]}, ward its {where} neighbour"
        return f"play card {args[0]} as {side(args[0], args[1])} linking animal {args[2]} and its {where} neighbour"
    if kind == "move":
        return f"move the block starting with animal {args[0]} to position {args[1]}"
    if kind == "reverse":
        return f"turn round the block starting with animal {args[0]}"
    if kind in ("shelter", "feed"):
        verb = "take shelter" if kind == "shelter" else "take 1 food"
        return f"animal {args[0]}: {verb} from {slot_name(args[1])}"
    if kind == "attack":
        return f"animal {args[0]} attacks animal {args[1]}"
    if kind == "piracy":
        return f"animal {args[0]} uses Piracy on animal {args[1]}"
    if kind == "metamorphosis":
        trait = state.card_trait[args[1]] if 0 <= args[1] < len(state.card_trait) else -1
        name = traits[trait].en if trait >= 0 else f"card {args[1]}"
        return f"animal {args[0]} uses Metamorphosis, discarding {name} (card {args[1]})"
    if kind == "morph_trait":
        return f"Metamorphosis: take card {args[0]} as {side(args[0], args[1])}"
    if kind == "morph_paired":
        where = "right" if args[2] == 0 else "left"
        return f"Metamorphosis: take card {args[0]} as {side(args[0], args[1])}, linked to the {where} neighbour"
    if kind == "trigger":
        trait = state.card_trait[args[0]] if 0 <= args[0] < len(state.card_trait) else -1
        name = traits[trait].en if trait >= 0 else "a trait"
        return f"let {name} (card {args[0]}) act first"
    if kind == "defend":
        return f"animal {args[0]} defends with {traits[args[1]].en}"
    if kind == "drop_trait":
        trait = state.card_trait[args[1]]
        name = traits[trait].en if trait >= 0 else "a trait"
        return f"Tail Loss: animal {args[0]} discards {name} (card {args[1]})"
    if kind == "redirect":
        return f"Mimicry: the attack on animal {args[0]} moves to animal {args[1]}"
    if kind == "graze":
        return f"Grazing: animal {args[0]} returns 1 more food of {slot_name(args[1])} to the supply"
    if kind == "skip_grazing":
        return f"Grazing: animal {args[0]} leaves the food"
    if kind == "scavenge":
        return f"Scavenger: animal {args[0]} feeds on the dead"
    if kind == "use_fat":
        return f"animal {args[0]} spends fat to be fed"
    if kind == "hibernate":
        return f"animal {args[0]} hibernates"
    if kind == "mutate_trait":
        return f"reveal the top gene-pool card as a trait for animal {args[0]}"
    if kind == "give_side":
        where = "" if args[1] == 0 else " (linking to the left neighbour)"
        return f"give the {'large' if args[0] == 0 else 'small'} side{where}"
    if kind == "discard":
        return f"discard card {args[0]}"
    words = {"pass": "pass", "end_turn": "end the turn", "accept_attack": "let the attack succeed",
             "done": "done saving animals", "mutate_animal": "take the top gene-pool card as a new animal",
             "morph_food": "Metamorphosis: take 1 food",
             "morph_nothing": "Metamorphosis: take nothing"}
    return words.get(kind, str(action))
