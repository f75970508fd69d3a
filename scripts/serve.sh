#!/usr/bin/env bash
# Set everything up and run the web app on the embedded SQLite database; it prints the URL to open.
# Extra arguments go to `evolutio serve`, e.g. `scripts/serve.sh --port 8080 --bot-delay 0.3`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec .venv/bin/evolutio serve "$@"
