"""Scenarios that start at the decisions following an action: Tail Loss's card and Mimicry's target inside an attack,
a feeding turn with one action taken, the Scavenger's choice, the order of triggers, Grazing, Metamorphosis and a
Random Mutations card. Each starts exactly there, is checked through actions, views and events, plays on to the end
of the game, and every impossible start is refused with its JSON path."""

from __future__ import annotations

from typing import Any

import pytest

from evolutio.games.newworld.steps import STEP_TYPES
from evolutio.kernel import Action, ScenarioError, load_scenario
from evolutio.kernel.game import State

from .helpers import alive, animal, kinds, play, scenario, slot, texts, traits_of
from .test_scenario_starts import ROOT, play_to_the_end

TAIGA = [{"area": "taiga", "food": [2]}]


def card_of(state: State, number: int, trait: str) -> int:
    return next(entry["card"] for entry in animal(state, number)["traits"] if entry["trait"] == trait)


def area_food(state: State, half_name: str) -> int:
    for area in state.view(None)["areas"]:
        for half in area["halves"]:
            if half["name"] == half_name:
                return int(half["food"])
    raise AssertionError(f"{half_name} is not in the row")


# ------------------------------------------------------------------------------------------- Tail Loss, Mimicry
def defended(defence: Any, prey_traits: list[str], others: list[dict[str, Any]] | None = None, **attack: Any) -> State:
    return scenario([{"animals": [{"traits": ["carnivorous"]}, {}]},
                     {"animals": [{"traits": prey_traits}, *(others if others is not None else [{}])]}],
                    areas=TAIGA, phase="attack", attack={"predator": 0, "prey": 2, "defence": defence, **attack})


def test_a_tail_loss_scenario_starts_at_the_card_to_discard_ruling_50():
    state = defended("tail_loss", ["running", "tail_loss", "fat_tissue"])
    view = state.view(None)
    assert (view["phase"], view["decision"], state.current_player) == ("feeding", "tail_loss", 1)
    assert set(state.legal_actions()) == {Action("drop_trait", 2, card_of(state, 2, trait))
                                          for trait in ("running", "tail_loss", "fat_tissue")}
    play(state, Action("drop_trait", 2, card_of(state, 2, "running")))
    # Tail Loss chosen first: no die was rolled for Running; the prey escapes, the predator gets 1 blue
    assert traits_of(state, 2) == ["tail_loss", "fat_tissue"] and animal(state, 0)["food"] == 1
    assert "Tail Loss: animal 2 discards Running and escapes" in texts(state)
    assert not any(text.startswith("Running:") for text in texts(state))
    assert state.current_player == 1  # the attack was seat 0's basic action
    play_to_the_end(state, seed=11)


def test_a_tail_loss_scenario_may_follow_a_failed_roll():
    state = defended("tail_loss", ["running", "tail_loss"], resolved=["running"])
    assert {action.kind for action in state.legal_actions()} == {"drop_trait"}


def test_a_mimicry_scenario_starts_at_the_new_target_ruling_54():
    state = defended("mimicry", ["mimicry"], [{}, {"traits": ["camouflage"]}])
    view = state.view(None)
    assert (view["decision"], state.current_player) == ("mimicry", 1)
    assert animal(state, 2)["rotated"] == ["mimicry"]  # used once per feeding phase, as it is chosen
    assert state.legal_actions() == [Action("redirect", 2, 3)]  # animal 4 is Camouflaged: no target
    assert state.refusal(Action("redirect", 2, 4)) is not None
    play(state, Action("redirect", 2, 3))
    # the attack on animal 3 has no defence to resolve: it succeeds
    assert alive(state) == {0, 1, 2, 4} and animal(state, 0)["food"] == 2
    assert "Mimicry: the attack on animal 2 moves to animal 3" in texts(state)
    assert "animal 0 eats animal 3" in texts(state)
    play_to_the_end(state, seed=12)


# ------------------------------------------------------------------------------------- a feeding turn, mid-way
PIRATES = [{"animals": [{"traits": ["piracy"]}]}, {"animals": [{"traits": ["carnivorous"], "food": 1}]}]


