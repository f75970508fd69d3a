"""Regeneration (Регенерация; Continents): it goes only on an animal with no traits or with one trait that does not
raise need; the animal then takes at most one more trait, which must not raise need (paired traits count). When the
animal is eaten, its trait cards stay on the table as a husk (they do not work and need no food; nobody can attack
it); in the extinction phase, before the deal, its owner puts a card from hand of their choice (``regenerate``, naming
the hand slot; the decision ``regeneration_card`` in ``choices.py``, asked when the hand holds two cards or more) or
the deck's top card if the hand is empty under them as the new animal and draws no card for it. With no card
anywhere the traits stay and score to the end. It does not save from starvation (NOTES §9.3, rulings 9, 58, 70)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel.flow import Refusal

from ..geography import REGENERATED as REGENERATED_MARK
from . import FOOD, HOOKS, REGENERATION, card_name, mark_kind, trait_choice

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import OriginFlow

#: the animals that got a new animal card at this deal
REGENERATED = mark_kind(REGENERATED_MARK, "turn")
ONLY_ON_SIMPLE = Refusal("Regeneration goes only on an animal with no traits or with one trait that does not raise "
                         "need (ruling 9)")
FULL = Refusal("an animal with Regeneration takes at most one more trait, and one that does not raise need "
               "(ruling 9)")


#: the decision of the hand card put under a husk (argument: the hand slot)
UNDER = "regenerate"


def describe_card(state: OriginFlow, slot: int) -> str:
    hand = state.hands[state.current_player] if state.current_player is not None else []
    what = f"{card_name(state.config.faces[hand[slot]])} card {hand[slot]} (hand slot {slot})" \
        if 0 <= slot < len(hand) else f"the card in hand slot {slot}"
    return f"Regeneration: put {what} under your eaten animal as its new animal card"


trait_choice("regeneration", UNDER, "hand slot", describe_card)


@HOOKS.on("placement", "regeneration")
def only_on_a_simple_animal(state: OriginFlow, player: int, trait: int, animal: int) -> Refusal | None:
    cards = state.trait_cards[animal]
    if not cards or (len(cards) == 1 and not FOOD[state.card_trait[cards[0]]]):
        return None
    return ONLY_ON_SIMPLE


@HOOKS.on("accepts_trait", "regeneration")
def one_more_at_most(state: OriginFlow, animal: int, trait: int) -> Refusal | None:
    others = [c for c in state.trait_cards[animal] if state.card_trait[c] != REGENERATION]
    return FULL if others or FOOD[trait] else None


@HOOKS.on("on_eaten", "regeneration")
def leave_the_traits(state: OriginFlow, carnivore: int, target: int) -> str | None:
    state.husks |= 1 << target   # ``_remove_animal`` keeps the traits of a husk on the table
    return "(its Regeneration traits stay on the table)"


@HOOKS.on("withholds_draw", "regeneration")
def no_card_for_the_regenerated(state: OriginFlow, animal: int) -> bool:
    """An animal regenerated at this deal (``locations.Locations.cards_withheld``) draws its owner no card."""
    return state.marked(REGENERATED_MARK, animal)


@HOOKS.on("turn_start", "regeneration", priority=1)
def reborn_at_this_deal_no_more(state: OriginFlow) -> None:
    """After the new turn's births (r-Strategy's, which a regenerated animal does not give: ruling 84)."""
    state.reborn = 0
