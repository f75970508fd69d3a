"""Scenarios that start inside a phase: an attack at the defender's choice, an extinction at a seat's saves, the
discard down to the hand limit after the draw. Each starts there, plays on to the end of the game, and every
impossible start is refused with its JSON path."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from evolutio.bots import RandomBot
from evolutio.cli.main import main
from evolutio.games.newworld.data import TRAIT_IDS
from evolutio.kernel import Action, ScenarioError, load_scenario
from evolutio.kernel.game import State

from .helpers import alive, animal, kinds, play, scenario

RUNNING = TRAIT_IDS.index("running")
TAIL_LOSS = TRAIT_IDS.index("tail_loss")
#: enough decisions for any game started in period 1 or 2 to end
DECISION_BUDGET = 5000


def play_to_the_end(state: State, seed: int) -> State:
    bot = RandomBot(seed=seed)
    for _ in range(DECISION_BUDGET):
        if state.is_terminal:
            return state
        state.apply(bot.choose(state))
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------------------------------------------ attacks
def attack_scenario(attack: dict[str, Any], prey_traits: list[str], predator_traits: tuple[str, ...] = (),
                    **body: Any) -> State:
    return scenario([{"animals": [{"traits": ["carnivorous", *predator_traits]}, {}]},
                     {"animals": [{"traits": prey_traits}, {}]}],
                    areas=[{"area": "taiga", "food": [2]}], phase="attack", attack=attack, **body)


def test_an_attack_scenario_starts_at_the_defenders_choice_and_plays_on():
    state = attack_scenario({"predator": 0, "prey": 2}, ["running", "tail_loss"], chance=[{"die": 2}])
    view = state.view(None)
    assert (view["phase"], view["decision"], state.current_player) == ("feeding", "attack", 1)
    # both defences are compulsory (ruling 48): no accepting the attack yet
    assert set(state.legal_actions()) == {Action("defend", 2, RUNNING), Action("defend", 2, TAIL_LOSS)}
    state.apply(Action("defend", 2, RUNNING))  # the pinned 2 fails: the attack goes on
    assert state.legal_actions() == [Action("defend", 2, TAIL_LOSS)]
    state.apply(Action("defend", 2, TAIL_LOSS))
    state.apply(state.legal_actions()[0])  # drop one trait card: the attack fails, the predator gets 1 blue
    assert 2 in alive(state) and animal(state, 0)["food"] == 1
    assert state.current_player == 1  # the attack was seat 0's basic action: its turn is over
    play_to_the_end(state, seed=1)


def test_a_resolved_running_roll_leaves_only_the_other_defence():
    state = attack_scenario({"predator": 0, "prey": 2, "resolved": ["running"]}, ["running", "tail_loss"])
    assert state.legal_actions() == [Action("defend", 2, TAIL_LOSS)]
    play_to_the_end(state, seed=2)


def test_an_attack_with_no_defence_left_is_resolved_on_loading():
    state = attack_scenario({"predator": 0, "prey": 2, "resolved": ["running"]}, ["running"])
    assert 2 not in alive(state) and animal(state, 0)["food"] == 2
    assert state.current_player == 1
    play_to_the_end(state, seed=3)


@pytest.mark.parametrize("additional_used, seat_on_turn", [(False, 0), (True, 1)])
def test_the_attackers_additional_action_may_be_left_or_used(additional_used, seat_on_turn):
    state = attack_scenario({"predator": 0, "prey": 2, "additional_used": additional_used}, [],
                            ("metamorphosis", "camouflage"))
    assert 2 not in alive(state) and state.current_player == seat_on_turn
    if not additional_used:  # after its kill the predator may still use Metamorphosis, or end the turn
        assert kinds(state) == {"end_turn", "metamorphosis"}


# --------------------------------------------------------------------------------------------------- extinction
SAVES = {
    "period": 2, "phase": "extinction", "first_player": 1, "to_act": 2, "area_deck": 2,
    "areas": [{"area": "taiga", "food": [0]}],
    "players": [
        {"animals": [{"traits": ["fat_tissue"], "fat": 1}, {"food": 1}]},
        {"animals": [{"traits": ["fat_tissue"], "fat": 1}, {"hibernated": True}]},
        {"animals": [{"traits": ["fat_tissue", "fat_tissue"], "fat": 2}, {"traits": ["hibernation"]}]},
    ],
}


def saves_scenario(**changes: Any) -> State:
    body = {**SAVES, **changes}
    return scenario(body.pop("players"), areas=body.pop("areas"), **body)


def test_an_extinction_scenario_starts_at_a_seats_saves_and_plays_on():
    state = saves_scenario()
    view = state.view(None)
    assert (view["phase"], view["decision"], state.current_player) == ("extinction", "save_animals", 2)
    assert set(state.legal_actions()) == {Action("done"), Action("use_fat", 4), Action("hibernate", 5)}
    state.apply(Action("use_fat", 4))
    state.apply(Action("hibernate", 5))  # nothing is left to save: seat 2 is done
    assert state.current_player == 0  # the last seat in order from the first player (seat 1)
    assert state.legal_actions() == [Action("done"), Action("use_fat", 0)]
    state.apply(Action("done"))
    # seat 1 was done before the scenario began: its hungry animal 2 starves although fat could have saved it; its
    # animal 3, which hibernated, survives hungry; seat 0 did not use animal 0's fat
    assert alive(state) == {1, 3, 4, 5}
    assert state.view(None)["period"] == 3
    play_to_the_end(state, seed=4)


def test_an_extinction_scenario_without_to_act_still_starts_at_its_beginning():
    body = {key: value for key, value in SAVES.items() if key not in ("to_act", "players", "areas")}
    state = scenario([{"animals": [{}]}, {"animals": [{"poisoned": True}]},
                      {"animals": [{"traits": ["fat_tissue"], "fat": 1}]}], areas=SAVES["areas"], **body)
    # the poisoned animal 1 died as the extinction began; seat 1 (first) had nothing to save, seat 2 decides now
    assert alive(state) == {0, 2} and state.current_player == 2


# ------------------------------------------------------------------------------------------------------ discard
DISCARD_PLAYERS = [
    {"hand": ["running", "massive", "camouflage", "swimming", "tail_loss", "grazing", "horned", "nocturnal"],
     "animals": [{"traits": ["fat_tissue"], "fat": 1}]},
    {"hand": ["burrowing", "piracy", "scavenger", "flight", "shy", "herding", "poisonous"], "animals": [{}]},
]


def discard_scenario(players: list[dict[str, Any]] = DISCARD_PLAYERS, **body: Any) -> State:
    return scenario(players, areas=[{"area": "taiga", "food": [0]}], **{"phase": "discard", "area_deck": 2, **body})


def test_a_discard_scenario_starts_after_the_draw_and_plays_on():
    state = discard_scenario()
    view = state.view(0)
    assert (view["phase"], view["decision"], state.current_player) == ("extinction", "discard_to_limit", 0)
    hand = [card["card"] for card in view["players"][0]["hand"]]
    assert state.legal_actions() == [Action("discard", card) for card in hand]
    state.apply(Action("discard", hand[0]))
    state.apply(Action("discard", hand[1]))
    assert state.current_player == 1 and len(state.legal_actions()) == 7
    state.apply(state.legal_actions()[0])
    view = state.view(None)
    assert (view["period"], view["phase"], view["first_player"]) == (2, "development", 1)
    assert [player["hand_size"] for player in view["players"]] == [6, 6]
    assert animal(state, 0)["fat"] == 1  # fat stays through the renewal
    play_to_the_end(state, seed=5)


def test_a_discard_scenario_may_start_at_the_second_seat():
    players = [{**DISCARD_PLAYERS[0], "hand": ["running"]}, DISCARD_PLAYERS[1]]
    state = discard_scenario(players, to_act=1)
    assert state.current_player == 1 and len(state.legal_actions()) == 7


# ------------------------------------------------------------------------------------------------------- errors
@pytest.mark.parametrize("make, message", [
    (lambda: attack_scenario({"predator": 0}, []), r"attack\.prey: must be an integer, got None"),
    (lambda: attack_scenario({"predator": 1, "prey": 2}, []), r"attack\.predator: animal 1 is no predator"),
    (lambda: attack_scenario({"predator": 9, "prey": 2}, []), r"attack\.predator: must be between 0 and 3, got 9"),
    (lambda: attack_scenario({"predator": 0, "prey": 0}, []), r"attack\.prey: a predator cannot attack itself"),
    (lambda: attack_scenario({"predator": 0, "prey": 2}, ["camouflage"]),
     r"attack\.prey: animal 2 is Camouflaged and your predator lacks Sharp Vision"),
    (lambda: attack_scenario({"predator": 0, "prey": 2, "resolved": ["tail_loss"]}, ["tail_loss"]),
     r"attack\.resolved\[0\]: only a failed horned or running roll leaves the attack going on; got 'tail_loss'"),
    (lambda: attack_scenario({"predator": 0, "prey": 2, "resolved": ["horned"]}, ["running"]),
     r"attack\.resolved\[0\]: animal 2 has no horned defence against this attack \(its defences: running\)"),
    (lambda: attack_scenario({"predator": 0, "prey": 2, "resolved": ["running", "running"]}, ["running"]),
     r"attack\.resolved\[1\]: running is listed twice"),
    (lambda: attack_scenario({"predator": 0, "prey": 2, "speed": 3}, []), r"attack: unknown field\(s\) speed"),
    (lambda: attack_scenario({"predator": 0, "prey": 2}, [], to_act=1),
     r"to_act: the attack is animal 0's, so it is the feeding turn of seat 0"),
    (lambda: scenario([{"animals": [{"traits": ["carnivorous"]}]}, {"animals": [{}]}], phase="attack"),
     r"attack: missing"),
    (lambda: scenario([{"animals": [{"traits": ["carnivorous"], "rotated": ["carnivorous"]}]}, {"animals": [{}]}],
                      phase="attack", attack={"predator": 0, "prey": 1}),
     r"attack\.predator: animal 0 has already attacked this feeding phase"),
    (lambda: scenario([{"animals": [{}]}, {"animals": [{}]}], phase="feeding", attack={"predator": 0, "prey": 1}),
     r"attack: only a scenario with \"phase\": \"attack\" has this field"),
    (lambda: saves_scenario(to_act=0, players=[{"animals": [{"food": 1}]}, {"animals": [{}]}, {"animals": [{}]}]),
     r"to_act: seat 0 has no hungry animal that fat or Hibernation can save"),
    (lambda: saves_scenario(players=[{"animals": [{"hibernated": True}]}, {"animals": [{}]},
                                     {"animals": [{"traits": ["fat_tissue"], "fat": 1}]}]),
     r"players\[0\]\.animals\[0\]\.hibernated: seat 0 saves animals after seat 2"),
    (lambda: saves_scenario(players=[{"animals": [{}]}, {"animals": [{"hibernated": True,
                                                                      "traits": ["hibernation"]}]},
                                     {"animals": [{"traits": ["fat_tissue"], "fat": 1}]}]),
     r"players\[1\]\.animals\[0\]\.hibernated: hibernating discards the Hibernation card"),
    (lambda: saves_scenario(players=[{"animals": [{"poisoned": True}]}, {"animals": [{}]},
                                     {"animals": [{"traits": ["fat_tissue"], "fat": 1}]}]),
     r"players\[0\]\.animals\[0\]\.poisoned: poisoned predators die when the extinction begins"),
    (lambda: scenario([{"animals": [{"hibernated": True}]}, {"animals": [{}]}], phase="feeding"),
     r"players\[0\]\.animals\[0\]\.hibernated: only an extinction started at a seat's saves"),
    (lambda: discard_scenario(to_act=1, players=[DISCARD_PLAYERS[0], DISCARD_PLAYERS[1]]),
     r"players\[0\]\.hand: seat 0 discards before seat 1 \(to_act\), so it holds at most 6 cards; got 8"),
    (lambda: discard_scenario([{"hand": ["running"]}, DISCARD_PLAYERS[1]]),
     r"to_act: seat 0 holds 1 cards, no more than the hand limit 6: it has nothing to discard"),
    (lambda: discard_scenario([{**DISCARD_PLAYERS[0], "animals": [{"food": 1}]}, DISCARD_PLAYERS[1]]),
     r"players\[0\]\.animals\[0\]\.food: before the draw the food and shelters go back to the supply"),
    (lambda: discard_scenario(options={"unlimited_hand": True}),
     r"phase: with unlimited_hand on nobody discards down to the hand limit"),
    (lambda: discard_scenario(final=True, area_deck=0),
     r"phase: the final period ends with its extinction; nobody draws or discards"),
    (lambda: scenario([{"animals": [{}]}, {"animals": [{}]}], phase="areas", to_act=1),
     r"to_act: nobody acts in the areas phase"),
])
def test_impossible_mid_phase_starts_are_refused_with_their_json_path(make, message):
    with pytest.raises(ScenarioError, match=message):
        make()


# ------------------------------------------------------------------------------------------------ the doc's examples
ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "newworld.md"


@pytest.mark.parametrize("name", ["attack", "saves", "discard", "tail-loss", "scavenger"])
def test_the_doc_shows_each_example_file_and_its_real_check_output(name, capsys, monkeypatch):
    command = f"$ evolutio scenario check examples/scenarios/newworld-{name}.json\n"
    match = re.search(r"```json\n([^`]*)```\s*```text\n" + re.escape(command) + r"(.*?)^```$",
                      DOC.read_text(encoding="utf-8"), re.S | re.M)
    assert match, f"docs/newworld.md shows no example and check output for newworld-{name}"
    path = ROOT / "examples" / "scenarios" / f"newworld-{name}.json"
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(match.group(1))
    monkeypatch.chdir(ROOT)
    assert main(["scenario", "check", f"examples/scenarios/newworld-{name}.json"]) == 0
    printed = [line.rstrip() for line in capsys.readouterr().out.splitlines()]
    assert printed == [line.rstrip() for line in match.group(2).splitlines()]


def test_the_doc_examples_play_as_described():
    attack = load_scenario(ROOT / "examples" / "scenarios" / "newworld-attack.json")
    play(attack, Action("defend", 2, RUNNING))
    assert attack.legal_actions() == [Action("defend", 2, TAIL_LOSS)]
    play(attack, Action("defend", 2, TAIL_LOSS))
    play(attack, attack.legal_actions()[0])  # drop a trait card
    assert 2 in alive(attack) and animal(attack, 0)["food"] == 1 and attack.current_player == 1

    saves = load_scenario(ROOT / "examples" / "scenarios" / "newworld-saves.json")
    play(saves, Action("use_fat", 4), Action("hibernate", 5))
    assert saves.current_player == 0 and set(saves.legal_actions()) == {Action("done"), Action("use_fat", 0)}
    play(saves, Action("done"))
    assert alive(saves) == {1, 3, 4, 5} and saves.view(None)["period"] == 3

    discard = load_scenario(ROOT / "examples" / "scenarios" / "newworld-discard.json")
    for _ in range(3):
        play(discard, discard.legal_actions()[0])
    view = discard.view(None)
    assert (view["period"], view["first_player"]) == (2, 1) and animal(discard, 0)["fat"] == 1
