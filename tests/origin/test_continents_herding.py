"""Herding (NOTES §9.3, ruling 39): protected while the Herding animals of its location are at least as many as the
Carnivores there (every player's, the attacker included)."""

from evolutio.kernel import Action

from .continents import legal, located


def test_one_herding_animal_holds_off_one_carnivore_of_its_location_ruling_39():
    s = located([[{"id": 0, "traits": ["carnivore"], "location": "laurasia"}],
                 [{"id": 10, "traits": ["herding"], "location": "laurasia"}, {"id": 11, "location": "laurasia"}]])
    s.apply(Action("attack", 0))
    assert legal(s, "target") == {Action("target", 11)}
    assert "Herding animal(s) against 1 Carnivore(s)" in s.explain_illegal(Action("target", 10))


def test_two_carnivores_in_the_location_outnumber_one_herding_animal_ruling_39():
    s = located([[{"id": 0, "traits": ["carnivore"], "location": "laurasia"},
                  {"id": 1, "traits": ["carnivore"], "location": "laurasia"}],
                 [{"id": 10, "traits": ["herding"], "location": "laurasia"}]])
    s.apply(Action("attack", 0))
    assert Action("target", 10) in legal(s, "target")


def test_carnivores_and_herds_of_other_locations_do_not_count_ruling_39():
    # the second carnivore is in Gondwana: in Laurasia it is 1 Herding animal against 1 Carnivore
    s = located([[{"id": 0, "traits": ["carnivore"], "location": "laurasia"},
                  {"id": 1, "traits": ["carnivore"], "location": "gondwana"}],
                 [{"id": 10, "traits": ["herding"], "location": "laurasia"}, {"id": 11, "location": "laurasia"}]])
    s.apply(Action("attack", 0))
    assert legal(s, "target") == {Action("target", 11)}

