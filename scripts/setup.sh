#!/usr/bin/env bash
# Create ./.venv (if needed) and install evolutio into it with the given extras, e.g. `scripts/setup.sh test,rl`.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-}"
py="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$py" -m venv .venv
fi
stamp=".venv/.evolutio-installed-${extras:-base}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip
  if [ -n "$extras" ]; then
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[${extras}]"
  else
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
  fi
  touch "$stamp"
fi
