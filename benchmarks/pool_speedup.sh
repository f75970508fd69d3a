#!/usr/bin/env bash
# Wall time of one tournament on 1 worker and on 2 workers (same seeds, so the same games), for docs/bots.md.
# usage: [GAMES=48] benchmarks/pool_speedup.sh   (no arguments; writes /tmp/evolutio-pool-1.json and -2.json)
set -euo pipefail
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
[ $# -eq 0 ] || { echo "pool_speedup.sh: error: takes no arguments, got '$1' (see pool_speedup.sh --help)" >&2; exit 2; }
cd "$(dirname "$0")/.."
games="${GAMES:-48}"
for workers in 1 2; do
  start=$(date +%s.%N)
  .venv/bin/evolutio tournament origin --bots heuristic,heuristic,random,random --games "$games" --seed 5 \
    --workers "$workers" --json > "/tmp/evolutio-pool-$workers.json"
  end=$(date +%s.%N)
  echo "workers $workers: $(echo "$end - $start" | bc) s"
done
cmp <(python3 -c "import json; print(json.load(open('/tmp/evolutio-pool-1.json'))['bots'])") \
    <(python3 -c "import json; print(json.load(open('/tmp/evolutio-pool-2.json'))['bots'])") && echo "same summary"
