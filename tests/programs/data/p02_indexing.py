"""Fancy and boolean indexing with assignment."""
import numpy as np

a = np.array([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
print(a[a < 5])
five_up = (a >= 5)
print(five_up)
divisible_by_2 = a[a % 2 == 0]
print(divisible_by_2)
c = a[(a > 2) & (a < 11)]
print(c)
b = np.nonzero(a < 5)
print(b)
list_of_coordinates = list(zip(b[0], b[1]))
for coord in list_of_coordinates:
    print(coord)

z = a.copy()
z[z > 5] = 0
print(z)
z = a.copy()
z[[0, 2], 1:] += 1
print(z)
z[:, 0] = -1
print(z)
z[1] = np.array([7, 7, 7, 7])
print(z)
z[z == 7] = np.arange(4) * 10
print(z)
print(a[[0, 1, 2], [0, 1, 2]])
print(a[np.ix_([0, 2], [1, 3])])
print(a[:, [3, 0]])
print(a[..., 1])
print(a[1:, ::2])
print(a[::-1, ::-1])

v = np.arange(10)
v[(v > 3) & (v <= 8)] *= -1
print(v)
idx = np.where(v < 0)[0]
print(idx, v[idx])
print(np.where(v < 0, 0, v))
w = np.arange(10, dtype=float)
w[[1, 1, 3]] += 1
print(w)
np.add.at(w, [1, 1, 3], 1)
print(w)
print(np.take(a, [0, 5, 11]))
np.put(w, [0, 2], [-5, -6])
print(w)
print(np.argwhere(a > 9))
print(np.flatnonzero(a % 5 == 0))
mask = np.zeros(a.shape, dtype=bool)
mask[1:, 2:] = True
print(a[mask].sum(), a[~mask].mean())
print(np.extract(a % 3 == 0, a), np.count_nonzero(a > 4))
print(np.any(a > 11), np.all(a > 0), (a > 6).any(axis=1))
r, cidx = np.unravel_index(np.argmax(a), a.shape)
print(r, cidx, np.ravel_multi_index((1, 2), a.shape))
print(np.diag(a), np.diagonal(a, offset=1), np.tril(a), np.triu(a, 1))

RESULTS = {"z": z, "v": v, "w": w}
