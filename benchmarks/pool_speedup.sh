#!/usr/bin/env bash
# Wall time of one tournament on 1 worker and on 2 workers (same seeds, so the same games), for docs/bots.md.
set -euo pipefail
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
