"""Viviparous (Time to Fly, NOTES §9.2 viviparous, rulings 57, 65, 77): when the animal becomes fed, the top deck card
becomes a new fed animal of its owner."""

from __future__ import annotations

import pytest

from evolutio.games.origin.geography import LOCATION_IDS, LOCATION_NAMES
from evolutio.kernel import Action

from .conftest import alive, animal, animal_ids, discard, feeding, food, table, trait_card, trait_ids
from .continents import located, where

TTF = {"sets": "time_to_fly"}


def births(state) -> list[dict]:
    return [e.data for e in state.events if e.kind == "birth"]


def test_becoming_fed_brings_a_new_fed_animal_from_the_deck_ruling_65():
    s = feeding([[{"id": 0, "traits": ["viviparous"], "food": 1}, {"id": 1}], [{"id": 10}]], food_base=4,
                deck_size=5, **TTF)
    s.apply(Action("take", 0))
    child = animal_ids(s, 0)[-1]
    assert child not in (0, 1) and food(s, child) == 1 and animal(s, child)["fed"]
    assert s.view(None)["deck_size"] == 4
    assert "card" in animal(s, child, 0) and "card" not in animal(s, child, 1)   # the owner alone sees its card
    public = [e for e in s.events_for(1) if e["kind"] == "birth"][0]
    assert "card" not in public


def test_one_birth_per_turn_and_none_from_a_token_into_fat():
    s = feeding([[{"id": 0, "traits": ["viviparous", "fat_tissue"], "food": 1}, {"id": 1}], [{"id": 10}]],
                food_base=6, deck_size=5, **TTF)
    s.apply(Action("take", 0))
    s.apply(Action("take", 10))
    s.apply(Action("take", 0))   # into Fat Tissue: not a second birth
    assert len(births(s)) == 1 and animal(s, 0)["fat"] == 1


def test_no_birth_from_converting_fat_ruling_77():
    s = feeding([[{"id": 0, "traits": ["viviparous", "fat_tissue", "fat_tissue"], "fat": 2}, {"id": 1}],
                 [{"id": 10}]], food_base=4, deck_size=5, **TTF)
    s.apply(Action("convert", 0, 2))
    assert animal(s, 0)["fed"] and births(s) == []


def test_hibernating_an_unfed_animal_gives_a_birth_ruling_77():
    s = feeding([[{"id": 0, "traits": ["viviparous", "hibernation"]}, {"id": 1}], [{"id": 10}]], food_base=4,
                deck_size=5, **TTF)
    s.apply(Action("hibernate", 0))
    assert len(births(s)) == 1


def test_tail_loss_dropping_a_parasite_makes_it_fed_and_gives_a_birth():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}],
                 [{"id": 10, "traits": ["viviparous", "tail_loss", "parasite"], "food": 2}, {"id": 11}]], food_base=4,
                deck_size=5, **TTF)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    s.apply(Action("tail", trait_card(s, 10, "parasite")))
    assert animal(s, 10)["fed"] and len(births(s)) == 1


def test_no_birth_with_an_empty_deck_and_the_last_card_makes_the_turn_the_last_rulings_57_65():
    empty = feeding([[{"id": 0, "traits": ["viviparous"], "food": 1}, {"id": 1}], [{"id": 10}]], food_base=4,
                    deck_size=0, **TTF)
    empty.apply(Action("take", 0))
    assert births(empty) == [] and len(animal_ids(empty, 0)) == 2
    # the last card: a hibernating animal of seat 1 is then unfed at extinction and dies
    last = feeding([[{"id": 0, "traits": ["viviparous"], "food": 1}], [{"id": 10, "hibernating": True},
                                                                          {"id": 11}]],
                   food_base=1, deck_size=1, **TTF)
    last.apply(Action("take", 0))
    assert last.view(None)["deck_size"] == 0 and last.is_terminal
    assert alive(last, 0) and not alive(last, 10)


def test_a_trematode_host_eaten_drops_its_partners_need_and_the_partner_may_give_birth():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}],
                 [{"id": 10}, {"id": 11, "traits": ["viviparous"], "food": 2}]], food_base=4, deck_size=5,
                pairs=[{"trait": "trematode", "animals": [10, 11]}], **TTF)
    assert not animal(s, 11)["fed"]   # need 1 + Viviparous + Trematode = 3
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    assert animal(s, 11)["fed"] and len(births(s)) == 1


# -- with Continents' locations: the newborn joins its parent's location (NOTES §9.2, §10, ruling 65) --------------
TTF_CONTINENTS = {"sets": "time_to_fly,continents"}


@pytest.mark.parametrize("where_parent", ["laurasia", "gondwana", "ocean"])
def test_a_birth_with_continents_is_in_its_parents_location_ruling_65(where_parent):
    s = located([[{"id": 0, "traits": ["viviparous"], "food": 1, "location": where_parent},
                  {"id": 1, "location": "laurasia" if where_parent != "laurasia" else "gondwana"}],
                 [{"id": 10, "location": "gondwana"}]],
                locations={"laurasia": 3, "gondwana": 3, "ocean": 3}, deck_size=5, **TTF_CONTINENTS)
    s.apply(Action("take", 0))
    child = animal_ids(s, 0)[-1]
    assert child not in (0, 1) and where(s, child) == where_parent and animal(s, child)["fed"]
    assert f"A{child} in {LOCATION_NAMES[LOCATION_IDS.index(where_parent)]}" in births(s)[0]["text"]


def test_a_birth_in_the_ocean_swims_by_location_needs_no_swimming_card_and_scores_the_oceans_point():
    s = located([[{"id": 0, "traits": ["viviparous"], "food": 1, "location": "ocean"}],
                 [{"id": 10, "traits": ["carnivore"], "location": "ocean"},
                  {"id": 11, "traits": ["carnivore"], "location": "laurasia"}]],
                locations={"laurasia": 3, "ocean": 3}, deck_size=5, **TTF_CONTINENTS)
    before = table(s)["players"][0]["score"]
    s.apply(Action("take", 0))
    child = animal_ids(s, 0)[-1]
    assert trait_ids(s, child) == [] and discard(s, 0) == []   # no Swimming card was needed
    assert table(s)["players"][0]["score"] == before + 2 + 1   # the animal's 2 points and the Ocean's 1 (ruling 63)
    assert s.view(None)["to_act"] == 1   # (seat 0's turn ended by itself)
    s.apply(Action("attack", 10))
    assert Action("target", child) in s.legal_actions()   # a carnivore in the Ocean swims too: it may attack it
