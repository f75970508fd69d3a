"""Where the cards of an ``origin`` game are: the audit that every card id is in exactly one place (deck, hands,
animals, traits, discard piles, the box, the centre of the table), used by the tests of every set's deck."""

from __future__ import annotations

from typing import Protocol

from .config import Config


class CardPlaces(Protocol):
    """The places of a game's cards (``rules.OriginRules`` has them all)."""

    config: Config
    player_count: int
    deck: list[int]
    out_of_play: list[int]
    hands: list[list[int]]
    discard: list[list[int]]
    animals: list[list[int]]
    animal_card: list[int]
    trait_cards: list[tuple[int, ...]]

    def loose_cards(self) -> list[int]: ...


def card_census(state: CardPlaces) -> dict[str, int]:
    """How many cards are in each place, and ``total``; raises ``AssertionError`` if a card is in two places (a paired
    trait card counts once, under both its animals) or nowhere."""
    seen: dict[int, str] = {}
    out = {
        "deck": len(state.deck),
        "hands": 0,
        "animals": 0,
        "traits": 0,
        "discard": 0,
        "box": len(state.out_of_play),
        "centre": len(state.loose_cards()),
    }

    def put(c: int, where: str) -> None:
        if c in seen and not (where == "traits" and seen[c] == "traits"):
            raise AssertionError(f"card {c} is both in {seen[c]} and {where}")
        seen[c] = where

    for c in state.deck:
        put(c, "deck")
    for c in state.out_of_play:
        put(c, "box")
    for c in state.loose_cards():
        put(c, "centre")
    for p in range(state.player_count):
        for c in state.hands[p]:
            put(c, "hands")
        out["hands"] += len(state.hands[p])
        for c in state.discard[p]:
            put(c, "discard")
        out["discard"] += len(state.discard[p])
        for a in state.animals[p]:
            put(state.animal_card[a], "animals")
            out["animals"] += 1
    traits = set()
    for p in range(state.player_count):
        for a in state.animals[p]:
            for c in state.trait_cards[a]:
                if c not in traits:
                    put(c, "traits")
                    traits.add(c)
    out["traits"] = len(traits)
    missing = set(range(state.config.num_cards)) - set(seen)
    if missing:
        raise AssertionError(f"cards {sorted(missing)} are nowhere")
    out["total"] = len(seen)
    return out
