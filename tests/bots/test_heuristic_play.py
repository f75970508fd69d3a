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


def origin_carnivore_choice(own_traits: list[str], prey_traits: list[str]) -> list[str]:
    """What the bot does with a Hibernation/Carnivore card when the opponent's two animals carry ``prey_traits``."""
    state = origin({"phase": "development", "first_player": 0, "to_act": 0, "pairs": [], "deck_size": 30,
                    "players": [{"hand": ["hibernation/carnivore"],
                                 "animals": [{"id": 0, "traits": own_traits}, {"id": 1}]},
                                {"hand": ["piracy"], "animals": [{"id": 10, "traits": prey_traits},
                                                                 {"id": 11, "traits": prey_traits}]}]})
    bot = make_bot("heuristic", seed=1)
    played = [bot.choose(state)]
    described = [state.describe(played[0])]
    state.apply(played[0])
    if state.current_player == 0:  # a trait half is played in two steps: the card, then the animal
        described.append(state.describe(bot.choose(state)))
    return described


def test_origin_adds_no_carnivore_that_could_not_attack_any_prey() -> None:
    # Camouflage stops every carnivore without Sharp Vision: a Carnivore would only raise the animal's need
    assert origin_carnivore_choice([], ["camouflage"]) == [
        "play Hibernation/Carnivore card 28 (hand slot 0) as a new animal"]


def test_origin_adds_a_carnivore_where_the_rules_let_it_attack() -> None:
    # the same prey, but the bot's animal A0 has Sharp Vision: the game allows its attacks on camouflaged animals
    assert origin_carnivore_choice(["sharp_vision"], ["camouflage"])[-1] == "play Carnivore on your animal A0"


def test_northstar_does_not_hoard_cards_it_can_use() -> None:
    from evolutio.kernel import load_game

    state = load_game("northstar", players=4).new_state(5)
    bot = make_bot("heuristic", seed=2)
    seat = state.current_player
    while state.view(seat)["phase"] != "feeding":
        state.apply(bot.choose(state))
    # every seat had at least three cards after choosing its food card; a sensible player uses most of them
    assert all(player["hand_count"] <= 1 for player in state.view(seat)["players"])


def newworld_estimate_of_hidden_animal(predator_traits: list[str]) -> float:
    """The newworld estimate of seat 0, whose one animal has Camouflage, facing a predator with ``predator_traits``."""
    from evolutio.kernel import game_plugin

    from ..newworld.helpers import scenario

    state = scenario([{"hand": [], "animals": [{"traits": ["camouflage"]}]},
                      {"hand": [], "animals": [{"traits": ["carnivorous", *predator_traits]}]}],
                     areas=[{"area": "steppe", "food": [2]}], phase="development")
    plugin = game_plugin("newworld", "heuristic")
    assert plugin is not None and plugin.asks_rules
    return plugin().estimates(state.view(0), state)[0]


def test_newworld_estimate_asks_the_rules_which_predator_can_attack() -> None:
    # Camouflage keeps off a predator without Sharp Vision only: the rules allow the other one's attack
    assert newworld_estimate_of_hidden_animal(["sharp_vision"]) < newworld_estimate_of_hidden_animal([])


# -- evo: the 3-player map's hexes (tests/evo/helpers.py); climate index 3 makes mountains favourable, hills too hot
EVO_MOUNTAINS_FAVOURABLE = 3


def evo_at(phase: str, dinos: list[list[tuple[int, int]]], meteor: int = 5, **body) -> object:
    from ..evo.helpers import scenario

    return scenario([{"dinos": [list(coord) for coord in seat]} for seat in dinos], phase=phase, round_number=1,
                    climate=EVO_MOUNTAINS_FAVOURABLE, meteor=meteor, order=[0, 1, 2], **body)


def evo_terrain(state, hex_index: int) -> str:
    return state.view(0)["hexes"][hex_index]["terrain"]


def test_evo_moves_a_dino_the_heat_would_kill_onto_the_favourable_terrain() -> None:
    from ..evo.helpers import HILLS_A, HILLS_B

    # two dinos one step too hot, and one parasol-less survivor allowed there: one of them must reach the mountains
    state = evo_at("movement", [[HILLS_A, HILLS_B], [(3, -1)], [(2, 1)]])
    assert evo_terrain(state, state.legal_actions()[0].args[0]) == "hills"
    action = make_bot("heuristic", seed=1).choose(state)
    assert action.kind == "move" and evo_terrain(state, action.args[1]) == "mountains"


