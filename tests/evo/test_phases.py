"""One test group per phase of the Evo round (NOTES §4-§9), through scenarios, actions, views and events."""

from __future__ import annotations

import itertools

import pytest

from evolutio.kernel import Action, IllegalAction, load_game

from .helpers import DESERT_EDGES, HILLS_A, HILLS_B, MOUNTAIN_A, MOUNTAINS, events, hex_of, move, owner_at, scenario

WIN_ON = {-3: 0, -2: 0, -1: 1, 0: 2, 1: 4, 2: 5, 3: 5}


def test_setup_gives_each_player_ten_points_three_cards_and_a_starred_start():
    state = load_game("evo", players=4).new_state(3)
    seen = state.view(None)
    assert seen["meteor"] == 3 and seen["climate"] == 0 and seen["favourable"] == "desert"
    assert all(p["score"] == 10 and p["hand_size"] == 3 and p["supply"] == 10 for p in seen["players"])
    stars = [i for i, cell in enumerate(seen["hexes"]) if cell["start"]]
    assert sorted(a.args[0] for a in state.legal_actions()) == stars
    first = state.current_player
    state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction, match="already stands on that star"):
        state.apply(Action("place_start", stars[0]))
    assert state.current_player != first


def test_initiative_more_tails_then_fewer_dinos():
    spec = [{"genes": {"tail": 0}, "dinos": [[-3, 1], [-3, 2]]},
            {"genes": {"tail": 1}, "dinos": [[-1, 2], [0, 2], [1, 1]]},
            {"genes": {"tail": 0}, "dinos": [[2, 0]]}]
    state = scenario(spec, phase="initiative")
    assert state.view(None)["order"] == [1, 2, 0]
    more = scenario(spec, phase="initiative", options={"initiative_tiebreak": "more_dinos_first"})
    assert more.view(None)["order"] == [1, 0, 2]


def test_initiative_full_tie_is_rolled_off_higher_first_with_rerolls():
    spec = [{"dinos": [[-3, 1]]}, {"dinos": [[0, 2]]}, {"dinos": [[2, 0]]}]
    rerolled = False
    for seed in range(12):
        state = scenario(spec, phase="initiative", seed=seed)
        first, *later = events(state, "roll_off")
        rolls = dict(first["rolls"])
        order = state.view(None)["order"]
        assert [rolls[seat] for seat in order] == sorted(rolls.values(), reverse=True), "higher roll acts earlier"
        for event in later:
            rerolled = True
            tied = [seat for seat, _ in event["rolls"]]
            again = dict(event["rolls"])
            placed = [seat for seat in order if seat in tied]
            assert [again[seat] for seat in placed] == sorted(again.values(), reverse=True)
    assert rerolled, "some seed produced a tie that was re-rolled"


def test_climate_die_moves_the_marker_by_the_table():
    spec = [{"dinos": [[-3, 1]]}, {"dinos": [[0, 2]]}, {"dinos": [[2, 0]]}]
    moves = {1: -1, 2: 0, 3: 1, 4: 1, 5: 1, 6: 1}
    seen = set()
    for seed in range(30):
        state = scenario(spec, phase="climate", climate=2, seed=seed)
        (event,) = events(state, "climate")
        assert event["climate"] == (2 + moves[event["roll"]]) % 6
        seen.add(event["roll"])
    assert seen == {1, 2, 3, 4, 5, 6}


def test_movement_points_are_one_plus_legs_and_moving_is_optional():
    spec = [{"genes": {"leg": 2}, "dinos": [[-3, 1]]}, {"dinos": [[2, 0]]}, {"dinos": [[3, -2]]}]
    state = scenario(spec)
    assert state.current_player == 0 and Action("done") in state.legal_actions()
    path = [HILLS_A, HILLS_B, (-1, -1), (-1, -2)]
    for source, target in itertools.pairwise(path):
        state.apply(move(state, source, target))
    assert owner_at(state, -1, -2) == 0
    assert state.current_player == 1, "three points used: the turn passes on"


def test_own_hex_is_refused_with_the_reason():
    state = scenario([{"dinos": [list(HILLS_A), list(HILLS_B)]}, {"dinos": [[2, 0]]}, {"dinos": [[3, -2]]}])
    with pytest.raises(IllegalAction, match="your own dino stands there"):
        state.apply(move(state, HILLS_A, HILLS_B))


