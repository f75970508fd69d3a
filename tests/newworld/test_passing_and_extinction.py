"""Passing (rulings 32–37) and extinction (rulings 62–69, 75, 77)."""

from __future__ import annotations

from evolutio.kernel import Action, Rng, load_game

from .helpers import alive, animal, kinds, play, scenario, slot


def test_no_pass_while_feeding_is_possible_ruling_32():
    state = scenario([{"animals": [{}]}, {}], areas=[{"area": "taiga"}], phase="feeding")
    assert "may not pass" in state.refusal(Action("pass")).reason


def test_empty_fat_tissue_forces_feeding_ruling_32():
    state = scenario([{"animals": [{"traits": ["fat_tissue"], "food": 1}]}, {}], areas=[{"area": "taiga"}],
                     phase="feeding")
    assert Action("pass") not in state.legal_actions()


def test_hungry_predator_must_attack_even_its_own_animal_ruling_33():
    state = scenario([{"animals": [{"traits": ["carnivorous"]}, {}]}, {}], phase="feeding")
    assert kinds(state) == {"attack"}


def test_fed_predator_with_empty_fat_may_pass_ruling_34():
    state = scenario([{"animals": [{"traits": ["carnivorous", "fat_tissue"], "food": 2}, {}]}, {"animals": [{}]}],
                     phase="feeding")
    assert Action("pass") in state.legal_actions() and Action("attack", 0, 2) in state.legal_actions()


def test_a_passed_player_takes_no_more_turns_ruling_35():
    state = scenario([{"animals": [{}]}, {"animals": [{"traits": ["carnivorous"]}, {"food": 1}]}],
                     areas=[{"area": "swamp_1", "food": [0]}], phase="feeding")
    play(state, Action("pass"))
    play(state, Action("attack", 1, 2))  # a death: the Swamp gains 1 food, but seat 0 has passed
    assert state.view(None)["areas"][0]["halves"][0]["food"] == 1
    assert state.current_player == 1 and state.legal_actions() == [Action("pass")]
    play(state, Action("pass"))
    assert 0 not in alive(state)  # seat 0's hungry animal never got to the Swamp


def test_hibernation_saves_but_not_in_the_final_period_ruling_64():
    body = {"phase": "feeding"}
    state = scenario([{"animals": [{"traits": ["hibernation"]}]}, {"passed": True}], **body)
    play(state, Action("pass"), Action("hibernate", 0))
    assert alive(state) == {0}
    final = scenario([{"animals": [{"traits": ["hibernation"]}]}, {"passed": True}], final=True, area_deck=0, **body)
    play(final, Action("pass"))
    assert final.is_terminal and alive(final) == set()
    allowed = scenario([{"animals": [{"traits": ["hibernation"]}]}, {"passed": True}], final=True, area_deck=0,
                       options={"hibernation_in_final_period": True}, **body)
    play(allowed, Action("pass"), Action("hibernate", 0))
    assert allowed.is_terminal and allowed.scores() == [3, 0]


def test_fat_is_spent_only_when_it_covers_the_shortfall_and_stays_otherwise_ruling_63():
    state = scenario([{"animals": [{"traits": ["fat_tissue", "fat_tissue", "massive"], "food": 0, "fat": 1},
                                   {"traits": ["fat_tissue"], "food": 1, "fat": 1}]}, {"passed": True}],
                     phase="feeding")
    play(state, Action("pass"))
    assert alive(state) == {1}
    assert animal(state, 1)["fat"] == 1


def test_swamp_gains_food_on_deaths_up_to_its_cap_ruling_21():
    state = scenario([{"animals": [{}, {}, {}]}, {"passed": True}], areas=[{"area": "swamp_1", "food": [2]}],
                     phase="feeding", final=True, area_deck=0)
    swamp = slot(state, "Swamp")
    assert Action("feed", 0, swamp) in state.legal_actions()
    while not state.is_terminal:
        play(state, Action("pass") if Action("pass") in state.legal_actions() else state.legal_actions()[0])
    assert state.view(None)["areas"][0]["halves"][0]["food"] == 1  # 2 - 2 eaten + 1 death (capped at 4)


def test_player_without_animals_draws_up_to_six_ruling_67():
    state = scenario([{"hand": ["carnivorous", "carnivorous"]}, {"passed": True}], phase="feeding")
    play(state, Action("pass"))
    assert state.view(0)["players"][0]["hand_size"] == 6


def test_unlimited_hand_draws_at_least_two_ruling_75():
    state = scenario([{"hand": ["carnivorous"] * 7}, {"passed": True}], phase="feeding",
                     options={"unlimited_hand": True})
    play(state, Action("pass"))
    assert state.view(0)["players"][0]["hand_size"] == 9


def test_hand_above_six_is_cut_by_its_owner():
    state = scenario([{"hand": ["carnivorous"] * 5, "animals": [{"food": 1}, {"food": 1}]}, {"passed": True}],
                     phase="feeding")
    play(state, Action("pass"))
    assert state.view(None)["decision"] == "discard_to_limit"
    while state.view(None)["decision"] == "discard_to_limit":
        play(state, state.legal_actions()[0])
    assert state.view(0)["players"][0]["hand_size"] == 6


def test_catastrophe_one_period_eighteen_cards_played_ruling_77():
    game = load_game("newworld", players=2, catastrophe=True)
    state = game.new_state(3)
    view = state.view(None)
    assert view["final_period"] and len(view["areas"]) == 3
    seat = state.current_player
    assert state.view(seat)["players"][seat]["hand_size"] == 20
    assert "Catastrophe" in state.refusal(Action("pass")).reason


def test_catastrophe_boxes_the_undealt_cards_section_12():
    state = load_game("newworld", players=3, catastrophe=True).new_state(8)
    view = state.view(None)
    assert view["deck"] == 0 and view["discard"] == 0
    assert view["cards_boxed"] == 96 - 3 * 20
    resampled = state.determinize(0, Rng(2)).view(None)
    assert resampled["deck"] == 0 and resampled["cards_boxed"] == view["cards_boxed"]
    normal = load_game("newworld", players=3).new_state(8).view(None)
    assert normal["cards_boxed"] == 0 and normal["deck"] == 96 - 3 * 6
