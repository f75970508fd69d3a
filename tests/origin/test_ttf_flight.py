"""Flight (Time to Fly, NOTES §9.2 flight, ruling 38): only a Carnivore with fewer trait cards may attack; every card
counts on both sides — and the rulebook's worked example, Flight with Parasite."""

from __future__ import annotations

from evolutio.kernel import Action

from .conftest import acts, alive, feeding

TTF = {"sets": "time_to_fly"}


def targets(state, carnivore: int) -> list[int]:
    state.apply(Action("attack", carnivore))
    return sorted(a.args[0] for a in acts(state, "target"))


def test_a_carnivore_with_as_many_traits_cannot_attack_a_flying_animal_ruling_38():
    # carnivore: Carnivore + Fat Tissue (2 cards); the flyer: Flight + Running (2 cards)
    s = feeding([[{"id": 0, "traits": ["carnivore", "fat_tissue"]}], [{"id": 10, "traits": ["flight", "running"]},
                                                                        {"id": 11}]], **TTF)
    assert targets(s, 0) == [11]
    refusal = s.refusal(Action("target", 10))
    assert "Flight and 2 trait card(s); your Carnivore has 2" in refusal.reason and "(ruling 38)" in refusal.reason


def test_a_carnivore_with_fewer_traits_may_attack_a_flying_animal():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["flight", "running"]}]], **TTF)
    assert targets(s, 0) == [10]


def test_the_rulebooks_example_flight_with_parasite_can_be_eaten_by_a_lone_carnivore():
    """NOTES §9.2 flight: "a carnivore with only Хищник (1 trait) may eat an animal with Паразит + Полёт (2)"; without
    the Parasite the same carnivore may not."""
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["flight", "parasite"]}]], food_base=0,
                **TTF)
    assert targets(s, 0) == [10]
    s.apply(Action("target", 10))
    assert not alive(s, 10)
    alone = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["flight"]}]], food_base=3, **TTF)
    assert acts(alone, "attack") == []   # its only prey flies: no attack is offered
    assert "no animal it may attack" in alone.refusal(Action("attack", 0)).reason


def test_paired_cards_and_every_fat_tissue_count_as_trait_cards():
    # the flyer: Flight + Cooperation (a paired card, counted on each animal it links) = 2 cards
    pairs = [{"trait": "cooperation", "animals": [10, 11]}]
    s = feeding([[{"id": 0, "traits": ["carnivore", "fat_tissue"]}], [{"id": 10, "traits": ["flight"]}, {"id": 11}]],
                pairs=pairs, **TTF)
    assert 10 not in targets(s, 0)
    s2 = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["flight"]}, {"id": 11}]],
                 pairs=pairs, **TTF)
    assert 10 in targets(s2, 0)
    # two Fat Tissue cards on the carnivore count twice: 3 cards against the flyer's 3
    s3 = feeding([[{"id": 0, "traits": ["carnivore", "fat_tissue", "fat_tissue"]}],
                  [{"id": 10, "traits": ["flight", "running", "fat_tissue"]}]], **TTF)
    assert acts(s3, "attack") == []


def test_a_trematode_counts_for_the_flyer_and_for_the_carnivore():
    trematode = [{"trait": "trematode", "animals": [10, 11]}]
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}], [{"id": 10, "traits": ["flight"]}, {"id": 11}]],
                pairs=trematode, **TTF)
    assert 10 in targets(s, 0)   # the flyer has 2 cards (Flight, Trematode), the carnivore 1
    on_carnivore = [{"trait": "trematode", "animals": [0, 1]}]
    s2 = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}], [{"id": 10, "traits": ["flight", "running"]}]],
                 pairs=on_carnivore, **TTF)
    assert targets(s2, 0) == [1]   # the carnivore's Trematode makes 2 cards against 2: only its partner is prey


def test_a_neoplasia_card_counts_like_any_trait_card_on_the_flyer():
    """Neoplasia lies at the bottom of the flyer's stack, Flight above it still works: 2 trait cards (ruling 38)."""
    mix = {"sets": "time_to_fly,continents", "continents_without_locations": True}
    flyer = [{"id": 10, "traits": ["neoplasia", "flight"]}, {"id": 11}]
    two = feeding([[{"id": 0, "traits": ["carnivore", "fat_tissue"]}], flyer], **mix)
    assert targets(two, 0) == [11]
    assert "Flight and 2 trait card(s)" in two.refusal(Action("target", 10)).reason
    one = feeding([[{"id": 0, "traits": ["carnivore"]}], flyer], **mix)
    assert 10 in targets(one, 0)


def test_flight_switched_off_by_neoplasia_does_not_protect():
    """Flight below Neoplasia is switched off (ruling 13): a Carnivore with as many cards may attack the flyer."""
    mix = {"sets": "time_to_fly,continents", "continents_without_locations": True}
    off = feeding([[{"id": 0, "traits": ["carnivore", "fat_tissue"]}],
                   [{"id": 10, "traits": ["flight", "neoplasia"]}, {"id": 11}]], **mix)
    assert targets(off, 0) == [10, 11]
