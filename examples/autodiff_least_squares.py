"""Autodiff: fit a line by gradient descent on a NumPy-style least-squares loss.

Run: python examples/autodiff_least_squares.py
"""

import argparse

import torchnp as np


def loss(params, x, y):
    slope, intercept = params[0], params[1]
    residual = slope * x + intercept - y
    return np.mean(residual**2)


def fit(x, y, steps=500, learning_rate=0.5):
    params = np.zeros(2)
    step = np.jit(np.value_and_grad(loss))   # a jitted gradient
    for _ in range(steps):
        value, g = step(params, x, y)
        params = params - learning_rate * g
    return params, value


def main(n=1000, steps=500):
    rng = np.random.default_rng(0)
    x = rng.random(n)
    y = 3.0 * x - 1.0 + 0.01 * rng.standard_normal(n)
    params, value = fit(x, y, steps)
    exact = np.linalg.lstsq(np.stack([x, np.ones(n)], axis=1), y, rcond=None)[0]
    np.testing.assert_allclose(params, exact, atol=1e-3)
    print(f"gradient descent: slope {float(params[0]):.4f}, intercept {float(params[1]):.4f} "
          f"(lstsq: {float(exact[0]):.4f}, {float(exact[1]):.4f}), loss {float(value):.2e}")
    return params, exact


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=1000)
    p.add_argument("--steps", type=int, default=500)
    a = p.parse_args()
    main(a.n, a.steps)
