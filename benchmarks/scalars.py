"""Scalar-heavy CPU loops (issue 15, DESIGN §1.3): per-call time of NumPy and torchnp.

Python loops over elements and scalar arithmetic (`x[i]`, `1.0 + x[i]`, `np.exp(0.3)`, a
reduction to one value) run the same code with `np = numpy` and `np = torchnp` on the CPU.
Interleaved rounds, median per call; the target is torchnp within 3x of NumPy.

    python benchmarks/scalars.py [--rounds 15] [--number 20000]
"""

import argparse
import statistics
import time

import numpy

import torchnp

CASES = {
    "x[i]": lambda np, x, i: x[i],
    "1.0 + x[i]": lambda np, x, i: 1.0 + x[i],
    "x[i] * x[i+1]": lambda np, x, i: x[i] * x[i + 1],
    "np.exp(0.3)": lambda np, x, i: np.exp(0.3),
    "np.sqrt(x[i])": lambda np, x, i: np.sqrt(x[i]),
    "x.sum() (10 elements)": lambda np, x, i: x.sum(),
    "float(x.max())": lambda np, x, i: float(x.max()),
}


def per_call(fn, np, x, number):
    t0 = time.perf_counter()
    for i in range(number):
        fn(np, x, i % 9)
    return (time.perf_counter() - t0) / number * 1e6


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=15)
    p.add_argument("--number", type=int, default=20000)
    args = p.parse_args(argv)
    xs = {numpy: numpy.arange(10.0), torchnp: torchnp.arange(10.0, device="cpu")}
    print(f"{'case':24} {'NumPy us':>9} {'torchnp us':>11} {'ratio':>6}")
    rows = []
    for name, fn in CASES.items():
        times = {numpy: [], torchnp: []}
        for _ in range(args.rounds):  # interleaved: both systems see the same machine state
            for np in (numpy, torchnp):
                times[np].append(per_call(fn, np, xs[np], args.number))
        a, b = statistics.median(times[numpy]), statistics.median(times[torchnp])
        rows.append((name, a, b))
        print(f"{name:24} {a:9.3f} {b:11.3f} {b / a:6.2f}")
    return rows


if __name__ == "__main__":
    main()
