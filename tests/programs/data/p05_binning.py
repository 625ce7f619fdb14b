"""np.where / select / clip / digitize / histogram based binning."""
import numpy as np

ages = np.array([3, 15, 22, 37, 45, 51, 64, 70, 88, 12, 29, 33])
bins = np.array([0, 13, 20, 40, 65, 120])
groups = np.digitize(ages, bins)
print(groups)
labels = ["child", "teen", "young", "middle", "senior"]
for g, a in zip(groups, ages):
    print(f"{a:3d} -> {labels[g - 1]}")
print(np.digitize(ages, bins, right=True))
hist, edges = np.histogram(ages, bins=bins)
print(hist, edges)
hist, edges = np.histogram(ages, bins=4, range=(0, 100))
print(hist, edges)
h, e = np.histogram(ages, bins=5, density=True)
print(np.round(h, 5), e)
print(np.histogram_bin_edges(ages, bins=3))

temp = np.array([-5.0, 0.0, 3.5, 12.0, 18.5, 25.0, 31.0, 40.0])
category = np.select([temp < 0, temp < 15, temp < 30], [0, 1, 2], default=3)
print(category)
print(np.where(temp > 20, 1, 0), np.where(temp > 20))
print(np.clip(temp, 0, 30), temp.clip(min=10))
print(np.piecewise(temp, [temp < 0, temp >= 0], [lambda t: -t, lambda t: t ** 0.5]))
signs = np.sign(temp)
print(signs, np.abs(temp), np.floor(temp / 10) * 10)
print(np.round(temp / 7, 2), np.around(1234.5678, -2), np.rint([0.5, 1.5, 2.5]))
print(np.histogram2d([1, 2, 2, 3], [1, 1, 3, 3], bins=2))
cut = np.quantile(temp, [0.25, 0.5, 0.75])
print(cut, np.searchsorted(cut, temp))
counts = np.bincount(np.digitize(ages, bins))
print(counts)
print(np.interp([0.5, 1.5, 10], [0, 1, 2], [0, 10, 20]))

RESULTS = {"groups": groups, "category": category, "cut": cut}