def test_evo_places_a_newborn_where_it_survives_the_climate() -> None:
    from ..evo.helpers import HILLS_A, MOUNTAIN_A

    # the hills dino already uses the one hot survivor allowed: a newborn on hills would die, one on mountains lives
    state = evo_at("birth", [[MOUNTAIN_A, HILLS_A], [(3, -1)], [(2, 1)]])
    targets = {evo_terrain(state, action.args[0]) for action in state.legal_actions() if action.kind == "birth"}
    assert {"hills", "mountains"} <= targets
    action = make_bot("heuristic", seed=1).choose(state)
    assert action.kind == "birth" and evo_terrain(state, action.args[0]) == "mountains"


def test_evo_determinized_worlds_roll_their_own_dice() -> None:
    from evolutio.kernel import Rng

    from ..evo.helpers import HILLS_A, MOUNTAIN_A, move

    # an attack at equal horns: the real game's die is fixed, but a bot's sampled world must not know it
    state = evo_at("movement", [[HILLS_A], [MOUNTAIN_A], [(2, 1)]])
    attack = move(state, HILLS_A, MOUNTAIN_A)

    def attacker_won(world) -> bool:
        world.apply(attack)
        return world.view(0)["hexes"][attack.args[1]]["owner"] == 0

    real = attacker_won(state.clone())
    outcomes = {attacker_won(state.determinize(0, Rng(seed))) for seed in range(40)}
    assert outcomes == {True, False}, f"every sampled world gave the real outcome ({real})"


# -- newworld: the food that can save an animal, as the rules count it
def newworld_final_extinction() -> object:
    """The final period's extinction, seat 0 to save its animals (seat 1 next): each has one hungry animal with fat
    enough to cover it."""
    from ..newworld.helpers import scenario

    animal = {"traits": ["fat_tissue", "camouflage", "running"], "fat": 1}
    other = {"traits": ["fat_tissue"], "fat": 1}
    return scenario([{"hand": [], "animals": [animal]}, {"hand": [], "animals": [other]}],
                    areas=[{"area": "steppe", "food": [0]}], phase="extinction", final=True, first_player=0, to_act=0)


def test_newworld_spends_fat_to_save_an_animal_at_the_extinction() -> None:
    # before, fat counted as food whether spent or not, so "done" (the first legal action) looked as good
    state = newworld_final_extinction()
    assert {action.kind for action in state.legal_actions()} == {"done", "use_fat"}
    action = make_bot("heuristic", seed=1).choose(state)
    assert action.kind == "use_fat"


def newworld_estimate_with_food_on(area: str, half_food: list[int], traits: list[str]) -> float:
    """Seat 0's estimate in the feeding phase: one hungry animal with ``traits``, all the food on ``area``."""
    from evolutio.kernel import game_plugin

    from ..newworld.helpers import scenario

    state = scenario([{"hand": [], "animals": [{"traits": traits}]}, {"hand": [], "animals": [{"food": 1}]}],
                     areas=[{"area": area, "food": half_food}], phase="feeding", final=True)
    plugin = game_plugin("newworld", "heuristic")
    assert plugin is not None
    return plugin().estimates(state.view(0), state)[0]


def test_newworld_food_an_animal_cannot_reach_does_not_feed_it() -> None:
    # Glaciers feed only animals without traits: the same token on the Tundra below feed any animal
    on_glaciers = newworld_estimate_with_food_on("glaciers_tundra", [1, 0], ["camouflage"])
    on_tundra = newworld_estimate_with_food_on("glaciers_tundra", [0, 1], ["camouflage"])
    assert on_glaciers < on_tundra
    # an animal without traits reaches the Glaciers
    assert newworld_estimate_with_food_on("glaciers_tundra", [1, 0], []) > on_glaciers


def test_newworld_last_period_feeds_the_animal_a_token_saves() -> None:
    from ..newworld.helpers import scenario

    # one token left: it saves the small animal, while half of the Massive one's need saves nothing at the end
    state = scenario([{"hand": [], "animals": [{"traits": ["massive"]}, {"traits": []}]},
                      {"hand": [], "animals": [{"food": 1}]}],
                     areas=[{"area": "steppe", "food": [1]}], phase="feeding", final=True, first_player=0, to_act=0)
    assert chosen(state) == "animal 1: take 1 food from Steppe (slot 0)"


