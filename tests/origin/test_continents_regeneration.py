"""Regeneration (NOTES §9.3, rulings 9, 58, 70): placement limits; an eaten Regeneration animal's traits stay on the
table and get a new animal card before the deal (from hand, else from the deck), and its owner draws no card for it;
it does not save from starvation."""

from evolutio.kernel import Action

from .conftest import alive, animal, hand, in_hand, trait_ids
from .continents import events, located


def test_regeneration_goes_only_on_a_simple_animal_and_limits_what_follows_ruling_9():
    s = located([[{"id": 0}, {"id": 1, "traits": ["carnivore"]}, {"id": 2, "traits": ["regeneration"]}, {"id": 3}],
                 [{"id": 10}]], phase="development", hands=[["regeneration/cooperation", "herding/carnivore"], []])
    card = in_hand(s, 0, "regeneration/cooperation")
    s.apply(Action("trait", card, 0))
    assert "no traits or with one trait that does not raise need" in s.explain_illegal(Action("target", 1))
    assert "already has Regeneration" in s.explain_illegal(Action("target", 2))
    s.apply(Action("target", 0))   # seat 1 has no cards: seat 0 plays on
    carnivore = in_hand(s, 0, "herding/carnivore")
    s.apply(Action("trait", carnivore, 1))   # Carnivore raises need: not on a Regeneration animal
    assert "takes at most one more trait, and one that does not raise need" in s.explain_illegal(
        Action("target", 0))


def test_an_eaten_regeneration_animal_is_restored_from_hand_before_the_deal_ruling_70():
    s = located([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["regeneration", "piracy"]}, {"id": 11}]],
                locations={"laurasia": 1}, hands=[[], ["running", "tail_loss"]], deck_size=20)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    husk = animal(s, 10)
    assert husk["regenerating"] and trait_ids(s, 10) == ["regeneration", "piracy"]
    hand_before = hand(s, 1)
    while s.view(None)["turn"] == 1:
        s.apply(s.legal_actions()[-1])
    assert alive(s, 10) and "regenerating" not in animal(s, 10) and animal(s, 10)["food"] == 0
    assert animal(s, 10, 1)["card"]["id"] == hand_before[0]
    assert [e["animal"] for e in events(s, "regenerate")] == [10]
    # seat 1 draws 1 + 2 animals - 1 regenerated = 2 cards; one card of its hand went under the animal
    assert len(hand(s, 1)) == len(hand_before) - 1 + 2


def test_a_husk_cannot_be_attacked():
    s = located([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["regeneration"]}, {"id": 11}],
                 [{"id": 20, "traits": ["carnivore"]}]], locations={"laurasia": 0})
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    assert s.view(None)["to_act"] == 2   # seat 1 has nothing to do
    s.apply(Action("attack", 20))
    assert "eaten Regeneration animal" in s.explain_illegal(Action("target", 10))
    assert Action("target", 11) in s.legal_actions()


def test_regeneration_does_not_save_from_starvation():
    s = located([[{"id": 0, "food": 1}], [{"id": 10, "traits": ["regeneration"]}]], locations={"laurasia": 0},
                deck_size=20)
    assert s.view(None)["turn"] == 2   # nothing to eat: the feeding phase ended at once
    assert not alive(s, 10)
