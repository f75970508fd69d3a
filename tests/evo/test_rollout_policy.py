"""evo's rollout policies: the default (``Game.plugins["rollout"]``) legal in whole games and sensible in a few common
positions; the one imitating the heuristic bot's bids (``"rollout_imitating"``) legal in whole games and bidding as the
heuristic bot does, in telling positions and along a whole game of heuristic bots."""

from __future__ import annotations

from collections import Counter

import pytest

from evolutio.bots.heuristic import HeuristicBot
from evolutio.bots.rollout import DEFAULT_POLICY, rollout_policy_for, rollout_stage_for, uniform
from evolutio.kernel import Rng, State, load_game

from ..bots.policy_draws import policy_picks
from .helpers import MID_AUCTION, hex_of, scenario

#: draws per position: enough that a rule broken one time in ten shows
DRAWS = 300
POLICY_STREAM = 3
MID_MOVE = [{"step": "round_end"}, {"step": "phase", "phase": 3}, {"step": "each_player", "part": "move", "done": 0},
            {"step": "move_turn", "seat": 0, "points": 1}]
PLAINS_FAVOURABLE = 1   # climate-ring position whose terrain is plains (the 3p map's ring: desert, plains, ...)
OTHERS = [{"dinos": [[2, 0]]}, {"dinos": [[3, -2]]}]


def policy_choices(state: State, draws: int = DRAWS) -> Counter[str]:
    chosen = policy_picks("evo", state, draws, Rng(5, stream=POLICY_STREAM))
    return Counter({str(action): count for action, count in chosen.items()})


IMITATING = "rollout_imitating"


def test_evo_has_its_own_rollout_policies() -> None:
    default, imitating = rollout_policy_for("evo"), rollout_policy_for("evo", IMITATING)
    assert default is not uniform and imitating is not uniform and imitating is not default


@pytest.mark.parametrize("kind", [DEFAULT_POLICY, IMITATING])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_policy_only_ever_returns_a_legal_action_in_whole_games(players: int, kind: str) -> None:
    """Every seat but one plays the policy, that one uniformly, so the policy also meets positions it would not
    steer into."""
    policy = rollout_policy_for("evo", kind)
    game = load_game("evo", players=players)
    for seed in range(4):
        state = game.new_state(seed)
        rng = Rng(seed, stream=POLICY_STREAM)
        while not state.is_terminal:
            legal = state.legal_actions()
            chooser = uniform if state.current_player == seed % players else policy
            action = chooser(state, legal, rng)
            assert action in legal, (str(action), state.view(None)["step"])
            state.apply(action)


def test_a_dino_in_danger_moves_to_safer_ground() -> None:
    # hills one step too cold with plains favourable; the plains neighbours (-4,1), (-4,2), (-3,0) are safe
    state = scenario([{"dinos": [[-3, 1]]}, *OTHERS], round_number=2, climate=PLAINS_FAVOURABLE, flow=MID_MOVE)
    safe = {f"move {hex_of(state, -3, 1)} {hex_of(state, *spot)}" for spot in ((-4, 1), (-4, 2), (-3, 0))}
    assert set(policy_choices(state)) <= safe


def test_a_safe_dino_mostly_stays_and_never_attacks_at_poor_odds() -> None:
    # on plains with plains favourable, next to an opponent on plains: even horns win on 1-2 only
    state = scenario([{"dinos": [[-4, 1]]}, {"dinos": [[-3, 0]]}, {"dinos": [[3, -2]]}], round_number=2,
                     climate=PLAINS_FAVOURABLE, flow=MID_MOVE)
    chosen = policy_choices(state)
    attack = f"move {hex_of(state, -4, 1)} {hex_of(state, -3, 0)}"
    assert attack not in chosen
    assert chosen["done"] > DRAWS * 0.8


def test_a_dino_with_two_more_horns_attacks() -> None:
    state = scenario([{"dinos": [[-4, 1]], "genes": {"horn": 2}}, {"dinos": [[-3, 0]]}, {"dinos": [[3, -2]]}],
                     round_number=2, climate=PLAINS_FAVOURABLE, flow=MID_MOVE)
    assert set(policy_choices(state)) == {f"move {hex_of(state, -4, 1)} {hex_of(state, -3, 0)}"}


def test_newborns_go_to_the_safest_free_hex() -> None:
    # the parent on hills: neighbours are plains (safe), hills (one step) and mountains (lethal) with plains favourable
    state = scenario([{"dinos": [[-3, 1]]}, *OTHERS], phase="birth", climate=PLAINS_FAVOURABLE)
    assert state.view(None)["step"] == "birth_turn"
    plains = {f"birth {hex_of(state, *spot)}" for spot in ((-4, 1), (-4, 2), (-3, 0))}
    assert set(policy_choices(state)) <= plains


