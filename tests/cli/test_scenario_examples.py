"""The worked scenario examples of docs/scenarios.md: the files load, `evolutio scenario check` prints what the doc
shows, and the moves the doc describes have the outcomes it states (pinned dice, decks and hold points)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from evolutio.cli.main import main
from evolutio.kernel import Action, load_scenario

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "scenarios.md"
EXAMPLES = ("origin-food-base", "northstar-food-reveal", "newworld-areas", "evo-meteor")
RESUME = Action("resume")


def documented(name: str) -> tuple[dict, str]:
    """The JSON block and the `scenario check` output block the doc shows for ``examples/scenarios/NAME.json``."""
    text = DOC.read_text(encoding="utf-8")
    command = f"$ evolutio scenario check examples/scenarios/{name}.json\n"
    match = re.search(r"```json\n([^`]*)```\s*```text\n" + re.escape(command) + r"(.*?)^```$", text, re.S | re.M)
    assert match, f"docs/scenarios.md shows no example and check output for {name}"
    return json.loads(match.group(1)), match.group(2)


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_doc_shows_the_file_and_the_real_check_output(name, capsys, monkeypatch):
    shown, output = documented(name)
    path = ROOT / "examples" / "scenarios" / f"{name}.json"
    assert json.loads(path.read_text(encoding="utf-8")) == shown
    monkeypatch.chdir(ROOT)
    assert main(["scenario", "check", f"examples/scenarios/{name}.json"]) == 0
    printed = capsys.readouterr().out
    assert [line.rstrip() for line in printed.splitlines()] == [line.rstrip() for line in output.splitlines()]


def example(name: str):
    return load_scenario(ROOT / "examples" / "scenarios" / f"{name}.json")


def texts(state) -> list[str]:
    return [event["text"] for event in state.events_for(None)]


def play(state, *actions: Action) -> None:
    for action in actions:
        state.apply(action)


def test_origin_example_rolls_the_pinned_food_base_fails_the_escape_and_holds_before_extinction():
    state = example("origin-food-base")
    assert state.view(None)["food_base"] == 7 and state.view(None)["dice"] == [5, 2]
    play(state, Action("take", 11), Action("take", 20), Action("attack", 0), Action("target", 10))
    assert state.legal_actions() == [Action("run")]
    play(state, Action("run"), Action("pass"))
    assert "Running: Player 2's animal A10 (Running) rolls 3 and does not escape" in texts(state)
    view = state.view(None)
    assert view["held"] == "extinction" and state.legal_actions() == [RESUME]
    assert {animal["id"] for player in view["players"] for animal in player["animals"]} == {0, 11, 20}
    state.apply(RESUME)
    for seat, trait in ((1, "tramp"), (2, "hibernation")):   # dealing starts with Kolya, the first player
        drawn = next(event["cards"] for event in state.events_for(seat)
                     if event["kind"] == "draw" and event["player"] == seat)
        traits = {card["id"]: card["traits"] for card in state.view(seat)["players"][seat]["hand"]}
        assert trait in traits[drawn[0]]
    assert state.view(None)["turn"] == 3


def test_northstar_example_reveals_the_food_cards_and_the_extinct_species_owner_draws_the_pinned_card():
    state = example("northstar-food-reveal")
    assert state.view(None)["held"] == "food_reveal" and state.view(None)["watering_hole"] == 1
    state.apply(RESUME)
    assert state.view(None)["watering_hole"] == 3
    assert state.legal_actions() == [Action("attack", 0, 1, 0)]
    state.apply(Action("attack", 0, 1, 0))
    assert ("long-neck", 4) in [(card["trait"], card["food"]) for card in state.view(1)["players"][1]["hand"]]
    view = state.view(None)
    assert view["held"] == "extinction" and view["players"][0]["species"][0]["population"] == 2
    state.apply(RESUME)
    view = state.view(None)
    assert view["players"][0]["species"][0]["population"] == 1 and view["round"] == 3
    assert state.current_player == 1


def test_newworld_example_reveals_the_pinned_area_and_the_pinned_die_lets_the_runner_escape():
    state = example("newworld-areas")
    view = state.view(None)
    assert [area["area"] for area in view["areas"]][:2] == ["savanna_desert", "steppe"]
    assert [half["food"] for half in view["areas"][0]["halves"]] == [3, 1] and view["area_deck"] == 2
    play(state, Action("attack", 0, 1), Action("defend", 1, 7))
    assert "Running: animal 1 rolls 5 and runs away" in texts(state)
    for _ in range(20):
        if state.view(None)["held"] is not None:
            break
        state.apply(state.legal_actions()[-1])
    assert state.view(None)["held"] == "extinction_phase" and state.legal_actions() == [RESUME]


@pytest.mark.parametrize("roll, strikes", [(5, False), (2, True)])
def test_evo_example_holds_before_the_meteor_whose_pinned_roll_decides(roll, strikes):
    data = json.loads((ROOT / "examples" / "scenarios" / "evo-meteor.json").read_text(encoding="utf-8"))
    data["chance"][0] = {"die": roll}
    state = load_scenario(data)
    assert state.view(None)["held"] == "meteor"
    state.apply(RESUME)
    assert state.is_terminal is strikes
    if not strikes:
        assert [row["gene"] for row in state.view(None)["auction"]] == ["horn", "fur", "egg"]