def newworld_estimate_of_symbiosis(guardian: int) -> float:
    """Seat 0's estimate in the final feeding with one token on the table: a Massive Carnivore (need 3; the other seat's
    one animal is camouflaged, so it cannot hunt) and an animal without traits (need 1), linked by Symbiosis with
    animal ``guardian`` (0 or 1) as the guardian."""
    from evolutio.kernel import game_plugin

    from ..newworld.helpers import scenario

    state = scenario([{"hand": [], "animals": [{"traits": ["carnivorous", "massive"]}, {"traits": []}],
                       "links": [{"trait": "symbiosis", "animals": [guardian, 1 - guardian]}]},
                      {"hand": [], "animals": [{"traits": ["camouflage"], "food": 1}]}],
                     areas=[{"area": "steppe", "food": [1]}], phase="feeding", final=True, first_player=0, to_act=0)
    plugin = game_plugin("newworld", "heuristic")
    assert plugin is not None
    return plugin().estimates(state.view(0), state)[0]


def test_newworld_ward_of_a_hungry_guardian_waits_for_it() -> None:
    # a ward takes no food while its guardian is hungry: behind the Massive Carnivore the one token cannot save it
    assert newworld_estimate_of_symbiosis(guardian=0) < newworld_estimate_of_symbiosis(guardian=1) - 0.25


def newworld_estimate_of_hungry_predator(traits: list[str], prey_traits: list[str]) -> float:
    """Seat 0's estimate in the final feeding with no food left: one Carnivore with ``traits``; seat 1 has one animal
    with ``prey_traits``."""
    from evolutio.kernel import game_plugin

    from ..newworld.helpers import scenario

    state = scenario([{"hand": [], "animals": [{"traits": ["carnivorous", *traits]}]},
                      {"hand": [], "animals": [{"traits": prey_traits}]}],
                     areas=[{"area": "steppe", "food": [0]}], phase="feeding", final=True, first_player=0, to_act=0)
    plugin = game_plugin("newworld", "heuristic")
    assert plugin is not None
    return plugin().estimates(state.view(0), state)[0]


def test_newworld_a_kill_feeds_only_a_predator_it_covers() -> None:
    # a kill brings 2 food: prey it may attack (not the camouflaged one) feeds a Carnivore (need 2), not a Massive
    # one (need 3) when there is no food left to make up the rest
    def prey_gain(traits: list[str]) -> float:
        return (newworld_estimate_of_hungry_predator(traits, [])
                - newworld_estimate_of_hungry_predator(traits, ["camouflage"]))

    assert prey_gain([]) > 0.5
    assert prey_gain(["massive"]) < 0.1


def test_newworld_last_feeding_saves_the_animal_worth_more_first() -> None:
    from ..newworld.helpers import scenario

    # four tokens, and the other seat's Parasite-carrying animal (need 3) takes its turns between seat 0's: of two
    # animals that one token each saves, the one with three traits (6 points) goes first, not the bare one (3 points)
    state = scenario([{"hand": [], "animals": [{"traits": []}, {"traits": ["running", "swimming", "grazing"]},
                                               {"traits": ["massive", "camouflage", "running"]}]},
                      {"hand": [], "animals": [{"traits": ["parasite"]}]}],
                     areas=[{"area": "taiga", "food": [3]}, {"area": "rainforest", "food": [1]}],
                     phase="feeding", final=True, first_player=0, to_act=0)
    assert chosen(state).startswith("animal 1: take 1 food")


def newworld_estimate_of_fed_pair(linked: bool) -> float:
    """Seat 0's estimate in the final feeding: two fed animals and one Communication card, linking them or (as
    Camouflage) on one of them."""
    if linked:
        return newworld_final_estimate_of_fed([[], []], links=[{"trait": "communication", "animals": [0, 1]}])
    return newworld_final_estimate_of_fed([["camouflage"], []])


def test_newworld_a_paired_card_scores_once() -> None:
    # a paired card scores 1 point for the two animals it links, as a card on one animal does (it counted 2 before,
    # once on each animal, so the bot preferred paired traits and lost them with either animal)
    assert abs(newworld_estimate_of_fed_pair(linked=True) - newworld_estimate_of_fed_pair(linked=False)) < 0.01


def newworld_extinction_estimate(food_left: int) -> float:
    """Seat 0's estimate at the final extinction (seat 1 to save its animals): one hungry animal, ``food_left`` tokens
    left on the Steppe."""
    from evolutio.kernel import game_plugin

    from ..newworld.helpers import scenario

    state = scenario([{"hand": [], "animals": [{"traits": ["camouflage"]}]},
                      {"hand": [], "animals": [{"traits": ["fat_tissue"], "fat": 1}]}],
                     areas=[{"area": "steppe", "food": [food_left]}], phase="extinction", final=True, first_player=1,
                     to_act=1)
    plugin = game_plugin("newworld", "heuristic")
    assert plugin is not None
    return plugin().estimates(state.view(0), state)[0]


