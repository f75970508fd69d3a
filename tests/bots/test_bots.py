"""Bots through the public contract: legal choices only, levels by name, and no reading of hidden cards."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable
from typing import Any

import pytest

from evolutio.bots import bot_names, make_bot, with_think_time
from evolutio.bots.heuristic import Estimator, HeuristicBot, ScoreEstimate, ViewEstimate, estimator_for
from evolutio.bots.ismcts import LEVELS, WIDE_BUDGET_CAP, IsmctsBot, Level, parse_level
from evolutio.bots.rollout import rollout_policy_for, rollout_stage_for, uniform
from evolutio.kernel import Action, Rng, State, game_plugin, load_game
from evolutio.sim import ismcts_bench
from evolutio.sim.runner import play_game

from ..conftest import GAMES

#: a small search budget so that whole games stay quick in the suite
SMALL = Level(iterations=12, rollout_depth=4, worlds=4, by_game=(("northstar", (("rollout_depth", 0),)),))


class CheckingBot:
    """Wraps a bot and asserts that each of its choices is one of the legal actions."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.choices = 0

    def choose(self, state: State) -> Action:
        action = self.bot.choose(state)
        assert action in state.legal_actions(), f"{self.bot!r} chose {action} which is not legal"
        self.choices += 1
        return action


@pytest.mark.parametrize("game_name", GAMES)
def test_heuristic_and_ismcts_choose_only_legal_actions_in_whole_games(game_name: str) -> None:
    game = load_game(game_name)
    seats = [CheckingBot(HeuristicBot(seed=1)), CheckingBot(IsmctsBot(seed=2, level=SMALL))]
    seats += [CheckingBot(make_bot("random", seed=3 + seat)) for seat in range(game.num_players - 2)]
    state = play_game(game, 5, seats)
    assert state.is_terminal
    assert seats[0].choices > 0 and seats[1].choices > 0


def test_fresh_determinizations_and_heuristic_rollouts_also_play_legally() -> None:
    game = load_game("origin", players=3)
    seats = [CheckingBot(IsmctsBot(seed=4, level=Level(iterations=6, rollout_depth=2, rollout="heuristic"))),
             CheckingBot(make_bot("random", seed=5)), CheckingBot(make_bot("random", seed=6))]
    assert play_game(game, 11, seats).is_terminal


@pytest.mark.parametrize("game_name", GAMES)
def test_policy_rollouts_and_a_root_prior_play_legally_in_whole_games(game_name: str) -> None:
    game = load_game(game_name)
    level = dataclasses.replace(SMALL, rollout="policy", epsilon=0.1, prior_visits=3)
    seats = [CheckingBot(IsmctsBot(seed=2, level=level))]
    seats += [CheckingBot(make_bot("random", seed=3 + seat)) for seat in range(game.num_players - 1)]
    assert play_game(game, 7, seats).is_terminal


@pytest.mark.parametrize("opponents", ["policy", "heuristic"])
@pytest.mark.parametrize("game_name", ["origin", "northstar"])
def test_opponent_models_and_the_safety_rule_play_legally_in_whole_games(game_name: str, opponents: str) -> None:
    game = load_game(game_name, players=3)
    level = dataclasses.replace(SMALL, iterations=4 if opponents == "heuristic" else 12, opponents=opponents,
                                safety_margin=0.05, reuse_tree=True, rollout="policy",
                                cut_at_stage_end=opponents == "policy",
                                root_candidates=3 if opponents == "policy" else 0,
                                rollout_policy="rollout_careful")
    seats = [CheckingBot(IsmctsBot(seed=2, level=level))]
    seats += [CheckingBot(make_bot("random", seed=3 + seat)) for seat in range(game.num_players - 1)]
    assert play_game(game, 7, seats).is_terminal


def test_the_safety_rule_plays_the_heuristics_choice_unless_the_search_beats_it_by_the_margin() -> None:
    game = load_game("origin", players=4)
    state = game.new_state(23)
    random_bot = make_bot("random", seed=2)
    overruled = kept = 0
    for _ in range(40):
        if len(state.legal_actions()) > 2:
            level = dataclasses.replace(SMALL, iterations=40)
            searched = IsmctsBot(seed=5, level=level).choose(state)
            heuristic = HeuristicBot(seed=5).choose(state)
            always_safe = IsmctsBot(seed=5, level=dataclasses.replace(level, safety_margin=2.0))
            assert always_safe.choose(state) == heuristic  # no mean reward beats another by 2
            assert always_safe.last_overruled == (searched != heuristic)
            barely = IsmctsBot(seed=5, level=dataclasses.replace(level, safety_margin=1e-9))
            chosen = barely.choose(state)
            assert chosen in (searched, heuristic)
            overruled += barely.last_overruled
            kept += searched != heuristic and not barely.last_overruled
        state.apply(random_bot.choose(state))
    assert overruled + kept > 0, "the search never disagreed with the heuristic, so the test would prove nothing"


def test_an_unknown_opponent_model_is_refused() -> None:
    with pytest.raises(ValueError, match="ismcts opponents must be one of"):
        IsmctsBot(level=dataclasses.replace(SMALL, opponents="oracle"))


