"""(b) N-body forces from the PyTorch GPU-computing lesson, written with torchnp only.

Run: python examples/nbody.py --n 2000
"""

import argparse

import torchnp as np
from _timing import compare

G = 6.67e-11


def calculate_forces(pos, mass):
    """Force on each body (shape (2, n)) from Newton's law of gravitation."""
    diff = pos[:, None, :] - pos[:, :, None]       # diff[:, i, j] = pos_j - pos_i, (2, n, n)
    dist = np.linalg.norm(diff, axis=0)            # (n, n)
    direction = diff / dist
    forces = G * mass[:, None] * mass[None, :] / dist**2
    return np.nansum(direction * forces[None, :, :], axis=2)   # i == j gives nan: skipped


calculate_forces_jit = np.jit(calculate_forces)


def main(n=2000, repeats=5):
    rng = np.random.default_rng(0)
    pos = rng.random((2, n))
    mass = rng.random(n) + 100
    eager, jitted = compare("nbody", calculate_forces, calculate_forces_jit, pos, mass, repeats=repeats)
    np.testing.assert_allclose(jitted, eager, rtol=1e-9)
    return eager, jitted


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=2000)
    p.add_argument("--repeats", type=int, default=5)
    args = p.parse_args()
    main(args.n, args.repeats)
