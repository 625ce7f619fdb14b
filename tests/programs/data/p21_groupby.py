"""Pandas-free group-by: unique inverse, bincount, reduceat, split, lexsort."""
import numpy as np

store = np.array([2, 0, 1, 2, 1, 0, 2, 2, 1, 0, 0, 1])
month = np.array([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3])
sales = np.array([5.0, 3.0, 4.5, 6.0, 2.5, 7.0, 1.0, 3.5, 4.0, 8.0, 2.0, 5.5])
keys, inv = np.unique(store, return_inverse=True)
totals = np.bincount(inv, weights=sales)
counts = np.bincount(inv)
print(keys, totals, totals / counts)
order = np.argsort(store, kind="stable")
s_sorted, v_sorted = store[order], sales[order]
starts = np.flatnonzero(np.r_[True, s_sorted[1:] != s_sorted[:-1]])
print(starts, np.add.reduceat(v_sorted, starts), np.maximum.reduceat(v_sorted, starts))
groups = np.split(v_sorted, starts[1:])
for k, g in zip(keys, groups):
    print(f"store {k}: n={len(g)} median={np.median(g):.2f} max={g.max()}")
pivot = np.zeros((3, 3))
np.add.at(pivot, (store, month - 1), sales)
print(pivot)
print(pivot.sum(axis=0), pivot.sum(axis=1), pivot.cumsum(axis=1)[:, -1])
share = pivot / pivot.sum(axis=1, keepdims=True)
print(share.round(3))
idx = np.lexsort((-sales, store))
print(store[idx], sales[idx])
first_per_store = idx[np.r_[True, store[idx][1:] != store[idx][:-1]]]
print("best sale per store", sales[first_per_store])
mk, mcount = np.unique(np.stack([store, month], axis=1), axis=0, return_counts=True)
print(mk.T, mcount)
ranks = np.empty_like(order)
ranks[np.argsort(sales)] = np.arange(len(sales))
print(ranks)
print(np.argsort(np.argsort(-sales)))
cum_by_store = np.zeros_like(sales)
for k in keys:
    m = store == k
    cum_by_store[m] = np.cumsum(sales[m])
print(cum_by_store)
print(np.searchsorted(np.sort(sales), [3.0, 5.0], side="left"), np.percentile(sales, 50, method="lower"))
h = np.histogram(sales, bins=[0, 2, 4, 6, 8, 10], weights=np.ones_like(sales) / sales.size)
print(h[0], np.cumsum(h[0])[-1])
print(np.diff(np.r_[0, np.flatnonzero(np.diff(month)) + 1, len(month)]))

RESULTS = {"totals": totals, "pivot": pivot, "ranks": ranks, "cum": cum_by_store}
