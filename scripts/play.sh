#!/usr/bin/env bash
# Set everything up and start the main job: a terminal game of Origin, you as player 1 against three random bots.
# Extra arguments go to `evolutio play origin`, e.g. `scripts/play.sh --players 3 --seed 7` (you are still player 1;
# add --watch to watch bots only).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
if [ "$#" -eq 0 ]; then
  set -- --players 4
fi
exec .venv/bin/evolutio play origin "$@"
