"""Neoplasia (NOTES §9.3, rulings 5, 13, 71, 78): played on another player's animal, at the bottom of its trait
stack; each food-base phase it passes the unpaired trait above it, which stops working while Neoplasia stays; the
animal dies when no unpaired trait is left above it."""

from evolutio.kernel import Action

from .conftest import alive, animal, face_index, hand, in_hand, trait_ids
from .continents import located


def test_neoplasia_goes_on_another_players_animal_at_the_bottom_ruling_5():
    s = located([[{"id": 0}], [{"id": 10, "traits": ["running", "camouflage"]}]], phase="development",
                hands=[["neoplasia/swimming"], ["piracy"]])
    card = in_hand(s, 0, "neoplasia/swimming")
    s.apply(Action("trait", card, 0))
    assert "only on another player's animal" in s.explain_illegal(Action("target", 0))
    s.apply(Action("target", 10))
    assert trait_ids(s, 10) == ["neoplasia", "running", "camouflage"]


def test_each_food_base_phase_switches_off_the_next_unpaired_trait_ruling_71():
    s = located([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["neoplasia", "big", "camouflage"]}, {"id": 11}]],
                phase="food_base", dice=[1, 1])
    # Neoplasia passed Big: Big is off (need 1, no protection), still on the animal and still scoring
    assert trait_ids(s, 10) == ["big", "neoplasia", "camouflage"]
    assert animal(s, 10)["need"] == 1
    assert s.view(None)["players"][1]["score"] == 2 + (1 + 2 + 1) + 2


def test_the_animal_dies_when_no_unpaired_trait_is_left_above_neoplasia_ruling_71():
    s = located([[{"id": 0}], [{"id": 10, "traits": ["neoplasia", "running"]}, {"id": 11}]],
                phase="food_base", dice=[1, 1])
    assert not alive(s, 10) and alive(s, 11)


def test_paired_traits_are_passed_over_and_keep_working_ruling_71():
    s = located([[{"id": 0}], [{"id": 10, "traits": ["neoplasia", "running", "camouflage"]}, {"id": 11}]],
                pairs=[{"trait": "cooperation", "animals": [10, 11]}], phase="food_base", dice=[1, 1])
    assert trait_ids(s, 10)[:2] == ["running", "neoplasia"] and "cooperation" in trait_ids(s, 10)


def test_losing_the_last_trait_above_neoplasia_while_feeding_kills_the_animal_ruling_71():
    # A10's stack: Running (passed, off), Neoplasia, Tail Loss. Tail Loss drops itself: nothing is left above Neoplasia
    s = located([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["running", "neoplasia", "tail_loss"]}, {"id": 11}]],
                locations={"laurasia": 1})
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    tail = [t["card"] for t in animal(s, 10)["traits"] if t["trait"] == "tail_loss"][0]
    s.apply(Action("tail", tail))
    assert not alive(s, 10)
    deaths = [e.data for e in s.events if e.kind == "death"]
    assert [(death["animal"], death["cause"]) for death in deaths] == [(10, "neoplasia")]
    assert "has no trait left above it and dies" in deaths[0]["text"]


def test_a_switched_off_trait_still_forbids_a_second_copy():
    # A10's Camouflage is below Neoplasia (off): another Camouflage still cannot be played on it (ruling 6)
    s = located([[{"id": 0}], [{"id": 10, "traits": ["camouflage", "neoplasia", "running"]}, {"id": 11}]],
                phase="development", to_act=1, hands=[["piracy"], ["camouflage"]])
    card = hand(s, 1)[0]
    s.apply(Action("trait", card, face_index(s, card, "camouflage")))
    assert "already has Camouflage" in s.explain_illegal(Action("target", 10))
    assert Action("target", 11) in s.legal_actions()
