"""Array elements flowing into plain Python: dicts, sets, Counter, math, json, formatting."""
import collections
import json
import math
import statistics

import numpy as np

votes = np.array([3, 1, 2, 3, 3, 1, 2, 3])
counts = {}
for v in votes:
    counts[v] = counts.get(v, 0) + 1
print(sorted((int(k), c) for k, c in counts.items()))
print(len(set(votes)), sorted(collections.Counter(votes.tolist()).items()))
print(collections.Counter(votes).most_common(1)[0][1])
print(3 in votes, 7 in votes, votes.tolist().index(2), list(votes).count(3))
data = np.array([2.5, 3.5, 1.0, 4.0])
print(math.sqrt(data[1]), math.floor(data[0]), math.isclose(data.sum(), 11.0), math.exp(data[2]))
print(statistics.mean(data.tolist()), statistics.median(data.tolist()), max(data), min(data))
print(round(float(data.mean()), 3), round(data[0]), divmod(int(votes[0]), 2), abs(-data[3]))
print(json.dumps({"mean": float(data.mean()), "vals": data.tolist(), "n": int(votes.size)}))
print("%5.2f|%d|%s|%r" % (data[0], votes[0], data[1], data.tolist()))
print("{0:.2f} {1} {2:>6.1f} {3:+d}".format(data.mean(), votes.max(), data.std(), votes.min()))
print(f"{data[2]:.1e} {votes[0]:03d} {data.max():g} {data.min()!s} {votes.sum():,}")
labels = ["a", "b", "c", "d"]
print(labels[votes[1]], labels[int(np.argmax(data))], "xyz"[votes[2]], list(range(votes[0])))
best = max(range(len(data)), key=lambda i: data[i])
print(best, sorted(data)[:2], sorted(zip(data, labels))[0][1])
acc = 0
for i in range(len(votes)):
    acc += votes[i] * 2
print(acc, int(acc), acc == 36)
if data.mean() > 2:
    print("big mean")
while data[0] < 3:
    data[0] += 0.25
print(data[0], bool(votes.all()), not votes.any())
arr_list = [np.array([1, 2]), np.array([3, 4])]
print(sum(arr_list), np.sum(arr_list), np.array(arr_list).shape, [a.sum() for a in arr_list])
vals = [float(x) for x in np.linspace(0, 1, 3)]
print(vals, [int(x) for x in votes[:3]], [x for x in votes if x > 2])
print(np.array(vals) * 2, np.asarray((1, 2.5)), np.array([[1, 2], (3, 4)]))
print(np.array(range(5)), np.fromiter(range(4), dtype=float), np.array([x ** 2 for x in votes[:3]]))
print(np.float64(data[1]) * 2, np.int64(votes[0]) + 1, float(np.float32(data[1])))
print(data.item(1), votes.item(), votes[votes > 2].size) if votes.size == 1 else print(data.item(1))
x = np.array([1.5])
print(float(x[0]), int(np.array([7])[0]), x[0] == 1.5, np.array(2.0) ** 2, x.item())

RESULTS = {"data": data}
