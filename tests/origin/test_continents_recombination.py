"""Recombination (NOTES §9.3, ruling 72): once per turn, each animal of the pair gives one unpaired trait to the
other (its owner chooses which, when there is a choice); a second copy the receiver cannot hold is discarded; food
above the new need is destroyed."""

import json

import pytest

from evolutio.kernel import Action, load_game

from .conftest import animal, discard, food, partner, table, trait_card, trait_ids
from .continents import CONTINENTS, events, legal, located


def recombine(state, animal: int = 0) -> Action:
    """``recombine`` of ``animal``'s (first) Recombination card."""
    return Action("recombine", animal, trait_card(state, animal, "recombination"))


@pytest.mark.parametrize("chosen", [0, 1])
def test_the_first_animal_of_two_recombination_cards_is_offered_each_and_its_owner_chooses(chosen):
    s = located([[{"id": 0, "traits": ["running"]}, {"id": 1, "traits": ["burrowing"]},
                  {"id": 2, "traits": ["camouflage"]}], [{"id": 10}]],
                pairs=[{"trait": "recombination", "animals": [0, 1]}, {"trait": "recombination", "animals": [0, 2]}],
                locations={"laurasia": 3})
    cards = [t["card"] for t in animal(s, 0)["traits"] if t["trait"] == "recombination"]
    partners = [partner(s, 0, c) for c in cards]
    assert sorted(partners) == [1, 2]
    assert legal(s, "recombine") == {Action("recombine", 0, c) for c in cards}
    assert f"its partner A{partners[chosen]} swap" in s.describe(Action("recombine", 0, cards[chosen]))
    s.apply(Action("recombine", 0, cards[chosen]))
    other = partners[1 - chosen]
    gift = {1: "burrowing", 2: "camouflage"}
    assert trait_ids(s, partners[chosen])[-1] == "running" and "running" not in trait_ids(s, 0)
    assert gift[partners[chosen]] in trait_ids(s, 0) and gift[other] in trait_ids(s, other)
    # the other card is still unused this turn: A0 may recombine with the other partner too (once per card)
    assert legal(s, "recombine") == {Action("recombine", 0, cards[1 - chosen])}


def test_the_owner_chooses_the_trait_each_animal_gives_ruling_72():
    s = located([[{"id": 0, "traits": ["running", "camouflage"]}, {"id": 1, "traits": ["burrowing", "swimming"]}],
                 [{"id": 10}]], pairs=[{"trait": "recombination", "animals": [0, 1]}], locations={"laurasia": 3})
    card = trait_card(s, 0, "recombination")
    assert legal(s, "recombine") == {Action("recombine", 0, card)}
    s.apply(Action("recombine", 0, card))
    decision = table(s)["decision"]
    assert decision["kind"] == "recombination_gift" and decision["giver"] == 0 and decision["given"] is None
    assert decision["card"] == card
    running, camouflage = trait_card(s, 0, "running"), trait_card(s, 0, "camouflage")
    burrowing, swimming = trait_card(s, 1, "burrowing"), trait_card(s, 1, "swimming")
    assert set(s.legal_actions()) == {Action("recombine_give", running), Action("recombine_give", camouflage)}
    assert "not a trait of A0" in s.explain_illegal(Action("recombine_give", burrowing))
    assert "paired trait" in s.explain_illegal(Action("recombine_give", card))
    assert s.describe(Action("recombine_give", running)).startswith("Recombination: give Running")
    s.apply(Action("recombine_give", running))   # not the topmost
    assert table(s)["decision"] == {"kind": "recombination_gift", "player": 0, "card": card, "giver": 1,
                                    "given": running}
    assert set(s.legal_actions()) == {Action("recombine_give", burrowing), Action("recombine_give", swimming)}
    s.apply(Action("recombine_give", burrowing))
    assert trait_ids(s, 0) == ["camouflage", "recombination", "burrowing"]
    assert trait_ids(s, 1) == ["swimming", "recombination", "running"]
    assert [e["cards"] for e in events(s, "recombine")] == [[running, burrowing]]
    # once per turn
    assert not legal(s, "recombine")
    assert "has been used this turn" in s.explain_illegal(Action("recombine", 0, card))
    assert "no Recombination card whose first animal is A1" in s.explain_illegal(Action("recombine", 1, card))


