"""Tail Loss (Отбрасывание хвоста): when attacked, drop one trait card of the animal (Tail Loss itself included) and
survive; the Carnivore gets only one blue token (rulings 42-43)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from evolutio.kernel import Action
from evolutio.kernel.flow import Refusal

from .. import actions
from . import EN, HOOKS, refuses, resolves
from .trematode import removal_refusal

if TYPE_CHECKING:   # (the trait modules are loaded by the rules they serve: their state is only a type)
    from ..flow import Defence, OriginFlow


@refuses("tail", "tail_loss")
def drop_refusal(state: OriginFlow, carnivore: int, target: int, rolled: bool, targeted: int,
                 card: int) -> Refusal | None:
    """Any trait card of the attacked animal may be dropped, Tail Loss itself included, but not Trematode (rulings 43,
    45, 66)."""
    if card in state.trait_cards[target]:
        return removal_refusal(state.card_trait[card])
    return Refusal(f"Tail Loss can drop only a trait card of the attacked animal A{target}; card {card} is not one")


@HOOKS.on("defences", "tail_loss", priority=2)
def offer_a_trait_to_drop(state: OriginFlow, carnivore: int, target: int, rolled: bool, targeted: int,
                          choices: list[Action]) -> bool:
    choices.extend(actions.TAIL[card] for card in state.trait_cards[target]   # drop_refusal allows exactly these
                   if removal_refusal(state.card_trait[card]) is None)
    return False


@resolves("tail")
def drop_a_trait(state: OriginFlow, attack: Defence, card: int) -> None:
    """``attack``: the defence step being answered (its carnivore and target)."""
    carnivore, target = attack.carnivore, attack.target
    if state.log_events:
        state.emit("tail_loss", {"text": f"Tail Loss: {state.animal_text(target)} drops "
                                 f"{EN[state.card_trait[card]]} (card {card}) and survives",
                                 "animal": target, "card": card})
    state.discard_trait(target, card)
    state.queue_blue_token(carnivore)
