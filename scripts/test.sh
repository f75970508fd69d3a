#!/usr/bin/env bash
# Set everything up (venv, the package with its test and research extras) and run the whole test suite.
# Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh test,rl,ray
exec .venv/bin/python -m pytest -n "${PYTEST_WORKERS:-2}" -q "$@"
