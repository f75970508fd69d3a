"""Step throughput of the raw engine vs the PettingZoo, OpenSpiel and Gymnasium adapters, per ruleset.

    python benchmarks/interop_bench.py                       # every ruleset, ~2 s per cell
    python benchmarks/interop_bench.py --games origin --players 3 --seconds 5
    python benchmarks/interop_bench.py --pettingzoo-benchmark   # also run pettingzoo.test.performance_benchmark

Every cell plays whole random games (uniform over legal actions) from successive seeds and counts engine decisions
per second of wall time:

- ``engine``: ``legal_actions()`` + ``apply_trusted()`` — the hot path, no encoding at all;
- ``pettingzoo``: ``env.last()`` (observation vector + action mask of the deciding agent) + ``env.step(code)``;
- ``openspiel``: ``state.legal_actions()`` + ``state.apply_action(code)`` on ``evolutio_<ruleset>``
  (``+obs``: plus ``information_state_tensor`` of the deciding player, what most learners read every step);
- ``gymnasium``: ``env.step(code)`` with the returned mask for the learner; the other seats are random bots inside
  the environment, and their decisions count too (every decision is one engine step).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from typing import Callable

EXAMPLE = "example: PYTHONPATH=src python benchmarks/interop_bench.py --games origin --players 3 --seconds 5"


def _timed(run_game: Callable[[int], int], seconds: float) -> tuple[float, int]:
    decisions = games = 0
    t0 = time.perf_counter()
    while True:
        decisions += run_game(games)
        games += 1
        el = time.perf_counter() - t0
        if el >= seconds:
            return decisions / el, games


def bench_engine(name: str, opts: dict, seconds: float) -> tuple[float, int]:
    from evolutio.kernel import load_game

    game = load_game(name, **opts)

    def run(i: int) -> int:
        r = random.Random(i)
        s = game.new_state(i)
        s.log_events = False
        n = 0
        while not s.is_terminal:
            legal = s.legal_actions()
            s.apply_trusted(legal[r.randrange(len(legal))])
            n += 1
        return n

    return _timed(run, seconds)


def bench_pettingzoo(name: str, opts: dict, seconds: float) -> tuple[float, int]:
    import numpy as np

    from evolutio.interop.pettingzoo import raw_env

    env = raw_env(name, **opts)

    def run(i: int) -> int:
        r = random.Random(i)
        env.reset(seed=i)
        n = 0
        for _agent in env.agent_iter():
            obs, _rew, term, trunc, _info = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[r.randrange(len(legal))]))
            n += 1
        return n

    return _timed(run, seconds)


def bench_openspiel(name: str, opts: dict, seconds: float, with_obs: bool = False) -> tuple[float, int]:
    import pyspiel

    import evolutio.interop.openspiel as eos

    eos.register(name)
    game = pyspiel.load_game(eos.short_name(name), dict(opts))

    def run(i: int) -> int:
        r = random.Random(i)
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal():
            if with_obs:
                s.information_state_tensor(s.current_player())
            legal = s.legal_actions()
            s.apply_action(legal[r.randrange(len(legal))])
            n += 1
        return n

    return _timed(run, seconds)


def bench_gymnasium(name: str, opts: dict, seconds: float) -> tuple[float, int]:
    import numpy as np

    from evolutio.interop.gymnasium import EvolutioEnv

    env = EvolutioEnv(name, seat=0, **opts)

    def run(i: int) -> int:
        r = random.Random(i)
        obs, _ = env.reset(seed=i)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            if legal.size == 0:
                break
            obs, _rew, done, _trunc, _info = env.step(int(legal[r.randrange(len(legal))]))
        return env.engine_state.num_actions_applied

    return _timed(run, seconds)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="interop_bench.py", description=__doc__, epilog=EXAMPLE,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", nargs="*", help="rulesets (default: every registered one)")
    ap.add_argument("--players", type=int, nargs="*", help="player counts (default: each ruleset's minimum and 4)")
    ap.add_argument("--seconds", type=float, default=2.0, help="wall time per cell")
    ap.add_argument("--pettingzoo-benchmark", action="store_true",
                    help="also run pettingzoo.test.performance_benchmark (5 s each)")
    ns = ap.parse_args(argv)
    if not ns.seconds > 0:
        ap.error(f"--seconds must be more than 0, got {ns.seconds:g}")

    import evolutio
    from evolutio.kernel import game_class

    unknown = [name for name in ns.games or () if name not in evolutio.list_games()]
    if unknown:
        ap.error(f"unknown game {unknown[0]!r}; registered games: {', '.join(evolutio.list_games())}")
    names = ns.games or evolutio.list_games()
    if not names:
        print("no ruleset registered", file=sys.stderr)
        return 1
    header = f"{'ruleset':<12}{'players':>8}{'engine':>11}{'pettingzoo':>12}{'openspiel':>11}{'+obs':>9}" \
             f"{'gymnasium':>11}   (decisions/s; adapter/engine ratio in brackets)"
    print(header)
    print("-" * len(header))
    for name in names:
        cls = game_class(name)
        counts = ns.players or sorted({cls.min_players, min(cls.max_players, 4)})
        has_players = any(o.name == "players" for o in cls.option_schema)
        for p in counts:
            if not cls.min_players <= p <= cls.max_players:
                continue
            opts = {"players": p} if has_players else {}
            eng, _ = bench_engine(name, opts, ns.seconds)
            pz, _ = bench_pettingzoo(name, opts, ns.seconds)
            os_, _ = bench_openspiel(name, opts, ns.seconds)
            oso, _ = bench_openspiel(name, opts, ns.seconds, with_obs=True)
            gy, _ = bench_gymnasium(name, opts, ns.seconds)

            def cell(v: float, w: int, engine: float = eng) -> str:
                return f"{v:>{w - 7},.0f} ({v / engine:4.2f})"

            print(f"{name:<12}{p:>8}{eng:>11,.0f}{cell(pz, 19)}{cell(os_, 18)}{cell(oso, 16)}{cell(gy, 18)}")
            if ns.pettingzoo_benchmark:
                from pettingzoo.test import performance_benchmark

                from evolutio.interop.pettingzoo import env

                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    performance_benchmark(env(name, **opts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