def test_an_animal_with_one_trait_to_give_gives_it_without_a_question_ruling_72():
    s = located([[{"id": 0, "traits": ["running", "camouflage"]}, {"id": 1, "traits": ["burrowing"]}],
                 [{"id": 10}]], pairs=[{"trait": "recombination", "animals": [0, 1]}], locations={"laurasia": 3})
    s.apply(recombine(s))
    s.apply(Action("recombine_give", trait_card(s, 0, "camouflage")))
    assert table(s)["decision"]["kind"] == "feeding"
    assert trait_ids(s, 0) == ["running", "recombination", "burrowing"]
    assert trait_ids(s, 1) == ["recombination", "camouflage"]


def test_the_gift_decision_survives_json():
    s = located([[{"id": 0, "traits": ["running", "camouflage"]}, {"id": 1, "traits": ["burrowing"]}],
                 [{"id": 10}]], pairs=[{"trait": "recombination", "animals": [0, 1]}], locations={"laurasia": 3})
    s.apply(recombine(s))
    copy = load_game("origin", players=2, **CONTINENTS).state_from_json(json.loads(json.dumps(s.to_json())))
    assert copy.digest() == s.digest() and copy.legal_actions() == s.legal_actions()
    assert copy.view(0) == s.view(0)


def test_a_trait_the_receiver_already_has_is_discarded_ruling_72():
    s = located([[{"id": 0, "traits": ["camouflage"]}, {"id": 1, "traits": ["running", "camouflage"]}],
                 [{"id": 10}]], pairs=[{"trait": "recombination", "animals": [0, 1]}], locations={"laurasia": 3})
    s.apply(recombine(s))
    # A1 gives its Camouflage to A0, which has one already (received after giving its own? it gave its own first)
    assert sorted(trait_ids(s, 0)) == ["camouflage", "recombination"]
    assert sorted(trait_ids(s, 1)) == ["camouflage", "recombination", "running"]
    assert not discard(s, 0)


def test_both_animals_need_an_unpaired_trait_to_give_ruling_72():
    s = located([[{"id": 0, "traits": ["camouflage"]}, {"id": 1}], [{"id": 10}]],
                pairs=[{"trait": "recombination", "animals": [0, 1]}], locations={"laurasia": 3})
    assert "must have an unpaired trait to give" in s.explain_illegal(recombine(s))


def test_food_above_the_new_need_is_destroyed_ruling_72():
    s = located([[{"id": 0, "traits": ["carnivore"], "food": 2}, {"id": 1, "traits": ["camouflage"]}],
                 [{"id": 10}]], pairs=[{"trait": "recombination", "animals": [0, 1]}], locations={"laurasia": 3})
    s.apply(recombine(s))
    assert trait_ids(s, 0) == ["recombination", "camouflage"] and food(s, 0) == 1


def test_a_trait_used_this_turn_stays_used_on_its_new_animal_ruling_72():
    # A0's Carnivore has attacked this turn; moved to A1 by Recombination, it cannot attack again
    s = located([[{"id": 0, "traits": ["carnivore"], "attacked": True}, {"id": 1, "traits": ["camouflage"]}],
                 [{"id": 10}]], pairs=[{"trait": "recombination", "animals": [0, 1]}], locations={"laurasia": 3})
    s.apply(recombine(s))
    assert trait_ids(s, 1) == ["recombination", "carnivore"]
    assert not legal(s, "attack")
    assert "already attacked this turn" in s.explain_illegal(Action("attack", 1))
