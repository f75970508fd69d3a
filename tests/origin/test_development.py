"""Development phase: one card per round or pass (2), dual cards (3), targets (5), duplicates (6), paired (7),
Carnivore/Scavenger (8), Parasite only on opponents, Symbiosis roles."""

import pytest

from evolutio.kernel import Action, IllegalAction

from .conftest import (
    animal,
    animal_card,
    animal_ids,
    hand,
    hand_size,
    in_hand,
    partner,
    role,
    scenario,
    slot,
    table,
    trait_cards,
)


def dev(players_spec, to_act=0, first=0, pairs=(), **options):
    return scenario({"phase": "development", "first_player": first, "to_act": to_act, "players": players_spec,
                     "pairs": list(pairs)}, players=len(players_spec), **options)


def test_pass_is_final_and_phase_ends_when_all_passed_ruling_2():
    s = dev([{"hand": ["piracy", "mimicry"]}, {"hand": ["running"]}])
    s.apply(Action("pass"))
    assert s.current_player == 1
    s.apply(Action("animal", slot(s, 1, "running")))
    # seat 0 passed and plays no more; seat 1 has no cards left: the phase ends and feeding begins
    assert table(s)["phase"] == "feeding" and hand_size(s, 0) == 2
    assert s.current_player == 1 and s.legal_actions() == [Action("take", animal_ids(s, 1)[0])]


def test_one_card_per_round_turn_passes_to_the_next_player():
    s = dev([{"hand": ["piracy", "mimicry"]}, {"hand": ["running", "swimming"]}])
    s.apply(Action("animal", slot(s, 0, "piracy")))
    assert s.current_player == 1


def test_dual_card_face_is_chosen_and_final_ruling_3():
    s = dev([{"hand": ["big/carnivore"], "animals": [{"id": 50}]}, {"hand": ["piracy"]}])
    c = in_hand(s, 0, "big/carnivore")
    assert {Action("trait", c, 0), Action("trait", c, 1)} <= set(s.legal_actions())
    s.apply(Action("trait", c, 1))
    assert s.view(0)["decision"]["kind"] == "trait_target"
    s.apply(Action("target", 50))
    assert s.view(0)["players"][0]["animals"][0]["traits"][0]["trait"] == "carnivore"
    assert animal(s, 50)["need"] == 2 and c not in hand(s, 0)


def test_own_traits_only_on_own_animals_parasite_only_on_others_ruling_5():
    s = dev([{"hand": ["parasite/carnivore"], "animals": [{"id": 50}]}, {"hand": ["piracy"], "animals": [{"id": 60}]}])
    c = in_hand(s, 0, "parasite/carnivore")
    s.apply(Action("trait", c, 0))                      # Parasite
    assert s.legal_actions() == [Action("target", 60)]
    with pytest.raises(IllegalAction, match="another player's animal"):
        s.apply(Action("target", 50))
    s.apply(Action("target", 60))
    assert animal(s, 60)["need"] == 3 and s.scores()[1] == 2 + 3   # the host's owner scores the Parasite


def test_no_duplicate_traits_except_fat_tissue_ruling_6():
    s = dev([{"hand": ["big/fat_tissue", "burrowing/fat_tissue", "big/carnivore"],
              "animals": [{"id": 50, "traits": ["big", "fat_tissue"]}]}, {"hand": ["piracy"]}])
    big2 = in_hand(s, 0, "big/carnivore")
    assert Action("trait", big2, 0) not in s.legal_actions()       # Big again: no
    fat = in_hand(s, 0, "burrowing/fat_tissue")
    assert Action("trait", fat, 1) in s.legal_actions()            # Fat Tissue again: yes
    with pytest.raises(IllegalAction, match="ruling 6"):
        s.apply(Action("trait", big2, 0))


def test_carnivore_and_scavenger_exclusive_ruling_8():
    s = dev([{"hand": ["scavenger"], "animals": [{"id": 50, "traits": ["carnivore"]}]}, {"hand": ["piracy"]}])
    c = in_hand(s, 0, "scavenger")
    assert Action("trait", c, 0) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="ruling 8"):
        s.apply(Action("trait", c, 0))


