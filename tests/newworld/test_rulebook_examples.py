"""The rulebook's worked examples (NOTES §4.5, §5, §6.1, §6.4, §6.5, §7, §11) as scenario tests."""

from __future__ import annotations

from evolutio.kernel import Action

from .helpers import alive, animal, hand_card, play, scenario, slot, traits_of

FED = {"food": 1}


def test_first_period_example_is_a_legal_position_ruling_14():
    state = scenario([{"hand": ["carnivorous", "carnivorous", "carnivorous", "nocturnal", "running", "symbiosis"]},
                      {"hand": []}])
    for _ in range(3):
        card = state.view(0)["players"][0]["hand"][0]["card"]
        play(state, Action("play_animal", card))
    first, second, third = (entry["animal"] for entry in state.view(0)["players"][0]["animals"])
    for trait in ("nocturnal", "running"):
        card, side = hand_card(state, 0, trait)
        play(state, Action("play_trait", card, side, second))
    card, side = hand_card(state, 0, "symbiosis")
    play(state, Action("play_paired", card, side, second, 0))
    assert traits_of(state, first) == []
    assert traits_of(state, second) == ["nocturnal", "running", "symbiosis"]
    assert traits_of(state, third) == ["symbiosis"]
    ward = animal(state, third)["traits"][0]
    assert ward["role"] == "ward" and ward["partner"] == second
    assert state.view(0)["players"][0]["hand_size"] == 0


def test_area_example_ruling_19():
    state = scenario([{"hand": []}, {"hand": []}, {"hand": []}],
                     areas=[{"area": "steppe", "food": [0]}, {"area": "mangrove_forest", "food": [0], "shelter": [0]},
                            {"area": "caves_mountains", "food": [0, 0], "shelter": [0, 0]}],
                     area_deck=["taiga", "rainforest", "coast", "oasis", "cliffs", "plateau"])
    play(state, Action("pass"))
    view = state.view(None)
    assert view["phase"] == "feeding"
    assert [area["area"] for area in view["areas"]] == ["taiga", "steppe", "mangrove_forest", "caves_mountains"]
    assert view["area_deck"] == 5
    tokens = {half["name"]: (half["food"], half["shelter"]) for area in view["areas"] for half in area["halves"]}
    assert tokens == {"Taiga": (3, 0), "Steppe": (2, 0), "Mangrove Forest": (2, 1), "Caves": (2, 1),
                      "Mountains": (1, 1)}
    while state.view(None)["phase"] == "feeding":
        play(state, Action("pass"))
    view = state.view(None)
    assert [area["area"] for area in view["areas"]] == ["taiga", "steppe", "mangrove_forest"]
    assert view["areas_discarded"] == ["caves_mountains"]


def test_hungry_or_fed_example_ruling_25():
    state = scenario([{"animals": [FED, {}, FED, {"traits": ["massive", "adverse_mutation"], "food": 2},
                                   {"traits": ["carnivorous", "fat_tissue"], "food": 2}]}, {}],
                     areas=[{"area": "taiga"}], phase="feeding")
    flags = [(animal(state, n)["need"], animal(state, n)["hungry"]) for n in range(5)]
    assert flags == [(1, False), (1, True), (1, False), (3, True), (2, False)]
    taiga = slot(state, "Taiga")
    feeders = {action.args[0] for action in state.legal_actions() if action.kind == "feed"}
    assert feeders == {1, 3, 4}
    with_fat = play(state.clone(), Action("feed", 4, taiga))
    assert animal(with_fat, 4)["fat"] == 1 and animal(with_fat, 4)["food"] == 2


def test_food_chain_example_ruling_31():
    state = scenario([{"animals": [{"traits": ["grazing"]}, {}, {}],
                       "links": [{"trait": "communication", "animals": [0, 1]},
                                 {"trait": "cooperation", "animals": [1, 2]}]}, {}],
                     areas=[{"area": "taiga"}], phase="feeding")
    taiga = slot(state, "Taiga")
    play(state, Action("feed", 0, taiga))
    # Communication and Grazing of animal 1 trigger at once: its owner picks the order (§6.8.4); the example lets
    # Communication act first
    cards = {trait["trait"]: trait["card"] for trait in animal(state, 0)["traits"]}
    assert state.view(None)["decision"] == "trigger_order"
    assert set(state.legal_actions()) == {Action("trigger", cards[name]) for name in ("communication", "grazing")}
    play(state, Action("trigger", cards["communication"]))
    assert state.view(None)["decision"] == "grazing"
    play(state, Action("graze", 0, taiga))
    assert [animal(state, n)["food"] for n in range(3)] == [1, 1, 1]
    assert state.view(None)["areas"][0]["halves"][0]["food"] == 0


