"""(c) Monte Carlo estimate of pi, drawing random numbers inside the jitted function.

Run: python examples/monte_carlo_pi.py --n 10000000
"""

import argparse

import torchnp as np
from _timing import compare


def estimate_pi(n):
    x = np.random.random(n)
    y = np.random.random(n)
    return 4.0 * np.mean(x * x + y * y <= 1.0)


estimate_pi_jit = np.jit(estimate_pi)


def main(n=10_000_000, repeats=5):
    np.random.seed(0)
    eager, jitted = compare("monte_carlo_pi", estimate_pi, estimate_pi_jit, n, repeats=repeats)
    tolerance = 6 / n**0.5          # > 3 standard deviations of the estimate
    for value in (eager, jitted):
        assert abs(float(value) - 3.141592653589793) < tolerance, float(value)
    print(f"pi ~ {float(eager):.5f} (eager), {float(jitted):.5f} (jit)")
    return eager, jitted


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, default=10_000_000)
    p.add_argument("--repeats", type=int, default=5)
    args = p.parse_args()
    main(args.n, args.repeats)
