"""Autodiff: the Hessian of a Gaussian log-likelihood gives the parameters' uncertainty.

For mu and log(sigma) of n normal samples, the observed information (minus the Hessian
at the maximum) is diag(n / sigma^2, 2 n): torchnp.hessian reproduces it.

Run: python examples/autodiff_hessian.py
"""

import argparse

import torchnp as np


def log_likelihood(theta, x):
    mu, log_sigma = theta[0], theta[1]
    sigma = np.exp(log_sigma)
    z = (x - mu) / sigma
    return np.sum(-0.5 * z**2 - log_sigma - 0.5 * np.log(2 * np.pi))


def main(n=10_000):
    x = np.random.default_rng(0).normal(2.0, 0.5, n)
    mu, sigma = np.mean(x), np.std(x)
    theta = np.stack([mu, np.log(sigma)])
    H = np.hessian(log_likelihood)(theta, x)
    expected = np.asarray([[-n / sigma**2, 0.0], [0.0, -2.0 * n]])
    np.testing.assert_allclose(H, expected, rtol=1e-8, atol=1e-6)
    stderr = np.sqrt(np.diag(np.linalg.inv(-H)))
    print(f"mu = {float(mu):.4f} +- {float(stderr[0]):.4f}, log sigma = {float(theta[1]):.4f} +- {float(stderr[1]):.4f}")
    return H, expected


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=10_000)
    main(p.parse_args().n)
