"""Continents' risky pairs (issue 9): Migration with Remora and Swimming, and paired traits split (or kept) by a
migration (NOTES §9.3, §10)."""

import json

import pytest
from rich.console import Console

from evolutio.cli.render import renderer_for
from evolutio.kernel import Action, ScenarioError, load_game

from .conftest import animal, discard, scenario, table, trait_ids
from .continents import legal, located, where


def test_a_swimming_migrant_takes_swimming_remoras_into_the_ocean_and_leaves_the_others():
    # A0 swims (Swimming card) and migrates from Laurasia into the Ocean; the swimming Remora A1 follows it (and
    # gives up its own Swimming card there), the non-swimming Remora A2 cannot, and seat 1's swimming Remora A10 may
    s = located([[{"id": 0, "traits": ["migration", "swimming"], "location": "laurasia", "food": 1},
                  {"id": 1, "traits": ["remora", "swimming"], "location": "laurasia", "food": 1},
                  {"id": 2, "traits": ["remora"], "location": "laurasia", "food": 1}],
                 [{"id": 10, "traits": ["remora", "swimming"], "location": "laurasia", "food": 1},
                  {"id": 11, "location": "ocean"}]], locations={"ocean": 2})
    s.apply(Action("migrate_ocean", 0))
    assert legal(s, "follow") == {Action("follow", 1)}
    s.apply(Action("follow", 1))
    assert table(s)["decision"]["player"] == 1 and legal(s, "follow") == {Action("follow", 10)}
    s.apply(Action("follow", 10))
    assert [where(s, a) for a in (0, 1, 2, 10)] == ["ocean", "ocean", "laurasia", "ocean"]
    assert trait_ids(s, 0) == ["migration"] and trait_ids(s, 1) == ["remora"] and trait_ids(s, 10) == ["remora"]
    assert len(discard(s, 0)) == 2 and len(discard(s, 1)) == 1   # the three Swimming cards


def test_a_remora_that_follows_its_linked_migrant_keeps_the_paired_card():
    s = located([[{"id": 0, "traits": ["migration"], "location": "laurasia", "food": 1},
                  {"id": 1, "traits": ["remora"], "location": "laurasia", "food": 1},
                  {"id": 2, "location": "laurasia", "food": 1}], [{"id": 10, "location": "gondwana"}]],
                pairs=[{"trait": "cooperation", "animals": [0, 1]}, {"trait": "communication", "animals": [0, 2]}],
                locations={"gondwana": 1})
    s.apply(Action("migrate_gondwana", 0))
    s.apply(Action("follow", 1))
    # A0 and A1 are together in Gondwana: Cooperation stays; A2 stayed in Laurasia: Communication is discarded
    assert trait_ids(s, 0) == ["migration", "cooperation"] and "cooperation" in trait_ids(s, 1)
    assert trait_ids(s, 2) == [] and len(discard(s, 0)) == 1


def test_a_migrant_leaves_the_ocean_with_its_owners_swimming_card_and_a_remora_without_one_stays():
    s = located([[{"id": 0, "traits": ["migration"], "location": "ocean", "food": 1}],
                 [{"id": 10, "traits": ["remora"], "location": "ocean", "food": 1},
                  {"id": 11, "location": "gondwana"}]],
                discards=[["migration/swimming"], []], locations={"gondwana": 1})
    s.apply(Action("migrate_gondwana", 0))
    # seat 1's Remora would need a Swimming card from seat 1's own discard pile, which is empty: it cannot follow
    assert table(s)["decision"]["kind"] == "feeding" and where(s, 10) == "ocean"
    assert trait_ids(s, 0) == ["migration", "swimming"]


def test_r_strategy_births_join_the_location_of_their_parent():
    # seat 1's r-Strategy animal lives in the Ocean: its two births appear there (NOTES §10)
    s = located([[{"id": 0, "food": 1}], [{"id": 10, "traits": ["r_strategy"], "location": "ocean", "food": 1}]],
                locations={}, deck_size=30, sets="continents,gift")
    assert table(s)["turn"] == 2
    born = [x["id"] for x in table(s)["players"][1]["animals"] if x["id"] != 10]
    assert len(born) == 2 and all(where(s, a) == "ocean" for a in born)


def test_an_r_strategy_animal_regenerated_at_the_deal_gives_no_births_ruling_84():
    s = located([[{"id": 0, "traits": ["carnivore"]}],
                 [{"id": 10, "traits": ["regeneration", "r_strategy"]}, {"id": 11}]],
                locations={"laurasia": 1}, hands=[[], ["piracy"]], deck_size=30, sets="continents,gift")
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    s.apply(Action("take", 11))
    while table(s)["turn"] == 1:
        s.apply(s.legal_actions()[-1])
    # A10 got the Piracy card from seat 1's hand; no new animals; seat 1 drew 1 + 2 animals - 1 = 2 cards
    assert sorted(x["id"] for x in table(s)["players"][1]["animals"]) == [10, 11]
    assert table(s)["players"][1]["hand_size"] == 2
    assert not [e for e in s.events if e.kind == "birth"]


def test_an_r_strategy_carnivore_paralysed_at_the_deal_draws_its_card_and_gives_no_births_ruling_82():
    s = located([[{"id": 0, "traits": ["carnivore", "r_strategy"]}, {"id": 1, "food": 1}],
                 [{"id": 10, "traits": ["toxic"]}, {"id": 11, "food": 1}]],
                locations={}, deck_size=30, sets="continents,gift")
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))   # A0 eats the Toxic animal (fed) and is paralysed until the next turn
    assert table(s)["turn"] == 2
    assert sorted(x["id"] for x in table(s)["players"][0]["animals"]) == [0, 1]
    assert table(s)["players"][0]["hand_size"] == 1 + 2   # the normal card for A0 too
    assert not [e for e in s.events if e.kind == "birth"]


