from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from evolutio.bots import Bot, RandomBot, make_bot
from evolutio.bots.ismcts import LEVELS, IsmctsBot, Level
from evolutio.kernel import Game, State, game_plugin, load_game, make_record
from evolutio.kernel.rng import derive_seed

__all__ = ["GameResult", "bench", "derive_seed", "ismcts_bench", "play_game", "simulate", "summarize"]


@dataclass
class GameResult:
    seed: int
    scores: list[int]
    winners: list[int]
    decisions: int
    turns: int
    record: dict[str, Any] | None = field(default=None, repr=False)


def play_game(game: Game, seed: int, bots: Sequence[Bot], *, log_events: bool = False,
              max_decisions: int = 1_000_000, on_decision: Callable[[State], None] | None = None) -> State:
    """Play one game from ``seed`` with one bot per seat; returns the terminal state."""
    if len(bots) != game.num_players:
        raise ValueError(f"{game.name} with {game.num_players} players needs {game.num_players} bots, got {len(bots)}")
    state = game.new_state(seed)
    state.log_events = log_events
    n = 0
    while not state.is_terminal:
        if n >= max_decisions:
            raise RuntimeError(f"game from seed {seed} did not end within {max_decisions} decisions")
        if on_decision is not None:
            on_decision(state)
        seat = state.current_player
        assert seat is not None  # a state that is not terminal has a player to act
        action = bots[seat].choose(state)
        state.apply(action)  # checked: a bot's choice is not trusted blindly
        n += 1
    return state


def _turns(state: State) -> int:
    t = getattr(state, "turn_number", None)
    return int(t) if t is not None else 0


def simulate(name: str, games: int, *, options: dict[str, Any] | None = None, bots: Sequence[str] = ("random",),
             seed: int = 0, keep_records: bool = False,
             progress: Callable[[int], None] | None = None) -> tuple[list[GameResult], float]:
    """Play ``games`` bot games. Bot names cycle over the seats. Returns the results and the elapsed seconds."""
    game = load_game(name, **(options or {}))
    p = game.num_players
    seat_bots = [bots[i % len(bots)] for i in range(p)]
    for b in set(seat_bots):
        make_bot(b).check_game(game)
    results: list[GameResult] = []
    t0 = time.perf_counter()
    for g in range(games):
        gseed = derive_seed(seed, g)
        players = [make_bot(seat_bots[i], seed=derive_seed(seed, g, i + 1)) for i in range(p)]
        state = play_game(game, gseed, players, log_events=keep_records)
        results.append(GameResult(
            seed=gseed,
            scores=list(state.scores()),
            winners=list(state.winners()),
            decisions=state.num_actions_applied,
            turns=_turns(state),
            record=make_record(state, players=seat_bots, meta={"bot_seeds": [b.seed for b in players]})
            if keep_records else None,
        ))
        if progress is not None:
            progress(g + 1)
    return results, time.perf_counter() - t0


def summarize(name: str, results: list[GameResult], elapsed: float, *, seed: int, options: dict[str, Any],
              bots: Sequence[str]) -> dict[str, Any]:
    n = len(results)
    p = len(results[0].scores) if results else 0
    decisions = sum(r.decisions for r in results)
    wins = [0.0] * p
    for r in results:
        for w in r.winners:
            wins[w] += 1.0 / len(r.winners)
    return {
        "game": name,
        "options": {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()},
        "bots": list(bots),
        "seed": seed,
        "games": n,
        "decisions": decisions,
        "mean_decisions": decisions / n if n else 0.0,
        "mean_turns": sum(r.turns for r in results) / n if n else 0.0,
        "mean_score": [sum(r.scores[i] for r in results) / n for i in range(p)] if n else [],
        "win_share": [w / n for w in wins] if n else [],
        "elapsed_s": elapsed,
        "games_per_s": n / elapsed if elapsed > 0 else 0.0,
        "decisions_per_s": decisions / elapsed if elapsed > 0 else 0.0,
    }


