#!/usr/bin/env bash
# The checks to run when a GPU is lent (README "Tests"; DESIGN §7): versions, the test suite with
# TORCHNP_DEVICE=cuda, and benchmark groups with --device cuda, each under a wall-clock cap so a
# short lease still returns what ran. Writes into $OUT (default /tmp/gpu_check).
#   tools/gpu_check.sh [SUITE_SECONDS [BENCH_GROUPS [BENCH_SECONDS_EACH [PYTEST_ARGS...]]]]
# BENCH_MATCH: a --match regex for the benchmark cases; REPEATS: rounds per case (5); WORKERS: pytest-xdist workers (12); DIST: their
# scheduling (load; worksteal evens out the tail of slow tests).
# e.g. tools/gpu_check.sh 240 "tiny large" 50          (the whole suite, two benchmark groups)
#      tools/gpu_check.sh 120 "" 0 tests/test_linalg.py  (some tests, no benchmarks)
# The image's NumPy and SciPy differ from CI's: the 2026-11-28 run carried CI's as cp312 wheels in an
# ignored .whl/ (`pip download --only-binary=:all: --python-version 3.12 --platform manylinux_2_28_x86_64
# -d .whl numpy==2.4.6 scipy==1.17.1`) and began with `pip install --no-index --no-deps --target /tmp/site
# .whl/*.whl && export PYTHONPATH=/tmp/site`.
set -u
OUT=${OUT:-/tmp/gpu_check}; mkdir -p "$OUT"
SUITE_S=${1:-240}; GROUPS_=${2:-"tiny large issue27 lesson scipy"}; BENCH_S=${3:-60}; shift $(( $# < 3 ? $# : 3 ))
export PYTHONPATH=$PWD/src:${PYTHONPATH:-} PYTHONUNBUFFERED=1
PY=${PY:-python3}
{ date -u; nvidia-smi -L; nproc
  $PY -c "import sys, torch, numpy, scipy, hypothesis, pytest; print(sys.version); print('torch', torch.__version__, 'cuda', torch.cuda.is_available(), torch.cuda.get_device_name(0)); print('numpy', numpy.__version__, 'scipy', scipy.__version__, 'hypothesis', hypothesis.__version__, 'pytest', pytest.__version__)"
  TORCHNP_DEVICE=cuda $PY -c "import torchnp as np; a = np.arange(10.0); print(a.device, a.dtype, float((a * 2).sum()))"
  # torchnp.jit on the device: the whole message of a graph break (JitError keeps its first line)
  TORCHNP_DEVICE=cuda TORCHDYNAMO_VERBOSE=1 $PY -c "
import torchnp as np
f = np.jit(lambda a: np.sin(a) + 1, backend='eager')
try:
    print('jit:', f(np.arange(4.0)))
except Exception as e:
    print('jit failed:', repr(e.__cause__)[:6000])
try:
    print('explain:', np.jit.explain(lambda a: np.sin(a) + 1)(np.arange(4.0)))
except Exception as e:
    print('explain failed:', repr(e)[:3000])"
  $PY tools/gpu_probe.py
} >"$OUT/env.txt" 2>&1
if [ "$SUITE_S" -gt 0 ]; then
  TORCHNP_DEVICE=cuda timeout -s INT -k 30 "$SUITE_S" $PY -m pytest -q -n "${WORKERS:-12}" --dist "${DIST:-load}" -p no:cacheprovider \
    --timeout=120 -rfE --junitxml="$OUT/junit.xml" "${@:-tests}" >"$OUT/suite.log" 2>&1
  echo "suite exit $?" >>"$OUT/suite.log"
fi
for g in $GROUPS_; do
  echo "=== benchmarks/run.py --device cuda --only $g" >>"$OUT/bench.txt"
  timeout -s INT -k 10 "$BENCH_S" $PY benchmarks/run.py --device cuda --only "$g" --repeats "${REPEATS:-5}" --no-jit ${BENCH_MATCH:+--match "$BENCH_MATCH"} \
    --chart "/tmp/chart_$g.png" >>"$OUT/bench.txt" 2>&1
  echo "=== exit $?" >>"$OUT/bench.txt"
done
tail -n 40 "$OUT/suite.log" 2>/dev/null; cat "$OUT/env.txt"
