"""scipy-lectures random walks and Monte Carlo estimates (statistics compared, not streams)."""
import numpy as np

rng = np.random.default_rng(2024)
n_stories, t_max = 2000, 100
steps = 2 * rng.integers(0, 2, size=(n_stories, t_max)) - 1
print(np.unique(steps), steps.dtype)
positions = np.cumsum(steps, axis=1)
sq = positions ** 2
mean_sq = np.mean(sq, axis=0)
print(positions.shape, mean_sq.shape)
t = np.arange(1, t_max + 1)
slope = np.polyfit(np.log(t), np.log(np.sqrt(mean_sq)), 1)[0]
pts = rng.random((20000, 2))
inside = (pts ** 2).sum(axis=1) <= 1
pi_est = 4 * inside.mean()
dice = rng.integers(1, 7, size=(10000, 2)).sum(axis=1)
freq = np.bincount(dice, minlength=13)[2:] / dice.size
p7 = freq[5]
u = rng.uniform(0, 1, 10000)
mc = np.mean(np.exp(-u ** 2))
walk_max = np.maximum.accumulate(positions, axis=1)[:, -1]
ret = np.mean(np.any(positions == 0, axis=1))
x = rng.normal(0, 1, 20000)
hist, edges = np.histogram(x, bins=20, range=(-4, 4), density=True)
centers = 0.5 * (edges[1:] + edges[:-1])
pdf = np.exp(-centers ** 2 / 2) / np.sqrt(2 * np.pi)
print(hist.shape, np.isclose(np.sum(hist * np.diff(edges)), 1.0))
shuffled = rng.permutation(np.arange(100))
print(np.array_equal(np.sort(shuffled), np.arange(100)))
boot = np.array([rng.choice(x[:50], size=50).mean() for _ in range(1000)])

RESULTS = {"slope": slope, "pi": pi_est, "p7": p7, "mc": mc, "ret": ret,
           "hist_l1": np.sum(np.abs(hist - pdf) * np.diff(edges)), "mean_sq_end": mean_sq[-1] / t_max,
           "walk_max": walk_max.mean() / np.sqrt(t_max), "boot_sd": boot.std() * np.sqrt(50) / x[:50].std()}
