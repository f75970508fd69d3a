#!/usr/bin/env bash
# Long strength measurements for docs/bots.md (not part of the test suite). Each run is resumable: run it again
# (or with a larger --games) and it continues from its JSONL file. Summaries: the same command with --json/--plot.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${GAMES:-400}"
out=benchmarks/results
mkdir -p "$out"
for game in origin northstar; do
  .venv/bin/evolutio tournament "$game" --bots ismcts:medium,heuristic,heuristic,heuristic --games "$games" \
    --workers 1 --seed 1 --out "$out/$game-ismcts-vs-heuristic.jsonl" --json > /dev/null &
  .venv/bin/evolutio tournament "$game" --bots heuristic,random,random,random --games "$games" \
    --workers 1 --seed 1 --out "$out/$game-heuristic-vs-random.jsonl" --json > /dev/null &
done
wait
