"""np.random.default_rng usage: check statistics only (streams differ by design)."""
import numpy as np

rng = np.random.default_rng(12345)
u = rng.random(20000)
z = rng.standard_normal(20000)
g = rng.normal(loc=10.0, scale=2.0, size=(100, 100))
ints = rng.integers(0, 6, size=30000)
ch = rng.choice(np.array([10, 20, 30]), size=6000, p=[0.5, 0.3, 0.2])
perm = rng.permutation(10)
arr = np.arange(10)
rng.shuffle(arr)
e = rng.exponential(scale=3.0, size=20000)
b = rng.binomial(10, 0.3, size=20000)
po = rng.poisson(4.0, size=20000)
un = rng.uniform(-2, 2, size=(50, 4))

print(u.shape, u.dtype, z.dtype, ints.dtype, g.shape)
print(bool(u.min() >= 0), bool(u.max() < 1), bool(ints.min() >= 0), bool(ints.max() <= 5))
print(sorted(perm.tolist()) == list(range(10)), sorted(arr.tolist()) == list(range(10)))
print(set(np.unique(ch).tolist()) <= {10, 20, 30}, un.shape, bool(np.all(np.abs(un) <= 2)))
sample = rng.choice(50, size=10, replace=False)
print(len(np.unique(sample)) == 10)
x = rng.normal(size=(500, 3))
x[:, 2] = 2 * x[:, 0] + 0.01 * rng.normal(size=500)
c = np.corrcoef(x, rowvar=False)
boot = np.array([rng.choice(z, size=z.size).mean() for _ in range(50)])
leg = np.random.seed(0)
r = np.random.rand(3, 2)
ri = np.random.randint(1, 7, size=1000)
rn = np.random.randn(1000)
print(r.shape, bool(ri.min() >= 1), bool(ri.max() <= 6), rn.shape)

RESULTS = {
    "u_mean": u.mean(), "u_var": u.var(), "z_mean": z.mean(), "z_std": z.std(),
    "g_mean": g.mean(), "g_std": g.std(), "ints_freq": np.bincount(ints, minlength=6) / ints.size,
    "ch_freq": np.array([np.mean(ch == v) for v in (10, 20, 30)]), "e_mean": e.mean(),
    "b_mean": b.mean(), "b_var": b.var(), "po_mean": po.mean(), "po_var": po.var(),
    "c02": c[0, 2], "c01": c[0, 1], "boot_std": boot.std(), "rn_std": rn.std(),
}
