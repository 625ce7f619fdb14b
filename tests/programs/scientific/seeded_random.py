"""Seeded random numbers: a user's regression script that checks exact draws."""
import numpy as np

np.random.seed(0)
print(np.random.rand(3))
print(np.random.randn(2, 2))
print(np.random.randint(0, 10, size=5))
print(np.random.choice(["a", "b", "c"], size=4))
deck = np.arange(10)
np.random.shuffle(deck)
print("shuffled:", deck)
print("permutation:", np.random.permutation(6))
print("normal %.12f uniform %.12f" % (np.random.normal(1.0, 2.0), np.random.uniform()))
state = np.random.get_state()
a = np.random.poisson(3.0, size=4)
np.random.set_state(state)
b = np.random.poisson(3.0, size=4)
print("poisson repeat:", a, np.array_equal(a, b))

rs = np.random.RandomState(123)
print(rs.standard_normal(3), rs.binomial(10, 0.3, size=4), rs.exponential(2.0, size=2))

rng = np.random.default_rng(42)
print(rng.random(4))
print(rng.integers(0, 100, size=6))
print(rng.normal(size=(2, 3)))
print(rng.choice(10, size=3, replace=False), rng.permutation(5))
print(rng.gamma(2.0, 1.5, size=3), rng.beta(2.0, 5.0, size=2))

# a bootstrap confidence interval with a fixed seed
data = np.array([2.3, 3.1, 2.8, 4.0, 3.6, 2.9, 3.3, 3.8, 2.5, 3.0])
rng = np.random.default_rng(2024)
boot = np.array([rng.choice(data, size=data.size).mean() for _ in range(200)])
lo, hi = np.percentile(boot, [2.5, 97.5])
print("bootstrap mean %.6f CI [%.6f, %.6f]" % (boot.mean(), lo, hi))
walk = np.cumsum(np.random.default_rng(7).choice([-1, 1], size=50))
print("walk end", walk[-1], "max", walk.max(), "first ten", walk[:10])
