"""Static protections: Big, Swimming, Camouflage + Sharp Vision, Burrowing, Symbiosis (NOTES §6.2, rulings 35-37,
25)."""

import pytest

from evolutio.kernel import Action, IllegalAction

from .conftest import acts, animal, feeding, trait_cards


def targets(s, c):
    s.apply(Action("attack", c))
    return {a.args[0] for a in s.legal_actions()}


def test_big_only_by_big_carnivore_ruling_35():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["big"]}, {"id": 11}]])
    assert targets(s, 0) == {11}
    with pytest.raises(IllegalAction, match="it is Big and your Carnivore is not Big"):
        s.apply(Action("target", 10))
    s = feeding([[{"id": 0, "traits": ["carnivore", "big"]}], [{"id": 10, "traits": ["big"]}, {"id": 11}]])
    assert targets(s, 0) == {10, 11}


def test_big_needs_two_more_food():
    s = feeding([[{"id": 0, "traits": ["carnivore", "big"]}]], players=2)
    assert animal(s, 0)["need"] == 3 and s.scores()[0] == 2 + 2 + 2


def test_swimming_both_ways_ruling_36():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["swimming"]}, {"id": 11}]])
    assert targets(s, 0) == {11}
    with pytest.raises(IllegalAction, match="it is Swimming and your Carnivore is not Swimming"):
        s.apply(Action("target", 10))
    s = feeding([[{"id": 0, "traits": ["carnivore", "swimming"]}], [{"id": 10, "traits": ["swimming"]}, {"id": 11}]])
    assert targets(s, 0) == {10}
    with pytest.raises(IllegalAction, match="can attack only Swimming animals"):
        s.apply(Action("target", 11))


def test_camouflage_needs_sharp_vision_ruling_35():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["camouflage"]}, {"id": 11}]])
    assert targets(s, 0) == {11}
    with pytest.raises(IllegalAction, match="Camouflaged and your Carnivore lacks Sharp Vision"):
        s.apply(Action("target", 10))
    s = feeding([[{"id": 0, "traits": ["carnivore", "sharp_vision"]}],
                 [{"id": 10, "traits": ["camouflage"]}, {"id": 11}]])
    assert targets(s, 0) == {10, 11}


def test_burrowing_protected_only_when_fed_ruling_37():
    # unfed: attackable; fat alone does not make it fed
    s = feeding([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["burrowing", "fat_tissue"], "food": 0, "fat": 1}, {"id": 11}]])
    assert targets(s, 0) == {10, 11}
    # fed: protected
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["burrowing"], "food": 1}, {"id": 11}]])
    assert targets(s, 0) == {11}
    with pytest.raises(IllegalAction, match="Burrowing and fed"):
        s.apply(Action("target", 10))


def test_burrowing_hibernating_counts_as_fed():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["burrowing", "hibernation"], "hibernating": True}, {"id": 11}]])
    assert targets(s, 0) == {11}


def test_burrowing_becomes_protected_after_eating():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10, "traits": ["burrowing"]}, {"id": 11,
                                                                                         "traits": ["big"]}]],
                to_act=1, first=1)
    s.apply(Action("take", 10))
    assert s.current_player == 0
    assert not acts(s, "attack")      # 10 is fed and burrowed, 11 is Big: nothing to attack


def test_symbiosis_protected_partner_cannot_be_attacked_while_symbiont_lives():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}], [{"id": 10}, {"id": 11}]],
                pairs=[{"trait": "symbiosis", "animals": [10, 11]}])
    assert targets(s, 0) == {10}
    with pytest.raises(IllegalAction, match="protected by Symbiosis"):
        s.apply(Action("target", 11))


def test_symbiosis_protection_ends_when_symbiont_dies():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1, "traits": ["carnivore"]}], [{"id": 10}, {"id": 11}]],
                pairs=[{"trait": "symbiosis", "animals": [10, 11]}], food_base=0)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    assert trait_cards(s, 11) == []         # the Symbiosis card went with the symbiont
    # next round player 0 attacks with the other carnivore: 11 is now a legal target
    assert s.current_player == 0
    s.apply(Action("attack", 1))
    assert Action("target", 11) in s.legal_actions()