class PolicyPlayer:
    """A ruleset's rollout policy as a whole player (the policy is what every seat plays in a rollout)."""

    def __init__(self, game_name: str, seed: int) -> None:
        self.policy = rollout_policy_for(game_name)
        self.rng = Rng(seed, stream=3)

    def choose(self, state: State) -> Action:
        return self.policy(state, state.legal_actions(), self.rng)


@pytest.mark.parametrize("game_name", GAMES)
def test_a_rulesets_rollout_policy_chooses_legal_actions_and_others_fall_back_to_uniform(game_name: str) -> None:
    game = load_game(game_name, players=3)
    seats = [CheckingBot(PolicyPlayer(game_name, seed)) for seed in range(3)]
    assert play_game(game, 9, seats).is_terminal
    has_plugin = game_plugin(game_name, "rollout") is not None
    assert (rollout_policy_for(game_name) is uniform) == (not has_plugin)
    assert game_name not in ("origin", "northstar", "evo", "newworld") or has_plugin


def _carnivore_without_prey(view: dict, action: Action) -> bool:
    """Whether trait play ``action`` puts a Carnivore on a species no other seat's species is smaller than (by the
    deciding seat's view)."""
    seat = view["you"]
    card, species = action.args
    if next(entry["trait"] for entry in view["players"][seat]["hand"] if entry["id"] == card) != "carnivore":
        return False
    own = view["players"][seat]["species"]
    body = own[species]["body"] if species < len(own) else 1
    return not any(other["body"] < body for player in view["players"] if player["seat"] != seat
                   for other in player["species"])


