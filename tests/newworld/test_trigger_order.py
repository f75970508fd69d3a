"""How traits trigger (NOTES §6.8.4): when several trait cards of one animal can act at once, its owner chooses the
order — only where the order can matter; otherwise they act by themselves."""

from __future__ import annotations

from evolutio.kernel import Action

from .helpers import animal, play, scenario, slot


def chain(taiga_food: int, **extra):
    return scenario([{"animals": [{"traits": ["grazing"]}, {}, {}],
                      "links": [{"trait": "communication", "animals": [0, 1]},
                                {"trait": "cooperation", "animals": [1, 2]}]}, {}],
                    areas=[{"area": "taiga", "food": [taiga_food]}], phase="feeding", **extra)


def cards_of(state, number: int) -> dict[str, int]:
    return {trait["trait"]: trait["card"] for trait in animal(state, number)["traits"]}


def test_the_order_decides_who_gets_the_last_red():
    communication_first = chain(2)
    taiga = slot(communication_first, "Taiga")
    play(communication_first, Action("feed", 0, taiga))
    cards = cards_of(communication_first, 0)
    grazing_first = communication_first.clone()
    play(communication_first, Action("trigger", cards["communication"]))
    assert animal(communication_first, 1)["food"] == 1 and animal(communication_first, 2)["food"] == 1
    assert communication_first.view(None)["decision"] == "feeding_turn"  # no red left: Grazing cannot act
    play(grazing_first, Action("trigger", cards["grazing"]), Action("graze", 0, taiga))
    assert [animal(grazing_first, n)["food"] for n in range(3)] == [1, 0, 0]  # Communication found Taiga empty


def test_the_owner_decides_and_the_prompt_names_the_traits():
    state = chain(3)
    play(state, Action("feed", 0, slot(state, "Taiga")))
    assert state.current_player == 0
    prompt = state.view(0)["prompt"]
    assert prompt.startswith("Player 1: ") and "Communication" in prompt and "Grazing" in prompt
    cooperation = cards_of(state, 1)["cooperation"]  # animal 1's card did not trigger
    assert "not one of the choices" in state.refusal(Action("trigger", cooperation)).reason


def test_a_single_trait_that_can_act_acts_by_itself():
    state = scenario([{"animals": [{"traits": ["grazing"]}, {"food": 1}, {}],
                       "links": [{"trait": "communication", "animals": [0, 1]},
                                 {"trait": "cooperation", "animals": [1, 2]}]}, {}],
                     areas=[{"area": "taiga", "food": [3]}], phase="feeding")  # animal 1 is fed: no Communication
    play(state, Action("feed", 0, slot(state, "Taiga")))
    assert state.view(None)["decision"] == "grazing"


def test_cooperation_cards_alone_act_in_card_order_without_a_decision():
    state = scenario([{"animals": [{}, {}, {}],
                       "links": [{"trait": "cooperation", "animals": [0, 1]},
                                 {"trait": "cooperation", "animals": [1, 2]}]}, {}],
                     areas=[{"area": "taiga", "food": [3]}], phase="feeding")
    play(state, Action("feed", 1, slot(state, "Taiga")))
    assert [animal(state, n)["food"] for n in range(3)] == [1, 1, 1]
    assert state.view(None)["decision"] == "feeding_turn"