def test_bids_take_a_free_row_at_the_lowest_bid_and_never_overpay() -> None:
    state = scenario([{"dinos": [[-3, 1]], "score": 12}, *OTHERS], phase="meteor", flow=MID_AUCTION,
                     auction={"tiles": ["leg", "horn", "egg"], "bids": {"1": [0, 5], "2": [1, 1]}})
    chosen = policy_choices(state)
    # row 0 costs 6 to take over (too dear), row 1 costs 2 (a cheap outbid, now and then), row 2 is free at 0
    assert set(chosen) == {"bid 2 0", "bid 1 2"}
    assert chosen["bid 2 0"] > chosen["bid 1 2"]


def test_card_windows_mostly_keep_the_cards() -> None:
    state = scenario([{"dinos": [[-3, 1]], "hand": ["truce"]}, *OTHERS], round_number=3, climate=PLAINS_FAVOURABLE)
    assert state.view(None)["step"] == "card_window"
    chosen = policy_choices(state)
    plays = sum(count for text, count in chosen.items() if text.startswith("play"))
    assert plays < DRAWS * 0.15


def test_the_stages_are_a_rounds_life_then_its_meteor_and_auction_in_order() -> None:
    stage = rollout_stage_for("evo")
    assert stage is not None
    state = load_game("evo", players=4).new_state(6)
    walker = Rng(6, stream=POLICY_STREAM)
    policy = rollout_policy_for("evo")
    stages: list[tuple[int, bool]] = []
    kinds: dict[bool, set[str]] = {False: set(), True: set()}
    while not state.is_terminal:
        view = state.view(state.current_player)
        current = stage(state)
        assert current == (view["round"], view["phase"] == "meteor")
        legal = state.legal_actions()
        kinds[current[1]].add(legal[0].kind)
        if not stages or stages[-1] != current:
            stages.append(current)
        state.apply(policy(state, legal, walker))
    rounds = stages[-1][0]
    assert rounds > 3
    assert stages[:2 * rounds] == [(number, auction) for number in range(1, rounds + 1) for auction in (False, True)]
    assert {"move", "birth"} <= kinds[False] and "bid" not in kinds[False]
    assert "bid" in kinds[True] and not {"move", "birth"} & kinds[True]


#: auctions where the heuristic bot takes the free row (a leg or a tail against a dear takeover), and where it
#: outbids another seat for an egg held at 1 (the default policy takes a free row there)
TELLING_AUCTIONS = [
    ({"tiles": ["leg", "horn", "egg"], "bids": {"1": [0, 5], "2": [1, 1]}}, "bid 2 0"),
    ({"tiles": ["leg", "tail", "fur"], "bids": {"1": [0, 2]}}, "bid 2 0"),
    ({"tiles": ["egg", "tail", "horn"], "bids": {"1": [0, 1]}}, "bid 0 2"),
    ({"tiles": ["egg", "parasol", "mutant"], "bids": {"1": [0, 1], "2": [1, 3]}}, "bid 0 2"),
]


@pytest.mark.parametrize("auction, heuristics_bid", TELLING_AUCTIONS)
@pytest.mark.parametrize("meteor", [0, 6, 11])
def test_the_imitating_policy_bids_as_the_heuristic_bot(auction: dict[str, object], heuristics_bid: str,
                                                        meteor: int) -> None:
    state = scenario([{"dinos": [[-3, 1], [-4, 1]], "score": 12}, *OTHERS], phase="meteor", flow=MID_AUCTION,
                     auction=auction, meteor=meteor)
    assert str(HeuristicBot(seed=meteor).choose(state)) == heuristics_bid
    picks = policy_picks("evo", state, 20, Rng(meteor, stream=POLICY_STREAM), IMITATING)
    assert {str(action) for action in picks} == {heuristics_bid}


def test_along_a_game_of_heuristic_bots_the_imitating_policy_picks_their_bids() -> None:
    """At every bid of a whole game of four heuristic bots, the imitating policy picks the bot's bid far more often
    than the default policy, and outbids another seat about as often as the bots do (two bids in three)."""
    state = load_game("evo", players=4).new_state(3)
    bots = [HeuristicBot(seed=seat) for seat in range(4)]
    rng = Rng(3, stream=POLICY_STREAM)
    default, imitating = rollout_policy_for("evo"), rollout_policy_for("evo", IMITATING)
    same = Counter[str]()
    outbids = Counter[str]()
    bids = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        chosen = bots[state.current_player].choose(state)
        if chosen.kind == "bid":
            bids += 1
            held = set(state.bid_row)
            for name, pick in (("heuristic", chosen), ("default", default(state, legal, rng)),
                               ("imitating", imitating(state, legal, rng))):
                same[name] += pick == chosen
                outbids[name] += pick.kind == "bid" and pick.args[0] in held
        state.apply(chosen)
    assert bids > 40
    assert same["imitating"] >= 0.7 * bids and same["default"] <= 0.5 * bids
    assert abs(outbids["imitating"] - outbids["heuristic"]) <= 0.1 * bids < outbids["heuristic"] - outbids["default"]
