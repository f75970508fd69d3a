#!/usr/bin/env bash
# Set everything up and start the main job: a terminal game of Origin, you at seat 1 against three random bots.
# Extra arguments go to `evolutio play`, e.g. `scripts/play.sh --players 3 --seed 7`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ "$#" -eq 0 ]; then
  set -- --players 4 --seat 1=human
fi
exec .venv/bin/evolutio play origin "$@"
