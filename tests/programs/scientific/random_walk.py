"""Random walks: cumsum of steps, mean squared displacement, first passage, histogram."""
import numpy as np

rng = np.random.default_rng(2024)
n_walkers, n_steps = 2000, 400

steps = rng.choice([-1, 1], size=(n_walkers, n_steps))
paths = np.cumsum(steps, axis=1)
print("paths shape:", paths.shape, "dtype kind:", paths.dtype.kind)

msd = np.mean(paths.astype(float) ** 2, axis=0)
t = np.arange(1, n_steps + 1)
slope = np.polyfit(t, msd, 1)[0]
print("MSD grows linearly (slope ~ 1):", abs(slope - 1) < 0.1)
final = paths[:, -1]
print("final positions have parity of n_steps:", np.all(final % 2 == n_steps % 2))
print("mean final position near 0:", abs(final.mean()) < 4 * np.sqrt(n_steps / n_walkers))

# First passage time to |x| = 20
hit = np.abs(paths) >= 20
ever = hit.any(axis=1)
first = np.argmax(hit, axis=1)
fpt = first[ever] + 1
print("some walkers reached the barrier:", ever.sum() > 0)
print("first passage at least 20 steps:", fpt.min() >= 20)
mean_fpt = fpt.mean()

# Histogram of final positions against the normal approximation
hist, edges = np.histogram(final, bins=np.arange(-61, 62, 6), density=True)
centers = 0.5 * (edges[1:] + edges[:-1])
gauss = np.exp(-centers**2 / (2 * n_steps)) / np.sqrt(2 * np.pi * n_steps)
print("histogram bins:", hist.size, "total probability ~ 1:", abs(hist.sum() * 6 - 1) < 0.05)
print("histogram close to Gaussian:", np.max(np.abs(hist - gauss)) < 0.01)

# 2-D lattice walk with integer moves
moves = np.array([[1, 0], [-1, 0], [0, 1], [0, -1]])
choice = rng.integers(0, 4, size=(500, 200))
walk2d = np.cumsum(moves[choice], axis=1)          # (500, 200, 2)
r2 = np.sum(walk2d**2, axis=-1)
print("2-D MSD at t=200 ~ 200:", abs(r2[:, -1].mean() - 200) < 30)
visited = [len(np.unique(w, axis=0)) for w in walk2d[:20]]
print("distinct sites visited <= 201:", max(visited) <= 201)

# Geometric Brownian motion
mu, sig, dt = 0.05, 0.2, 1 / 252
dW = rng.normal(0, np.sqrt(dt), size=(1000, 252))
log_s = np.cumsum((mu - 0.5 * sig**2) * dt + sig * dW, axis=1)
S = 100 * np.exp(log_s)
print("GBM mean final ~ 100 e^mu:", abs(S[:, -1].mean() / (100 * np.exp(mu)) - 1) < 0.05)
running_max = np.maximum.accumulate(S, axis=1)
drawdown = 1 - S / running_max
print("max drawdown in [0, 1):", 0 <= drawdown.max() < 1)
