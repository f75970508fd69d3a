#!/usr/bin/env bash
# Set everything up like scripts/test.sh, then run the static checks CI runs before the tests: ruff (lint) and mypy
# (types; strict on the kernel).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh "$(cat scripts/dev-extras)"
.venv/bin/ruff check src tests benchmarks
.venv/bin/mypy