def test_a_feeding_turn_may_start_after_its_basic_action():
    state = scenario(PIRATES, areas=TAIGA, phase="feeding", turn={"basic_used": True})
    view = state.view(None)
    assert (view["decision"], state.current_player) == ("feeding_turn", 0)
    assert kinds(state) == {"end_turn", "piracy"}  # no second basic action, no passing once acted
    play(state, Action("piracy", 0, 1))
    assert (animal(state, 0)["food"], animal(state, 1)["food"]) == (1, 0)
    assert state.current_player == 1  # both actions taken: the turn is over
    play_to_the_end(state, seed=13)


def test_a_feeding_turn_may_start_after_its_additional_action():
    state = scenario(PIRATES, areas=TAIGA, phase="feeding", turn={"additional_used": True})
    assert state.current_player == 0 and "piracy" not in kinds(state) and "feed" in kinds(state)
    assert "pass" not in kinds(state)  # having acted, the seat ends its turn instead of passing
    play_to_the_end(state, seed=14)


# --------------------------------------------------------------------------------------------------- Scavenger
def scavengers(attacker: int, **body: Any) -> State:
    return scenario([{"animals": [{"traits": ["carnivorous"], "food": 2}, {"traits": ["scavenger"]}]},
                     {"animals": [{}]},
                     {"animals": [{"traits": ["scavenger"]}, {"traits": ["scavenger"]}], "passed": True}],
                    areas=TAIGA, phase="scavenger", scavenger={"attacker": attacker}, **body)


def test_a_scavenger_scenario_starts_at_the_owners_choice_ruling_53():
    state = scavengers(1)  # the search from seat 1 passes seat 1 (no Scavenger) and stops at seat 2
    view = state.view(None)
    assert (view["phase"], view["decision"], state.current_player) == ("feeding", "scavenger", 2)
    assert state.legal_actions() == [Action("scavenge", 3), Action("scavenge", 4)]
    play(state, Action("scavenge", 4))
    assert [animal(state, number)["food"] for number in (1, 3, 4)] == [0, 0, 1]  # exactly one Scavenger is fed
    assert "Scavenger: animal 4 feeds on the dead" in texts(state)
    assert view["players"][2]["passed"]  # Scavenger works for a seat that has passed (ruling 36)
    assert state.current_player == 0  # seat 1's turn (its attack) is over; seat 2 has passed
    play_to_the_end(state, seed=15)


# -------------------------------------------------------------------------------------- trigger order, Grazing
def grazer(food: int, **body: Any) -> State:
    """Animal 0 (Grazing, Communication with animal 1) has just taken 1 red from Taiga."""
    return scenario([{"animals": [{"traits": ["grazing"], "food": 1}, {}], "links": [
                        {"trait": "communication", "animals": [0, 1]}]}, {"animals": [{}]}],
                    areas=[{"area": "taiga", "food": [food]}], **body)


def test_a_trigger_order_scenario_starts_at_the_owners_choice_6_8_4():
    state = grazer(1, phase="trigger_order", trigger_order={"animal": 0, "area": "taiga"})
    view = state.view(None)
    assert (view["phase"], view["decision"], state.current_player) == ("feeding", "trigger_order", 0)
    assert set(state.legal_actions()) == {Action("trigger", card_of(state, 0, trait))
                                          for trait in ("grazing", "communication")}
    grazing_first = state.clone()
    play(state, Action("trigger", card_of(state, 0, "communication")))
    # Communication takes the last red for animal 1: Grazing finds Taiga empty and does nothing
    assert animal(state, 1)["food"] == 1 and area_food(state, "Taiga") == 0
    assert state.view(None)["decision"] == "feeding_turn" and state.current_player == 1
    play(grazing_first, Action("trigger", card_of(grazing_first, 0, "grazing")),
         Action("graze", 0, slot(grazing_first, "Taiga")))
    assert animal(grazing_first, 1)["food"] == 0 and area_food(grazing_first, "Taiga") == 0
    play_to_the_end(state, seed=16)


def test_a_grazing_scenario_starts_at_its_choice_and_the_other_cards_act_after_it_ruling_58():
    state = grazer(2, phase="grazing", grazing={"animal": 0, "area": "taiga"})
    view = state.view(None)
    assert (view["decision"], state.current_player) == ("grazing", 0)
    assert kinds(state) == {"graze", "skip_grazing"}
    play(state, state.legal_actions()[0])  # graze: 1 red of Taiga back to the supply
    assert "Grazing: animal 0 returns 1 food of Taiga to the supply" in texts(state)
    # then Communication, set off by the same token, gives animal 1 the last red
    assert animal(state, 1)["food"] == 1 and area_food(state, "Taiga") == 0
    assert state.current_player == 1
    play_to_the_end(state, seed=17)