def hunting_position():
    return scenario([
        {"animals": [{"traits": ["carnivorous", "sharp_vision", "nocturnal"]}]},
        {"animals": [{"shelter": True}, {"traits": ["poisonous", "scavenger"]},
                     {"traits": ["adverse_mutation", "tail_loss"]},
                     {"traits": ["nocturnal", "camouflage", "burrowing", "parasite"], "food": 2}],
         "links": [{"trait": "symbiosis", "animals": [3, 2]}]}],
        phase="feeding")


def test_hunting_example_legal_prey_ruling_45():
    state = hunting_position()
    assert {action.args[1] for action in state.legal_actions() if action.kind == "attack"} == {2, 3, 4}
    refusal = state.refusal(Action("attack", 0, 1))
    assert refusal is not None and "shelter" in refusal.reason


def test_hunting_example_tail_loss_sheds_adverse_mutation_ruling_45():
    state = hunting_position()
    play(state, Action("attack", 0, 3))
    assert state.current_player == 1
    assert [action.kind for action in state.legal_actions()] == ["defend"]
    play(state, Action("defend", 3, 17))
    adverse = next(t["card"] for t in animal(state, 3)["traits"] if t["trait"] == "adverse_mutation")
    play(state, Action("drop_trait", 3, adverse))
    assert 3 in alive(state) and "adverse_mutation" not in traits_of(state, 3)
    assert animal(state, 0)["food"] == 1
    assert animal(state, 0)["rotated"] == ["carnivorous"]


def test_hunting_example_successful_attack_feeds_scavenger_ruling_45():
    state = hunting_position()
    play(state, Action("attack", 0, 4))
    assert 4 not in alive(state)
    assert animal(state, 0)["food"] == 2
    assert "symbiosis" not in traits_of(state, 3)
    assert animal(state, 2)["food"] == 1


def test_extinction_example_ruling_65():
    state = scenario([{"animals": [FED, FED, FED, {"traits": ["massive", "adverse_mutation"], "food": 2},
                                   {"traits": ["carnivorous", "fat_tissue"], "food": 1, "fat": 1,
                                    "rotated": ["carnivorous"]}]},
                      {"passed": True}], phase="feeding")
    play(state, Action("pass"))
    assert state.view(None)["decision"] == "save_animals"
    play(state, Action("use_fat", 4))  # no other save is left: the step ends by itself
    view = state.view(0)
    assert [entry["animal"] for entry in view["players"][0]["animals"]] == [0, 1, 2, 4]
    assert view["players"][0]["hand_size"] == 6
    assert [(event.data["animal"], event.data["cause"]) for event in state.events if event.kind == "death"] \
        == [(3, "starved")]


def test_scoring_example_ruling_71():
    state = scenario([{"animals": [{"traits": ["carnivorous", "sharp_vision", "fat_tissue"], "food": 2},
                                   {"traits": ["massive", "nocturnal", "burrowing"], "food": 2},
                                   {"traits": ["adverse_mutation", "camouflage"], "food": 2},
                                   {"traits": ["running", "horned"], "food": 1}]},
                      {"passed": True}], phase="feeding", final=True, area_deck=0)
    play(state, Action("pass"))
    assert state.is_terminal
    assert state.scores() == [25, 0]
    assert state.winners() == [0]


def test_shelter_example_mangrove_offers_shelter_or_food_ruling_28():
    state = scenario([{"animals": [{"food": 1}]}, {}], areas=[{"area": "mangrove_forest"}], phase="feeding")
    mangrove = slot(state, "Mangrove Forest")
    assert {action.kind for action in state.legal_actions()} >= {"shelter"}
    hungry = scenario([{"animals": [{}]}, {}], areas=[{"area": "mangrove_forest"}], phase="feeding")
    assert {Action("shelter", 0, mangrove), Action("feed", 0, mangrove)} <= set(hungry.legal_actions())
    play(state, Action("shelter", 0, mangrove))
    assert animal(state, 0)["shelter"] is True
    assert state.view(None)["areas"][0]["halves"][0]["shelter"] == 0


def test_feeding_example_desert_but_not_savanna():
    state = scenario([{"animals": [{}]}, {}], areas=[{"area": "savanna_desert"}], phase="feeding")
    assert Action("feed", 0, slot(state, "Desert")) in state.legal_actions()
    assert "needs Massive" in state.refusal(Action("feed", 0, slot(state, "Savanna"))).reason


def test_simple_attack_example():
    state = scenario([{"animals": [{"traits": ["carnivorous"]}]}, {"animals": [{}]}], phase="feeding")
    play(state, Action("attack", 0, 1))
    assert alive(state) == {0} and animal(state, 0)["food"] == 2 and animal(state, 0)["rotated"] == ["carnivorous"]