@pytest.mark.parametrize("attacker_horns,defender_horns", [(0, 2), (0, 1), (1, 1), (2, 1), (3, 0)])
def test_combat_outcome_matches_the_dice_table(attacker_horns, defender_horns):
    difference = attacker_horns - defender_horns
    wins = 0
    for seed in range(40):
        state = scenario([{"genes": {"horn": attacker_horns}, "dinos": [list(HILLS_A)]},
                          {"genes": {"horn": defender_horns}, "dinos": [list(MOUNTAIN_A)]},
                          {"dinos": [[3, -2]]}], seed=seed)
        state.apply(move(state, HILLS_A, MOUNTAIN_A))
        (fight,) = events(state, "combat")
        assert fight["difference"] == difference
        assert fight["won"] == (fight["roll"] <= WIN_ON[difference])
        assert owner_at(state, *HILLS_A) is None, "the attacker left its hex either way"
        assert owner_at(state, *MOUNTAIN_A) == (0 if fight["won"] else 1)
        supplies = [p["supply"] for p in state.view(None)["players"]]
        assert supplies[:2] == ([9, 10] if fight["won"] else [10, 9])
        wins += fight["won"]
    if difference <= -2:
        assert wins == 0


def test_a_winning_attacker_keeps_moving_with_its_points():
    for seed in range(20):
        state = scenario([{"genes": {"horn": 3, "leg": 1}, "dinos": [list(HILLS_A)]},
                          {"dinos": [list(MOUNTAIN_A)]}, {"dinos": [[3, -2]]}], seed=seed)
        state.apply(move(state, HILLS_A, MOUNTAIN_A))
        if events(state, "combat")[0]["won"]:
            assert state.current_player == 0
            state.apply(move(state, MOUNTAIN_A, (-2, 2)))
            assert owner_at(state, -2, 2) == 0
            return
    pytest.fail("no winning attack in 20 seeds")


def test_birth_is_compulsory_next_to_parents_and_newborns_do_not_breed():
    state = scenario([{"genes": {"egg": 1}, "dinos": [list(HILLS_A)]}, {"dinos": [[2, 0]]}, {"dinos": [[3, -2]]}],
                     phase="birth")
    assert state.current_player == 0
    legal = state.legal_actions()
    assert Action("done") not in legal
    parent_neighbours = {(-2, 1), (-4, 1), (-3, 2), (-3, 0), (-2, 0), (-4, 2)}
    assert {a.args[0] for a in legal} == {hex_of(state, *cell) for cell in parent_neighbours}
    state.apply(Action("birth", hex_of(state, *HILLS_B)))  # its other neighbours (-1,0), (-2,-1), (-1,-1) stay shut
    second = {a.args[0] for a in state.legal_actions()}
    assert second == {hex_of(state, *cell) for cell in parent_neighbours} - {hex_of(state, *HILLS_B)}
    state.apply(state.legal_actions()[0])
    assert state.view(None)["players"][0]["dinos"] == 3 and state.current_player != 0


def test_birth_without_dinos_follows_the_option():
    spec = [{"dinos": []}, {"dinos": [[2, 0]]}, {"dinos": [[3, -2]]}]
    anywhere = scenario(spec, phase="birth")
    assert anywhere.current_player == 0 and len(anywhere.legal_actions()) == 42 - 2
    none = scenario(spec, phase="birth", options={"birth_without_dinos": "none"})
    assert none.current_player == 1


def test_survival_lethal_and_owner_chooses_which_die_then_scoring():
    # marker on plains (index 1): desert is one step too hot, mountains lethal
    spec = [{"score": 10, "dinos": [list(c) for c in DESERT_EDGES[:3]] + [list(MOUNTAINS[0]), [-4, 1]]},
            {"dinos": [[2, -1]]}, {"dinos": [[3, 0]]}]
    state = scenario(spec, phase="survival", climate=1)
    assert events(state, "perish")[0]["hexes"] == [hex_of(state, *MOUNTAINS[0])]
    assert state.current_player == 0
    choices = {a.args[0] for a in state.legal_actions()}
    assert choices == {hex_of(state, *c) for c in DESERT_EDGES[:3]}
    state.apply(Action("remove", hex_of(state, *DESERT_EDGES[0])))
    state.apply(Action("remove", hex_of(state, *DESERT_EDGES[1])))
    seen = state.view(None)
    assert seen["players"][0]["dinos"] == 2 and seen["players"][0]["score"] == 12


