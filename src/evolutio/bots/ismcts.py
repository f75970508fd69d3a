"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Every iteration samples a world the deciding seat cannot tell apart from the real one (``state.determinize(seat,
rng)``), descends the one shared tree restricted to the actions legal in that world (UCB with availability counts),
adds one node, plays on by the ruleset's rollout policy (:mod:`evolutio.bots.rollout`; or uniformly, or by the
heuristic) for at most ``rollout_depth`` decisions and scores the result: a finished game by its winners (or score
shares), a cut one by the ruleset's estimate of every seat's final score (:func:`evolutio.bots.heuristic.estimator_for`)
turned into win chances. With ``Level.opponents`` other than "tree" the other seats' decisions are made by a model
(the rollout policy or the heuristic bot, on the search's own world) and the tree holds only the deciding seat's
decisions. A :class:`Level` also spends more iterations at wide decisions, may keep the subtree of its own last choice
when the same seat decides again right after, and may choose its root action by sequential halving on common random
numbers instead of UCB (every root action of a round meets the same worlds and rollout draws). The real state is only
ever asked for ``current_player``, ``legal_actions()``, ``determinize`` and (for tree reuse) the public
``num_actions_applied`` — the bot never reads another seat's hidden cards.
"""

from __future__ import annotations

import dataclasses
import math
import time
from dataclasses import dataclass
from typing import Any

from evolutio.kernel import Action, Rng, State

from .base import Bot
from .heuristic import DEFAULT_ESTIMATE, SAME_SEAT_PLIES, Estimator, HeuristicBot, estimator_for
from .rollout import (
    DEFAULT_POLICY,
    DEFAULT_STAGE,
    RolloutPolicy,
    RolloutStage,
    rollout_policy_for,
    rollout_stage_for,
    uniform,
)

#: UCB exploration constant (rewards lie in [0, 1])
EXPLORATION = 0.7
#: estimated final-score difference (points) that counts as one "temperature" step in the win-chance softmax
SCORE_TEMPERATURE = 2.0
#: how often (in iterations) a time budget looks at the clock
CLOCK_EVERY = 16
#: a wide decision gets at most this many times the level's iterations (see ``Level.iterations_per_action``)
WIDE_BUDGET_CAP = 4
#: the random stream of the rollout draws of a sequential-halving try (``Level.root_halving``)
HALVING_STREAM = 29


ROLLOUT_RANDOM = "random"
ROLLOUT_HEURISTIC = "heuristic"
ROLLOUT_POLICY = "policy"
ROLLOUTS = (ROLLOUT_RANDOM, ROLLOUT_HEURISTIC, ROLLOUT_POLICY)

#: how the other seats decide inside the search: tree nodes of their own (UCB, as the searching seat), or a model
OPPONENTS_TREE = "tree"
#: the other seats play the ruleset's rollout policy in the tree phase too (no nodes of theirs)
OPPONENTS_POLICY = "policy"
#: the other seats play the heuristic bot's choice on the search's world (no nodes of theirs)
OPPONENTS_HEURISTIC = "heuristic"
OPPONENT_MODELS = (OPPONENTS_TREE, OPPONENTS_POLICY, OPPONENTS_HEURISTIC)


@dataclass(frozen=True)
class Level:
    """A search budget: ``iterations`` per decision (or ``seconds`` when given), ``rollout_depth`` decisions of
    random play after the tree before the position is estimated, and ``worlds``: 0 samples a fresh determinization
    every iteration (Cowling et al.), ``N`` samples N of them once per decision and cycles through copies of them
    (several times faster; each world then also fixes the future dice)."""

    iterations: int
    rollout_depth: int
    worlds: int = 0
    seconds: float | None = None
    #: the rollout policy: "random" (uniform over the legal actions), "policy" (the ruleset's cheap rollout policy,
    #: :func:`evolutio.bots.rollout.rollout_policy_for`, for every seat) or "heuristic" (the heuristic bot's choice
    #: for whichever seat is to act, on that seat's own determinization; far slower per step)
    rollout: str = ROLLOUT_RANDOM
    #: with the "policy" rollout, the chance that a rollout decision is uniform instead
    epsilon: float = 0.0
    #: at the root, every legal action starts with this many virtual visits scored by the ruleset's estimate right
    #: after it (the seat's win chance, as a cut rollout is scored): a prior from the heuristic's own evaluation
    prior_visits: int = 0
    #: UCB exploration constant (rewards lie in [0, 1])
    exploration: float = EXPLORATION
    #: estimated final-score difference that counts as one step of the win-chance softmax
    temperature: float = SCORE_TEMPERATURE
    #: added to ``temperature`` for every round the ruleset's estimate expects after the decision's round (its
    #: ``rounds_left``; rulesets without one get ``temperature``): the estimate is less sure the further the end
    temperature_per_round_left: float = 0.0
    #: iterations per legal root action at a wide decision: the budget is ``iterations`` or this many per legal
    #: action, whichever is more, up to :data:`WIDE_BUDGET_CAP` times ``iterations`` (0: always ``iterations``)
    iterations_per_action: int = 0
    #: keep the subtree under the chosen action when the same seat decides again right after (a compound choice such
    #: as a card and then its target): the next search adds its iterations to the statistics already there
    reuse_tree: bool = False
    #: ``(ruleset, ((field, value), ...))`` pairs: the fields of this level that differ in a ruleset (e.g. a rollout
    #: depth of 0 where the ruleset's estimate right after the tree beats rollouts); :meth:`for_game` applies them
    by_game: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()
    #: how the other seats decide in the tree phase: "tree" (nodes of their own, chosen by UCB for their reward),
    #: "policy" (the ruleset's rollout policy) or "heuristic" (the heuristic bot on the search's world, determinized
    #: again for the seat to act): with a model the tree holds only the searching seat's decisions and goes deeper
    opponents: str = OPPONENTS_TREE
    #: the safety rule: 0 plays the most visited root action; a positive margin plays the heuristic bot's choice
    #: unless the most visited action's mean reward beats that choice's by at least this much (rewards in [0, 1])
    safety_margin: float = 0.0
    #: cut every iteration where the stretch of the game the decision is in ends (the ruleset's ``rollout_stage``
    #: plug-in, :func:`evolutio.bots.rollout.rollout_stage_for`; e.g. a round's plays): the tree stops there too and
    #: ``rollout_depth`` becomes the most rollout decisions before that point, so every root action is judged after
    #: the same stretch of play by every seat (rulesets without the plug-in keep the fixed depth)
    cut_at_stage_end: bool = False
    #: with ``cut_at_stage_end``: the ruleset's plug-in kind that says where a stretch ends, ``"rollout_stage"`` (its
    #: default) or another kind it registers (e.g. northstar's ``"rollout_stage_round"``, a whole round); a ruleset
    #: without that kind uses its default
    rollout_stage: str = DEFAULT_STAGE
    #: at the root, search only the heuristic bot's this many best actions (its look-ahead on the search's own
    #: determinization); 0 searches every legal action
    root_candidates: int = 0
    #: the ruleset's plug-in that plays the "policy" rollouts and the other seats' model: ``"rollout"`` (its
    #: default policy) or another kind it registers (e.g. northstar's ``"rollout_careful"``; a ruleset without that
    #: kind uses its default)
    rollout_policy: str = DEFAULT_POLICY
    #: with ``opponents`` "policy": the other seats' first this many decisions of each iteration's tree phase are
    #: the heuristic bot's choice (on the search's world, determinized again for the seat to act) instead of the
    #: policy's; each is computed once per sampled world and line of play from the root and then remembered, so
    #: it needs ``worlds`` > 0 (0: the policy throughout)
    heuristic_replies: int = 0
    #: the plies the heuristic's replies look at while the replying seat keeps deciding (the heuristic bot's own
    #: :data:`evolutio.bots.heuristic.SAME_SEAT_PLIES`; 1 is several times cheaper where a seat plays card after card)
    reply_plies: int = SAME_SEAT_PLIES
    #: the determinizations each of the heuristic's replies tries every action on (0: as many as the heuristic bot,
    #: its estimate's ``worlds``; 1 is that many times cheaper where the estimate averages over several)
    reply_worlds: int = 0
    #: the plug-in kind that plays the other seats — their model in the tree phase with ``opponents`` "policy" and
    #: their decisions in the "policy" rollouts — while the searching seat's own rollout decisions stay
    #: ``rollout_policy``'s (e.g. origin's ``"rollout_imitating"``); empty: ``rollout_policy`` for every seat
    opponent_policy: str = ""
    #: the ruleset's plug-in kind whose estimate scores the cut rollouts (and the root prior): ``"heuristic"`` (the
    #: heuristic bot's own estimate) or another kind the ruleset registers (e.g. northstar's
    #: ``"estimate_against_heuristic"``, tuned on games against heuristic seats); a ruleset without that kind uses
    #: its ``"heuristic"``. The heuristic bot's replies and the safety rule keep the heuristic bot's estimate
    estimate: str = DEFAULT_ESTIMATE
    #: decisions played without a search, by the heuristic bot's look-ahead reading ``estimate``: the kinds of their
    #: first legal action, joined by "+" (e.g. ``"bid"``: evo's auction decisions); empty: every decision is searched
    unsearched_kinds: str = ""
    #: the root by sequential halving on common random numbers instead of UCB (needs ``worlds`` > 0): the budget is
    #: split into rounds, each round tries every action still in on the same sampled worlds with the same rollout
    #: draws, and the worse half (by mean reward over all their tries so far) drops out until one is left, which is
    #: played (Karnin, Koren & Somekh 2013). Every action of a round meets the same dice, so the differences the
    #: comparison sees are the actions', not the luck of the worlds each one happened to meet. A think time
    #: (``seconds``) keeps UCB: the rounds need the budget in iterations beforehand
    root_halving: bool = False

    def for_game(self, game_name: str) -> Level:
        """This level as it plays in ruleset ``game_name`` (its ``by_game`` fields for that ruleset applied)."""
        changes = dict(self.by_game).get(game_name)
        return dataclasses.replace(self, by_game=(), **dict(changes)) if changes else self

    def played(self) -> list[Level]:
        """This level and each of its rulesets' variants (:meth:`for_game`)."""
        return [self] + [self.for_game(game_name) for game_name, _ in self.by_game]

    def budget(self, legal_count: int) -> int:
        """Iterations for a decision with ``legal_count`` legal actions."""
        wide = min(self.iterations_per_action * legal_count, WIDE_BUDGET_CAP * self.iterations)
        return max(self.iterations, wide)


#: the hard level searches this many times the medium's iterations, with every other setting of the medium's
HARD_BUDGET_FACTOR = 2

# docs/bots-pilots.md: depth 0 gains in northstar and loses in origin; wide decisions and a seat's consecutive
# decisions get more search; the ruleset's rollout policy beats uniform rollouts in origin; the other seats played
# by that policy (a tree of the seat's own decisions only) won 9 of 12 paired origin games where tree nodes for
# every seat won 3; with that model depth 0 in northstar (an iteration ends after a few weak policy moves) won 3 of
# 10 paired games where policy rollouts of depth 8 won 7 (depth 16: 5), so every ruleset now rolls out 8 decisions
# origin: the other seats' first 3 replies by the heuristic bot, 25 worlds — on the 400 games of seed 1 it won
# 279.5 against the medium before's 234.5 (flips 109 to 65), mean margin +2.6 against +0.1 (docs/bots.md)
# northstar: the estimate tuned on games against heuristic bots — on the 104 games of seed 1 it won 60 against
# the medium before's 42.5 (flips 26 to 9), mean margin -1.6 against -6.9 (docs/bots-pilots.md)
# evo: its estimate tuned the same way — on 43 games of seed 1 it won 20 against the medium before's 12.5
# (flips 12 to 4), mean margin -1.6 against -4.0 (docs/bots-pilots.md)
MEDIUM = Level(iterations=2000, rollout_depth=8, worlds=100, iterations_per_action=150, reuse_tree=True,
               rollout=ROLLOUT_POLICY, opponents=OPPONENTS_POLICY,
               by_game=(("origin", (("heuristic_replies", 3), ("worlds", 25))),
                        ("northstar", (("estimate", "estimate_against_heuristic"),)),
                        ("evo", (("estimate", "estimate_against_heuristic"),))))

LEVELS: dict[str, Level] = {
    "easy": Level(iterations=150, rollout_depth=4, worlds=32, rollout=ROLLOUT_POLICY, opponents=OPPONENTS_POLICY),
    "medium": MEDIUM,
    # the medium with twice its search, so every ruleset's findings carry over; the hard level before 26 November
    # (4,000 iterations, depth 16, fresh worlds, no per-ruleset fields) had none of them. On the medium's games of
    # seed 1 it won 26 of 30 in northstar against the medium's 17, 33 of 50 in origin against 31, 14 of 26 in evo
    # against 12; twice the worlds as well did no better (docs/bots-pilots.md, "The hard level")
    "hard": dataclasses.replace(MEDIUM, iterations=HARD_BUDGET_FACTOR * MEDIUM.iterations,
                                iterations_per_action=HARD_BUDGET_FACTOR * MEDIUM.iterations_per_action),
}
DEFAULT_LEVEL = "medium"


def parse_level(spec: str) -> Level:
    """``easy`` | ``medium`` | ``hard``, optionally followed by a rollout other than the level's (``:random``,
    ``:policy`` or ``:heuristic``) and ``:SECONDSs`` (a time budget for play), e.g. ``hard:2.5s``; an empty spec is
    the default level."""
    parts = [part for part in spec.split(":") if part] if spec else []
    name = DEFAULT_LEVEL
    seconds: float | None = None
    rollout: str | None = None
    for part in parts:
        if part in LEVELS:
            name = part
        elif part in ROLLOUTS:
            rollout = part
        elif part.endswith("s"):
            try:
                seconds = float(part[:-1])
            except ValueError:
                seconds = -1.0
            if not seconds > 0:
                raise ValueError(f"ismcts think time must be a positive number of seconds like '2.5s', got {part!r}")
        else:
            raise ValueError(f"unknown ismcts level {part!r}; levels: {', '.join(LEVELS)} (optionally a rollout: "
                             f"{', '.join(':' + name for name in ROLLOUTS)}, and ':SECONDSs' for a think time)")
    level = LEVELS[name]
    return dataclasses.replace(level, seconds=seconds, rollout=rollout or level.rollout)


class _Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.reward = 0.0  # summed reward of the seat whose action led here
        self.available = 0  # iterations in which this node's action was legal at its parent


def win_chances(estimates: list[float], temperature: float = SCORE_TEMPERATURE) -> list[float]:
    """Turn estimated final scores into chances of winning (a softmax: ``temperature`` points of difference make one
    step of e in the odds)."""
    top = max(estimates)
    weights = [math.exp((value - top) / temperature) for value in estimates]
    total = sum(weights)
    return [weight / total for weight in weights]


class IsmctsBot(Bot):
    """``ismcts[:level][:heuristic][:SECONDSs]``; ``reward`` is ``"win"`` (default) or ``"share"`` (score share)."""

    name = "ismcts"

    def __init__(self, seed: int = 0, level: Level | None = None, reward: str = "win") -> None:
        super().__init__(seed)
        if reward not in ("win", "share"):
            raise ValueError(f"ismcts reward must be 'win' or 'share', got {reward!r}")
        self.level = level or LEVELS[DEFAULT_LEVEL]
        #: the level as it plays in the ruleset of the current decision (``Level.for_game``)
        self._level = self.level
        self.uses_clock = self.level.seconds is not None
        self.reward = reward
        played = self.level.played()
        for each in played:
            if each.rollout not in ROLLOUTS:
                raise ValueError(f"ismcts rollout must be one of {', '.join(ROLLOUTS)}, got {each.rollout!r}")
            if each.opponents not in OPPONENT_MODELS:
                raise ValueError(f"ismcts opponents must be one of {', '.join(OPPONENT_MODELS)}, "
                                 f"got {each.opponents!r}")
            if each.heuristic_replies and (each.opponents != OPPONENTS_POLICY or not each.worlds):
                raise ValueError("ismcts heuristic_replies needs opponents 'policy' and worlds > 0")
            if each.root_halving and not each.worlds:
                raise ValueError("ismcts root_halving needs worlds > 0 (its actions meet the same sampled worlds)")
            if each.opponent_policy and not (level_uses_policy(each) or each.opponents == OPPONENTS_POLICY):
                raise ValueError("ismcts opponent_policy needs rollout 'policy' or opponents 'policy'")
        self.rng = Rng(seed, stream=13)
        self.rollout_bot = HeuristicBot(seed) if any(each.rollout == ROLLOUT_HEURISTIC for each in played) else None
        self.opponent_bot = (HeuristicBot(seed + 1) if any(each.opponents == OPPONENTS_HEURISTIC for each in played)
                             else None)
        self.safety_bot = HeuristicBot(seed) if any(each.safety_margin > 0 for each in played) else None
        self.candidate_bot = HeuristicBot(seed + 2) if any(each.root_candidates > 0 for each in played) else None
        self.reply_bot = HeuristicBot(seed + 3) if any(each.heuristic_replies > 0 for each in played) else None
        self.unsearched_bot = HeuristicBot(seed + 4) if any(each.unsearched_kinds for each in played) else None
        #: the heuristic's replies of the current search by (world number, the actions from the root before them)
        self._replies: dict[tuple[object, ...], Action] = {}
        #: the root actions the current search may try (``Level.root_candidates``); ``None``: every legal one
        self._root_actions: frozenset[Action] | None = None
        self._stage: RolloutStage | None = None
        self._root_stage: object = None
        #: whether the last decision played the heuristic's choice over the search's (``Level.safety_margin``)
        self.last_overruled = False
        self.last_iterations = 0
        #: iterations of statistics the last search started from (kept from the previous decision, Level.reuse_tree)
        self.last_reused = 0
        self._rollout_depth = self._level.rollout_depth
        self._temperature = self._level.temperature
        self._policy: RolloutPolicy = uniform
        self._opponent_policy: RolloutPolicy = uniform
        #: (subtree, seat, number of actions applied when it applies) kept for ``Level.reuse_tree``
        self._kept: tuple[_Node, int, int] | None = None
        #: the action the last search's sequential halving kept (``Level.root_halving``); ``None``: the most visited
        self.last_halving_choice: Action | None = None

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        seat = state.current_player
        assert seat is not None
        self._level = self.level.for_game(state.game.name)
        applied = state.num_actions_applied if self._level.reuse_tree else 0
        kept = self._kept_for(seat, applied)
        if len(legal) == 1:
            action = legal[0]
            root = kept
        elif self.unsearched_bot is not None and legal[0].kind in self._level.unsearched_kinds.split("+"):
            self.unsearched_bot.estimate = self._level.estimate
            action = self.unsearched_bot.choose(state)
            root = None
            self.last_iterations = 0
        else:
            root = self.search(state, seat, kept)
            kept_by_halving = self.last_halving_choice
            action = kept_by_halving if kept_by_halving is not None else max(
                self._searched(legal), key=lambda each: root.children[each].visits if each in root.children else -1)
            action = self._safe(state, root, action)
        if self._level.reuse_tree and root is not None and action in root.children:
            self._kept = (root.children[action], seat, applied + 1)
        return action

    def _safe(self, state: State, root: _Node, searched: Action) -> Action:
        """The search's choice, or the heuristic's where the search does not beat it by ``Level.safety_margin``."""
        self.last_overruled = False
        if self.safety_bot is None or not self._level.safety_margin > 0:
            return searched
        fallback = self.safety_bot.choose(state)
        best, other = root.children.get(searched), root.children.get(fallback)
        if fallback == searched or best is None or other is None or not other.visits:
            return searched
        if best.reward / best.visits - other.reward / other.visits >= self._level.safety_margin:
            return searched
        self.last_overruled = True
        return fallback

    def _kept_for(self, seat: int, applied: int) -> _Node | None:
        """The subtree kept from this seat's previous decision if this decision comes right after it."""
        kept, self._kept = self._kept, None
        if kept is None or (kept[1], kept[2]) != (seat, applied):
            return None
        return kept[0]

    def search(self, state: State, seat: int, root: _Node | None = None) -> _Node:
        """Search from ``root`` (a fresh node, or the statistics kept from the previous decision of ``seat``)."""
        self._level = self.level.for_game(state.game.name)
        estimator = estimator_for(state.game.name, self._level.estimate)
        self._rollout_depth = self._level.rollout_depth
        self._temperature = self._temperature_at(state, seat, estimator)
        policy = rollout_policy_for(state.game.name, self._level.rollout_policy)
        self._policy = policy if level_uses_policy(self._level) else uniform
        self._opponent_policy = (rollout_policy_for(state.game.name, self._level.opponent_policy)
                                 if self._level.opponent_policy else policy)
        root = root if root is not None else _Node()
        self.last_reused = root.visits
        level = self._level
        legal = state.legal_actions()
        self._root_actions = None
        if self.candidate_bot is not None and 0 < level.root_candidates < len(legal):
            self._root_actions = frozenset(self.candidate_bot.ranked(state)[:level.root_candidates])
        deadline = time.perf_counter() + level.seconds if level.seconds is not None else None
        worlds: list[State] = []
        for _ in range(level.worlds):
            world = state.determinize(seat, self.rng)
            world.log_events = False
            world.legal_actions()   # listed once here: every iteration's copy of the world starts with the list
            worlds.append(world)
        self._stage = rollout_stage_for(state.game.name, level.rollout_stage) if level.cut_at_stage_end else None
        if self._stage is not None:
            self._root_stage = self._stage(worlds[0] if worlds else state.determinize(seat, self.rng))
        if level.prior_visits:
            world = worlds[0].clone() if worlds else state.determinize(seat, self.rng)
            world.log_events = False
            self._seed_root(root, world, seat, estimator)
        self._replies = {}
        if self.reply_bot is not None:
            self.reply_bot.same_seat_plies = level.reply_plies
            self.reply_bot.worlds = level.reply_worlds or None
        iterations = 0
        candidates = self._searched(legal)
        budget = level.budget(len(candidates))
        self.last_halving_choice = None
        if level.root_halving and deadline is None:
            self.last_halving_choice, self.last_iterations = self._halve(root, worlds, candidates, budget, seat,
                                                                         estimator)
            return root
        while True:
            if deadline is None:
                if iterations >= budget:
                    break
            elif iterations % CLOCK_EVERY == 0 and iterations and time.perf_counter() >= deadline:
                break
            if worlds:
                world = worlds[iterations % len(worlds)].clone()
            else:
                world = state.determinize(seat, self.rng)
                world.log_events = False
            self._iterate(root, world, seat, estimator, iterations % len(worlds) if worlds else iterations)
            iterations += 1
        self.last_iterations = iterations
        return root

    def _searched(self, legal: list[Action]) -> list[Action]:
        """The root actions the current search may try, in the legal order (``Level.root_candidates``)."""
        root_actions = self._root_actions
        return legal if root_actions is None else [action for action in legal if action in root_actions]

    def _halve(self, root: _Node, worlds: list[State], candidates: list[Action], budget: int, seat: int,
               estimator: Estimator) -> tuple[Action, int]:
        """Sequential halving over ``candidates`` within ``budget`` iterations (``Level.root_halving``; every round
        tries each action at least once, so a budget below the rounds times the candidates is exceeded): the action
        kept and the iterations spent. Try ``k`` is played on sampled world ``k`` (cycled) with rollout draws seeded
        by ``k``, the same for every action in its round; ``root`` gathers the tries' statistics as a UCB search
        would."""
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        base_seed = self.rng.next_u32()
        rng = self.rng
        totals = dict.fromkeys(candidates, 0.0)
        tries = spent = 0
        alive = list(candidates)
        for _ in range(rounds):
            if len(alive) == 1:
                break
            per_action = max(1, budget // (rounds * len(alive)))
            for number in range(tries, tries + per_action):
                world_number = number % len(worlds)
                for action in alive:
                    self.rng = Rng(base_seed + number, stream=HALVING_STREAM)
                    try:
                        reward = self._iterate(root, worlds[world_number].clone(), seat, estimator, world_number,
                                               first=action)
                    finally:
                        self.rng = rng
                    totals[action] += reward
            tries += per_action
            spent += per_action * len(alive)
            # the better half stays; ties keep the earlier action (the legal order), so the result is reproducible
            ranked = sorted(alive, key=lambda action: -totals[action])
            alive = ranked[:math.ceil(len(alive) / 2)]
        return max(alive, key=lambda action: totals[action]), spent

    def _temperature_at(self, state: State, seat: int, estimator: Estimator) -> float:
        """The softmax temperature for a search from ``state`` (``Level.temperature_per_round_left``)."""
        if not self._level.temperature_per_round_left:
            return self._level.temperature
        rounds = estimator.rounds_left(state, seat)
        return self._level.temperature + self._level.temperature_per_round_left * (rounds or 0.0)

    def _seed_root(self, root: _Node, world: State, seat: int, estimator: Estimator) -> None:
        """Give each root action not in the tree yet ``prior_visits`` virtual visits at the value of the position
        right after it (``world``: one determinization of the seat's information set)."""
        visits = self._level.prior_visits
        for action in world.legal_actions():
            if action in root.children:
                continue
            child = world.clone()
            child.apply_trusted(action)
            node = _Node()
            node.visits = node.available = visits
            node.reward = visits * self._rewards(child, seat, estimator)[seat]
            root.children[action] = node

    def _iterate(self, root: _Node, world: State, seat: int, estimator: Estimator, world_number: int = 0,
                 first: Action | None = None) -> float:
        """One iteration on ``world`` (sampled world ``world_number`` of the search, the key of its remembered
        heuristic replies), starting with the root action ``first`` if given: the searching seat's reward."""
        rng = self.rng
        exploration = self._level.exploration
        stage, root_stage = self._stage, self._root_stage
        root_actions = self._root_actions
        opponent_bot = self.opponent_bot if self._level.opponents == OPPONENTS_HEURISTIC else None
        opponent_policy = self._opponent_policy if self._level.opponents != OPPONENTS_TREE else None
        sqrt, log = math.sqrt, math.log
        path: list[tuple[_Node, int]] = []
        #: with ``Level.heuristic_replies``: how many the iteration has left, and the line of play from the root
        replies_left = self._level.heuristic_replies
        line: list[object] = [world_number]
        node = root
        # selection and expansion
        while not world.is_terminal:
            if stage is not None and stage(world) != root_stage:
                break
            mover = world.current_player
            assert mover is not None
            legal = world.legal_actions()
            if node is root and first is not None:
                legal = [first]
            elif node is root and root_actions is not None:
                legal = [action for action in legal if action in root_actions]
            if mover != seat:
                if opponent_bot is not None:
                    world.apply_trusted(opponent_bot.choose(world) if len(legal) > 1 else legal[0])
                    continue
                if replies_left:
                    replies_left -= 1
                    world.apply_trusted(self._reply(world, legal, line))
                    continue
                if opponent_policy is not None:
                    world.apply_trusted(opponent_policy(world, legal, rng))
                    continue
            # one pass over the legal actions: each one's node counts this iteration as available (UCB with
            # availability counts); the untried ones are gathered, and while there are none the best score is kept
            children = node.children
            untried: list[Action] = []
            best_score = float("-inf")
            best_action = legal[0]
            for action in legal:
                candidate = children.get(action)
                if candidate is None:
                    untried.append(action)
                    continue
                available = candidate.available = candidate.available + 1
                if not untried:
                    visits = candidate.visits
                    score = candidate.reward / visits + exploration * sqrt(log(available) / visits)
                    if score > best_score:
                        best_score, best_action = score, action
            if untried:   # expand one of them, drawn uniformly
                action = untried[rng.randbelow(len(untried))]
                child = children[action] = _Node()
                child.available = 1
                world.apply_trusted(action)
                path.append((child, mover))
                break
            node = children[best_action]
            world.apply_trusted(best_action)
            path.append((node, mover))
            if replies_left:
                line.append(best_action)
        self._roll_out(world, stage, root_stage, seat)
        rewards = self._rewards(world, seat, estimator)
        root.visits += 1
        for visited, mover in path:
            visited.visits += 1
            visited.reward += rewards[mover]
        return rewards[seat]

    def _reply(self, world: State, legal: list[Action], line: list[object]) -> Action:
        """The heuristic bot's choice for the other seat to act in ``world`` after ``line`` (the world's number and
        the actions since the root): computed once per search, then remembered; the line goes on with it."""
        key = tuple(line)
        action = self._replies.get(key)
        if action is None:
            assert self.reply_bot is not None
            action = self._replies[key] = self.reply_bot.choose(world) if len(legal) > 1 else legal[0]
        line.append(action)
        return action

    def _roll_out(self, world: State, stage: RolloutStage | None, root_stage: object, seat: int) -> None:
        """Play on from the end of the tree for at most the rollout depth (or to the end of the game or stage);
        ``seat`` is the searching seat (the others play ``Level.opponent_policy`` when it is set)."""
        rng = self.rng
        depth = self._rollout_depth
        policy, epsilon = self._policy, self._level.epsilon
        rollout_bot = self.rollout_bot if self._level.rollout == ROLLOUT_HEURISTIC else None
        others = self._opponent_policy if policy is not uniform and self._level.opponent_policy else None
        if rollout_bot is None and stage is None and not epsilon and others is None:
            # the common case, one loop without the checks it does not need (the same draws in the same order)
            if policy is uniform:
                for _ in range(depth):
                    if world.is_terminal:
                        return
                    legal = world.legal_actions()
                    world.apply_trusted(legal[rng.randbelow(len(legal))])
            else:
                for _ in range(depth):
                    if world.is_terminal:
                        return
                    world.apply_trusted(policy(world, world.legal_actions(), rng))
            return
        for _ in range(depth):
            if world.is_terminal or (stage is not None and stage(world) != root_stage):
                return
            if rollout_bot is not None:
                world.apply_trusted(rollout_bot.choose(world))
            else:
                legal = world.legal_actions()
                if policy is uniform or (epsilon and rng.random() < epsilon):
                    world.apply_trusted(legal[rng.randbelow(len(legal))])
                elif others is not None and world.current_player != seat:
                    world.apply_trusted(others(world, legal, rng))
                else:
                    world.apply_trusted(policy(world, legal, rng))

    def _rewards(self, world: State, seat: int, estimator: Estimator) -> list[float]:
        if world.is_terminal:
            if self.reward == "win":
                winners = world.winners()
                return [1.0 / len(winners) if player in winners else 0.0 for player in range(world.num_players)]
            return _shares([float(score) for score in world.scores()])
        estimates = estimator.estimate(world, seat)
        return win_chances(estimates, self._temperature) if self.reward == "win" else _shares(estimates)


def level_uses_policy(level: Level) -> bool:
    """Whether ``level`` plays its rollouts by the ruleset's rollout policy."""
    return level.rollout == ROLLOUT_POLICY


def _shares(values: list[float]) -> list[float]:
    floor = [max(0.0, value) for value in values]
    total = sum(floor)
    return [value / total for value in floor] if total > 0 else [1.0 / len(values)] * len(values)
