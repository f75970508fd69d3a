#!/usr/bin/env bash
# Long strength measurements for docs/bots.md (not part of the test suite). Each run is resumable: run it again
# (or with a larger --games) and it continues from its JSONL file. Summaries: benchmarks/strength_report.py.
# A results file names its tournament (game, bots, seed, options) but not the bots' code: after changing a heuristic
# or a level, delete the files it played in, or the old games are summarized with the new ones.
# RUNS=ismcts runs only the ISMCTS measurements, RUNS=heuristic only the heuristic ones (default: both).
# usage: [GAMES=400] [ISMCTS_GAMES=400] [RUNS="ismcts heuristic"] benchmarks/strength.sh   (no arguments)
set -euo pipefail
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
[ $# -eq 0 ] || { echo "strength.sh: error: takes no arguments, got '$1' (see strength.sh --help)" >&2; exit 2; }
cd "$(dirname "$0")/.."
games="${GAMES:-400}"
ismcts_games="${ISMCTS_GAMES:-400}"
runs="${RUNS:-ismcts heuristic}"
out=benchmarks/results
mkdir -p "$out"
if [[ " $runs " == *" ismcts "* ]]; then
  # ismcts:medium, 400 games per ruleset: about 66 (origin), 43 (northstar), 85 (newworld) and 110-150 (evo)
  # CPU-seconds per game on an idle core (docs/bots.md), so a ruleset's run takes 5-17 hours on one core. Origin's
  # and northstar's media of 25 November were first measured by pilots under the names of their variants (hr3w25,
  # tuned2); the files GAME-ismcts-medium-vs-heuristic.jsonl of those two hold the medium before and are kept for
  # the comparisons in bots.md
  declare -A results_name=([origin]=hr3w25 [northstar]=tuned2)
  for game in origin northstar newworld evo; do
    name=${results_name[$game]:-medium}
    .venv/bin/evolutio tournament "$game" --bots ismcts:medium,heuristic,heuristic,heuristic \
      --games "$ismcts_games" --workers 1 --seed 1 --out "$out/$game-ismcts-$name-vs-heuristic.jsonl" --json > /dev/null &
  done
fi
if [[ " $runs " == *" heuristic "* ]]; then
  for game in origin northstar newworld evo; do
    .venv/bin/evolutio tournament "$game" --bots heuristic,random,random,random --games "$games" \
      --workers 1 --seed 1 --out "$out/$game-heuristic-vs-random.jsonl" --json > /dev/null &
  done
fi
wait
