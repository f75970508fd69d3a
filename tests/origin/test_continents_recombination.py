"""Recombination (NOTES §9.3, ruling 72): once per turn, each animal of the pair gives one unpaired trait to the
other (engine convention: its topmost); a second copy the receiver cannot hold is discarded; food above the new need
is destroyed."""

from evolutio.kernel import Action

from .conftest import discard, food, trait_ids
from .continents import legal, located


def test_each_animal_gives_its_topmost_unpaired_trait_to_the_other_ruling_72():
    s = located([[{"id": 0, "traits": ["running", "camouflage"]}, {"id": 1, "traits": ["burrowing"]}],
                 [{"id": 10}]], pairs=[{"trait": "recombination", "animals": [0, 1]}], locations={"laurasia": 3})
    assert legal(s, "recombine") == {Action("recombine", 0)}
    s.apply(Action("recombine", 0))
    assert trait_ids(s, 0) == ["running", "recombination", "burrowing"]
    assert trait_ids(s, 1) == ["recombination", "camouflage"]
    # once per turn
    assert not legal(s, "recombine")
    assert "no unused Recombination card this turn" in s.explain_illegal(Action("recombine", 0))


def test_a_trait_the_receiver_already_has_is_discarded_ruling_72():
    s = located([[{"id": 0, "traits": ["camouflage"]}, {"id": 1, "traits": ["running", "camouflage"]}],
                 [{"id": 10}]], pairs=[{"trait": "recombination", "animals": [0, 1]}], locations={"laurasia": 3})
    s.apply(Action("recombine", 0))
    # A1 gives its Camouflage to A0, which has one already (received after giving its own? it gave its own first)
    assert sorted(trait_ids(s, 0)) == ["camouflage", "recombination"]
    assert sorted(trait_ids(s, 1)) == ["camouflage", "recombination", "running"]
    assert not discard(s, 0)


def test_both_animals_need_an_unpaired_trait_to_give_ruling_72():
    s = located([[{"id": 0, "traits": ["camouflage"]}, {"id": 1}], [{"id": 10}]],
                pairs=[{"trait": "recombination", "animals": [0, 1]}], locations={"laurasia": 3})
    assert "must have an unpaired trait to give" in s.explain_illegal(Action("recombine", 0))


def test_food_above_the_new_need_is_destroyed_ruling_72():
    s = located([[{"id": 0, "traits": ["carnivore"], "food": 2}, {"id": 1, "traits": ["camouflage"]}],
                 [{"id": 10}]], pairs=[{"trait": "recombination", "animals": [0, 1]}], locations={"laurasia": 3})
    s.apply(Action("recombine", 0))
    assert trait_ids(s, 0) == ["recombination", "camouflage"] and food(s, 0) == 1


def test_a_trait_used_this_turn_stays_used_on_its_new_animal_ruling_72():
    # A0's Carnivore has attacked this turn; moved to A1 by Recombination, it cannot attack again
    s = located([[{"id": 0, "traits": ["carnivore"], "attacked": True}, {"id": 1, "traits": ["camouflage"]}],
                 [{"id": 10}]], pairs=[{"trait": "recombination", "animals": [0, 1]}], locations={"laurasia": 3})
    s.apply(Action("recombine", 0))
    assert trait_ids(s, 1) == ["recombination", "carnivore"]
    assert not legal(s, "attack")
    assert "already attacked this turn" in s.explain_illegal(Action("attack", 1))