# ------------------------------------------------------------------------------------------------ Metamorphosis
def morphing(**body: Any) -> State:
    return scenario([{"hand": ["running/massive"], "animals": [{"traits": ["metamorphosis"]}]}, {"animals": [{}]}],
                    areas=TAIGA, phase="metamorphosis", **body)


def test_a_metamorphosis_scenario_starts_at_what_the_animal_gains_r1():
    state = morphing(metamorphosis={"animal": 0})
    view = state.view(0)
    assert (view["decision"], state.current_player) == ("metamorphosis", 0)
    assert animal(state, 0)["rotated"] == ["metamorphosis"]
    card = view["players"][0]["hand"][0]["card"]
    assert set(state.legal_actions()) == {Action("morph_food"), Action("morph_trait", card, 0),
                                          Action("morph_trait", card, 1)}
    play(state, Action("morph_trait", card, 1))
    assert traits_of(state, 0) == ["metamorphosis", "massive"]
    assert "Metamorphosis: animal 0 gains Massive" in texts(state)
    # the additional action is spent; the basic action is still to take
    assert state.current_player == 0 and "feed" in kinds(state) and "metamorphosis" not in kinds(state)
    play_to_the_end(state, seed=18)


def test_a_metamorphosis_after_the_basic_action_ends_the_turn():
    state = morphing(metamorphosis={"animal": 0, "basic_used": True})
    play(state, Action("morph_food"))
    assert animal(state, 0)["food"] == 1 and state.current_player == 1


# ------------------------------------------------------------------------------------------- Random Mutations
def mutating(card: str, traits: list[str] | None = None) -> State:
    """Seat 0 has revealed ``card`` for its animal 0; each seat has one more card in its gene pool."""
    return scenario([{"hand": ["swimming"], "animals": [{"traits": traits or []}]},
                     {"hand": ["swimming"], "animals": [{}]}], areas=TAIGA, phase="mutation",
                    options={"random_mutations": True}, mutation={"animal": 0, "card": card})


def test_a_mutation_scenario_starts_at_the_side_of_the_revealed_card():
    state = mutating("running/massive")
    view = state.view(None)
    assert (view["phase"], view["decision"], state.current_player) == ("development", "mutation_placement", 0)
    assert state.legal_actions() == [Action("give_side", 0, 0), Action("give_side", 1, 0)]
    play(state, Action("give_side", 1, 0))
    assert traits_of(state, 0) == ["massive"] and "animal 0 receives Massive" in texts(state)
    assert state.current_player == 1  # the development turn is over
    play_to_the_end(state, seed=19)


def test_a_mutation_card_that_fits_one_side_only_offers_that_side():
    state = mutating("running/massive", ["running"])
    assert state.legal_actions() == [Action("give_side", 1, 0)]


