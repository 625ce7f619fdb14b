"""(a) Elementwise work fused by @torchnp.jit: (a + b) + sin(a) * cos(b).

Run: python examples/compute.py --n 1000000
"""

import argparse

import torchnp as np
from _timing import compare


def compute(a, b):
    return (a + b) + np.sin(a) * np.cos(b)


compute_jit = np.jit(compute)


def main(n=1_000_000, repeats=5):
    a = np.random.default_rng(0).random(n)
    b = np.random.default_rng(1).random(n)
    eager, jitted = compare("compute", compute, compute_jit, a, b, repeats=repeats)
    np.testing.assert_allclose(jitted, eager, rtol=1e-12)
    return eager, jitted


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=1_000_000)
    p.add_argument("--repeats", type=int, default=5)
    args = p.parse_args()
    main(args.n, args.repeats)