def test_northstars_careful_policy_draws_no_carnivore_without_prey_and_less_body_size() -> None:
    default, careful = rollout_policy_for("northstar"), rollout_policy_for("northstar", "rollout_careful")
    assert careful is not default and rollout_policy_for("origin", "rollout_careful") is rollout_policy_for("origin")
    game = load_game("northstar", players=4)
    drawn = {"default": {"body": 0, "no_prey": 0}, "careful": {"body": 0, "no_prey": 0}}
    for seed in range(3):
        state = game.new_state(seed)
        walker = make_bot("random", seed=seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            if any(action.kind == "end_turn" for action in legal):
                view = state.view(state.current_player)
                for name, policy in (("default", default), ("careful", careful)):
                    rng = Rng(seed, stream=5)
                    for _ in range(10):
                        action = policy(state, legal, rng)
                        assert action in legal
                        drawn[name]["body"] += action.kind == "grow_body"
                        drawn[name]["no_prey"] += action.kind == "trait" and _carnivore_without_prey(view, action)
            state.apply(walker.choose(state))
    assert drawn["careful"]["no_prey"] == 0 < drawn["default"]["no_prey"]
    assert drawn["careful"]["body"] < drawn["default"]["body"] / 2


def test_northstars_turn_ending_policy_ends_every_play_turn_and_otherwise_plays_the_default() -> None:
    default, ending = rollout_policy_for("northstar"), rollout_policy_for("northstar", "rollout_ends_turns")
    assert ending is not default
    state = load_game("northstar", players=4).new_state(2)
    walker = make_bot("random", seed=2)
    play_turns = others = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        kinds = {action.kind for action in legal}
        if "end_turn" in kinds and not kinds & {"feed", "store_fat"}:
            play_turns += 1
            assert ending(state, legal, Rng(3)).kind == "end_turn"
        else:
            others += 1
            assert ending(state, legal, Rng(3)) == default(state, legal, Rng(3))
        state.apply(walker.choose(state))
    assert play_turns > 10 and others > 10


def test_a_root_prior_gives_every_legal_action_its_virtual_visits() -> None:
    state = _first_decision_with("origin", 5, at_least=4)
    seat = state.current_player
    assert seat is not None
    bot = IsmctsBot(seed=1, level=Level(iterations=2, rollout_depth=0, worlds=2, prior_visits=7))
    root = bot.search(state, seat)
    assert set(root.children) == set(state.legal_actions())
    assert all(child.visits >= 7 for child in root.children.values())
    assert sum(child.visits for child in root.children.values()) == 7 * len(root.children) + 2
    assert all(0.0 <= child.reward <= child.visits for child in root.children.values())


def test_northstar_stages_are_a_rounds_planning_then_its_feeding_and_other_rulesets_have_none() -> None:
    stage = rollout_stage_for("northstar")
    assert stage is not None and rollout_stage_for("origin") is None
    game = load_game("northstar", players=3)
    state = game.new_state(4)
    walker = make_bot("random", seed=4)
    stages = []
    while not state.is_terminal:
        view = state.view(state.current_player)
        current = stage(state)
        assert current[0] == view["round"]
        if view["phase"] in ("select-food", "play-cards"):
            assert current[1], view["phase"]
        if view["phase"] == "feeding":
            assert not current[1]
        if not stages or stages[-1] != current:
            stages.append(current)
        state.apply(walker.choose(state))
    order = [(round_number, not planning) for round_number, planning in stages]
    assert order == sorted(set(order)), "a stage came back after it ended"
    assert {planning for _, planning in stages} == {True, False} and stages[-1][0] > 2


class StageRecorder:
    """An estimator that notes the stage of every position it is asked about (and estimates as the real one)."""

    def __init__(self, estimator) -> None:
        self.estimator = estimator
        self.worlds = estimator.worlds
        self.stages: list[object] = []

    def estimate(self, state: State, seat: int) -> list[float]:
        stage = rollout_stage_for(state.game.name)
        assert stage is not None
        self.stages.append(None if state.is_terminal else stage(state))
        return self.estimator.estimate(state, seat)

    def rounds_left(self, state: State, seat: int) -> float | None:
        return self.estimator.rounds_left(state, seat)


def _northstar_play_turn(seed: int) -> State:
    """A four-player northstar game walked at random to its first play turn with more than three legal actions."""
    state = load_game("northstar", players=4).new_state(seed)
    walker = make_bot("random", seed=seed)
    while not (state.view(state.current_player)["phase"] == "play-cards" and len(state.legal_actions()) > 3):
        state.apply(walker.choose(state))
    return state


@pytest.mark.parametrize("cut", [False, True])
def test_a_level_cut_at_the_stage_end_estimates_every_iteration_where_the_decisions_stage_ends(monkeypatch,
                                                                                                  cut: bool) -> None:
    state = _northstar_play_turn(seed=8)
    seat = state.current_player
    assert seat is not None
    stage = rollout_stage_for("northstar")
    assert stage is not None
    recorder = StageRecorder(estimator_for("northstar"))
    monkeypatch.setattr("evolutio.bots.ismcts.estimator_for", lambda name, kind="heuristic": recorder)
    level = Level(iterations=40, rollout_depth=200 if cut else 8, worlds=4, rollout="policy", opponents="policy",
                  cut_at_stage_end=cut)
    IsmctsBot(seed=3, level=level).search(state, seat)
    assert len(recorder.stages) == 40
    after = set(recorder.stages)
    if cut:  # every iteration ends at the first position of the round's feeding
        assert after == {(stage(state)[0], False)}
    else:  # eight decisions after the tree: some iterations end inside the play turns
        assert stage(state) in after


def test_a_northstar_search_cut_at_the_rounds_end_judges_a_play_after_the_rounds_feeding(monkeypatch) -> None:
    state = _northstar_play_turn(seed=8)
    seat = state.current_player
    assert seat is not None
    planning_stage, round_stage = rollout_stage_for("northstar"), rollout_stage_for("northstar", "rollout_stage_round")
    assert planning_stage is not None and round_stage is not None and round_stage is not planning_stage
    assert rollout_stage_for("origin", "rollout_stage_round") is None   # no such kind, no default: no stages
    recorder = StageRecorder(estimator_for("northstar"))
    monkeypatch.setattr("evolutio.bots.ismcts.estimator_for", lambda name, kind="heuristic": recorder)
    level = Level(iterations=30, rollout_depth=400, worlds=4, rollout="policy", opponents="policy",
                  cut_at_stage_end=True, rollout_stage="rollout_stage_round")
    IsmctsBot(seed=3, level=level).search(state, seat)
    assert len(recorder.stages) == 30
    # the recorder notes the default stage: every iteration ends at the first position of the next round's planning
    # (or at the game's end), none at the first position of this round's feeding, where the default cut would stop
    this_round = planning_stage(state)[0]
    assert set(recorder.stages) <= {(this_round + 1, True), None}
    assert (this_round + 1, True) in recorder.stages


def test_an_evo_search_cut_at_the_stage_end_judges_a_bid_after_the_whole_auction(monkeypatch) -> None:
    state = load_game("evo", players=4).new_state(3)
    walker = make_bot("random", seed=3)
    while not (state.legal_actions()[0].kind == "bid" and len(state.legal_actions()) > 3):
        state.apply(walker.choose(state))
    seat = state.current_player
    assert seat is not None
    stage = rollout_stage_for("evo")
    assert stage is not None and stage(state)[1]
    recorder = StageRecorder(estimator_for("evo"))
    monkeypatch.setattr("evolutio.bots.ismcts.estimator_for", lambda name, kind="heuristic": recorder)
    level = Level(iterations=30, rollout_depth=200, worlds=4, rollout="policy", opponents="policy",
                  cut_at_stage_end=True)
    IsmctsBot(seed=3, level=level).search(state, seat)
    assert len(recorder.stages) == 30
    # every iteration ends at the first position of the next round (or at the game's end, if the meteor ended it)
    assert set(recorder.stages) <= {(stage(state)[0] + 1, False), None}
    assert (stage(state)[0] + 1, False) in recorder.stages


def test_root_candidates_search_only_the_heuristics_best_actions() -> None:
    state = _first_decision_with("northstar", 5, at_least=6)
    seat = state.current_player
    assert seat is not None
    ranked = HeuristicBot(seed=4).ranked(state)
    assert sorted(map(repr, ranked)) == sorted(map(repr, state.legal_actions()))
    assert ranked[0] == HeuristicBot(seed=4).choose(state)
    level = Level(iterations=30, rollout_depth=4, worlds=4, rollout="policy", opponents="policy", root_candidates=3)
    bot = IsmctsBot(seed=1, level=level)
    root = bot.search(state, seat)
    assert len(root.children) == 3 and set(root.children) <= set(state.legal_actions())
    assert sum(child.visits for child in root.children.values()) == 30
    assert IsmctsBot(seed=1, level=level).choose(state) in root.children
    assert len(IsmctsBot(seed=1, level=dataclasses.replace(level, root_candidates=0)).search(state, seat).children) > 3


class CountingBot:
    """Wraps the search's reply bot: records the seat to act at every call."""

    def __init__(self, bot: HeuristicBot) -> None:
        self.bot = bot
        self.movers: list[int | None] = []

    def choose(self, state: State) -> Action:
        self.movers.append(state.current_player)
        return self.bot.choose(state)


@pytest.mark.parametrize("game_name", ["origin", "northstar"])
def test_heuristic_replies_ask_the_heuristic_once_per_world_and_line_for_the_other_seats(game_name: str) -> None:
    state = _first_decision_with(game_name, 9, at_least=3)
    seat = state.current_player
    assert seat is not None
    level = Level(iterations=120, rollout_depth=4, worlds=2, rollout="policy", opponents="policy",
                  heuristic_replies=2)
    bot = IsmctsBot(seed=6, level=level)
    counting = CountingBot(HeuristicBot(seed=6))
    bot.reply_bot = counting  # type: ignore[assignment]
    root = bot.search(state, seat)
    assert counting.movers, "no iteration reached another seat's decision, so the test would prove nothing"
    assert seat not in counting.movers  # only the other seats' decisions are the heuristic's
    # each (world, line) is asked once: far fewer calls than iterations times replies, at most two worlds' lines
    assert len(counting.movers) <= 2 * level.heuristic_replies * len(root.children) ** 2
    assert len(counting.movers) < level.iterations
    assert root.visits == level.iterations
    plain = IsmctsBot(seed=6, level=dataclasses.replace(level, heuristic_replies=0))
    assert plain.reply_bot is None


@pytest.mark.parametrize("changes", [{"opponents": "tree"}, {"opponents": "heuristic"}, {"worlds": 0}])
def test_heuristic_replies_need_the_policy_opponent_model_and_sampled_worlds(changes: dict) -> None:
    level = Level(iterations=10, rollout_depth=4, worlds=2, rollout="policy", opponents="policy",
                  heuristic_replies=1)
    with pytest.raises(ValueError, match="heuristic_replies needs"):
        IsmctsBot(level=dataclasses.replace(level, **changes))


def test_a_level_plays_its_by_game_fields_in_that_ruleset_only() -> None:
    level = Level(iterations=60, rollout_depth=4, worlds=2, rollout="policy", opponents="policy",
                  by_game=(("origin", (("heuristic_replies", 2), ("rollout_depth", 0))),))
    in_origin = level.for_game("origin")
    assert (in_origin.heuristic_replies, in_origin.rollout_depth, in_origin.by_game) == (2, 0, ())
    assert level.for_game("northstar") == level
    for game_name, asked in (("origin", True), ("northstar", False)):
        state = _first_decision_with(game_name, 9, at_least=3)
        bot = IsmctsBot(seed=6, level=level)
        counting = CountingBot(HeuristicBot(seed=6))
        bot.reply_bot = counting  # type: ignore[assignment]
        bot.choose(state)
        assert bool(counting.movers) == asked, game_name
    with pytest.raises(ValueError, match="heuristic_replies needs"):
        IsmctsBot(level=dataclasses.replace(level, by_game=(("origin", (("heuristic_replies", 1), ("worlds", 0))),)))
    for game_name, depth, replies in (("origin", 0, 2), ("northstar", 4, 0)):  # the bench reports it per ruleset
        report = ismcts_bench(game_name, seconds=0.05, level=dataclasses.replace(level, iterations=4))
        assert (report["rollout_depth"], report["heuristic_replies"]) == (depth, replies)


def test_heuristic_replies_play_legally_in_whole_games() -> None:
    game = load_game("origin", players=3)
    level = dataclasses.replace(SMALL, opponents="policy", rollout="policy", reuse_tree=True, heuristic_replies=3)
    seats = [CheckingBot(IsmctsBot(seed=2, level=level))]
    seats += [CheckingBot(HeuristicBot(seed=3 + seat)) for seat in range(game.num_players - 1)]
    assert play_game(game, 7, seats).is_terminal


def test_opponent_policy_plays_the_other_seats_and_the_rollout_policy_the_searching_seat(monkeypatch) -> None:
    state = _first_decision_with("origin", 9, at_least=3)
    seat = state.current_player
    calls: list[tuple[str, int | None]] = []

    def recording(game_name: str, kind: str = "rollout"):  # the policies the search asks for, recording each pick
        policy = rollout_policy_for(game_name, kind)

        def choose(world: State, legal: list[Action], rng: Rng) -> Action:
            calls.append((kind, world.current_player))
            return policy(world, legal, rng)
        return choose

    monkeypatch.setattr("evolutio.bots.ismcts.rollout_policy_for", recording)
    level = Level(iterations=80, rollout_depth=8, worlds=2, rollout="policy", opponents="policy",
                  opponent_policy="rollout_imitating")
    IsmctsBot(seed=6, level=level).search(state, seat)
    movers_by_kind = {kind: {mover for each_kind, mover in calls if each_kind == kind} for kind, _ in calls}
    assert movers_by_kind.get("rollout") == {seat}
    assert movers_by_kind.get("rollout_imitating") and seat not in movers_by_kind["rollout_imitating"]
    calls.clear()
    IsmctsBot(seed=6, level=dataclasses.replace(level, opponent_policy="")).search(state, seat)
    assert {kind for kind, _ in calls} == {"rollout"} and len({mover for _, mover in calls}) > 1


def test_opponent_policy_needs_a_policy_to_replace() -> None:
    with pytest.raises(ValueError, match="opponent_policy needs"):
        IsmctsBot(level=Level(iterations=10, rollout_depth=4, opponent_policy="rollout_imitating"))


def test_each_ruleset_with_a_heuristic_plugin_uses_it_and_others_fall_back_to_scores() -> None:
    for name in GAMES:
        estimator = estimator_for(name)
        if game_plugin(name, "heuristic") is None:
            assert isinstance(estimator, ScoreEstimate)
        else:
            state = load_game(name).new_state(3)
            estimates = estimator.estimate(state, 0)
            assert len(estimates) == state.num_players
    assert game_plugin("origin", "heuristic") is not None
    assert game_plugin("northstar", "heuristic") is not None


def _record_estimate_kinds(monkeypatch, target: str) -> list[str]:
    """Replace ``estimator_for`` at ``target`` by one that records the estimate kinds asked for (returned)."""
    asked: list[str] = []

    def recording(name: str, kind: str = "heuristic") -> Estimator:
        asked.append(kind)
        return estimator_for(name, kind)

    monkeypatch.setattr(target, recording)
    return asked


def test_a_level_reads_the_estimate_it_names_and_a_ruleset_without_that_kind_falls_back(monkeypatch) -> None:
    tuned, usual = estimator_for("northstar", "estimate_against_heuristic"), estimator_for("northstar")
    assert isinstance(tuned, ViewEstimate) and isinstance(usual, ViewEstimate) and tuned is not usual
    fallback = estimator_for("origin", "estimate_against_heuristic")   # origin has no such kind: its usual estimate
    assert isinstance(fallback, ViewEstimate) and type(fallback.plugin) is type(estimator_for("origin").plugin)
    state = _northstar_play_turn(seed=8)
    seat = state.current_player
    assert seat is not None
    assert tuned.estimate(state, seat) != usual.estimate(state, seat)
    asked = _record_estimate_kinds(monkeypatch, "evolutio.bots.ismcts.estimator_for")
    level = Level(iterations=20, rollout_depth=4, worlds=4, rollout="policy", opponents="policy",
                  estimate="estimate_against_heuristic")
    assert IsmctsBot(seed=3, level=level).choose(state) in state.legal_actions()
    assert asked == ["estimate_against_heuristic"]


def test_unsearched_kinds_are_played_by_the_heuristic_reading_the_levels_estimate_and_the_rest_searched(
        monkeypatch) -> None:
    state = load_game("evo", players=4).new_state(2)
    walker = make_bot("random", seed=2)
    found: dict[str, State] = {}
    while len(found) < 2:
        legal = state.legal_actions()
        if len(legal) > 1 and legal[0].kind in ("bid", "move"):
            found.setdefault(legal[0].kind, state.clone())
        state.apply(walker.choose(state))
    asked = _record_estimate_kinds(monkeypatch, "evolutio.bots.heuristic.estimator_for")
    level = Level(iterations=20, rollout_depth=2, worlds=4, rollout="policy", opponents="policy",
                  estimate="estimate_against_heuristic", unsearched_kinds="birth+bid")
    bot = IsmctsBot(seed=4, level=level)
    bid = found["bid"]
    assert bot.choose(bid) == HeuristicBot(seed=8, estimate="estimate_against_heuristic").choose(bid)
    assert bot.last_iterations == 0 and set(asked) == {"estimate_against_heuristic"}
    assert bot.choose(found["move"]) in found["move"].legal_actions() and bot.last_iterations == 20
    searched = IsmctsBot(seed=4, level=dataclasses.replace(level, unsearched_kinds=""))
    searched.choose(bid)
    assert searched.last_iterations == 20


def test_a_heuristic_told_its_worlds_tries_its_actions_on_that_many_and_replies_in_a_search_can_be_told(
        monkeypatch) -> None:
    state = _first_decision_with("evo", 5, at_least=6)
    seat = state.current_player
    assert seat is not None and estimator_for("evo").worlds > 1
    determinized: list[int] = []
    original = type(state).determinize

    def counting(self: State, seat: int, rng: Rng) -> State:
        determinized.append(seat)
        return original(self, seat, rng)

    monkeypatch.setattr(type(state), "determinize", counting)
    for worlds, expected in ((None, estimator_for("evo").worlds), (1, 1), (2, 2)):
        determinized.clear()
        assert HeuristicBot(seed=1, worlds=worlds).choose(state) in state.legal_actions()
        assert determinized == [seat] * expected
    level = Level(iterations=30, rollout_depth=2, worlds=4, rollout="policy", opponents="policy",
                  heuristic_replies=1, reply_plies=1)
    asked = {}
    for reply_worlds in (0, 1):
        determinized.clear()
        IsmctsBot(seed=6, level=dataclasses.replace(level, reply_worlds=reply_worlds)).search(state, seat)
        asked[reply_worlds] = len(determinized) - level.worlds
    assert asked[1] > 0 and asked[0] > asked[1]


def test_northstar_says_how_many_rounds_are_left_and_a_level_warmed_by_them_plays_legally() -> None:
    game = load_game("northstar", players=4)
    state = game.new_state(3)
    seats = [HeuristicBot(seed=seat) for seat in range(4)]
    start = estimator_for("northstar").rounds_left(state, 0)
    assert start is not None and start > 0
    assert estimator_for("origin").rounds_left(load_game("origin").new_state(3), 0) is None
    final = play_game(game, 3, seats)
    assert estimator_for("northstar").rounds_left(final, 0) is None
    level = dataclasses.replace(SMALL, temperature=4.0, temperature_per_round_left=1.5, rollout="policy")
    searching = [CheckingBot(IsmctsBot(seed=2, level=level))]
    searching += [CheckingBot(make_bot("random", seed=3 + seat)) for seat in range(3)]
    assert play_game(game, 7, searching).is_terminal


def test_evo_expects_fewer_rounds_left_as_the_meteor_falls_and_none_in_the_last() -> None:
    game = load_game("evo", players=4)
    state = game.new_state(3)
    seats = [HeuristicBot(seed=seat) for seat in range(4)]
    estimator = estimator_for("evo", "estimate_against_heuristic")
    by_round: dict[int, float] = {}
    while not state.is_terminal:
        left = estimator.rounds_left(state, 0)
        assert left is not None and left >= 0
        by_round.setdefault(state.view(0)["round"], left)
        state.apply(seats[state.current_player].choose(state))
    assert estimator.rounds_left(state, 0) is None
    rounds = sorted(by_round)
    assert by_round[rounds[0]] > 3 and by_round[rounds[-1]] == 0
    assert all(by_round[later] < by_round[earlier] for earlier, later in zip(rounds, rounds[1:]))


def test_levels_by_name_and_think_time() -> None:
    assert {"heuristic", "ismcts", "ismcts:easy", "ismcts:medium", "ismcts:hard"} <= set(bot_names())
    hard = make_bot("ismcts:hard", seed=1)
    assert isinstance(hard, IsmctsBot) and hard.level == LEVELS["hard"] and not hard.uses_clock
    assert make_bot("ismcts").level == LEVELS["medium"]
    timed = make_bot(with_think_time("ismcts:easy", 0.5))
    assert isinstance(timed, IsmctsBot) and timed.level.seconds == 0.5 and timed.uses_clock
    assert with_think_time("heuristic", 2.0) == "heuristic"
    assert parse_level("hard:2s").iterations == LEVELS["hard"].iterations
    assert parse_level("easy:heuristic").rollout == "heuristic" and parse_level("easy").rollout == "policy"
    assert parse_level("medium:random").rollout == "random"
    assert parse_level("hard:random:2s") == dataclasses.replace(LEVELS["hard"], rollout="random", seconds=2.0)


@pytest.mark.parametrize("game_name", GAMES)
def test_hard_is_the_medium_with_twice_the_search_in_every_ruleset(game_name: str) -> None:
    medium, hard = LEVELS["medium"].for_game(game_name), LEVELS["hard"].for_game(game_name)
    same_budget = dataclasses.replace(hard, iterations=medium.iterations,
                                      iterations_per_action=medium.iterations_per_action)
    assert same_budget == medium    # the ruleset's own fields (estimate, heuristic replies, worlds) included
    for legal_count in (1, 2, 20, 60, 110):
        assert hard.budget(legal_count) == 2 * medium.budget(legal_count)


@pytest.mark.parametrize("name, message", [("ismcts:clever", "unknown ismcts level 'clever'"),
                                           ("ismcts:hard:-1s", "positive number of seconds"),
                                           ("alphazero", "unknown bot 'alphazero'")])
def test_bad_bot_names_are_refused_with_a_clear_message(name: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make_bot(name)


def test_think_time_bounds_the_search_by_the_clock() -> None:
    game = load_game("northstar")
    state = game.new_state(8)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    bot = IsmctsBot(seed=1, level=Level(iterations=1, rollout_depth=2, seconds=0.05))
    assert bot.choose(state) in state.legal_actions()
    assert bot.last_iterations >= 1


def _first_decision_with(game_name: str, seed: int, at_least: int) -> State:
    state = load_game(game_name, players=4).new_state(seed)
    walker = make_bot("random", seed=seed)
    while len(state.legal_actions()) < at_least:
        state.apply(walker.choose(state))
    return state


def test_a_wide_decision_gets_iterations_per_legal_action_up_to_the_cap() -> None:
    state = _first_decision_with("northstar", 3, at_least=6)
    width = len(state.legal_actions())
    narrow = IsmctsBot(seed=1, level=Level(iterations=10, rollout_depth=0, worlds=4))
    narrow.choose(state)
    assert narrow.last_iterations == 10
    wide = IsmctsBot(seed=1, level=Level(iterations=10, rollout_depth=0, worlds=4, iterations_per_action=3))
    wide.choose(state)
    assert wide.last_iterations == max(10, min(3 * width, WIDE_BUDGET_CAP * 10))
    assert 3 * width > 10  # the width really raised the budget


def test_root_halving_tries_a_rounds_actions_on_the_same_worlds_and_draws_and_keeps_the_best(monkeypatch) -> None:
    state = _first_decision_with("evo", 4, at_least=8)
    legal = state.legal_actions()
    level = Level(iterations=400, rollout_depth=2, worlds=3, rollout="policy", opponents="policy", root_halving=True)
    best = legal[5]
    tries: dict[Action, list[tuple[int, tuple[int, int]]]] = {action: [] for action in legal}
    iterate = IsmctsBot._iterate

    def recording(self, root, world, seat, estimator, world_number=0, first=None) -> float:
        tries[first].append((world_number, (self.rng.state, self.rng.inc)))
        iterate(self, root, world, seat, estimator, world_number, first)
        # the worlds' luck is far larger than the actions' differences, and common to every action
        return world_number * 10.0 + (1.0 if first == best else 0.0)

    monkeypatch.setattr(IsmctsBot, "_iterate", recording)
    bot = IsmctsBot(seed=3, level=level)
    assert bot.choose(state) == best
    rounds = (len(legal) - 1).bit_length()   # ceil(log2(width))
    assert bot.last_iterations == sum(len(each) for each in tries.values()) <= level.budget(len(legal))
    assert all(tries[action] for action in legal)   # every action gets the first round
    # the actions tried as often share their tries: the same world and the same rollout draws, try by try
    by_count: dict[int, set[tuple[tuple[int, tuple[int, int]], ...]]] = {}
    for each in tries.values():
        by_count.setdefault(len(each), set()).add(tuple(each))
    assert all(len(shared) == 1 for shared in by_count.values())
    assert len(by_count) == rounds   # each round halves the field: one more tier of tries
    assert len(tries[best]) == max(by_count)
    assert len({draws for _, draws in tries[best]}) == len(tries[best])   # each try draws afresh
    with pytest.raises(ValueError, match="root_halving needs worlds > 0"):
        IsmctsBot(level=dataclasses.replace(level, worlds=0))


@pytest.mark.parametrize("game_name", GAMES)
def test_root_halving_plays_legally_and_the_same_seed_gives_the_same_game(game_name: str) -> None:
    level = dataclasses.replace(SMALL, rollout="policy", opponents="policy", root_halving=True)

    def scores() -> list[float]:
        seats = [CheckingBot(IsmctsBot(seed=2, level=level))] + [CheckingBot(make_bot("random", seed=seat))
                                                                  for seat in range(1, 4)]
        return list(play_game(load_game(game_name, players=4), 5, seats).scores())

    assert scores() == scores()


def test_tree_reuse_carries_statistics_into_the_same_seats_next_decision_and_stays_deterministic() -> None:
    def play(reuse: bool) -> tuple[list[int], list[int]]:
        bot = IsmctsBot(seed=6, level=Level(iterations=30, rollout_depth=0, worlds=6, reuse_tree=reuse))
        reused: list[int] = []

        class Recording:
            def choose(self, state: State) -> Action:
                action = bot.choose(state)
                reused.append(bot.last_reused)
                bot.last_reused = 0
                return action

        seats = [CheckingBot(Recording())] + [CheckingBot(HeuristicBot(seed=seat)) for seat in range(1, 4)]
        final = play_game(load_game("northstar", players=4), 12, seats)
        return list(final.scores()), reused

    assert max(play(reuse=False)[1]) == 0
    scores, reused = play(reuse=True)
    assert any(count > 0 for count in reused)  # compound choices continued a kept tree
    assert play(reuse=True) == (scores, reused)


def test_same_seed_same_choice() -> None:
    state = load_game("origin").new_state(21)
    first = IsmctsBot(seed=9, level=SMALL).choose(state)
    assert IsmctsBot(seed=9, level=SMALL).choose(state) == first
    assert HeuristicBot(seed=9).choose(state) == HeuristicBot(seed=9).choose(state)


class PoisonedState:
    """The deciding seat's information set and nothing else.

    It forwards the public contract a fair bot may use — ``game``, ``current_player``, ``num_actions_applied``,
    ``legal_actions()``,
    ``view(own seat)`` and ``determinize(own seat, rng)`` — and fails loudly on any other attribute, on another
    seat's view and on another seat's determinization. The hidden cards of the wrapped state are poisoned (redealt
    at random); determinizations are drawn from one fixed position of the same information set, so the only way the
    bot's choice could change between poisoned states is by reading what it must not.
    """

    def __init__(self, poisoned: State, sampler: State) -> None:
        object.__setattr__(self, "_poisoned", poisoned)
        object.__setattr__(self, "_sampler", sampler)
        object.__setattr__(self, "game", poisoned.game)
        object.__setattr__(self, "num_players", poisoned.num_players)

    def __getattr__(self, name: str):
        raise AssertionError(f"a bot read {name!r} of the state, outside the information-set contract")

    @property
    def current_player(self) -> int | None:
        return self._poisoned.current_player

    @property
    def is_terminal(self) -> bool:
        return self._poisoned.is_terminal

    @property
    def num_actions_applied(self) -> int:  # every seat sees each decision being taken
        return self._poisoned.num_actions_applied

    def legal_actions(self) -> list[Action]:
        return self._poisoned.legal_actions()

    def determinize(self, seat: int, rng: Rng) -> State:
        assert seat == self._poisoned.current_player, "a bot asked for another seat's information set"
        return self._sampler.determinize(seat, rng)

    def view(self, seat: int | None) -> dict:
        assert seat == self._poisoned.current_player, "a bot read another seat's view"
        return self._poisoned.view(seat)


@pytest.mark.parametrize("reuse_tree, rollout, prior_visits, opponents, safety_margin, cut, root_candidates, replies",
                         [(False, "random", 0, "tree", 0.0, False, 0, 0),
                          (True, "random", 0, "tree", 0.0, False, 0, 0),
                          (True, "policy", 5, "tree", 0.0, False, 0, 0),
                          (True, "policy", 0, "policy", 0.05, False, 0, 0),
                          (False, "policy", 0, "heuristic", 0.05, False, 0, 0),
                          (True, "policy", 0, "policy", 0.0, True, 2, 0),
                          (True, "policy", 0, "policy", 0.0, False, 0, 3)])
@pytest.mark.parametrize("game_name", ["origin", "northstar"])
def test_bot_choices_ignore_other_seats_hidden_cards(game_name: str, reuse_tree: bool, rollout: str,
                                                     prior_visits: int, opponents: str, safety_margin: float,
                                                     cut: bool, root_candidates: int, replies: int) -> None:
    game = load_game(game_name, players=4)
    state = game.new_state(17)
    random_bot = make_bot("random", seed=2)
    while len(state.legal_actions()) < 3 or state.current_player != 0:
        state.apply(random_bot.choose(state))
    level = Level(iterations=20 if opponents == "heuristic" else 60, rollout_depth=4, worlds=6,
                  reuse_tree=reuse_tree, rollout=rollout, prior_visits=prior_visits, opponents=opponents,
                  safety_margin=safety_margin, cut_at_stage_end=cut, root_candidates=root_candidates,
                  rollout_policy="rollout_careful" if cut else "rollout", heuristic_replies=replies)
    _assert_choices_ignore_hidden_cards(state, lambda: [IsmctsBot(seed=5, level=level), HeuristicBot(seed=5)])


def _assert_choices_ignore_hidden_cards(state: State, make_bots: Callable[[], list[Any]]) -> None:
    """Fresh bots from ``make_bots()`` choose in ``state`` (through :class:`PoisonedState`) as they do in three
    redeals of the other seats' hidden cards."""
    seat = state.current_player
    assert seat is not None
    choices = [bot.choose(PoisonedState(state, state)) for bot in make_bots()]
    hidden = set()
    for redeal in range(3):
        poisoned = state.determinize(seat, Rng(redeal, stream=99))  # other hands and the deck redealt
        assert poisoned.view(seat) == state.view(seat)  # the same information set for the deciding seat
        hidden.add(repr([poisoned.view(other) for other in range(state.num_players) if other != seat]))
        wrapped = PoisonedState(poisoned, state)
        assert [bot.choose(wrapped) for bot in make_bots()] == choices
    assert len(hidden) > 1, "the redeals changed no hidden card, so the test would prove nothing"


def test_play_gives_searching_bots_the_think_time(tmp_path, capsys, monkeypatch) -> None:
    from evolutio.cli.main import main

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code = main(["play", "northstar", "--players", "2", "--bots", "ismcts:easy", "--seat", "2=heuristic",
                 "--think", "0.005", "--seed", "4", "--records", str(tmp_path), "--watch"])
    assert code == 0
    output = capsys.readouterr().out
    assert "1=ismcts:easy:0.005s" in output and "2=heuristic" in output
    assert main(["play", "northstar", "--think", "0", "--seed", "4"]) == 2
    assert "--think must be a positive number of seconds" in capsys.readouterr().err


def test_a_heuristic_looking_one_ply_ahead_estimates_each_legal_action_once(monkeypatch) -> None:
    state = load_game("northstar", players=4).new_state(6)
    walker = make_bot("random", seed=6)
    # a play turn with few cards left: after a play the same seat decides again among a few follow-ups
    while not (state.view(state.current_player)["phase"] == "play-cards" and 3 <= len(state.legal_actions()) <= 12):
        state.apply(walker.choose(state))
    legal = state.legal_actions()
    recorder = StageRecorder(estimator_for("northstar"))   # one stage noted per position estimated
    monkeypatch.setattr("evolutio.bots.heuristic.estimator_for", lambda name, kind="heuristic": recorder)
    one_ply = HeuristicBot(seed=2, same_seat_plies=1).ranked(state)
    assert len(recorder.stages) == len(legal) * recorder.worlds
    recorder.stages.clear()
    two_plies = HeuristicBot(seed=2).ranked(state)
    assert len(recorder.stages) > len(legal) * recorder.worlds   # the default also tries each play's follow-ups
    assert sorted(map(repr, one_ply)) == sorted(map(repr, two_plies)) == sorted(map(repr, legal))


def test_a_search_by_root_halving_ignores_other_seats_hidden_cards() -> None:
    state = _first_decision_with("northstar", 17, at_least=4)
    level = Level(iterations=60, rollout_depth=4, worlds=6, rollout="policy", opponents="policy", root_halving=True)
    _assert_choices_ignore_hidden_cards(state, lambda: [IsmctsBot(seed=5, level=level)])
