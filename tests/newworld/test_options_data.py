"""Variants and engine rulings as options, and the replaceable (reconstructed) data file with precise errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evolutio.bots import RandomBot
from evolutio.kernel import Action, OptionError, load_game, load_scenario
from evolutio.sim import play_game

DATA = Path(__file__).resolve().parents[2] / "src" / "evolutio" / "games" / "newworld" / "data" / "cards.json"


@pytest.mark.parametrize("options", [{"periods": 2}, {"unlimited_hand": True}, {"catastrophe": True},
                                     {"running_horned_optional": True}, {"hibernation_in_final_period": True},
                                     {"pirate_must_take_food": False}, {"random_mutations": True},
                                     {"metamorphosis": "a"}, {"metamorphosis": "b"}])
def test_every_variant_plays_to_the_end_deterministically(options):
    game = load_game("newworld", players=3, **options)
    first = play_game(game, 9, [RandomBot(seed=i) for i in range(3)])
    second = play_game(game, 9, [RandomBot(seed=i) for i in range(3)])
    assert first.is_terminal and first.digest() == second.digest()


def test_periods_set_the_game_length_ruling_74():
    game = load_game("newworld", players=2, periods=2)
    state = play_game(game, 1, [RandomBot(seed=i) for i in range(2)])
    assert state.view(None)["period"] == 2


def test_too_many_periods_for_the_area_cards_is_refused():
    with pytest.raises(OptionError, match="periods"):
        load_game("newworld", players=4, periods=17)


def write(tmp_path, document) -> str:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(document))
    return str(path)


def test_a_user_data_file_replaces_the_reconstructed_data(tmp_path):
    document = json.loads(DATA.read_text())
    document["traits"][7]["params"]["die_success"] = [6]
    game = load_game("newworld", data=write(tmp_path, document))
    assert game.data.traits[7].params["die_success"] == [6]
    assert game.new_state(1).view(None)["data"]["source"] == str(tmp_path / "cards.json")


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d["traits"][3].pop("food"), r"\$\.traits\[3\]\.food: missing"),
    (lambda d: d["traits"][0].update(id="dragon"), r"\$\.traits\[0\]\.id: unknown trait 'dragon'"),
    (lambda d: d["cards"]["list"][2].update(small="wings"), r"\$\.cards\.list\[2\]\.small: unknown trait"),
    (lambda d: d["areas"]["list"][4]["halves"][0].update(requires="gills"), r"halves\[0\]\.requires"),
    (lambda d: d["traits"][7]["params"].update(die_success=[7]), r"die_success: must be a non-empty list"),
    (lambda d: d["areas"]["list"][1]["halves"][0].update(food=-1), r"food: must be at least 0"),
])
def test_bad_data_files_are_refused_with_the_json_path(tmp_path, mutate, message):
    document = json.loads(DATA.read_text())
    mutate(document)
    with pytest.raises(OptionError, match=message):
        load_game("newworld", data=write(tmp_path, document))


def test_unreadable_data_file_is_refused(tmp_path):
    with pytest.raises(OptionError, match="cannot read newworld data file"):
        load_game("newworld", data=str(tmp_path / "missing.json"))
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(OptionError, match="not valid JSON"):
        load_game("newworld", data=str(bad))


def test_reconstructed_entries_are_marked_in_views():
    state = load_scenario({"game": "newworld", "options": {"players": 2}, "areas": [{"area": "rainforest"}],
                           "players": [{"animals": [{"traits": ["flight"]}]}, {}]})
    view = state.view(0)
    assert view["areas"][0]["reconstructed"] is True
    assert view["players"][0]["animals"][0]["traits"][0]["reconstructed"] is True


def test_the_area_halves_come_from_each_games_own_data_in_one_process(tmp_path):
    """Two data sets in one process: the halves of an area card are read from each game's data (legal-action
    generation remembers the area slots per data set). The user's data split the Steppe in two halves."""
    document = json.loads(DATA.read_text())
    areas = document["areas"]["list"]
    steppe = next(area for area in areas if area["id"] == "steppe")
    lower = dict(next(area for area in areas if area["id"] == "caves_mountains")["halves"][1])
    steppe["halves"] = [steppe["halves"][0], {**lower, "id": "steppe_hills", "en": "Steppe Hills", "requires": None}]
    steppe["split"] = True
    custom = write(tmp_path, document)

    def feeding_slots(options: dict) -> set[int]:
        state = load_scenario({"game": "newworld", "options": {"players": 2, **options}, "seed": 1,
                               "phase": "feeding", "areas": [{"area": "steppe"}],
                               "players": [{"animals": [{}]}, {"animals": [{}]}]})
        return {action.args[1] for action in state.legal_actions() if action.kind == "feed"}

    assert len(feeding_slots({})) == 1
    assert len(feeding_slots({"data": custom})) == 2
    assert len(feeding_slots({})) == 1


def test_a_placement_verdict_is_remembered_by_every_trait_its_hook_reads(tmp_path):
    """Legal-action generation remembers Scavenger's placement verdict per trait and the target's traits that the
    hook reads: with a user's data making Scavenger incompatible with Swimming (not Carnivore), a Carnivore may take
    Scavenger and a Swimming Carnivore may not, in the same decision."""
    document = json.loads(DATA.read_text())
    scavenger = next(trait for trait in document["traits"] if trait["id"] == "scavenger")
    scavenger["params"]["incompatible_with"] = ["swimming"]
    state = load_scenario({"game": "newworld", "options": {"players": 2, "data": write(tmp_path, document)},
                           "seed": 1, "areas": [{"area": "steppe"}],
                           "players": [{"hand": ["scavenger"], "animals": [{"traits": ["carnivorous"]},
                                                                           {"traits": ["carnivorous", "swimming"]}]},
                                       {"hand": ["camouflage"], "animals": [{}]}]})
    card = next(card for card in state.view(0)["players"][0]["hand"] if "scavenger" in (card["large"], card["small"]))
    side = 0 if card["large"] == "scavenger" else 1
    placed = {action.args[2] for action in state.legal_actions()
              if action.kind == "play_trait" and action.args[:2] == (card["card"], side)}
    assert placed == {0}
    assert "cannot share" in state.refusal(Action("play_trait", card["card"], side, 1)).reason