# ------------------------------------------------------------------------------------------------------ errors
@pytest.mark.parametrize("make, message", [
    (lambda: defended("running", ["running"]),
     r"attack\.defence: only tail_loss or mimicry asks a decision once chosen \(the others resolve at once\); "
     r"got 'running'"),
    (lambda: defended(["tail_loss"], ["tail_loss"]),
     r"attack\.defence: only tail_loss or mimicry asks a decision once chosen .*; got \['tail_loss'\]"),
    (lambda: defended("tail_loss", ["running"]),
     r"attack\.defence: animal 2 has no tail_loss defence against this attack \(its defences: running\)"),
    (lambda: defended("mimicry", ["mimicry"], [{"shelter": True}]),
     r"attack\.defence: animal 2 has no mimicry defence against this attack \(its defences: none\)"),
    (lambda: scenario([{"animals": [{"traits": ["carnivorous"]}, {}]},
                       {"animals": [{"traits": ["mimicry"], "rotated": ["mimicry"]}, {}]}], areas=TAIGA,
                      phase="attack", attack={"predator": 0, "prey": 2, "defence": "mimicry"}),
     r"attack\.defence: animal 2 has no mimicry defence"),
    (lambda: scenario(PIRATES, areas=TAIGA, phase="feeding", turn={"basic_used": True, "additional_used": True}),
     r"turn: a turn whose basic and additional actions are both taken is over"),
    (lambda: scenario([{"animals": [{}]}, {"animals": [{}]}], areas=TAIGA, phase="feeding",
                      turn={"basic_used": True}),
     r"turn\.basic_used: seat 0 has no additional action \(Piracy or Metamorphosis\) to take"),
    (lambda: scenario(PIRATES, areas=TAIGA, phase="feeding", turn={"basic": True}),
     r"turn: unknown field\(s\) basic"),
    (lambda: scavengers(0),
     r"players\[0\]\.animals\[1\]: the search from seat 0 stops at seat 0, whose only Scavenger that can take food, "
     r"animal 1, is fed at once: there is no choice"),
    (lambda: scavengers(1, to_act=2),
     r"to_act: the attack was seat 1's \(scavenger\.attacker\), so it is seat 1's feeding turn, not seat 2's"),
    (lambda: scavengers(3), r"scavenger\.attacker: must be a seat between 0 and 2, got 3"),
    (lambda: scenario([{"animals": [{}]}, {"animals": [{}]}], areas=TAIGA, phase="scavenger",
                      scavenger={"attacker": 0}),
     r"players: no animal has Scavenger and can take food"),
    (lambda: scenario([{"animals": [{}]}, {"animals": [{}]}], areas=TAIGA, phase="scavenger"),
     r"scavenger: missing"),
    (lambda: grazer(1, phase="trigger_order", trigger_order={"animal": 1, "area": "taiga"}),
     r"trigger_order\.animal: animal 1 holds no food and no fat, so it has taken no token"),
    (lambda: scenario([{"animals": [{"traits": ["grazing"], "food": 1}, {"food": 1}], "links": [
                           {"trait": "communication", "animals": [0, 1]}]}, {"animals": [{}]}], areas=TAIGA,
                      phase="trigger_order", trigger_order={"animal": 0, "area": "taiga"}),
     r"trigger_order\.animal: the order of animal 0's cards cannot matter: two or more must be able to act on this "
     r"token, not all Cooperation \(those that can: Grazing \(lit\. Hoofed\)\)"),
    (lambda: grazer(1, phase="trigger_order", trigger_order={"animal": 0, "area": "steppe"}),
     r"trigger_order\.area: 'steppe' is not an area in the row \(the row: taiga\)"),
    (lambda: grazer(1, phase="trigger_order", trigger_order={"animal": 0, "area": "taiga", "half": 1}),
     r"trigger_order\.half: taiga has 1 half\(s\), numbered from 0; got 1"),
    (lambda: grazer(1, phase="trigger_order", trigger_order={"animal": 0, "area": "taiga", "half": 0.0}),
     r"trigger_order\.half: taiga has 1 half\(s\), numbered from 0; got 0\.0"),
    (lambda: grazer(1, phase="trigger_order", trigger_order={"animal": 0, "area": "taiga"}, to_act=1),
     r"to_act: animal 0 is seat 0's \(Player 1\), so it is seat 0's turn, not seat 1's"),
    (lambda: scenario([{"animals": [{"traits": ["grazing"], "food": 1}]}, {"animals": [{}]}],
                      areas=[{"area": "caves_mountains"}], phase="grazing", grazing={"animal": 0, "area":
                                                                                     "caves_mountains"}),
     r"grazing\.area: animal 0 cannot use Caves, so it took no food there"),
    (lambda: grazer(0, phase="grazing", grazing={"animal": 0, "area": "taiga"}),
     r"grazing\.area: Taiga has no food left, so Grazing has nothing to destroy"),
    (lambda: scenario([{"animals": [{"food": 1}]}, {"animals": [{}]}], areas=TAIGA, phase="grazing",
                      grazing={"animal": 0, "area": "taiga"}),
     r"grazing\.animal: animal 0 has no Grazing"),
    (lambda: grazer(1, phase="feeding", grazing={"animal": 0, "area": "taiga"}),
     r"grazing: only a scenario with \"phase\": \"grazing\" has this field; got 'feeding'"),
    (lambda: morphing(metamorphosis={"animal": 1}), r"metamorphosis\.animal: animal 1 has no Metamorphosis"),
    (lambda: scenario([{"animals": [{"traits": ["metamorphosis"], "rotated": ["metamorphosis"]}]},
                       {"animals": [{}]}], areas=TAIGA, phase="metamorphosis", metamorphosis={"animal": 0}),
     r"metamorphosis\.animal: animal 0's Metamorphosis is listed as rotated"),
    (lambda: scenario([{"animals": [{"traits": ["metamorphosis"]}], "passed": True}, {"animals": [{}]}],
                      areas=TAIGA, phase="metamorphosis", metamorphosis={"animal": 0}),
     r"metamorphosis\.animal: animal 0's owner, seat 0, has passed"),
    (lambda: scenario([{"animals": [{}]}, {"animals": [{}]}], areas=TAIGA, phase="mutation",
                      mutation={"animal": 0, "card": "running/massive"}),
     r"phase: a mutation is revealed only in Random Mutations"),
    (lambda: mutating("piracy/carnivorous", ["piracy", "carnivorous"]),
     r"mutation\.card: neither side of piracy/carnivorous fits animal 0; such a card goes on or becomes a new animal "
     r"without a decision"),
    (lambda: mutating("massive/running"), r"mutation\.card: no card in the draw deck 'massive/running' is left"),
])
def test_impossible_follow_up_starts_are_refused_with_their_json_path(make, message):
    with pytest.raises(ScenarioError, match=message):
        make()


