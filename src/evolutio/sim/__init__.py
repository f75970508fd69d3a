"""Running bot games: one game, many games with statistics, and benchmarks."""

from .runner import GameResult, bench, derive_seed, ismcts_bench, play_game, simulate

__all__ = ["GameResult", "bench", "derive_seed", "ismcts_bench", "play_game", "simulate"]
