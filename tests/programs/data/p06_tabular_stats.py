"""Statistics on a synthetic tabular dataset: groups, percentiles, corrcoef, cov, outliers."""
import numpy as np

n = 60
i = np.arange(n)
group = i % 3                                   # 3 treatment groups
height = 160 + 10 * np.sin(i * 0.7) + 5 * group
weight = 0.9 * height - 90 + 3 * np.cos(i * 1.3)
age = 20 + (i * 37) % 45
weight[[7, 41]] = [250.0, 10.0]                 # two data-entry errors
table = np.column_stack([group, height, weight, age])
print(table.shape, table.dtype)
print(table[:3])

for g in np.unique(group):
    m = table[:, 0] == g
    h = table[m, 1]
    print(f"group {g}: n={m.sum()} mean={h.mean():.3f} median={np.median(h):.3f} "
          f"std={h.std(ddof=1):.3f} p90={np.percentile(h, 90):.3f}")

print("overall", np.mean(table, axis=0).round(3))
print("min/max", table.min(axis=0), table.max(axis=0))
print("var", np.var(table[:, 1:], axis=0).round(4))
print("pct", np.percentile(table[:, 2], [5, 25, 50, 75, 95]).round(4))
print("quantile midpoint", np.quantile(table[:, 3], 0.5, method="midpoint"))

z = (weight - weight.mean()) / weight.std()
outliers = np.abs(z) > 3
print("outliers at", np.flatnonzero(outliers), z[outliers].round(3))
q1, q3 = np.percentile(weight, [25, 75])
iqr = q3 - q1
keep = (weight >= q1 - 1.5 * iqr) & (weight <= q3 + 1.5 * iqr)
clean = table[keep]
print("kept", clean.shape[0], "of", n)

C = np.corrcoef(clean[:, 1], clean[:, 2])
print("corr", C.round(4))
print("corr matrix\n", np.corrcoef(clean[:, 1:], rowvar=False).round(3))
print("cov\n", np.cov(clean[:, 1:].T).round(3))
print("cov ddof0", np.cov(clean[:, 1], clean[:, 2], bias=True).round(3))
w = np.average(clean[:, 1], weights=clean[:, 3])
print(f"weighted mean height {w:.4f}")
avg, sw = np.average(clean[:, 1:], axis=0, weights=clean[:, 3], returned=True)
print(avg.round(3), sw)

nan_t = table.copy()
nan_t[::10, 2] = np.nan
print("nanmean", np.nanmean(nan_t[:, 2]).round(4), "mean", np.mean(nan_t[:, 2]))
print("nanmedian", np.nanmedian(nan_t, axis=0).round(3), np.nanstd(nan_t[:, 2]).round(4))
print("nan count", np.isnan(nan_t).sum(axis=0), np.nanmax(nan_t[:, 2]), np.nanargmin(nan_t[:, 2]))
filled = np.where(np.isnan(nan_t), np.nanmean(nan_t, axis=0), nan_t)
print(filled[::10, 2].round(3))
print(np.nan_to_num(np.array([np.nan, np.inf, -1.0]), posinf=9.0))
print("cumulative share", (np.cumsum(np.sort(weight)) / weight.sum())[-5:].round(4))

RESULTS = {"C": C, "clean": clean, "avg": avg, "filled": filled}
