"""Sampling distributions (legacy and Generator APIs): moments, covariance, CLT, shuffling."""
import numpy as np

np.random.seed(42)
N = 100_000
ok = {}

normal = np.random.normal(1.0, 2.0, N)
ok["normal"] = abs(normal.mean() - 1) < 0.03 and abs(normal.var() - 4) < 0.1
expo = np.random.exponential(scale=0.5, size=N)
ok["exponential"] = abs(expo.mean() - 0.5) < 0.01 and abs(np.median(expo) - 0.5 * np.log(2)) < 0.01
pois = np.random.poisson(lam=3.0, size=N)
ok["poisson"] = pois.dtype.kind == "i" and abs(pois.mean() - 3) < 0.03 and abs(pois.var() - 3) < 0.08
binom = np.random.binomial(10, 0.3, size=N)
ok["binomial"] = binom.min() >= 0 and binom.max() <= 10 and abs(binom.mean() - 3) < 0.03
gam = np.random.gamma(shape=2.0, scale=1.5, size=N)
ok["gamma"] = abs(gam.mean() - 3) < 0.05 and abs(gam.var() - 4.5) < 0.2
beta = np.random.beta(2, 5, size=N)
ok["beta"] = abs(beta.mean() - 2 / 7) < 0.005
unif = np.random.uniform(-1, 3, size=(N, 2))
ok["uniform"] = unif.min() >= -1 and unif.max() < 3 and np.allclose(unif.mean(axis=0), 1, atol=0.02)
std = np.random.randn(N, 3)
ok["randn"] = std.shape == (N, 3) and np.allclose(std.std(axis=0), 1, atol=0.02)
ints = np.random.randint(0, 10, size=N)
ok["randint"] = set(np.unique(ints).tolist()) == set(range(10))
deck = np.arange(52)
np.random.shuffle(deck)
ok["shuffle"] = np.array_equal(np.sort(deck), np.arange(52)) and not np.array_equal(deck, np.arange(52))
picks = np.random.choice([0, 1], size=N, p=[0.3, 0.7])
ok["choice"] = abs(picks.mean() - 0.7) < 0.01

rng = np.random.default_rng(123)
cov = np.array([[2.0, 0.8], [0.8, 1.0]])
mvn = rng.multivariate_normal([0.0, 5.0], cov, size=N)
sample_cov = np.cov(mvn, rowvar=False)
ok["multivariate_normal"] = np.allclose(sample_cov, cov, atol=0.05) and np.allclose(mvn.mean(0), [0, 5], atol=0.03)
lognorm = rng.lognormal(0.0, 0.5, N)
ok["lognormal"] = abs(np.log(lognorm).std() - 0.5) < 0.01
chi = rng.chisquare(4, N)
ok["chisquare"] = abs(chi.mean() - 4) < 0.06
geo = rng.geometric(0.25, N)
ok["geometric"] = geo.min() >= 1 and abs(geo.mean() - 4) < 0.08
perm = rng.permutation(np.arange(10).reshape(5, 2))
ok["permutation rows"] = np.array_equal(np.sort(perm[:, 0]), np.arange(0, 10, 2)) and np.all(perm[:, 1] - perm[:, 0] == 1)
tri = rng.triangular(0, 1, 3, N)
ok["triangular"] = abs(tri.mean() - 4 / 3) < 0.02

# Central limit theorem: means of 30 uniforms
means = rng.random((20_000, 30)).mean(axis=1)
ok["CLT std"] = abs(means.std() - np.sqrt(1 / 12 / 30)) < 0.002
skew = np.mean((means - means.mean()) ** 3) / means.std() ** 3
ok["CLT skew ~ 0"] = abs(skew) < 0.1

# Reproducibility under a seed
r1 = np.random.default_rng(5).normal(size=5)
r2 = np.random.default_rng(5).normal(size=5)
np.random.seed(9); a1 = np.random.rand(3)
np.random.seed(9); a2 = np.random.rand(3)
ok["reproducible"] = np.array_equal(r1, r2) and np.array_equal(a1, a2)

for name, passed in ok.items():
    print(f"{name:>20s}: {'ok' if passed else 'FAILED'}")
print("dtypes:", normal.dtype, pois.dtype, ints.dtype, unif.dtype, mvn.shape)
