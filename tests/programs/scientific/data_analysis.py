"""Descriptive statistics of a measurement table: sorting, grouping, histograms, outliers."""
import numpy as np

np.set_printoptions(precision=4, suppress=True)

n = 48
station = np.arange(n) % 4
hour = np.arange(n) // 4
temp = 12 + 6 * np.sin(2 * np.pi * hour / 12) + station * 0.8 + 0.9 * np.cos(np.arange(n) * 2.3)
temp[[7, 30]] = [45.0, -20.0]                 # two bad readings
humidity = 60 - 1.5 * temp + 3 * np.sin(np.arange(n))
humidity[11] = np.nan                          # missing value

print("mean/median/std: %.4f %.4f %.4f" % (temp.mean(), np.median(temp), temp.std()))
q1, q3 = np.percentile(temp, [25, 75])
iqr = q3 - q1
outliers = (temp < q1 - 1.5 * iqr) | (temp > q3 + 1.5 * iqr)
print("quartiles:", q1.round(4), q3.round(4), "outliers at:", np.nonzero(outliers)[0])
clean = np.where(outliers, np.nan, temp)
print("nan-aware mean: %.4f, nanstd: %.4f" % (np.nanmean(clean), np.nanstd(clean)))
print("humidity nanmean %.4f, nanmin %.4f, nanargmax %d" % (np.nanmean(humidity), np.nanmin(humidity), np.nanargmax(humidity)))

# Group by station
per_station = np.array([np.nanmean(clean[station == s]) for s in range(4)])
print("station means:", per_station)
sums = np.bincount(station[~outliers], weights=temp[~outliers])
counts = np.bincount(station[~outliers])
print("bincount means agree:", np.allclose(sums / counts, per_station))
grid = clean.reshape(12, 4)
print("hourly max:", np.nanmax(grid, axis=1))
print("warmest hour per station:", np.nanargmax(grid, axis=0))

# Ranking and sorting
order = np.argsort(temp)
ranks = np.empty_like(order)
ranks[order] = np.arange(n)
print("coldest 3 readings:", temp[order[:3]], "hottest index:", order[-1])
print("ranks of first 6:", ranks[:6])
print("sorted unique stations:", np.unique(station), "searchsorted:", np.searchsorted(np.sort(temp), [10.0, 15.0, 20.0]))

# Histogram and cumulative distribution
hist, edges = np.histogram(temp[~outliers], bins=6)
print("histogram:", hist, "edges:", edges)
cdf = np.cumsum(hist) / hist.sum()
print("cdf:", cdf)
digit = np.digitize([5.0, 12.0, 19.0], edges)
print("digitize:", digit)

# Correlation and a linear model
ok = ~np.isnan(humidity) & ~outliers
r = np.corrcoef(temp[ok], humidity[ok])[0, 1]
cov = np.cov(temp[ok], humidity[ok])
print("correlation %.5f" % r)
print("covariance matrix:")
print(cov)
z = (temp - temp.mean()) / temp.std()
print("max |z|: %.4f" % np.abs(z).max(), "clipped:", np.clip(z, -2, 2)[[7, 30]])
cum_max = np.maximum.accumulate(np.nan_to_num(clean, nan=-np.inf))
print("running max changes at:", np.flatnonzero(np.diff(cum_max) > 0)[:6])
print("weighted average: %.4f" % np.average(temp[~outliers], weights=np.arange(1, n + 1)[~outliers]))
