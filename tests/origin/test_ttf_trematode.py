"""Trematode (Time to Fly, NOTES §9.2 trematode, rulings 5, 7, 45, 63, 66): a paired trait on two animals of one other
player, +1 need and +1 score on each host, and no trait removes it."""

from __future__ import annotations

from evolutio.kernel import Action

from .conftest import alive, animal, feeding, scenario, trait_card, trait_ids

TTF = {"sets": "time_to_fly"}


def development(hand: list, mine: list, theirs: list, third: list | None = None):
    players = [{"hand": hand, "animals": mine}, {"animals": theirs}]
    if third is not None:
        players.append({"animals": third})
    return scenario({"phase": "development", "first_player": 0, "to_act": 0, "players": players},
                    players=len(players), **TTF)


def test_a_trematode_links_two_animals_of_one_other_player_rulings_5_7():
    s = development(["trematode/cooperation"], [{"id": 0}, {"id": 1}], [{"id": 10}, {"id": 11}], [{"id": 20}])
    card = s.view(0)["players"][0]["hand"][0]["id"]
    s.apply(Action("trait", card, 0))
    assert sorted(a.args[0] for a in s.legal_actions()) == [10, 11]   # not A20: it has no partner of its owner
    assert "two animals of one other player" in s.refusal(Action("target", 0)).reason
    s.apply(Action("target", 10))
    assert [a.args[0] for a in s.legal_actions()] == [11]
    assert "two animals of one other player" in s.refusal(Action("target", 20)).reason
    s.apply(Action("target", 11))
    assert trait_ids(s, 10) == trait_ids(s, 11) == ["trematode"]
    assert animal(s, 10)["need"] == animal(s, 11)["need"] == 2
    # seat 1 scores it: 2 animals (4) + the card (1) + 1 per host (2)
    assert s.view(None)["players"][1]["score"] == 7


def test_no_second_trematode_on_the_same_pair_and_none_on_own_animals():
    s = development(["trematode/fat_tissue"], [{"id": 0}, {"id": 1}], [{"id": 10}, {"id": 11}])
    s2 = scenario({"phase": "development", "first_player": 0, "to_act": 0,
                   "players": [{"hand": ["trematode/fat_tissue"], "animals": [{"id": 0}, {"id": 1}]},
                               {"animals": [{"id": 10}, {"id": 11}]}],
                   "pairs": [{"trait": "trematode", "animals": [10, 11]}]}, **TTF)
    card = s2.view(0)["players"][0]["hand"][0]["id"]
    assert "Trematode needs two animals of one other player" in s2.refusal(Action("trait", card, 0)).reason
    assert s.refusal(Action("trait", s.view(0)["players"][0]["hand"][0]["id"], 0)) is None


def test_tail_loss_cannot_drop_a_trematode_ruling_45():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}], [{"id": 10, "traits": ["tail_loss"]}, {"id": 11}]],
                pairs=[{"trait": "trematode", "animals": [10, 11]}], food_base=3, **TTF)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    trematode = trait_card(s, 10, "trematode")
    assert Action("tail", trematode) not in s.legal_actions()
    assert "Trematode cannot be removed" in s.refusal(Action("tail", trematode)).reason


def test_a_trematode_leaves_with_either_host_ruling_66():
    s = feeding([[{"id": 0, "traits": ["carnivore"]}, {"id": 1}], [{"id": 10}, {"id": 11}]],
                pairs=[{"trait": "trematode", "animals": [10, 11]}], food_base=3, **TTF)
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    assert not alive(s, 10) and trait_ids(s, 11) == [] and animal(s, 11)["need"] == 1
