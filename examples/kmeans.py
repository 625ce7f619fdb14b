"""(d) The K-means assignment step: each point goes to its nearest mean.

Run: python examples/kmeans.py --n 2000000 --k 8
"""

import argparse

import torchnp as np
from _timing import compare


def assign(X, means):
    """Index of the nearest mean for every row of X (X: (n, d), means: (k, d))."""
    return np.argmin(np.linalg.norm(X - means[:, None], axis=2), axis=0)


assign_jit = np.jit(assign)


def main(n=2_000_000, k=8, d=2, repeats=5):
    rng = np.random.default_rng(0)
    X = rng.standard_normal((n, d))
    means = rng.standard_normal((k, d)) * 2
    eager, jitted = compare("kmeans_assign", assign, assign_jit, X, means, repeats=repeats)
    np.testing.assert_array_equal(jitted, eager)
    return eager, jitted


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=2_000_000)
    p.add_argument("--k", type=int, default=8)
    p.add_argument("--repeats", type=int, default=5)
    args = p.parse_args()
    main(args.n, args.k, repeats=args.repeats)