TIMING_FIELDS = ("elapsed_s", "games_per_s", "decisions_per_s")


def bench_game(game: Game, seed: int, index: int) -> tuple[State, int]:
    """Game ``index`` of the benchmark's driver from ``seed``: a random bot seeded per game picks among
    ``legal_actions()`` and plays them by ``apply_trusted``, events off. The final state and the decisions played
    (``tests/sim/test_playout_digests.py`` pins these games)."""
    bot = RandomBot(seed=derive_seed(seed, index, 99))
    state = game.new_state(derive_seed(seed, index))
    state.log_events = False
    decisions = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        state.apply_trusted(legal[bot.rng.randbelow(len(legal))])
        decisions += 1
    return state, decisions


def bench(name: str, *, seconds: float = 3.0, options: dict[str, Any] | None = None,
          seed: int = 12345) -> dict[str, Any]:
    """Random-playout throughput of one ruleset: play whole games for about ``seconds`` of wall time."""
    game = load_game(name, **(options or {}))
    games = decisions = 0
    t0 = time.perf_counter()
    while True:
        decisions += bench_game(game, seed, games)[1]
        games += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            break
    return {
        "players": game.num_players,
        "games": games,
        "decisions": decisions,
        "elapsed_s": elapsed,
        "decisions_per_s": decisions / elapsed,
        "games_per_s": games / elapsed,
    }


#: decisions skipped between two benchmarked ISMCTS searches along a random game
ISMCTS_BENCH_STRIDE = 9


def ismcts_bench(name: str, *, seconds: float = 3.0, options: dict[str, Any] | None = None, seed: int = 12345,
                 level: str | Level = "medium") -> dict[str, Any]:
    """ISMCTS iterations per second (of wall time and of CPU time) on one core: searches at decisions sampled along
    random games, with the iterations, rollout depth and world pool of ``level`` (a level name or a :class:`Level`),
    for about ``seconds`` of wall time."""
    game = load_game(name, **(options or {}))
    budget = (LEVELS[level] if isinstance(level, str) else level).for_game(name)  # as it plays in this ruleset
    searched = dataclasses.replace(budget, seconds=None)  # the level's own iteration budget, never a think time
    iterations = searches = games = 0
    walker = RandomBot(seed=seed)
    t0 = time.perf_counter()
    cpu0 = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        state = game.new_state(derive_seed(seed, games))
        state.log_events = False
        games += 1
        step = 0
        while not state.is_terminal and elapsed < seconds:
            if len(state.legal_actions()) > 1 and step % ISMCTS_BENCH_STRIDE == 0:
                bot = IsmctsBot(seed=derive_seed(seed, games, step), level=searched)
                bot.choose(state)
                iterations += bot.last_iterations
                searches += 1
                elapsed = time.perf_counter() - t0
            state.apply_trusted(walker.choose(state))
            step += 1
    cpu = time.process_time() - cpu0
    return {
        "level": level if isinstance(level, str) else "custom",
        "iterations_per_search": budget.iterations,
        "rollout_depth": budget.rollout_depth,
        "rollout": budget.rollout if budget.rollout != "policy" or game_plugin(name, "rollout") is not None
        else "uniform (no rollout policy in this ruleset)",
        "prior_visits": budget.prior_visits,
        "opponents": budget.opponents,
        "worlds": budget.worlds,
        "heuristic_replies": budget.heuristic_replies,
        "estimate": budget.estimate,
        "searches": searches,
        "iterations": iterations,
        "elapsed_s": elapsed,
        "iterations_per_s": iterations / elapsed if elapsed > 0 else 0.0,
        "cpu_s": cpu,
        # per second of this process's own CPU time: the speed on one free core, even on a busy machine
        "iterations_per_cpu_s": iterations / cpu if cpu > 0 else 0.0,
    }