def test_a_loose_shell_goes_on_an_animal_of_the_feeding_turns_location_and_is_offered_once():
    # Time to Fly with Continents: the Shell lies in Gondwana; seat 0 has an animal on each continent; before the turn
    # chose its location each animal of Gondwana is offered once, Laurasia's none
    body = {"phase": "feeding", "first_player": 0, "to_act": 0, "loose_shells": ["shell"],
            "loose_shell_locations": ["gondwana"], "locations": {"laurasia": 0, "gondwana": 2, "ocean": 0},
            "players": [{"animals": [{"id": 0, "location": "laurasia"}, {"id": 1, "location": "gondwana"},
                                     {"id": 2, "traits": ["hibernation"], "location": "gondwana"}]},
                        {"animals": [{"id": 10}]}]}
    s = scenario(body, players=2, sets="time_to_fly,continents")
    offered = [a for a in s.legal_actions() if a.kind == "pick_shell"]
    assert sorted(offered) == [Action("pick_shell", 1), Action("pick_shell", 2)]
    assert "no loose Shell lies in Laurasia" in s.explain_illegal(Action("pick_shell", 0))
    s.apply(Action("hibernate", 2))   # the turn now feeds in Gondwana
    assert legal(s, "pick_shell") == {Action("pick_shell", 1), Action("pick_shell", 2)}
    assert "takes place in Gondwana" in s.explain_illegal(Action("pick_shell", 0))


def test_a_shell_stays_in_the_location_where_its_animal_died_and_only_an_animal_there_picks_it_up():
    # NOTES §9.2 shell (Континенты: in the location where the animal died — engine convention): A10 with Shell is
    # eaten in the Ocean; its Shell lies in the Ocean; seat 1 may put it on A12 (Ocean), not on A11 (Laurasia)
    s = located([[{"id": 0, "traits": ["carnivore"], "location": "ocean"}],
                 [{"id": 10, "traits": ["shell"], "location": "ocean"}, {"id": 11, "location": "laurasia"},
                  {"id": 12, "location": "ocean"}]],
                locations={"laurasia": 2, "ocean": 0}, deck_size=10, sets="time_to_fly,continents")
    s.apply(Action("attack", 0))
    s.apply(Action("target", 10))
    s.apply(Action("accept"))
    shell = next(e.data for e in s.events if e.kind == "loose_shell")
    assert shell["location"] == "ocean" and shell["text"].endswith("stays in the Ocean")
    assert table(s)["loose_shells"] == [shell["card"]]
    assert table(s)["locations"]["ocean"]["loose_shells"] == [shell["card"]]
    assert "loose_shells" not in table(s)["locations"]["laurasia"]
    assert table(s)["to_act"] == 1
    assert legal(s, "pick_shell") == {Action("pick_shell", 12)}
    assert "no loose Shell lies in Laurasia" in s.explain_illegal(Action("pick_shell", 11))
    copy = load_game("origin", players=2, sets="time_to_fly,continents").state_from_json(
        json.loads(json.dumps(s.to_json())))
    assert copy.digest() == s.digest() and copy.legal_actions() == s.legal_actions()
    console = Console(width=100, record=True)
    console.print(renderer_for("origin")(s.view(1), 1))
    assert f"loose Shells: Ocean {shell['card']}" in console.export_text()
    s.apply(Action("pick_shell", 12))
    assert trait_ids(s, 12) == ["shell"] and "loose_shells" not in table(s)


def test_a_scenario_places_loose_shells_and_says_what_is_wrong():
    body = {"phase": "feeding", "first_player": 0, "to_act": 0, "loose_shells": ["shell", "shell"],
            "loose_shell_locations": ["ocean", "gondwana"], "locations": {"ocean": 1},
            "players": [{"animals": [{"id": 0, "location": "ocean"}]}, {"animals": [{"id": 10}]}]}
    s = scenario(body, players=2, sets="time_to_fly,continents")
    assert table(s)["locations"]["ocean"]["loose_shells"] == table(s)["loose_shells"][:1]
    with pytest.raises(ScenarioError, match=r"loose_shell_locations: one location per loose Shell \(2\); got 1"):
        scenario({**body, "loose_shell_locations": ["ocean"]}, players=2, sets="time_to_fly,continents")
    with pytest.raises(ScenarioError, match=r"loose_shell_locations\[1\]: must be one of laurasia, gondwana, ocean"):
        scenario({**body, "loose_shell_locations": ["ocean", "mu"]}, players=2, sets="time_to_fly,continents")


def test_neoplasia_leaves_a_revealed_hunter_its_carnivore():
    # Time to Fly with Continents: a revealed Hunter is an animal with Carnivore (ruling 52), which is no card in its
    # stack, so Neoplasia's switching-off (which counts the cards again) leaves it: need 1 + Carnivore + Big
    s = scenario({"phase": "feeding", "first_player": 0, "to_act": 0, "food_base": 3,
                  "players": [{"animals": [{"id": 0, "card": "anglerfish", "marks": ["hunter_revealed"],
                                            "traits": ["neoplasia", "big"]}]}, {"animals": [{"id": 10}]}]},
                 players=2, sets="time_to_fly,continents", continents_without_locations=True)
    assert animal(s, 0)["need"] == 3
    assert Action("attack", 0) in s.legal_actions()
