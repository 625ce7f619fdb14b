"""Monte Carlo integration: pi, a Gaussian integral, importance sampling, bootstrap."""
import numpy as np

rng = np.random.default_rng(12345)
N = 200_000

# Estimate pi from the quarter circle
pts = rng.random((N, 2))
inside = np.sum(pts**2, axis=1) <= 1.0
pi_est = 4 * inside.mean()
pi_se = 4 * inside.std() / np.sqrt(N)
print(f"samples: {N}, dtype: {pts.dtype}, shape: {pts.shape}")
print("pi within 4 standard errors:", abs(pi_est - np.pi) < 4 * pi_se)

# Integral of exp(-x^2) over [0, 2] with uniform sampling
a, b = 0.0, 2.0
xs = rng.uniform(a, b, size=N)
vals = np.exp(-xs**2)
integral = (b - a) * vals.mean()
exact = 0.882081390762421
se = (b - a) * vals.std(ddof=1) / np.sqrt(N)
print("uniform MC within 4 se:", abs(integral - exact) < 4 * se)

# Importance sampling with an exponential proposal
lam = 1.0
ys = rng.exponential(1 / lam, size=N)
weights = np.where(ys <= 2.0, np.exp(-ys**2) / (lam * np.exp(-lam * ys)), 0.0)
integral_is = weights.mean()
se_is = weights.std() / np.sqrt(N)
print("importance sampling within 4 se:", abs(integral_is - exact) < 4 * se_is)

# Sample statistics of a normal distribution
z = rng.normal(loc=2.0, scale=3.0, size=N)
sample_mean, sample_std = z.mean(), z.std(ddof=1)
print("normal mean ok:", abs(sample_mean - 2.0) < 4 * 3.0 / np.sqrt(N))
print("normal std ok:", abs(sample_std - 3.0) < 0.05)
frac_1sigma = np.mean(np.abs(z - 2.0) < 3.0)
print("68-95 rule ok:", abs(frac_1sigma - 0.6827) < 0.01)

# Bootstrap confidence interval of the median
data = rng.standard_normal(500) + 10
idx = rng.integers(0, data.size, size=(1000, data.size))
medians = np.median(data[idx], axis=1)
lo, hi = np.percentile(medians, [2.5, 97.5])
print("bootstrap CI contains the sample median:", lo <= np.median(data) <= hi)
print("CI width positive:", hi > lo)

# Legacy API with a global seed
np.random.seed(0)
u = np.random.rand(N)
dice = np.random.randint(1, 7, size=N)
print("legacy uniform mean ok:", abs(u.mean() - 0.5) < 0.01)
counts = np.bincount(dice, minlength=7)[1:]
print("dice faces seen:", np.flatnonzero(counts) + 1)
chi2 = np.sum((counts - N / 6) ** 2 / (N / 6))
print("chi-square below 30:", chi2 < 30)
perm = np.random.permutation(10)
print("permutation sorted:", np.sort(perm))
choice = rng.choice(5, size=1000, p=[0.1, 0.2, 0.3, 0.2, 0.2])
print("choice frequencies ok:", np.allclose(np.bincount(choice) / 1000, [0.1, 0.2, 0.3, 0.2, 0.2], atol=0.06))