def test_paired_trait_needs_two_own_animals_not_yet_linked_ruling_7():
    s = dev([{"hand": ["cooperation/carnivore", "cooperation/fat_tissue"],
              "animals": [{"id": 50}, {"id": 51}, {"id": 52}]}, {"hand": ["piracy"]}],
            pairs=[{"trait": "cooperation", "animals": [50, 51]}])
    c = in_hand(s, 0, "cooperation/carnivore")
    s.apply(Action("trait", c, 0))
    assert set(s.legal_actions()) == {Action("target", 50), Action("target", 51), Action("target", 52)}
    s.apply(Action("target", 50))
    assert s.legal_actions() == [Action("target", 52)]    # 50-51 already linked by Cooperation
    with pytest.raises(IllegalAction, match="ruling 7"):
        s.apply(Action("target", 51))
    s.apply(Action("target", 52))
    assert c in trait_cards(s, 50) and c in trait_cards(s, 52)
    assert partner(s, 50, c) == 52 and partner(s, 52, c) == 50


def test_a_paired_trait_is_offered_only_while_two_own_animals_are_not_linked_by_it_ruling_7():
    players = [{"hand": ["cooperation/carnivore"], "animals": [{"id": 50}, {"id": 51}]}, {"hand": ["piracy"]}]
    linked = dev(players, pairs=[{"trait": "cooperation", "animals": [50, 51]}])
    card = in_hand(linked, 0, "cooperation/carnivore")
    assert Action("trait", card, 0) not in linked.legal_actions()   # the only pair is linked by Cooperation
    assert Action("trait", card, 1) in linked.legal_actions()
    players[0]["animals"].append({"id": 52})
    third = dev(players, pairs=[{"trait": "cooperation", "animals": [50, 51]}])
    assert Action("trait", card, 0) in third.legal_actions()   # 52 with 50 or 51


def test_parasite_is_offered_while_some_other_players_animal_can_take_it_ruling_6():
    players = [{"hand": ["parasite/carnivore"], "animals": [{"id": 50}]},
               {"hand": ["piracy"], "animals": [{"id": 60, "traits": ["parasite"]}, {"id": 61}]}]
    s = dev(players)
    card = in_hand(s, 0, "parasite/carnivore")
    assert Action("trait", card, 0) in s.legal_actions()   # on 61 (60 has one)
    players[1]["animals"][1]["traits"] = ["parasite"]
    assert Action("trait", card, 0) not in dev(players).legal_actions()


def test_symbiosis_first_target_is_the_symbiont():
    s = dev([{"hand": ["symbiosis"], "animals": [{"id": 50}, {"id": 51}]}, {"hand": ["piracy"]}])
    c = in_hand(s, 0, "symbiosis")
    s.apply(Action("trait", c, 0))
    assert "symbiont" in s.describe(Action("target", 51))
    s.apply(Action("target", 51))
    s.apply(Action("target", 50))
    roles = {t["role"] for a in s.view(0)["players"][0]["animals"] for t in a["traits"]}
    assert roles == {"symbiont", "protected"}
    assert partner(s, 51, c) == 50 and role(s, 51, c) == "symbiont" and role(s, 50, c) == "protected"


def test_trait_needs_an_animal():
    s = dev([{"hand": ["piracy", "mimicry"]}, {"hand": ["running"]}])
    assert {a.kind for a in s.legal_actions()} == {"pass", "animal"}


def test_cards_in_feeding_are_refused_with_a_reason():
    s = scenario({"phase": "feeding", "food_base": 2, "players": [{"hand": ["piracy"], "animals": [{"id": 50}]},
                                                                  {"animals": [{"id": 60}]}]})
    with pytest.raises(IllegalAction, match="development phase"):
        s.apply(Action("animal", slot(s, 0, "piracy")))


def test_card_not_in_hand_refused():
    s = dev([{"hand": ["piracy"]}, {"hand": ["running"]}])
    other = in_hand(s, 1, "running")
    with pytest.raises(IllegalAction, match="not in Player 1's hand"):
        s.apply(Action("trait", other, 0))
    # ``animal`` takes a hand slot: Player 1 has one card (slot 0)
    with pytest.raises(IllegalAction, match=r"Player 1's hand has 1 card\(s\): slots 0..0"):
        s.apply(Action("animal", 1))
    piracy = in_hand(s, 0, "piracy")
    s.apply(Action("animal", 0))
    # the first animal of the game is animal number 0, whatever its card
    assert animal_ids(s, 0) == [0] and animal_card(s, 0) == piracy and hand(s, 0) == []
