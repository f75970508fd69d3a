"""What the heuristic bot does in telling positions, set up as scenarios and checked through its chosen action."""

from __future__ import annotations

from evolutio.bots import make_bot
from evolutio.kernel import load_scenario


def origin(body: dict, players: int = 2) -> object:
    return load_scenario({"game": "origin", "options": {"players": players}, "seed": 1, **body})


def origin_feeding(animals: list[list[dict]], food_base: int) -> object:
    return origin({"phase": "feeding", "first_player": 0, "to_act": 0, "food_base": food_base,
                   "players": [{"animals": seat, "hand": []} for seat in animals], "pairs": []}, len(animals))


def chosen(state) -> str:
    return state.describe(make_bot("heuristic", seed=1).choose(state))


def test_origin_feeds_the_starving_animal_before_filling_fat() -> None:
    # animal 1 is fed and has an empty Fat Tissue; animal 0 starves unless it gets the token
    state = origin_feeding([[{"id": 0, "traits": []}, {"id": 1, "traits": ["fat_tissue"], "food": 1}],
                            [{"id": 10, "traits": []}]], food_base=3)
    assert chosen(state) == "take a red token for your animal A0"


def test_origin_converts_fat_when_the_food_base_is_empty() -> None:
    state = origin_feeding([[{"id": 0, "traits": ["fat_tissue"], "fat": 1}], [{"id": 10, "traits": []}]],
                           food_base=0)
    assert chosen(state).startswith("convert 1 fat token")


def test_origin_takes_a_protective_trait_against_a_carnivore_on_the_table() -> None:
    # the opponent has two Carnivores; the bot already has more animals than the food base is likely to feed, so its
    # card is better spent hiding one of them than on another naked animal
    state = origin({"phase": "development", "first_player": 0, "to_act": 0, "pairs": [], "deck_size": 30,
                    "players": [{"hand": ["camouflage/fat_tissue"], "animals": [{"id": 0}, {"id": 1}, {"id": 2}]},
                                {"hand": ["piracy"], "animals": [{"id": 10, "traits": ["carnivore"]},
                                                         {"id": 11, "traits": ["carnivore"]}]}]})
    bot = make_bot("heuristic", seed=1)
    first = bot.choose(state)
    state.apply(first)
    if state.current_player == 0:  # a trait half is played in two steps: the card, then the animal
        state.apply(bot.choose(state))
    animals = state.view(0)["players"][0]["animals"]
    assert len(animals) == 3
    assert any(trait["trait"] == "camouflage" for animal in animals for trait in animal["traits"])


def test_northstar_does_not_hoard_cards_it_can_use() -> None:
    from evolutio.kernel import load_game

    state = load_game("northstar", players=4).new_state(5)
    bot = make_bot("heuristic", seed=2)
    seat = state.current_player
    while state.view(seat)["phase"] != "feeding":
        state.apply(bot.choose(state))
    # every seat had at least three cards after choosing its food card; a sensible player uses most of them
    assert all(player["hand_count"] <= 1 for player in state.view(seat)["players"])
