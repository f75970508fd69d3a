"""Toxic (NOTES §9.3, rulings 54, 79): the carnivore that attacks a Toxic animal is paralysed until the next turn —
all its traits off, need 1, no protection — whether or not the attack succeeded; the paralysis comes after the
attack's outcome."""

from evolutio.kernel import Action

from .conftest import animal, food, trait_ids
from .continents import events, located


def test_the_carnivore_that_eats_a_toxic_animal_is_paralysed_after_its_meal_ruling_54_79():
    s = located([[{"id": 0, "traits": ["carnivore", "big"]}, {"id": 1}],
                 [{"id": 10, "traits": ["toxic"]}, {"id": 11}]], locations={"laurasia": 2})
    assert animal(s, 0)["need"] == 3
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    # the carnivore ate (2 blue tokens), then its traits stopped working: need 1, so it is fed
    assert food(s, 0) == 2 and animal(s, 0)["need"] == 1 and animal(s, 0)["fed"]
    assert trait_ids(s, 0) == ["carnivore", "big"] and "paralysed" in animal(s, 0)["marks"]
    assert [e["animal"] for e in events(s, "paralysed")] == [0]


def test_a_paralysed_carnivore_cannot_attack_again_and_loses_its_protection_ruling_54():
    s = located([[{"id": 0, "traits": ["carnivore", "big"]}, {"id": 1}],
                 [{"id": 10, "traits": ["toxic", "running"]}, {"id": 11, "traits": ["carnivore"]}]],
                locations={"laurasia": 2}, dice=[5])
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    s.apply(Action("run"))   # 5: the Toxic animal escapes; the carnivore is paralysed all the same
    assert "paralysed" in animal(s, 0)["marks"] and animal(s, 0)["need"] == 1
    assert s.view(None)["to_act"] == 1
    # seat 1's small Carnivore may now attack the Big one: Big does not work while paralysed
    s.apply(Action("attack", 11))
    assert Action("target", 0) in s.legal_actions()


def test_the_paralysis_ends_when_the_next_turn_begins():
    s = located([[{"id": 0, "traits": ["carnivore", "big"], "food": 0}], [{"id": 10, "traits": ["toxic"]},
                 {"id": 11, "food": 1}]], locations={"laurasia": 0}, deck_size=20)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    for _ in range(4):
        if s.view(None)["phase"] != "feeding":
            break
        s.apply(Action("pass"))
    assert s.view(None)["turn"] == 2 and animal(s, 0)["need"] == 3 and "marks" not in animal(s, 0)


def test_a_paralysed_trematode_host_adds_no_need_to_its_partner_ruling_79():
    # Time to Fly with Continents: seat 1's Trematode links seat 0's carnivore A0 and A1; A0 attacks a Toxic animal
    # and is paralysed: the paired card is off as a whole, on A1 too, until the next turn
    s = located([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}], [{"id": 10, "traits": ["toxic"]}, {"id": 11}]],
                locations={"laurasia": 2}, pairs=[{"trait": "trematode", "animals": [0, 1]}],
                sets="time_to_fly,continents")
    assert animal(s, 1)["need"] == 2 and animal(s, 0)["need"] == 3
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    assert "paralysed" in animal(s, 0)["marks"]
    assert animal(s, 0)["need"] == 1 and animal(s, 1)["need"] == 1
