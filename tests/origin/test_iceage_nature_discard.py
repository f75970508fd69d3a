"""The ``discard_trait`` nature-change cards (Ice Age, reconstructed; NOTES §11.2): Permafrost (cold) discards every
Burrowing card; Epidemic (disease) makes each animal with 3 or more trait cards discard the one played on it last.
Discarded cards go to their owner's discard pile; a paired card leaves both animals."""

from __future__ import annotations

from .conftest import scenario, trait_ids
from .iceage import ICE, at_extinction, effect_of


def discarded_traits(state, seat: int) -> list[list[str]]:
    """The traits of the cards in ``seat``'s discard pile, as that seat sees them."""
    return [card["traits"] for card in state.view(seat)["players"][seat]["discard"]]


def test_permafrost_discards_burrowing_to_the_owners_discard_pile():
    s = at_extinction([{"animals": [{"id": 0, "traits": ["burrowing", "running"], "food": 1},
                                    {"id": 1, "traits": ["burrowing", "insulation"], "food": 1}]},
                       {"animals": [{"id": 5, "traits": ["camouflage"], "food": 1}]}], ["permafrost"])
    assert trait_ids(s, 0) == ["running"] and trait_ids(s, 1) == ["burrowing", "insulation"]
    assert trait_ids(s, 5) == ["camouflage"]
    assert effect_of(s, "permafrost")["affected"] == [0]
    [card] = discarded_traits(s, 0)   # (a card may carry a second trait: it was played as Burrowing)
    assert "burrowing" in card and discarded_traits(s, 1) == []


def test_the_epidemic_discards_the_newest_trait_of_animals_with_three_or_more():
    s = at_extinction([{"animals": [{"id": 0, "traits": ["running", "camouflage", "swimming"], "food": 1},
                                    {"id": 1, "traits": ["running", "camouflage"], "food": 1}]},
                       {"animals": [{"id": 5, "traits": ["tail_loss", "mimicry", "running", "camouflage"],
                                     "food": 1}]}], ["epidemic"])
    assert trait_ids(s, 0) == ["running", "camouflage"]
    assert trait_ids(s, 1) == ["running", "camouflage"]
    assert trait_ids(s, 5) == ["tail_loss", "mimicry", "running"]
    assert effect_of(s, "epidemic")["affected"] == [0, 5]


def test_an_epidemic_discarding_a_paired_card_takes_it_off_both_animals():
    s = scenario({"phase": "extinction", "first_player": 0,
                  "players": [{"animals": [{"id": 0, "traits": ["running", "camouflage"], "food": 1},
                                           {"id": 1, "food": 1}]}, {"animals": [{"id": 5, "food": 1}]}],
                  "pairs": [{"trait": "cooperation", "animals": [0, 1]}], "nature": {"deck": ["epidemic"]}}, **ICE)
    assert trait_ids(s, 0) == ["running", "camouflage"] and trait_ids(s, 1) == []
    [card] = discarded_traits(s, 0)
    assert "cooperation" in card
