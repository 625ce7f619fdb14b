"""Helpers people reach for: vectorize, apply_along_axis, frompyfunc, fromfunction, meshgrids."""
import numpy as np


def bucket(v, lo=2.0, hi=5.0):
    if v < lo:
        return -1
    elif v > hi:
        return 1
    return 0


x = np.array([0.5, 2.5, 7.0, 4.9, 5.1])
vb = np.vectorize(bucket)
print(vb(x), vb(x).dtype, np.vectorize(bucket, otypes=[float])(x))
print(np.vectorize(lambda a, b: a if a > b else b)(np.arange(5), 2))
m = np.array([[3, 1, 2], [9, 8, 7], [4, 6, 5]])
print(np.apply_along_axis(lambda r: r.max() - r.min(), 1, m))
print(np.apply_along_axis(np.sort, 0, m))
print(np.apply_along_axis(lambda r: r / r.sum(), 1, m.astype(float)).round(3))
print(np.apply_over_axes(np.sum, m, [0, 1]))
f = np.frompyfunc(lambda a, b: a * 10 + b, 2, 1)
print(f(np.arange(3), 1).astype(int))
print(np.fromfunction(lambda i, j: i * 10 + j, (3, 4), dtype=int))
print(np.fromfunction(lambda i, j: i == j, (3, 3)))
print(np.array(list(map(bucket, x))), np.array([bucket(v) for v in x]).sum())
print(np.array([[i * j for j in range(3)] for i in range(3)]))
total = 0.0
for row in m:
    for val in row:
        total += val ** 2
print(total, np.sum(m ** 2), np.linalg.norm(m) ** 2)
cols = [m[:, j] for j in range(m.shape[1])]
print(np.array(cols).T.tolist() == m.tolist())
print(np.where(m > 4, m, -m).tolist())
print(np.r_[1:4, 0, 8], np.c_[[1, 2], [3, 4]], np.r_["0,2", [1, 2], [3, 4]])
print(np.s_[1:3], np.index_exp[::2], np.arange(10)[np.s_[2:8:3]])
print(np.trim_zeros(np.array([0, 0, 1, 2, 0, 3, 0])), np.unwrap(np.array([0, 3.0, 6.5, 9.5])).round(3))
print(np.cumsum(np.array([[1, 2], [3, 4]]), axis=0), np.prod([1, 2, 3, 4]), np.cumprod([1, 2, 3]))
print(np.diff([1, 4, 9, 16], prepend=0), np.diff([1, 4, 9], append=20))
print(np.flip(np.arange(6).reshape(2, 3)), np.roll(np.arange(5), 2), np.roll(np.arange(6).reshape(2, 3), 1, axis=1))
print(np.insert(np.arange(5), 2, 99), np.delete(np.arange(6), [0, 3]), np.append([1, 2], [[3, 4]]))
print(np.isin(np.arange(6).reshape(2, 3), [1, 4]), np.median(m, axis=0), np.average(m, axis=1))
print(np.round(np.mean(m, axis=1), 2), np.argmax(m, axis=0), np.sum(m, axis=1, keepdims=True).shape)
print(np.max(m, initial=100), np.sum(m, where=m > 4), np.min(np.array([]), initial=0.0))

RESULTS = {"m2": np.apply_along_axis(np.sort, 0, m)}
