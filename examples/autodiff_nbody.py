"""Autodiff: the gradient of the N-body potential energy is minus the forces.

U = -G * sum_{i<j} m_i m_j / |p_i - p_j|, and F_i = -dU/dp_i, so torchnp.grad of the
potential reproduces calculate_forces from examples/nbody.py without writing it.

Run: python examples/autodiff_nbody.py --n 200
"""

import argparse

import torchnp as np
from nbody import G, calculate_forces


def potential_energy(pos, mass):
    diff = pos[:, None, :] - pos[:, :, None]
    n = mass.shape[0]
    off_diagonal = ~np.eye(n, dtype=bool)
    # distance 1 on the diagonal keeps 1/dist finite there (and its gradient free of nan)
    dist = np.where(off_diagonal, np.sqrt(np.sum(diff * diff, axis=0) + np.eye(n)), 1.0)
    pair = np.where(off_diagonal, G * mass[:, None] * mass[None, :] / dist, 0.0)
    return -0.5 * np.sum(pair)


def main(n=200):
    rng = np.random.default_rng(0)
    pos = rng.random((2, n))
    mass = rng.random(n) + 100
    forces_from_gradient = -np.grad(potential_energy)(pos, mass)
    forces = calculate_forces(pos, mass)
    np.testing.assert_allclose(forces_from_gradient, forces, rtol=1e-9, atol=1e-20)
    print(f"n={n}: -grad(U) matches calculate_forces, max |F| = {float(np.max(np.abs(forces))):.3e}")
    return forces_from_gradient, forces


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=200)
    main(p.parse_args().n)