def test_newworld_food_left_at_the_extinction_feeds_no_one() -> None:
    # the feeding is over: the tokens left on the areas no longer give a hungry animal a chance
    assert newworld_extinction_estimate(2) == newworld_extinction_estimate(0)


def newworld_finished_after(kind: str) -> object:
    """The last decision of a newworld game, taken: seat 0 saves its Fat Tissue animal (``use_fat``) or not
    (``done``); seat 1 has one fed animal with four traits (7 points)."""
    from ..newworld.helpers import scenario

    state = scenario([{"hand": [], "animals": [{"traits": [], "food": 1}, {"traits": ["fat_tissue"], "fat": 1}]},
                      {"hand": [], "animals": [{"traits": ["camouflage", "running", "swimming", "burrowing"],
                                                "food": 1}]}],
                     areas=[{"area": "steppe", "food": [0]}], phase="extinction", final=True, first_player=0, to_act=0)
    state.apply(next(action for action in state.legal_actions() if action.kind == kind))
    assert state.is_terminal
    return state


def test_a_finished_game_credits_the_tie_rule_winner() -> None:
    from evolutio.bots.heuristic import estimator_for

    # saved: 7 points each, and seat 0 wins on the tie rule (two surviving animals to one); the estimate of the
    # finished game reads the winner off the rules, not just the equal scores
    tied = newworld_finished_after("use_fat")
    assert tied.scores() == [7, 7] and tied.winners() == [0]
    values = estimator_for("newworld").estimate(tied, 1)
    assert values[0] > values[1] > values[0] - 1
    # a clear win is worth its score and no more, so that ending the game is not preferred for itself
    clear = newworld_finished_after("done")
    assert clear.scores() == [3, 7] and estimator_for("newworld").estimate(clear, 1) == [3.0, 7.0]


def newworld_final_estimate_of_fed(animals: list[list[str]], links: list[dict] | None = None) -> float:
    """Seat 0's estimate in the final feeding, no food left: fed animals with the given traits (and links)."""
    from evolutio.kernel import game_plugin

    from ..newworld.helpers import scenario

    fed = [{"traits": traits, "food": 1} for traits in animals]
    state = scenario([{"hand": [], "animals": fed, "links": links or []},
                      {"hand": [], "animals": [{"traits": [], "food": 1}]}],
                     areas=[{"area": "steppe", "food": [0]}], phase="feeding", final=True, first_player=0, to_act=0)
    plugin = game_plugin("newworld", "heuristic")
    assert plugin is not None
    return plugin().estimates(state.view(0), state)[0]


def test_newworld_final_estimate_counts_the_tie_rule() -> None:
    # 6 points either way, but a tied score goes to the seat with more surviving animals
    two = newworld_final_estimate_of_fed([[], []])
    one = newworld_final_estimate_of_fed([["camouflage", "running", "swimming"]])
    assert one < two < one + 1


def newworld_glaciers_feeding(own: list[list[str]], other: list[list[str]], glaciers: int, tundra: int) -> object:
    """The final feeding, seat 0 to act: hungry animals with the given traits for seat 0 and seat 1, and food on
    Glaciers (only animals without traits feed there) and on the Tundra below it (open to all)."""
    from ..newworld.helpers import scenario

    return scenario([{"hand": [], "animals": [{"traits": traits} for traits in own]},
                     {"hand": [], "animals": [{"traits": traits} for traits in other]}],
                    areas=[{"area": "glaciers_tundra", "food": [glaciers, tundra]}], phase="feeding", final=True,
                    first_player=0, to_act=0)


def test_newworld_food_no_hungry_animal_can_reach_is_nobodys() -> None:
    from evolutio.kernel import game_plugin

    plugin = game_plugin("newworld", "heuristic")
    assert plugin is not None

    def estimates(own_traits: list[str], glaciers: int) -> list[float]:
        state = newworld_glaciers_feeding([own_traits], [["running"]], glaciers=glaciers, tundra=1)
        return plugin().estimates(state.view(0), state)

    # every animal has a trait, so no one can feed on the Glaciers: its tokens must not raise any seat's share of the
    # Tundra's one token (before, they counted in the food every seat shared)
    assert estimates(["camouflage"], glaciers=2) == estimates(["camouflage"], glaciers=0)
    # a bare animal may feed there: then they are seat 0's food, and the other seat keeps more of the Tundra's token
    with_glaciers, without = estimates([], glaciers=2), estimates([], glaciers=0)
    assert with_glaciers[0] > without[0] and with_glaciers[1] > without[1]



