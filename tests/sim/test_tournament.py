"""Tournaments: same seeds give the same games on one worker, a pool and Ray; resumable output; the summary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evolutio.cli.main import main
from evolutio.kernel import EvolutioError
from evolutio.sim.tournament import TournamentSpec, run_tournament, summarize_tournament, wilson_interval

SPEC = TournamentSpec("origin", ("heuristic", "random", "random"), 6, seed=3, options={"players": 3})


def _strip(results: list[dict]) -> str:
    return json.dumps(results, sort_keys=True)


def test_one_worker_and_a_pool_give_identical_tournaments() -> None:
    alone = run_tournament(SPEC, workers=1)
    pooled = run_tournament(SPEC, workers=2)
    assert _strip(alone) == _strip(pooled)
    assert summarize_tournament(SPEC, alone) == summarize_tournament(SPEC, pooled)
    other_seed = run_tournament(TournamentSpec(SPEC.game, SPEC.bots, SPEC.games, 4, SPEC.options), workers=1)
    assert _strip(other_seed) != _strip(alone)


def test_ray_gives_the_same_results_as_the_pool() -> None:
    pytest.importorskip("ray")
    spec = TournamentSpec("northstar", ("heuristic", "random"), 4, seed=1, options={"players": 2})
    try:
        on_ray = run_tournament(spec, workers=2, backend="ray")
    except EvolutioError as error:  # Ray gives its node 30 s to start; a very busy machine can miss that once
        assert "could not start Ray" in str(error)
        on_ray = run_tournament(spec, workers=2, backend="ray")
    assert _strip(on_ray) == _strip(run_tournament(spec, workers=2))


def test_seats_rotate_so_every_bot_plays_every_seat_equally() -> None:
    results = run_tournament(SPEC, workers=1)
    seats_of_heuristic = [result["seats"].index("heuristic") for result in results]
    assert sorted(seats_of_heuristic) == [0, 0, 1, 1, 2, 2]
    # each deal is played once per rotation
    assert results[0]["seed"] == results[1]["seed"] == results[2]["seed"] != results[3]["seed"]


def test_output_resumes_and_refuses_another_tournament(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    short = TournamentSpec(SPEC.game, SPEC.bots, 3, SPEC.seed, SPEC.options)
    run_tournament(short, workers=1, out=out)
    with out.open("a", encoding="utf-8") as handle:
        handle.write('{"index": 3, "cut sho')  # an interrupted write
    played: list[int] = []
    results = run_tournament(SPEC, workers=1, out=out, progress=lambda done, total: played.append(done))
    assert played[0] == 3 and played[-1] == 6
    assert _strip(results) == _strip(run_tournament(SPEC, workers=1))
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 7 and json.loads(lines[0])["tournament"]["bots"] == list(SPEC.bots)
    fewer = run_tournament(TournamentSpec(SPEC.game, SPEC.bots, 2, SPEC.seed, SPEC.options), workers=1, out=out)
    assert [result["index"] for result in fewer] == [0, 1]
    assert out.read_text(encoding="utf-8").splitlines() == lines  # summarizing fewer games keeps every result
    other = TournamentSpec(SPEC.game, SPEC.bots, 6, seed=99, options=SPEC.options)
    with pytest.raises(EvolutioError, match="holds the results of another tournament"):
        run_tournament(other, workers=1, out=out)


def test_summary_counts_seat_games_wins_and_intervals() -> None:
    results = run_tournament(SPEC, workers=1)
    summary = summarize_tournament(SPEC, results)
    heuristic, random_bot = summary["bots"]["heuristic"], summary["bots"]["random"]
    assert heuristic["games"] == 6 and random_bot["games"] == 12
    assert heuristic["win_share"] * 6 + random_bot["win_share"] * 12 == pytest.approx(6)
    low, high = heuristic["win_share_ci"]
    assert low <= heuristic["win_share"] <= high
    assert sum(seat["win_share"] for seat in summary["seats"]) == pytest.approx(1)
    assert summary["length"]["mean_decisions"] > 0
    assert summary["winner_traits"], "trait frequencies are read from the final spectator view"


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_cli_json_and_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["tournament", "northstar", "--bots", "heuristic,random", "--games", "4", "--workers", "1",
                 "--seed", "2", "--json", "--plot", str(tmp_path / "plots"), "--out", str(tmp_path / "r.jsonl")])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    for name in ("heuristic", "random"):
        row = summary["bots"][name]
        assert set(row) >= {"games", "win_share", "win_share_ci", "mean_score"}
        assert row["games"] == 4
    for png in ("scores.png", "win_share.png", "seat_advantage.png", "traits.png"):
        assert (tmp_path / "plots" / png).read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize("arguments, message", [
    (["--bots", "heuristic,random"], "names 2 bots but origin is played by 4 players"),
    (["--bots", "heuristic,nobody,random,random"], "--bots: unknown bot 'nobody'"),
    (["--bots", "ismcts:easy:1s,random,random,random"], "tournaments use iteration budgets"),
    (["--bots", "random,random,random,random", "--games", "0"], "--games must be at least 1"),
    (["--bots", "random,random,random,random", "--workers", "0"], "--workers must be at least 1"),
])
def test_cli_refuses_bad_options_in_one_line(arguments: list[str], message: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    players = ["--players", "4"] if arguments[1].count(",") == 1 else []
    assert main(["tournament", "origin", *players, *arguments]) == 2
    error = capsys.readouterr().err
    assert message in " ".join(error.split()) and "Traceback" not in error


@pytest.mark.parametrize("game_name", ["origin", "northstar", "newworld", "evo"])
def test_each_ruleset_records_how_many_rounds_a_game_lasted(game_name: str) -> None:
    spec = TournamentSpec(game_name, ("random", "random", "random"), 1, seed=2, options={"players": 3})
    (result,) = run_tournament(spec, workers=1)
    assert result["rounds"] > 1


def test_plots_of_a_bot_that_won_every_game(tmp_path: Path) -> None:
    from evolutio.sim.plots import write_plots

    # at a share of 1 the Wilson interval's top is 1 up to rounding (0.9999999999999999 for 30 wins in 30 games),
    # which must not become a negative error bar
    spec = TournamentSpec("origin", ("heuristic", "random", "random"), 30, seed=3, options={"players": 3})
    results = run_tournament(spec, workers=1)
    for result in results:
        result["winners"] = [result["seats"].index("heuristic")]
    summary = summarize_tournament(spec, results)
    assert summary["bots"]["heuristic"]["win_share"] == 1.0
    assert summary["bots"]["heuristic"]["win_share_ci"][1] < 1.0
    written = write_plots(summary, results, tmp_path)
    assert (tmp_path / "win_share.png") in written and (tmp_path / "win_share.png").read_bytes()[:4] == b"\x89PNG"