# ------------------------------------------------------------------------------------- every decision is a start
def development(random_mutations: bool) -> State:
    return scenario([{"hand": ["swimming"], "animals": [{}]}, {"hand": ["swimming"], "animals": [{}]}],
                    areas=TAIGA, options={"random_mutations": random_mutations})


SAVERS = [{"animals": [{"traits": ["fat_tissue"], "fat": 1}]}, {"animals": [{}]}]
OVER_THE_LIMIT = [{"hand": ["running", "massive", "camouflage", "swimming", "tail_loss", "grazing", "horned"]}, {}]
#: a scenario that starts at each decision step of the game, by the step's name (the view's "decision")
STARTS = {
    "development_turn": lambda: development(False),
    "mutation_turn": lambda: development(True),
    "feeding_turn": lambda: scenario(PIRATES, areas=TAIGA, phase="feeding"),
    "attack": lambda: scenario([{"animals": [{"traits": ["carnivorous"]}]}, {"animals": [{"traits": ["running"]}]}],
                               areas=TAIGA, phase="attack", attack={"predator": 0, "prey": 1}),
    "tail_loss": lambda: defended("tail_loss", ["tail_loss"]),
    "mimicry": lambda: defended("mimicry", ["mimicry"]),
    "scavenger": lambda: scavengers(1),
    "trigger_order": lambda: grazer(1, phase="trigger_order", trigger_order={"animal": 0, "area": "taiga"}),
    "grazing": lambda: grazer(2, phase="grazing", grazing={"animal": 0, "area": "taiga"}),
    "metamorphosis": lambda: morphing(metamorphosis={"animal": 0}),
    "mutation_placement": lambda: mutating("running/massive"),
    "save_animals": lambda: scenario(SAVERS, areas=TAIGA, phase="extinction", to_act=0, area_deck=2),
    "discard_to_limit": lambda: scenario(OVER_THE_LIMIT, areas=TAIGA, phase="discard", area_deck=2),
}


def test_every_decision_step_of_the_game_is_a_scenario_start():
    decisions = {step.name for step in STEP_TYPES if not step.automatic}
    assert decisions == set(STARTS), "a decision step without a scenario start (or a start of no decision step)"


@pytest.mark.parametrize("name", sorted(STARTS))
def test_each_start_begins_exactly_at_its_decision(name):
    state = STARTS[name]()
    assert state.view(None)["decision"] == name and state.legal_actions()


# ------------------------------------------------------------------------------------------------ the doc's examples
def test_the_doc_examples_play_as_described():
    hunt = load_scenario(ROOT / "examples" / "scenarios" / "newworld-tail-loss.json")
    assert len(hunt.legal_actions()) == 3 and hunt.current_player == 1
    play(hunt, Action("drop_trait", 3, card_of(hunt, 3, "adverse_mutation")))
    assert traits_of(hunt, 3) == ["tail_loss", "symbiosis"] and animal(hunt, 0)["food"] == 1
    assert hunt.current_player == 1 and hunt.view(None)["decision"] == "feeding_turn"
    play_to_the_end(hunt, seed=20)

    carrion = load_scenario(ROOT / "examples" / "scenarios" / "newworld-scavenger.json")
    play(carrion, Action("scavenge", 3))
    assert [animal(carrion, number)["food"] for number in (0, 2, 3)] == [0, 0, 1]
    assert carrion.current_player == 0 and carrion.view(None)["decision"] == "feeding_turn"
    play_to_the_end(carrion, seed=21)