def northstar_estimate_gap(kind: str, threatened: bool, phase: str) -> float:
    """Seat 0's estimate minus seat 1's, by the northstar estimate of ``kind``: seat 0 has an unfed species of
    population 4, seat 1 a fed Carnivore of body 3 (that out-sizes seat 0's species when ``threatened``); the
    watering hole holds 6 food while feeding, and nothing yet while cards are played."""
    from evolutio.bots.heuristic import estimator_for

    from ..northstar.helpers import make, pl, sp

    cards = {"food_card": ("horns", 3)} if phase == "play-cards" else {}
    body = 1 if threatened else 4
    state = make(pl(sp(body, 4, 0), **cards), pl(sp(3, 1, 1, ["carnivore"]), **cards), phase=phase,
                 wh=6 if phase == "feeding" else 0)
    estimates = estimator_for("northstar", kind).estimate(state, 0)
    return estimates[0] - estimates[1]


def test_northstars_estimate_against_heuristic_bots_fears_carnivores_and_hunger_more() -> None:
    usual, tuned = "heuristic", "estimate_against_heuristic"
    # feeding: the same food, but each out-sizing carnivore is expected to take twice as much population
    assert northstar_estimate_gap(tuned, True, "feeding") < northstar_estimate_gap(usual, True, "feeding")
    # no carnivore can reach the species: the two estimates agree while feeding (only the future cards differ, and
    # both seats have one species)
    assert northstar_estimate_gap(tuned, False, "feeding") == northstar_estimate_gap(usual, False, "feeding")
    # planning: the species still to be fed is expected to keep less of its population
    assert northstar_estimate_gap(tuned, False, "play-cards") < northstar_estimate_gap(usual, False, "play-cards")


#: the 3-player meteor track's last space before its final one: the round's scoring is the game's last
EVO_METEOR_LAST_SCORING = 13


def evo_estimate_gap(kind: str, meteor: int) -> float:
    """Seat 0's estimate minus seat 1's, by the evo estimate of ``kind``: seat 0 has three dinos on the favourable
    mountains, seats 1 and 2 one dino each, while seat 0 moves."""
    from evolutio.bots.heuristic import estimator_for

    from ..evo.helpers import MOUNTAINS

    state = evo_at("movement", [MOUNTAINS[:3], [(3, -1)], [(2, 1)]], meteor=meteor)
    estimates = estimator_for("evo", kind).estimate(state, 0)
    return estimates[0] - estimates[1]


def test_evos_estimate_against_heuristic_bots_counts_later_rounds_for_less() -> None:
    usual, tuned = "heuristic", "estimate_against_heuristic"
    # rounds to come: the bigger herd is expected to keep fewer of its dinos, so its lead is worth less
    assert evo_estimate_gap(tuned, meteor=5) < evo_estimate_gap(usual, meteor=5)
    # this round's scoring is the last: the two estimates agree on what the dinos standing now will score
    assert evo_estimate_gap(tuned, EVO_METEOR_LAST_SCORING) == evo_estimate_gap(usual, EVO_METEOR_LAST_SCORING)


def test_evos_estimate_counts_a_held_rows_bid_by_its_bid_cost_weight() -> None:
    from evolutio.games.evo.heuristic import EvoHeuristic

    from ..evo.helpers import MID_AUCTION, scenario

    # mid-auction: seat 1 holds row 0 (legs) at a bid of 5, seat 2 row 1 (horns) at 1; seat 2 owns a mutant gene
    seats = [{"dinos": [[-3, 1]], "score": 12}, {"dinos": [[2, 0]]}, {"dinos": [[3, -2]], "genes": {"mutant": 1}}]
    state = scenario(seats, phase="meteor", flow=MID_AUCTION,
                     auction={"tiles": ["leg", "horn", "egg"], "bids": {"1": [0, 5], "2": [1, 1]}})
    view = state.view(0)
    at_par = EvoHeuristic().estimates(view)
    doubled = EvoHeuristic()
    doubled.bid_cost_weight = 2.0
    # the bids' points count twice: seat 1 loses 5 more; seat 2's bid of 1 costs nothing with its mutant
    assert [round(after - before, 9) for before, after in zip(at_par, doubled.estimates(view))] == [0.0, -5.0, 0.0]
