"""Tournaments between bots: many seeded games with seats rotated, on a process pool or a Ray cluster, with resumable
JSONL output and a statistical summary.

Game ``i`` of a tournament deals from ``derive_seed(seed, i // P)`` with the bot list rotated by ``i % P`` seats
(``P`` players), so every bot plays every seat equally and each deal is played once per rotation. Bot ``j`` of game
``i`` gets the seed ``derive_seed(seed, i, j + 1)``. A game's result depends only on (game, options, bots, seed, i),
which is why one worker, a pool and Ray give identical results; the summary is computed from the results ordered by
game number.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

from openskill.models import PlackettLuce

from evolutio.bots import make_bot
from evolutio.kernel import EvolutioError, State, load_game

from .runner import derive_seed, play_game

#: two-sided 95% normal quantile for the Wilson score interval
Z_95 = 1.959963984540054
#: JSONL header key that identifies which tournament a results file belongs to
HEADER_KEY = "tournament"
BACKENDS = ("pool", "ray")


@dataclass(frozen=True)
class TournamentSpec:
    game: str
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def identity(self) -> dict[str, Any]:
        """Everything that determines the results (the number of games aside: a file may be extended)."""
        return {"game": self.game, "bots": list(self.bots), "seed": self.seed, "options": self.options}

    def seats(self, index: int) -> list[str]:
        players = len(self.bots)
        rotation = index % players
        return [self.bots[(seat + rotation) % players] for seat in range(players)]


def check_spec(spec: TournamentSpec) -> None:
    """Raise ``EvolutioError`` naming the option that is wrong."""
    game = load_game(spec.game, **spec.options)
    if len(spec.bots) != game.num_players:
        raise EvolutioError(f"--bots names {len(spec.bots)} bots but {spec.game} is played by {game.num_players} "
                            f"players (set --players or name one bot per seat)")
    for name in set(spec.bots):
        try:
            bot = make_bot(name)
        except ValueError as exc:
            raise EvolutioError(f"--bots: {exc}") from None
        bot.check_game(game)
        if bot.uses_clock:
            raise EvolutioError(f"--bots: {name!r} has a think time; tournaments use iteration budgets so that the "
                                f"same seeds give the same results")
    if spec.games < 1:
        raise EvolutioError("--games must be at least 1")


def _traits(node: Any) -> Iterator[str]:
    """Every value of a ``"trait"`` key under ``node`` (trait cards on a player's animals or species)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "trait" and isinstance(value, str):
                yield value
            else:
                yield from _traits(value)
    elif isinstance(node, list):
        for item in node:
            yield from _traits(item)


def _seat_traits(state: State) -> list[dict[str, int]]:
    view = state.view(None)
    players = view.get("players", [])
    counts: list[dict[str, int]] = []
    for seat in range(state.num_players):
        seat_counts: dict[str, int] = {}
        if seat < len(players):
            for trait in _traits(players[seat]):
                seat_counts[trait] = seat_counts.get(trait, 0) + 1
        counts.append(dict(sorted(seat_counts.items())))
    return counts


def _rounds(state: State) -> int:
    view = state.view(None)
    for key in ("round", "turn", "period"):  # newworld counts periods
        if isinstance(view.get(key), int):
            return int(view[key])
    return 0


def play_tournament_state(spec: TournamentSpec, index: int, *, log_events: bool = False) -> State:
    """Play game ``index`` of tournament ``spec`` — its deal, seat rotation and bot seeds — and return the finished
    state (with its events when ``log_events``), e.g. to replay a game of a results file."""
    game = load_game(spec.game, **spec.options)
    seats = spec.seats(index)
    players = [make_bot(name, seed=derive_seed(spec.seed, index, seat + 1)) for seat, name in enumerate(seats)]
    return play_game(game, tournament_deal_seed(spec, index), players, log_events=log_events)


def tournament_deal_seed(spec: TournamentSpec, index: int) -> int:
    """The deal of game ``index``: one per rotation of the seats, so every deal is played from every seat."""
    return derive_seed(spec.seed, index // len(spec.bots))


def play_tournament_game(spec_data: dict[str, Any], index: int) -> dict[str, Any]:
    """Play game ``index`` of the tournament described by ``spec_data`` (picklable: runs in workers)."""
    spec = TournamentSpec(spec_data["game"], tuple(spec_data["bots"]), spec_data["games"], spec_data["seed"],
                          spec_data["options"])
    state = play_tournament_state(spec, index)
    return {
        "index": index,
        "seed": tournament_deal_seed(spec, index),
        "seats": spec.seats(index),
        "scores": list(state.scores()),
        "winners": list(state.winners()),
        "decisions": state.num_actions_applied,
        "rounds": _rounds(state),
        "traits": _seat_traits(state),
    }


# ------------------------------------------------------------------------------------------------------ running
def _pool_results(spec_data: dict[str, Any], indices: list[int], workers: int) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        for index in indices:
            yield play_tournament_game(spec_data, index)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        pending: set[Future[dict[str, Any]]] = set()
        queue = iter(indices)
        for index in queue:
            pending.add(pool.submit(play_tournament_game, spec_data, index))
            if len(pending) >= 2 * workers:
                break
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
                for index in queue:
                    pending.add(pool.submit(play_tournament_game, spec_data, index))
                    break


def _ray_results(spec_data: dict[str, Any], indices: list[int], workers: int,
                 address: str | None) -> Iterator[dict[str, Any]]:
    try:
        import ray  # optional: the `ray` extra
    except ImportError:
        raise EvolutioError("--backend ray needs Ray: pip install 'evolutio[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        try:
            if address:
                ray.init(address=address, log_to_driver=False)
            else:  # always a new local instance, never a cluster someone else started on this machine
                ray.init(address="local", num_cpus=workers, include_dashboard=False, log_to_driver=False)
        except Exception as exc:  # noqa: BLE001  (Ray reports start-up problems with assorted exception types)
            raise EvolutioError(f"--backend ray: could not {'reach Ray at ' + address if address else 'start Ray'}: "
                                f"{' '.join(str(exc).split())}") from None
    try:
        remote_game = ray.remote(play_tournament_game)
        pending = [remote_game.remote(spec_data, index) for index in indices]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for reference in done:
                yield ray.get(reference)
    finally:
        if started_here:
            ray.shutdown()


def _read_existing(path: Path, spec: TournamentSpec) -> tuple[dict[int, dict[str, Any]], bool]:
    """Every result already in ``path`` (whatever its game number) and whether the file ends in a line cut short
    by an interrupted run."""
    done: dict[int, dict[str, Any]] = {}
    if not path.exists():
        return done, False
    with path.open(encoding="utf-8") as handle:
        lines = [line for line in handle if line.strip()]
    if not lines:
        return done, False
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        raise EvolutioError(f"{path}: line 1 is not JSON; not a tournament results file") from None
    if not isinstance(header, dict) or header.get(HEADER_KEY) != spec.identity():
        found = header.get(HEADER_KEY) if isinstance(header, dict) else None
        raise EvolutioError(f"{path}: holds the results of another tournament ({found!r}); "
                            f"choose another --out or the same game, bots, seed and options")
    for number, line in enumerate(lines[1:], start=2):
        try:
            result = json.loads(line)
        except json.JSONDecodeError:
            if number == len(lines):  # a line cut short by an interrupted run: that game is played again
                return done, True
            raise EvolutioError(f"{path}: line {number} is not JSON") from None
        done[result["index"]] = result
    return done, False


def _open_output(out: Path, spec: TournamentSpec, existing: dict[int, dict[str, Any]], cut_short: bool) -> IO[str]:
    """The results file, ready for appending (written anew, atomically, when it is new or ends in a cut line)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    if cut_short or not out.exists() or out.stat().st_size == 0:
        fresh = out.with_name(out.name + ".partial")
        with fresh.open("w", encoding="utf-8") as handle:
            handle.write(json.dumps({HEADER_KEY: spec.identity()}) + "\n")
            for index in sorted(existing):
                handle.write(json.dumps(existing[index]) + "\n")
        os.replace(fresh, out)
    return out.open("a", encoding="utf-8")


def run_tournament(spec: TournamentSpec, *, workers: int | None = None, backend: str = "pool",
                   out: Path | None = None, ray_address: str | None = None,
                   progress: Callable[[int, int], None] | None = None) -> list[dict[str, Any]]:
    """Play (or finish) the tournament; returns the results of games ``0 .. games-1`` ordered by game number. With
    ``out``, results already in that JSONL file are kept (also those beyond ``games``) and each new one is appended
    as soon as it is known. Only one run may write a file at a time."""
    check_spec(spec)
    if backend not in BACKENDS:
        raise EvolutioError(f"--backend must be one of {', '.join(BACKENDS)}, got {backend!r}")
    worker_count = workers if workers is not None else (os.cpu_count() or 1)
    if worker_count < 1:
        raise EvolutioError("--workers must be at least 1")
    existing, cut_short = _read_existing(out, spec) if out is not None else ({}, False)
    results = {index: result for index, result in existing.items() if index < spec.games}
    todo = [index for index in range(spec.games) if index not in results]
    spec_data = asdict(spec)
    spec_data["bots"] = list(spec.bots)
    handle = _open_output(out, spec, existing, cut_short) if out is not None and (todo or cut_short) else None
    try:
        if progress is not None:
            progress(len(results), spec.games)
        stream: Iterable[dict[str, Any]]
        if backend == "ray":
            stream = _ray_results(spec_data, todo, worker_count, ray_address) if todo else iter(())
        else:
            stream = _pool_results(spec_data, todo, worker_count)
        for result in stream:
            results[result["index"]] = result
            if handle is not None:
                handle.write(json.dumps(result) + "\n")
                handle.flush()
            if progress is not None:
                progress(len(results), spec.games)
    finally:
        if handle is not None:
            handle.close()
    return [results[index] for index in sorted(results)]


# ------------------------------------------------------------------------------------------------------ summary
def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (shared wins count fractionally)."""
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def _ranks(scores: list[int], winners: list[int]) -> list[float]:
    """Openskill ranks (0 = best): winners first, then by score; equal results share a rank."""
    keys = [(1 if seat in winners else 0, score) for seat, score in enumerate(scores)]
    return [float(sum(1 for other in keys if other > key)) for key in keys]


def summarize_tournament(spec: TournamentSpec, results: list[dict[str, Any]]) -> dict[str, Any]:
    players = len(spec.bots)
    names = sorted(set(spec.bots))
    seat_games = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0.0)
    score_sum = dict.fromkeys(names, 0.0)
    seat_wins = [0.0] * players
    seat_scores = [0.0] * players
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in names}
    winner_traits: dict[str, float] = {}
    all_traits: dict[str, float] = {}
    for result in results:
        share = 1.0 / len(result["winners"])
        for seat, name in enumerate(result["seats"]):
            seat_games[name] += 1
            score_sum[name] += result["scores"][seat]
            seat_scores[seat] += result["scores"][seat]
            won = seat in result["winners"]
            if won:
                wins[name] += share
                seat_wins[seat] += share
            for trait, count in result["traits"][seat].items():
                all_traits[trait] = all_traits.get(trait, 0) + count
                if won:
                    winner_traits[trait] = winner_traits.get(trait, 0) + count * share
        teams = [[ratings[name]] for name in result["seats"]]
        rated = model.rate(teams, ranks=_ranks(result["scores"], result["winners"]))
        for name in set(result["seats"]):
            copies = [team[0] for team, seat_name in zip(rated, result["seats"]) if seat_name == name]
            mu = sum(copy.mu for copy in copies) / len(copies)
            sigma = sum(copy.sigma for copy in copies) / len(copies)
            ratings[name] = model.rating(mu=mu, sigma=sigma, name=name)
    games = len(results)
    bots: dict[str, Any] = {}
    for name in names:
        played = seat_games[name]
        low, high = wilson_interval(wins[name], played)
        bots[name] = {
            "games": played,
            "win_share": wins[name] / played if played else 0.0,
            "win_share_ci": [low, high],
            "mean_score": score_sum[name] / played if played else 0.0,
            "seats_per_game": spec.bots.count(name),
            "openskill": {"mu": ratings[name].mu, "sigma": ratings[name].sigma,
                          "ordinal": ratings[name].ordinal()},
        }
    fair = 1.0 / players
    winner_total = sum(winner_traits.values()) or 1.0
    total = sum(all_traits.values()) or 1.0
    return {
        "game": spec.game,
        "options": spec.options,
        "bots_by_seat": list(spec.bots),
        "seed": spec.seed,
        "games": games,
        "bots": bots,
        "seats": [{"seat": seat + 1,
                   "win_share": seat_wins[seat] / games if games else 0.0,
                   "win_share_ci": list(wilson_interval(seat_wins[seat], games)),
                   "advantage": (seat_wins[seat] / games - fair) if games else 0.0,
                   "mean_score": seat_scores[seat] / games if games else 0.0} for seat in range(players)],
        "length": {"mean_decisions": sum(r["decisions"] for r in results) / games if games else 0.0,
                   "mean_rounds": sum(r["rounds"] for r in results) / games if games else 0.0},
        "winner_traits": {trait: {"winners": winner_traits.get(trait, 0.0) / winner_total,
                                  "all": count / total}
                          for trait, count in sorted(all_traits.items(), key=lambda item: -item[1])},
    }
