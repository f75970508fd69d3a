#!/bin/bash
# Side-by-side speed of two revisions of the engine: rounds of benchmarks/ab_bench.py run alternately on a detached
# worktree of BASE_REV and on this checkout, same games (compare the digests), decisions per CPU-second.
# usage: benchmarks/ab.sh BASE_REV GAME GAMES PLAYERS [ROUNDS] [option=value ...]
# e.g.   benchmarks/ab.sh d208551 origin 200 4 5
# env:   AB_BASE_DIR (the base worktree, default /tmp/evolutio-ab-BASE_REV), PYTHON (default .venv/bin/python)
set -euo pipefail
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"; exit 0 ;; esac
fail() { echo "ab.sh: error: $1 (see ab.sh --help)" >&2; exit 2; }
[ $# -ge 4 ] || fail "expected BASE_REV GAME GAMES PLAYERS [ROUNDS] [option=value ...], got $# argument(s)"
root=$(cd "$(dirname "$0")/.." && pwd)
base_rev=$1; game=$2; games=$3; players=$4; rounds=${5:-3}; shift $(( $# < 5 ? $# : 5 ))
[[ $rounds =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS must be a positive whole number, got '$rounds'"
base=${AB_BASE_DIR:-/tmp/evolutio-ab-$base_rev}
if [ ! -d "$base" ]; then
  git -C "$root" rev-parse --verify --quiet "$base_rev^{commit}" >/dev/null || fail "no commit '$base_rev' in $root"
  git -C "$root" worktree add --detach "$base" "$base_rev" >/dev/null
fi
python=${PYTHON:-$root/.venv/bin/python}
for round in $(seq "$rounds"); do
  before=$(PYTHONPATH=$base/src "$python" "$root/benchmarks/ab_bench.py" "$game" "$games" "$players" "$@")
  after=$(PYTHONPATH=$root/src "$python" "$root/benchmarks/ab_bench.py" "$game" "$games" "$players" "$@")
  echo "round $round  $base_rev $before  this $after  ratio $("$python" -c "print(round(${after%% *} / ${before%% *}, 3))")"
done