def test_meteor_on_the_last_space_ends_the_game_without_an_auction():
    spec = [{"score": 5, "dinos": [[-3, 1], [-3, 2]]}, {"score": 5, "dinos": [[2, 0]]}, {"score": 3, "dinos": []}]
    state = scenario(spec, phase="meteor", meteor=13)
    assert state.is_terminal and not events(state, "auction")
    assert state.winners() == [0], "tie on points goes to more dinos on the board"


def test_meteor_die_space_rolls_and_hits_on_its_faces():
    spec = [{"dinos": [[-3, 1]]}, {"dinos": [[2, 0]]}, {"dinos": [[3, -2]]}]
    for seed in range(20):
        state = scenario(spec, phase="meteor", meteor=12, seed=seed)
        (event,) = events(state, "meteor")
        assert event["hit"] == (event["roll"] in (1, 2, 3)) == state.is_terminal


def _auction(bag, mutants=(0, 0, 0), scores=(10, 10, 10), options=None):
    spec = [{"score": scores[i], "genes": {"mutant": mutants[i]}, "dinos": [[[-3, 1], [0, 2], [2, 0]][i]]}
            for i in range(3)]
    return scenario(spec, phase="meteor", meteor=0, bag=bag, options=options)


def test_auction_outbid_displaces_and_the_cascade_runs_before_the_next_bidder():
    state = _auction({"leg": 3}, mutants=(0, 2, 0))
    assert state.current_player == 0
    state.apply(Action("bid", 0, 2))
    with pytest.raises(IllegalAction, match="holds this row at 2: bid at least 3"):
        state.apply(Action("bid", 0, 2))
    state.apply(Action("bid", 0, 5))
    assert state.current_player == 0, "the displaced player re-places at once"
    state.apply(Action("bid", 1, 0))
    assert state.current_player == 2
    state.apply(Action("bid", 2, 1))
    seen = state.view(None)
    # rulebook example: bid 5 with 2 mutants pays 3
    assert [p["score"] for p in seen["players"]] == [10, 7, 9]
    assert seen["players"][1]["genes"]["leg"] == 1


def test_mutant_won_in_this_auction_does_not_discount_it():
    state = _auction({"mutant": 3})
    state.apply(Action("bid", 0, 3))
    state.apply(Action("bid", 1, 1))
    state.apply(Action("bid", 2, 0))
    assert [p["score"] for p in state.view(None)["players"]] == [7, 9, 10]


def test_bid_cap_is_score_plus_mutants():
    state = _auction({"leg": 3}, mutants=(1, 0, 0), scores=(2, 10, 10))
    amounts = {a.args[1] for a in state.legal_actions() if a.kind == "bid"}
    assert max(amounts) == 3
    with pytest.raises(IllegalAction, match="up to 3"):
        state.apply(Action("bid", 0, 4))


def test_card_gene_draws_an_action_card_instead():
    state = _auction({"card": 3})
    for seat in range(3):
        state.apply(Action("bid", seat, 0))
    seen = state.view(0)
    assert all(p["hand_size"] == 1 and p["genes"]["card"] == 0 for p in seen["players"])
    assert len(seen["players"][0]["hand"]) == 1


def test_variant_draws_one_fewer_and_only_one_player_may_pass():
    state = _auction({"leg": 3}, options={"advanced": True})
    assert len(state.view(None)["auction"]) == 2
    state.apply(Action("pass"))
    assert Action("pass") not in state.legal_actions()
    state.apply(Action("bid", 0, 0))
    state.apply(Action("bid", 1, 0))
    assert [p["genes"]["leg"] for p in state.view(None)["players"]] == [0, 1, 1]


def test_variant_starts_the_meteor_two_spaces_back():
    assert load_game("evo", players=3, advanced=True).new_state(1).view(None)["meteor"] == 0
    assert load_game("evo", players=5).new_state(1).view(None)["meteor"] == 4


def test_variant_displaced_player_who_cannot_outbid_must_pass():
    state = _auction({"leg": 3}, scores=(0, 0, 10), options={"advanced": True})
    state.apply(Action("bid", 0, 0))
    state.apply(Action("bid", 1, 0))
    state.apply(Action("bid", 0, 1))            # player 3 displaces player 1, whose cap is 0
    assert state.current_player == 0 and state.legal_actions() == [Action("pass")]
    with pytest.raises(IllegalAction, match="bid at least 1"):
        state.apply(Action("bid", 1, 0))
    state.apply(Action("pass"))
    assert [p["genes"]["leg"] for p in state.view(None)["players"]] == [0, 1, 1]
