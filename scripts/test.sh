#!/usr/bin/env bash
# Set everything up (venv, the package with the extras named in scripts/dev-extras) and run the whole test suite.
# Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh "$(cat scripts/dev-extras)"
exec .venv/bin/python -m pytest -n "${PYTEST_WORKERS:-2}" -q "$@"
