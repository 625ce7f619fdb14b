"""Sorting, argsort, top-k with argpartition, unique with counts, bincount."""
import numpy as np

scores = np.array([88, 92, 79, 93, 85, 92, 70, 99, 85, 60])
names = np.arange(len(scores))
# ties: the default kind is not stable in NumPy, so ask for a stable sort to get a defined order
order = np.argsort(scores, kind="stable")[::-1]
print("ranking", names[order], scores[order])
print(np.sort(scores)[::-1][:3])
k = 3
top = np.argpartition(scores, -k)[-k:]
top = top[np.argsort(scores[top])[::-1]]
# which of two tied scores is picked is unspecified, so print the scores, not the indices
print("top-k", scores[top], np.all(scores[top] >= np.sort(scores)[-k]), len(set(top.tolist())))
bottom = np.argpartition(scores, k)[:k]
print("bottom", np.sort(scores[bottom]))
print(np.partition(scores, 4)[4])

vals, counts = np.unique(scores, return_counts=True)
print(vals, counts)
u, idx, inv = np.unique(scores, return_index=True, return_inverse=True)
print(u, idx, inv)
print(np.all(u[inv] == scores))
print("mode", vals[np.argmax(counts)])
m = np.array([[1, 2], [3, 4], [1, 2], [5, 6]])
print(np.unique(m, axis=0))
labels = np.array([0, 2, 1, 2, 2, 0, 3])
print(np.bincount(labels), np.bincount(labels, minlength=6))
weights = np.array([0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5])
print(np.bincount(labels, weights=weights))
print(np.bincount(labels, weights=weights) / np.bincount(labels))

a = np.array([[3, 1, 2], [9, 7, 8], [4, 6, 5]])
print(np.sort(a, axis=0), np.sort(a, axis=1), np.sort(a, axis=None))
print(a[a[:, 1].argsort()])
a.sort(axis=1)
print(a)
surnames = np.array([3, 1, 3, 2])
first = np.array([1, 2, 0, 5])
print(np.lexsort((first, surnames)))
edges = np.array([0, 10, 20, 30])
print(np.searchsorted(edges, [5, 10, 25, 31]), np.searchsorted(edges, 10, side="right"))
print(np.argmax(scores), np.argmin(scores), np.max(scores), scores.ptp() if hasattr(scores, "ptp") else np.ptp(scores))
print(np.intersect1d([1, 3, 4, 3], [3, 1, 2, 1]), np.union1d([-1, 0, 1], [-2, 0, 2]))
print(np.setdiff1d([1, 2, 3, 4], [2, 4]), np.isin([1, 5, 2], [2, 3, 1]), np.in1d([0, 1], [1]) if hasattr(np, "in1d") else np.isin([0, 1], [1]))
print(np.setxor1d([1, 2, 3], [2, 3, 4]))
print(np.unique_counts(scores).counts, np.sort(np.unique_values(labels)))  # unique_values: order unspecified

RESULTS = {"order": order, "counts": counts, "inv": inv}
